#!/usr/bin/env bash
# Lighthouse 12 (mobile, its default) on pages of a running server: each page's four scores, its element
# count and its main thread's blocking time. Not part of CI; docs/performance.md has the figures.
#
#   tests/tools/lighthouse.sh http://127.0.0.1:8000 /accounts/login/ /games/1/ /events/demo-cup/standings/
#
# Lighthouse comes from npm (`npm i -E lighthouse@12.2.3` in any folder; LIGHTHOUSE names its binary,
# else npx fetches that version), Chromium from Debian (CHROME_PATH, default /usr/bin/chromium). COOKIE
# (e.g. "sessionid=...") is sent with every request, for the pages a visitor must be signed in to see.
set -euo pipefail
base=${1:?usage: lighthouse.sh BASE_URL PATH...}
shift
lighthouse=${LIGHTHOUSE:-npx --yes lighthouse@12.2.3}
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
headers=()
[ -n "${COOKIE:-}" ] && headers=(--extra-headers "{\"Cookie\": \"$COOKIE\"}")
report=$(mktemp)
trap 'rm -f "$report"' EXIT
printf '%-48s %5s %5s %5s %5s %8s %8s\n' page perf a11y best seo elements blocking
for path in "$@"; do
  $lighthouse "$base$path" --quiet --output=json --output-path="$report" "${headers[@]}" \
    --chrome-flags="--headless=new --no-sandbox" \
    --only-categories=performance,accessibility,best-practices,seo >/dev/null
  python3 - "$report" "$path" <<'PY'
import json, sys
report, path = json.load(open(sys.argv[1])), sys.argv[2]
score = {key: round(100 * (cat["score"] or 0)) for key, cat in report["categories"].items()}
audits = report["audits"]
elements = audits["dom-size"].get("numericValue", 0)
blocking = audits["total-blocking-time"].get("numericValue", 0)
print(f"{path:<48} {score['performance']:>5} {score['accessibility']:>5} {score['best-practices']:>5} "
      f"{score['seo']:>5} {elements:>8.0f} {blocking:>6.0f}ms")
failed = [a["id"] for a in audits.values() if a.get("score") is not None and a["score"] < 1
          and a.get("scoreDisplayMode") == "binary"]
if failed:
    print(" " * 4 + "not passed: " + ", ".join(sorted(failed)))
PY
done
