// The service worker: the pages marked for it (a game or table page, X-Offline-Page) and the static files,
// so a reload or a closed tab with no network still shows the game and its outbox. Pages are asked from
// the network first; only when it fails is the kept copy shown. One owner at a time: a page of another
// sign-in empties the kept pages first, so one user's page is never shown to another. Writes (POST) and
// htmx requests are never touched. The deals saved after the page loaded reach it as htmx answers, which pass
// by here: the page itself then puts its own copy under the same key, for the same owner (keep.js).
const PAGES = "jass-pages-v1";
const STATIC = "jass-static-v1";
const OWNER = "/__owner__";
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
    if (kept) return kept;
    throw error;
  }
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
