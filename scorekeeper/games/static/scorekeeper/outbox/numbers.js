// What follows from the order the deals were typed in, before the server has them: the next deal's number,
// the numbers of the deals waiting after one of them is discarded or saved under another number, and whose
// turn the next deal is. Pure: the form (form.js) reads and sets what these work out.

/** The next deal's number: one after the last deal saved (`saved`, the numbers on the list) that no
 * waiting Delete takes away, and after the last new deal or Undo waiting (`items`, this page's). */
export function nextNumber(items, saved) {
  const deleting = new Set(items.filter((item) => item.kind === "delete").map((item) => item.number));
  const adds = items.filter((item) => ["add", "restore"].includes(item.kind)).map((item) => item.number);
  return Math.max(0, ...saved.filter((number) => !deleting.has(number)), ...adds) + 1;
}

/** A deal's fields with its number set to `number`. */
export function withNumber(fields, number) {
  return fields.map(([key, value]) => [key, key === "number" ? String(number) : value]);
}

/** The new deals of `page` from `items[start]` on, numbered on from `number` in order, as copies to keep
 * (each on its own): what follows a discarded deal, or a deal saved under the number the server offered.
 * `items` are every deal kept, in order; another game's or owner's, a correction or a Delete keep theirs. */
export function renumbered(items, start, number, page) {
  const changed = [];
  let next = number;
  for (const each of items.slice(start)) {
    if (each.game !== page.game || each.owner !== page.owner || each.kind !== "add") continue;
    changed.push({ ...each, number: next, fields: withNumber(each.fields, next) });
    next += 1;
  }
  return changed;
}

/** In a choice the players take in turns (Coiffeur's announcing team), the [name, value] the next deal
 * offers once `chosen` was ticked: the other choice, unless it is disabled or `done` (nothing left to
 * play); null when there is none. `choices`: {name, value, disabled, done}, `chosen` one of them. */
export function turnAfter(choices, chosen) {
  const other = chosen && choices.find((choice) => choice !== chosen && !choice.disabled && !choice.done);
  return other ? [other.name, other.value] : null;
}

/** The last new deal kept (`items`, this page's, in order): the one the next deal's turn follows. */
export function lastDeal(items) {
  return items.filter((item) => item.kind === "add").pop();
}
