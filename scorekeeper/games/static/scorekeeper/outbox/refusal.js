// The scorer's answers to a refused deal, at its row: discard it (the deals typed after it move up a
// number), save it under the number the server offered (those after it follow on), or fix it in the form.
// The entry paints and sends after an answer that changed the kept deals.

import { dealForm, fixIn, nextNumber, resetForNext, setNumber } from "./form.js";
import { renumbered } from "./numbers.js";
import { say } from "./state.js";
import { drop, load, put } from "./storage.js";

/** `action` ("discard", "renumber", "fix") on the kept deal `id`, as its row's button asks; whether the
 * kept deals may have changed (then they are painted and sent). */
export function answerRefusal(state, action, id) {
  const items = load();
  const at = items.findIndex((each) => each.id === id);
  if (at < 0) return false;
  const item = items[at];
  if (action === "discard") {
    if (!window.confirm(say(state.words.discardConfirm, { n: item.number }))) return false;
    drop(item.id);
    if (item.kind === "add") renumbered(items, at + 1, item.number, state.page).forEach((each) => put(each));
    const shown = dealForm();
    if (shown && shown.dataset.outbox === "add" && shown.dataset.fixing === item.id) {
      // the deal was in the form to be fixed: gone with it, the form is the next deal's, blank, and who
      // deals is who dealt before the deal came in (schieber.js moves on from there)
      for (const [name, value] of state.aside || []) if (shown.elements[name]) shown.elements[name].value = value;
      resetForNext(state, shown);
    }
  } else if (action === "renumber") {
    Object.assign(item, { state: "pending", message: "", conflict: false });
    renumbered(items, at, item.next, state.page).forEach((each) => put(each));
  } else if (action === "fix") {
    const form = dealForm();
    if (!form) return false;
    fixIn(state, form, item);
    form.scrollIntoView({ block: "start" });
    (form.querySelector("[autofocus]") || form.querySelector("input:not([type=hidden])"))?.focus();
    return false;
  }
  const form = dealForm();
  if (form && form.dataset.outbox === "add" && !form.dataset.fixing) setNumber(form, nextNumber(state));
  return true;
}
