// The pure part of keep.js (the copy of the game page a phone keeps for use without a network) and the
// words of what the totals stand on. Run: node --test tests/browser/js/ (tests/test_js_units.py does).
import assert from "node:assert/strict";
import { test } from "node:test";

import { staticModule } from "./static.mjs";

const keep = await staticModule("keep.js");

test("the key is the address without its query, as sw.js keeps it", () => {
  assert.equal(keep.pageKey("http://127.0.0.1:8000/games/7/?v=3#deals"), "http://127.0.0.1:8000/games/7/");
  assert.equal(keep.pageKey("https://jass.example/t/abc/"), "https://jass.example/t/abc/");
  assert.equal(keep.pageKey("https://jass.example/games/7/#x?y"), "https://jass.example/games/7/");
  assert.equal(keep.PAGES, "jass-pages-v1");
  assert.equal(keep.OWNER, "/__owner__");
});

test("only the game or table page itself is kept, not a deal's correction page", () => {
  assert.equal(keep.isKeptPage("http://h/games/7/", "/games/7/"), true);
  assert.equal(keep.isKeptPage("http://h/games/7/?v=1", "/games/7/"), true);
  assert.equal(keep.isKeptPage("http://h/t/tok/", "/t/tok/"), true);
  assert.equal(keep.isKeptPage("http://h/games/7/deals/2/edit/", "/games/7/"), false);
  assert.equal(keep.isKeptPage("http://h/games/70/", "/games/7/"), false);
  assert.equal(keep.isKeptPage("http://h/games/7/", ""), false);
  assert.equal(keep.isKeptPage("http://h/games/7/", undefined), false);
});

test("a kept copy carries the server's headers that still fit, and sw.js's marks", () => {
  const before = [
    ["Content-Type", "text/html; charset=utf-8"],
    ["Content-Length", "18234"],
    ["Content-Encoding", "gzip"],
    ["Content-Security-Policy", "default-src 'self'"],
    ["X-Frame-Options", "DENY"],
    ["X-Offline-Until", "1767225600000"],
    ["Set-Cookie", "sessionid=secret"],
    ["X-Offline-Page", "someone-else"],
    ["Cache-Control", "max-age=600"],
  ];
  const headers = keep.keptHeaders(before, "owner1");
  const named = Object.fromEntries(headers);
  assert.equal(named["content-type"], "text/html; charset=utf-8");
  assert.equal(named["content-security-policy"], "default-src 'self'");
  assert.equal(named["x-frame-options"], "DENY");
  assert.equal(named["x-offline-until"], "1767225600000"); // a copy rebuilt on the phone expires as the server's
  assert.equal(named["x-offline-page"], "owner1");
  assert.equal(named["x-offline-owner"], "owner1");
  assert.equal(named["cache-control"], "private, no-cache");
  assert.equal(named["x-offline-kept"], "page");
  for (const gone of ["content-length", "content-encoding", "set-cookie"]) assert.equal(named[gone], undefined, gone);
  assert.equal(headers.length, new Set(headers.map(([name]) => name)).size, "each header once");
});

test("with no copy kept before, the copy still says it is an HTML page for its owner", () => {
  const named = Object.fromEntries(keep.keptHeaders([], "o"));
  assert.deepEqual(named, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "private, no-cache",
    "x-offline-page": "o",
    "x-offline-owner": "o",
    "x-offline-kept": "page",
  });
  assert.deepEqual(Object.fromEntries(keep.keptHeaders(undefined, "o")), named);
});

test("pages kept for another owner go first; none kept, or the same owner's, stay", () => {
  assert.equal(keep.mustForget("a", "b"), true);
  assert.equal(keep.mustForget("a", "a"), false);
  assert.equal(keep.mustForget(null, "a"), false);
  assert.equal(keep.mustForget(undefined, "a"), false);
  assert.equal(keep.mustForget("", "a"), true); // an empty mark is not this owner's
});

test("htmx's classes of a swap in progress and the outbox's marks leave the copy", () => {
  assert.equal(keep.cleanClass("total leader htmx-settling htmx-added"), "total leader");
  assert.equal(keep.cleanClass("htmx-request"), "");
  assert.equal(keep.cleanClass("  btn   small "), "btn small");
  assert.equal(keep.cleanClass(null), "");
  assert.equal(keep.cleanClass("outbox-marked delete refused keep-me", keep.MARKS), "keep-me");
  assert.equal(keep.cleanClass("htmx-indicator"), "htmx-indicator"); // an author's class, not a swap's
});

const words = {
  basisOne: "Totals as of deal {deal}; 1 deal waiting",
  basisMany: "Totals as of deal {deal}; {n} deals waiting",
  basisNoneOne: "No deal saved yet; 1 deal waiting",
  basisNoneMany: "No deal saved yet; {n} deals waiting",
  basisChangeOne: "Totals as of deal {deal}; 1 change waiting",
  basisChangeMany: "Totals as of deal {deal}; {n} changes waiting",
};

test("the totals say what they stand on while deals wait", () => {
  assert.equal(keep.basisText(words, 1, 2), "Totals as of deal 1; 2 deals waiting");
  assert.equal(keep.basisText(words, 12, 1), "Totals as of deal 12; 1 deal waiting");
  assert.equal(keep.basisText(words, 0, 1), "No deal saved yet; 1 deal waiting");
  assert.equal(keep.basisText(words, 0, 3), "No deal saved yet; 3 deals waiting");
});

test("a correction, a Delete or an Undo waiting is a change, not a deal", () => {
  assert.equal(keep.basisText(words, 3, 1, true), "Totals as of deal 3; 1 change waiting");
  assert.equal(keep.basisText(words, 3, 2, true), "Totals as of deal 3; 2 changes waiting");
  assert.equal(keep.basisText(words, 3, 2, false), "Totals as of deal 3; 2 deals waiting");
});

test("nothing waiting, nothing said", () => {
  assert.equal(keep.basisText(words, 4, 0), "");
  assert.equal(keep.basisText(words, 0, 0), "");
});

test("a translation may put the numbers where its language wants them, or leave one out", () => {
  const german = {
    basisOne: "Stand nach Spiel {deal}; 1 Spiel wartet",
    basisMany: "{n} Spiele warten; Stand nach Spiel {deal}",
    basisNoneOne: "Noch kein Spiel gespeichert; eines wartet",
    basisNoneMany: "Noch kein Spiel gespeichert; {n} warten",
  };
  assert.equal(keep.basisText(german, 3, 2), "2 Spiele warten; Stand nach Spiel 3");
  assert.equal(keep.basisText(german, 0, 1), "Noch kein Spiel gespeichert; eines wartet");
  assert.equal(keep.basisText({ ...words, basisMany: "{deal} {n} {other}" }, 5, 2), "5 2 {other}");
  assert.equal(keep.basisText({}, 5, 2), ""); // no words (an older page): nothing rather than "undefined"
});
