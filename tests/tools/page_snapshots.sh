#!/usr/bin/env bash
# Every page at BASE_COMMIT and in this work tree, as tests/tools/page_snapshots.py writes them, compared:
#   tests/tools/page_snapshots.sh BASE_COMMIT
# The base runs from a clone in /tmp (this tree is left alone), with this tree's copy of the tool and venv.
# Writes /tmp/snap_base, /tmp/snap_now, /tmp/snap.diff (diff -r) and /tmp/snap.w.diff (diff -rwB: what
# differs beyond whitespace and blank lines), then lists the pages that differ.
set -euo pipefail
base=${1:?usage: tests/tools/page_snapshots.sh BASE_COMMIT}
repo=$(cd "$(dirname "$0")/../.." && pwd)
python=${PYTHON:-$repo/.venv/bin/python}
tree=/tmp/base_tree

rm -rf "$tree" /tmp/snap_base /tmp/snap_now
git clone -q "$repo" "$tree"
git -C "$tree" checkout -q "$base"
mkdir -p "$tree/tests/tools"
touch "$tree/tests/tools/__init__.py"
cp "$repo/tests/tools/page_snapshots.py" "$tree/tests/tools/"
(cd "$tree" && PYTHONPATH="$tree" "$python" -m tests.tools.page_snapshots /tmp/snap_base)
(cd "$repo" && PYTHONPATH="$repo" "$python" -m tests.tools.page_snapshots /tmp/snap_now)

diff -r /tmp/snap_base /tmp/snap_now > /tmp/snap.diff || true
diff -rwB /tmp/snap_base /tmp/snap_now > /tmp/snap.w.diff || true
echo "pages that differ: $(diff -rq /tmp/snap_base /tmp/snap_now | wc -l) (beyond whitespace: $(diff -rqwB /tmp/snap_base /tmp/snap_now | wc -l))"
diff -rq /tmp/snap_base /tmp/snap_now | sed 's|^Files /tmp/snap_base/\([^ ]*\) and .*|\1|' || true
echo "diff: /tmp/snap.diff ($(wc -l < /tmp/snap.diff) lines), beyond whitespace: /tmp/snap.w.diff ($(wc -l < /tmp/snap.w.diff) lines)"
echo "the changed lines met most often (diff -rwB):"
grep '^[<>]' /tmp/snap.w.diff | cut -c1-160 | sort | uniq -c | sort -rn | head -20 || true
