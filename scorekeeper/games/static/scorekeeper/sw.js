// The service worker: the pages marked for it (a game or table page, X-Offline-Page) and the static files,
// so a reload or a closed tab with no network still shows the game and its outbox. Pages are asked from
// the network first; only when it fails is the kept copy shown. One owner at a time: a page of another
// sign-in empties the kept pages first, so one user's page is never shown to another. Writes (POST) and
// htmx requests are never touched. The deals saved after the page loaded reach it as htmx answers, which pass
// by here: the page itself then puts its own copy under the same key, for the same owner (keep.js).
// A signed-in owner's copy says when their session ends (X-Offline-Until): past it, no copy is shown, and
// every kept page goes; the server's page that says so (/offline/expired/, kept beside the pages under
// EXPIRED) is shown instead. The outbox's deals are not the worker's: they stay in localStorage.
const PAGES = "jass-pages-v1";
const STATIC = "jass-static-v1";
const OWNER = "/__owner__";
const EXPIRED = "/__expired__";
const EXPIRED_PAGE = "/offline/expired/";
const NETWORK_WAIT_MS = 6000;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) event.respondWith(staticFile(request));
  else if (request.mode === "navigate") event.respondWith(page(request));
});

function withTimeout(promise, ms) {
  return Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error("slow")), ms))]);
}

async function page(request) {
  try {
    const answer = await withTimeout(fetch(request), NETWORK_WAIT_MS);
    const owner = answer.headers.get("X-Offline-Owner");
    if (owner) await forgetUnless(owner);
    if (answer.ok && owner && answer.headers.get("X-Offline-Page")) await keep(request, answer.clone(), owner);
    return answer;
  } catch (error) {
    const cache = await caches.open(PAGES);
    const kept = await cache.match(request.url.split("?")[0]);
    if (kept && outlived(kept.headers.get("X-Offline-Until"), Date.now())) return expired(cache);
    if (kept) return kept;
    throw error;
  }
}

/** Whether a kept copy outlived its owner's session: `until` is X-Offline-Until (milliseconds since 1970),
 * null for a copy that does not expire (a table link's). A value that is no number counts as past. */
function outlived(until, now) {
  if (until === null || until === undefined) return false;
  const end = Number(until);
  return !(until !== "" && Number.isFinite(end) && now < end);
}

/** The page that says the kept copy expired, after every kept page is gone but it; a few plain words
 * if the server's page could not be kept. */
async function expired(cache) {
  const notice = await cache.match(EXPIRED);
  for (const key of await cache.keys()) {
    if (new URL(key.url).pathname !== EXPIRED) await cache.delete(key);
  }
  if (notice) return notice;
  const words = "<!doctype html><title>Jass Scorekeeper</title><p>This copy has expired: sign in again.</p>";
  return new Response(words, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function forgetUnless(owner) {
  if (!(await caches.has(PAGES))) return; // caches.open would make an empty one
  const mark = await (await caches.open(PAGES)).match(OWNER);
  if (mark && (await mark.text()) !== owner) await caches.delete(PAGES);
}

async function keep(request, answer, owner) {
  const cache = await caches.open(PAGES);
  await cache.put(OWNER, new Response(owner));
  await cache.put(request.url.split("?")[0], answer);
  if (answer.headers.has("X-Offline-Until")) await keepNotice(cache, answer.headers.get("Content-Language"));
}

/** The page shown for an expired copy, asked once per owner (and again when the language changed). */
async function keepNotice(cache, language) {
  const notice = await cache.match(EXPIRED);
  if (notice && notice.headers.get("Content-Language") === language) return;
  try {
    const fresh = await fetch(EXPIRED_PAGE, { credentials: "same-origin" });
    if (fresh.ok) await cache.put(EXPIRED, fresh);
  } catch {
    // no network just now: the plain words serve, until the next page kept asks again
  }
}

async function staticFile(request) {
  const cache = await caches.open(STATIC);
  const kept = await cache.match(request);
  const fresh = fetch(request)
    .then((answer) => {
      if (answer.ok) cache.put(request, answer.clone());
      return answer;
    })
    .catch(() => kept);
  return kept || fresh;
}
