// The deals a phone keeps until the server has them: in localStorage (synchronous, so the row is painted
// at once and a closed tab loses nothing), one key a deal, so two tabs never write over each other's
// deals. Each function takes the store it works on (the page's localStorage unless told), so the tests
// (tests/browser/js/outbox.test.mjs) give it one of their own; offline.js forgets an owner's deals here.

export const PREFIX = "jass-outbox-v1:";
export const DONE = "jass-outbox-done"; // sessionStorage: what a correction did, said on the game page it goes back to

/** The key a deal is kept under. */
export function keyOf(id) {
  return PREFIX + id;
}

/** The keys of the deals kept in `store`, whoever kept them. */
export function dealKeys(store = localStorage) {
  const keys = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key && key.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

/** Every deal kept (any game, any owner), in the order typed. */
export function load(store = localStorage) {
  const items = [];
  for (const key of dealKeys(store)) {
    try {
      items.push(JSON.parse(store.getItem(key)));
    } catch {
      // another version's entry: not ours to read or drop
    }
  }
  return ordered(items);
}

/** The deals in the order typed: a fixed deal keeps its place (its `seq`), whatever order the keys are in. */
export function ordered(items) {
  return items.sort((a, b) => a.seq - b.seq);
}

/** The place of a deal kept now: the time, and within a millisecond the page's own count of deals. */
export function sequenceOf(now, count) {
  return now + count / 1000;
}

/** The deals of `page` ({game, owner}): another game's, or another sign-in's, are not this page's. */
export function mine(page, items = load()) {
  return items.filter((item) => item.game === page.game && item.owner === page.owner);
}

/** The keys of the deals `owner` kept: what signing out forgets. */
export function ownerKeys(owner, store = localStorage) {
  return dealKeys(store).filter((key) => {
    try {
      return JSON.parse(store.getItem(key)).owner === owner;
    } catch {
      return false; // not ours to read
    }
  });
}

export function put(item, store = localStorage) {
  store.setItem(keyOf(item.id), JSON.stringify(item));
}

export function drop(id, store = localStorage) {
  store.removeItem(keyOf(id));
}

/** The deal kept under `id` changed by `update`, if it is still kept (another tab may have sent it). */
export function change(id, update, store = localStorage) {
  const raw = store.getItem(keyOf(id));
  if (!raw) return;
  const item = JSON.parse(raw);
  update(item);
  put(item, store);
}

/** The value of `name` among a deal's fields ([name, value] pairs), or undefined. */
export function fieldValue(fields, name) {
  return (fields.find(([key]) => key === name) || [])[1];
}

/** A new deal's id (and the form's client_token): a random UUID, version 4. */
export function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(16)); // randomUUID needs https; a club's LAN may not
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
