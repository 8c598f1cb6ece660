// The service worker (scorekeeper/games/static/scorekeeper/sw.js), run as it is in a sandbox with a fake
// CacheStorage, network and clock: a kept page is shown with no network until its owner's session ends
// (X-Offline-Until), then the page that says the copy expired, and every kept page is gone.
// Run: node --test tests/browser/js/ (tests/test_js_units.py does).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import vm from "node:vm";

import { STATIC } from "./static.mjs";

const ORIGIN = "https://jass.example";
const GAME = `${ORIGIN}/games/7/`;
const SOURCE = await readFile(new URL("sw.js", STATIC), "utf8");

class FakeCache {
  constructor() {
    this.entries = new Map();
  }
  async match(key) {
    const found = this.entries.get(new URL(typeof key === "string" ? key : key.url, ORIGIN).href);
    return found ? found.clone() : undefined;
  }
  async put(key, response) {
    this.entries.set(new URL(key, ORIGIN).href, response.clone());
  }
  async delete(key) {
    return this.entries.delete(new URL(typeof key === "string" ? key : key.url, ORIGIN).href);
  }
  async keys() {
    return [...this.entries.keys()].map((url) => ({ url }));
  }
}

class FakeCaches {
  constructor() {
    this.named = new Map();
  }
  async has(name) {
    return this.named.has(name);
  }
  async open(name) {
    if (!this.named.has(name)) this.named.set(name, new FakeCache());
    return this.named.get(name);
  }
  async delete(name) {
    return this.named.delete(name);
  }
}

/** sw.js in a sandbox: `network(url)` answers its fetches (throw for no network), `clock.now` is Date.now(). */
function worker(network) {
  const handlers = {};
  const clock = { now: Date.UTC(2026, 0, 10) };
  const FakeDate = class extends Date {
    static now() {
      return clock.now;
    }
  };
  const caches = new FakeCaches();
  const self = { location: { origin: ORIGIN }, addEventListener: (name, handler) => (handlers[name] = handler) };
  const fetch = async (request) => network(new URL(typeof request === "string" ? request : request.url, ORIGIN).href);
  const sandbox = { self, caches, fetch, Response, URL, Promise, setTimeout, Date: FakeDate };
  vm.runInNewContext(SOURCE, sandbox);
  const load = (url) => {
    let answer;
    handlers.fetch({ request: { method: "GET", url, mode: "navigate" }, respondWith: (promise) => (answer = promise) });
    return answer;
  };
  return { sandbox, caches, clock, load };
}

function gamePage(until) {
  const headers = { "Content-Type": "text/html", "X-Offline-Owner": "anna", "X-Offline-Page": "anna" };
  if (until !== undefined) headers["X-Offline-Until"] = String(until);
  return new Response("<p>Anna's game</p>", { headers });
}

const notice = () =>
  new Response("<h1>Diese Kopie ist abgelaufen</h1>", { headers: { "Content-Type": "text/html", "Content-Language": "de-ch" } });

function offline() {
  throw new TypeError("Failed to fetch");
}

test("a copy outlives nothing before its time, everything from it on; no time: a table link's, kept", () => {
  const { sandbox } = worker(offline);
  assert.equal(sandbox.outlived(null, 1000), false);
  assert.equal(sandbox.outlived("2000", 1999), false);
  assert.equal(sandbox.outlived("2000", 2000), true);
  assert.equal(sandbox.outlived("2000", 5000), true);
  assert.equal(sandbox.outlived("", 1000), true); // not a time: shown to nobody
  assert.equal(sandbox.outlived("soon", 1000), true);
});

test("with no network the kept copy is shown until the session ends, then the page that says it expired", async () => {
  let online = true;
  const { caches, clock, load } = worker((url) => {
    if (!online) offline();
    return url.endsWith("/offline/expired/") ? notice() : gamePage(clock.now + 60_000);
  });
  assert.equal(await (await load(GAME)).text(), "<p>Anna's game</p>");
  online = false;
  assert.equal(await (await load(`${GAME}?v=3`)).text(), "<p>Anna's game</p>"); // a minute left
  clock.now += 60_000;
  const shown = await load(GAME);
  assert.equal(await shown.text(), "<h1>Diese Kopie ist abgelaufen</h1>");
  assert.equal(shown.headers.get("X-Offline-Until"), null);
  const kept = await (await caches.open("jass-pages-v1")).keys();
  assert.deepEqual(kept.map((key) => key.url), [`${ORIGIN}/__expired__`]); // the game and the owner mark gone
  await assert.rejects(load(GAME), TypeError); // no copy any more: the browser's own "no network"
});

test("without the server's page kept, a few plain words say the copy expired", async () => {
  let online = true;
  const { clock, load } = worker((url) => {
    if (!online || url.endsWith("/offline/expired/")) offline();
    return gamePage(clock.now + 1000);
  });
  await load(GAME);
  online = false;
  clock.now += 1000;
  const shown = await (await load(GAME)).text();
  assert.match(shown, /This copy has expired: sign in again\./);
  assert.doesNotMatch(shown, /Anna's game/);
});

test("a table link's copy, which carries no end, is shown offline whenever", async () => {
  let online = true;
  const asked = [];
  const { clock, load } = worker((url) => {
    if (!online) offline();
    asked.push(url);
    return gamePage(undefined);
  });
  await load(GAME);
  assert.deepEqual(asked, [GAME]); // no expired page asked for a copy that cannot expire
  online = false;
  clock.now += 365 * 24 * 3600 * 1000;
  assert.equal(await (await load(GAME)).text(), "<p>Anna's game</p>");
});

test("the expired page is asked again when the pages come in another language", async () => {
  const asked = [];
  const { clock, load } = worker((url) => {
    asked.push(url);
    if (url.endsWith("/offline/expired/")) return notice();
    const page = gamePage(clock.now + 1000);
    return new Response(page.body, { headers: { ...Object.fromEntries(page.headers), "Content-Language": "fr" } });
  });
  await load(GAME);
  await load(GAME);
  assert.deepEqual(asked, [GAME, `${ORIGIN}/offline/expired/`, GAME, `${ORIGIN}/offline/expired/`]);
});
