// The pure part of the outbox (scorekeeper/games/static/scorekeeper/outbox/): the deals kept on the phone
// and their order, the next deal's number and turn, the numbers of the deals waiting after a refusal, and
// when a deal is sent again. Run: node --test tests/browser/js/ (tests/test_js_units.py does).
import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import { test } from "node:test";

import { STATIC, staticModule } from "./static.mjs";

const storage = await staticModule("outbox/storage.js");
const numbers = await staticModule("outbox/numbers.js");
const retry = await staticModule("outbox/retry.js");
const { createState, say } = await staticModule("outbox/state.js");

/** localStorage's interface over a Map, keys in the order set (as a browser may list them, or not). */
class Store {
  #map = new Map();
  get length() {
    return this.#map.size;
  }
  key(index) {
    return [...this.#map.keys()][index] ?? null;
  }
  getItem(key) {
    return this.#map.has(key) ? this.#map.get(key) : null;
  }
  setItem(key, value) {
    this.#map.set(key, String(value));
  }
  removeItem(key) {
    this.#map.delete(key);
  }
  keys() {
    return [...this.#map.keys()];
  }
}

const page = { game: "/games/7/", owner: "o1" };

function deal(id, seq, number, extra = {}) {
  return {
    id,
    seq,
    game: page.game,
    owner: page.owner,
    kind: "add",
    url: `${page.game}deals/new/`,
    number,
    fields: [
      ["csrfmiddlewaretoken", "t"],
      ["number", String(number)],
      ["points_a", "100"],
    ],
    summary: "",
    preview: "",
    state: "pending",
    message: "",
    ...extra,
  };
}

// --- storage -------------------------------------------------------------------------------------------

test("each deal is kept under its own key", () => {
  const store = new Store();
  storage.put(deal("a", 1, 1), store);
  storage.put(deal("b", 2, 2), store);
  assert.equal(storage.PREFIX, "jass-outbox-v1:");
  assert.equal(storage.DONE, "jass-outbox-done");
  assert.equal(storage.keyOf("a"), "jass-outbox-v1:a");
  assert.deepEqual(store.keys(), ["jass-outbox-v1:a", "jass-outbox-v1:b"]);
  assert.equal(JSON.parse(store.getItem("jass-outbox-v1:b")).number, 2);
  storage.drop("a", store);
  assert.deepEqual(store.keys(), ["jass-outbox-v1:b"]);
});

test("the deals load in the order typed, whatever order their keys are in", () => {
  const store = new Store();
  storage.put(deal("late", 1700000000000.002, 3), store);
  storage.put(deal("early", 1700000000000.001, 1), store);
  storage.put(deal("fixed", 1699999999999, 2), store); // a fix keeps the place it was typed in
  assert.deepEqual(
    storage.load(store).map((item) => item.id),
    ["fixed", "early", "late"],
  );
  assert.equal(storage.sequenceOf(1700000000000, 3), 1700000000000.003);
  assert.ok(storage.sequenceOf(1700000000000, 1) < storage.sequenceOf(1700000000000, 2));
});

test("another app's keys and an entry that is not ours to read are left alone", () => {
  const store = new Store();
  store.setItem("theme", "dark");
  store.setItem("jass-outbox-v0:old", JSON.stringify(deal("old", 0, 1)));
  store.setItem("jass-outbox-v1:broken", "{not json");
  storage.put(deal("a", 5, 1), store);
  assert.deepEqual(
    storage.load(store).map((item) => item.id),
    ["a"],
  );
  assert.deepEqual(storage.dealKeys(store), ["jass-outbox-v1:broken", "jass-outbox-v1:a"]);
  assert.equal(store.getItem("jass-outbox-v1:broken"), "{not json"); // read past, not dropped
  assert.equal(store.getItem("theme"), "dark");
});

test("a page's deals are its game's and its owner's", () => {
  const items = [
    deal("a", 1, 1),
    deal("other-game", 2, 1, { game: "/games/8/" }),
    deal("other-owner", 3, 2, { owner: "o2" }),
    deal("b", 4, 2),
  ];
  assert.deepEqual(
    storage.mine(page, items).map((item) => item.id),
    ["a", "b"],
  );
});

test("a change is written back; a deal already sent stays gone", () => {
  const store = new Store();
  storage.put(deal("a", 1, 4), store);
  storage.change("a", (item) => Object.assign(item, { state: "refused", message: "No.", conflict: true, next: 6 }), store);
  const [item] = storage.load(store);
  assert.deepEqual([item.state, item.message, item.conflict, item.next, item.number], ["refused", "No.", true, 6, 4]);
  storage.change("gone", () => assert.fail("no deal to change"), store);
  assert.equal(store.length, 1);
});

test("signing out forgets the owner's deals, of every game, and no one else's", () => {
  const store = new Store();
  storage.put(deal("a", 1, 1), store);
  storage.put(deal("b", 2, 1, { game: "/games/8/" }), store);
  storage.put(deal("c", 3, 2, { owner: "o2" }), store);
  store.setItem("jass-outbox-v1:broken", "{");
  assert.deepEqual(storage.ownerKeys("o1", store), ["jass-outbox-v1:a", "jass-outbox-v1:b"]);
  assert.deepEqual(storage.ownerKeys("o2", store), ["jass-outbox-v1:c"]);
  assert.deepEqual(storage.ownerKeys("nobody", store), []);
});

test("a field of a kept deal, by its name", () => {
  const fields = [
    ["number", "4"],
    ["weis", "20"],
    ["weis", "50"],
  ];
  assert.equal(storage.fieldValue(fields, "number"), "4");
  assert.equal(storage.fieldValue(fields, "weis"), "20"); // the first, as FormData's get()
  assert.equal(storage.fieldValue(fields, "trump"), undefined);
});

test("a new deal's token is a random version-4 UUID", () => {
  const tokens = new Set(Array.from({ length: 50 }, () => storage.newToken()));
  assert.equal(tokens.size, 50);
  for (const token of tokens) assert.match(token, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

// --- numbers and turns -----------------------------------------------------------------------------------

test("the next deal follows the last saved and the last waiting", () => {
  assert.equal(numbers.nextNumber([], []), 1);
  assert.equal(numbers.nextNumber([], [1, 2, 3]), 4);
  assert.equal(numbers.nextNumber([deal("a", 1, 4), deal("b", 2, 5)], [1, 2, 3]), 6);
  assert.equal(numbers.nextNumber([deal("a", 1, 1)], []), 2);
  // a Delete of the last deal gives its number back; of an earlier one, not (the server numbers on)
  assert.equal(numbers.nextNumber([deal("d", 1, 3, { kind: "delete" })], [1, 2, 3]), 3);
  assert.equal(numbers.nextNumber([deal("d", 1, 2, { kind: "delete" })], [1, 2, 3]), 4);
  // an Undo of a Delete brings its deal back; a correction is no new deal
  assert.equal(numbers.nextNumber([deal("r", 1, 4, { kind: "restore" })], [1, 2, 3]), 5);
  assert.equal(numbers.nextNumber([deal("e", 1, 2, { kind: "edit" })], [1, 2, 3]), 4);
});

test("a deal discarded: the deals typed after it move up, each number in its fields too", () => {
  const items = [
    deal("a", 1, 4, { state: "refused" }),
    deal("b", 2, 5),
    deal("elsewhere", 3, 9, { game: "/games/8/" }),
    deal("fix", 4, 2, { kind: "edit" }),
    deal("c", 5, 6),
  ];
  const changed = numbers.renumbered(items, 1, 4, page); // "a" (4) discarded
  assert.deepEqual(
    changed.map((item) => [item.id, item.number, storage.fieldValue(item.fields, "number")]),
    [
      ["b", 4, "4"],
      ["c", 5, "5"],
    ],
  );
  assert.deepEqual(changed[0].fields, [
    ["csrfmiddlewaretoken", "t"],
    ["number", "4"],
    ["points_a", "100"],
  ]);
  assert.deepEqual(
    items.map((item) => item.number),
    [4, 5, 9, 2, 6],
    "the kept deals are copies; nothing changes until they are put",
  );
});

test("a number taken: the refused deal goes under the number offered, the ones after it follow on", () => {
  const items = [deal("a", 1, 4, { state: "refused", conflict: true, next: 6 }), deal("b", 2, 5), deal("c", 3, 6)];
  Object.assign(items[0], { state: "pending", message: "", conflict: false });
  const changed = numbers.renumbered(items, 0, items[0].next, page);
  assert.deepEqual(
    changed.map((item) => [item.id, item.number, item.state]),
    [
      ["a", 6, "pending"],
      ["b", 7, "pending"],
      ["c", 8, "pending"],
    ],
  );
  assert.equal(changed[0].conflict, false);
  const store = new Store();
  items.forEach((item) => storage.put(item, store));
  changed.forEach((item) => storage.put(item, store));
  assert.deepEqual(
    storage.load(store).map((item) => [item.id, item.number]),
    [
      ["a", 6],
      ["b", 7],
      ["c", 8],
    ],
  );
  assert.deepEqual(numbers.withNumber([["number", "1"], ["x", "1"]], 12), [["number", "12"], ["x", "1"]]);
});

test("another owner's deals of the same game keep their numbers", () => {
  const items = [deal("a", 1, 4), deal("theirs", 2, 5, { owner: "o2" }), deal("b", 3, 6)];
  assert.deepEqual(
    numbers.renumbered(items, 1, 5, page).map((item) => [item.id, item.number]),
    [["b", 5]],
  );
});

test("the next deal offers the other team its turn, unless it has nothing left to play", () => {
  const a = { name: "announced_by", value: "A", disabled: false, done: false };
  const b = { name: "announced_by", value: "B", disabled: false, done: false };
  assert.deepEqual(numbers.turnAfter([a, b], a), ["announced_by", "B"]);
  assert.deepEqual(numbers.turnAfter([a, b], b), ["announced_by", "A"]);
  assert.equal(numbers.turnAfter([a, b], undefined), null); // nothing ticked: no turn to take
  assert.equal(numbers.turnAfter([a, { ...b, done: true }], a), null);
  assert.equal(numbers.turnAfter([a, { ...b, disabled: true }], a), null);
});

test("the turn after a reload follows the last new deal kept", () => {
  const items = [deal("a", 1, 4), deal("e", 2, 2, { kind: "edit" }), deal("b", 3, 5), deal("d", 4, 1, { kind: "delete" })];
  assert.equal(numbers.lastDeal(items).id, "b");
  assert.equal(numbers.lastDeal([deal("e", 1, 2, { kind: "edit" })]), undefined);
});

// --- sending again -----------------------------------------------------------------------------------------

test("a deal waits twice as long after each failed run, up to half a minute", () => {
  assert.deepEqual(retry.BACKOFF_S, [1, 2, 4, 8, 15, 30]);
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => retry.backoff(attempt, 0.5)),
    [1, 2, 4, 8, 15, 30, 30, 30],
  );
  assert.equal(retry.TIMEOUT_MS, 15000);
  assert.equal(retry.LOCKED_S, 5);
});

test("the wait is spread by a quarter either way, so phones back online do not all send at once", () => {
  assert.equal(retry.backoff(0, 0), 0.75);
  assert.equal(retry.backoff(3, 0), 6);
  assert.equal(retry.backoff(5, 0), 22.5);
  assert.ok(retry.backoff(5, 0.999999) < 37.5 && retry.backoff(5, 0.999999) > 37.49);
  for (let i = 0; i < 100; i += 1) {
    const wait = retry.backoff(2);
    assert.ok(wait >= 3 && wait < 5, String(wait));
  }
});

test("what an answer that is not the saved deal means", () => {
  assert.equal(retry.verdict({ status: 422 }), "refused");
  assert.equal(retry.verdict({ status: 409 }), "refused"); // the number is taken: "Save as deal n"
  assert.equal(retry.verdict({ status: 404 }), "refused");
  assert.equal(retry.verdict({ status: 400 }), "refused");
  for (const status of [408, 429, 500, 502, 503, 504]) assert.equal(retry.verdict({ status }), "server", String(status));
  assert.equal(retry.verdict({ status: 200 }), "server"); // a captive portal's page is no answer
  assert.equal(retry.verdict({ status: 0, redirected: true }), "signin"); // the sign-in page
  assert.equal(retry.verdict({ status: 403 }), "signin");
  assert.equal(retry.verdict({ status: 403, csrfFailure: true }), "renew");
  assert.equal(retry.verdict({ status: 403, csrfFailure: true, renewed: true }), "signin"); // once only
});

// --- the shared state ----------------------------------------------------------------------------------------

test("the banner's words take their numbers", () => {
  assert.equal(say("Deal {n} corrected.", { n: 7 }), "Deal 7 corrected.");
  assert.equal(say("{n} deals not saved yet", { n: 3 }), "3 deals not saved yet");
  assert.equal(say("Refused by the server (error {status}).", { status: 500 }), "Refused by the server (error 500).");
  assert.equal(say("deal {n} of {m}", { n: 0 }), "deal 0 of ");
});

test("one state object: the banner's page and words, nothing sent yet", () => {
  const banner = { dataset: { game: "/games/7/", owner: "o1", saved: "✓ All saved", keep: "/static/k.js" } };
  const state = createState(banner);
  assert.deepEqual(state.page, page);
  assert.equal(state.words.saved, "✓ All saved");
  assert.notEqual(state.words, banner.dataset);
  assert.deepEqual([state.sending, state.attempt, state.problem, state.done, state.keep], [false, 0, "", "", null]);
  assert.equal(createState(null).page, null);
  assert.deepEqual(createState(null).words, {});
  assert.notEqual(createState(banner).renewed, state.renewed, "no state shared between two outboxes");
});

test("the outbox's modules do nothing on import: only the entry (outbox.js) wires them to a page", async () => {
  const names = (await readdir(new URL("outbox/", STATIC))).filter((name) => name.endsWith(".js"));
  for (const name of ["form.js", "painting.js", "sending.js", "storage.js"]) assert.ok(names.includes(name), name);
  for (const name of names) await staticModule(`outbox/${name}`); // no document, no window: would throw
});
