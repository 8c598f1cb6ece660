// The phone's outbox. Every deal write (a new deal, a correction, a Delete, an Undo) is kept on the phone first
// (outbox/storage.js), then sent, in order, and sent again with back-off until the server answers it
// (outbox/sending.js). A refusal stays at its row for the scorer to fix or discard (outbox/refusal.js);
// nothing is dropped silently. The banner always tells the truth (outbox/painting.js). The server stays the
// one judge of every rule: the outbox only keeps, sends and shows. What the server confirmed goes into the
// copy of the page kept for use without a network (outbox/kept.js, keep.js).
// This module wires them to the page: one state object (outbox/state.js), handed to each.

import { keepLoaded, keepNews, pollStamp } from "./outbox/kept.js";
import {
  dealForm,
  nextNumber,
  nextTurns,
  queue,
  remember,
  resetForNext,
  setNumber,
  turnsAfterKept,
  typed,
} from "./outbox/form.js";
import { paint } from "./outbox/painting.js";
import { answerRefusal } from "./outbox/refusal.js";
import { flush } from "./outbox/sending.js";
import { createState } from "./outbox/state.js";
import { DONE, PREFIX, mine } from "./outbox/storage.js";

const state = createState(document.getElementById("outbox"));
const { banner, page } = state;
// keep.js, by its address as the page names it (a new version's name in production): a kept copy of an
// older outbox.js never meets a newer keep.js, and without it the outbox still keeps and sends every deal
if (banner && banner.dataset.keep) state.keeping = import(banner.dataset.keep).catch(() => null);

document.addEventListener("submit", (event) => {
  const form = event.target.closest("form[data-outbox]");
  if (!form || !page || event.defaultPrevented) return; // confirm.js: the scorer said no
  event.preventDefault();
  const kind = form.dataset.outbox;
  const id = queue(state, form, kind);
  if (!id) return;
  if (kind === "add") resetForNext(state, form, { turns: nextTurns(form) });
  if (kind === "restore") form.hidden = true; // its row says what happens to it now
  paint(state);
  flush(state).then(() => {
    // A correction waits here for its own answer only: saved (or waiting for a network, or behind another
    // deal still to fix), the game page shows it; this very correction refused, the form stays here with
    // the errors beside the fields.
    if (kind !== "edit" || mine(page).some((item) => item.id === id && item.state === "refused")) return;
    state.leaving = true;
    sessionStorage.setItem(DONE, state.done);
    window.location.assign(page.game);
  });
});

document.addEventListener("htmx:afterSettle", () => keepNews(state));

document.addEventListener("click", (event) => {
  const target = event.target.closest("[data-outbox-action]");
  if (!target || !page || !answerRefusal(state, target.dataset.outboxAction, target.dataset.id)) return;
  paint(state);
  flush(state);
});

// --- staying quiet while the outbox works ------------------------------------------------------------

document.addEventListener("htmx:confirm", (event) => {
  const elt = event.detail.elt;
  if (elt.id === "preview") {
    // One preview per deal: none for an empty form (a trump tapped first, the form just reset) or offline.
    const form = dealForm();
    if (!navigator.onLine || !form || !typed(form)) event.preventDefault();
    else state.previewAsked = state.inputSerial;
  } else if (elt.hasAttribute("data-poll") && (document.hidden || (page && mine(page).some((i) => i.state !== "refused")))) {
    event.preventDefault(); // hidden page, or deals on their way: the outbox's answers bring the news
  }
});

document.addEventListener("htmx:afterSwap", (event) => {
  if (event.detail.elt.id === "preview") state.previewSerial = state.previewAsked;
  if (page) paint(state); // a poll swapped the list: the rows not saved yet go back on top
});

document.addEventListener("input", (event) => {
  if (event.target.closest("#dealform")) state.inputSerial += 1;
});

document.addEventListener("visibilitychange", () => {
  if (document.hidden) return;
  htmx.trigger(document.body, "page-visible");
  flush(state);
});

window.addEventListener("online", () => {
  state.attempt = 0;
  flush(state);
});
window.addEventListener("offline", () => paint(state));
document.addEventListener("deal:held", () => paint(state));
window.addEventListener("storage", (event) => {
  if (page && event.key && event.key.startsWith(PREFIX)) paint(state); // another tab kept or sent a deal
});

if (page) {
  state.done = sessionStorage.getItem(DONE) || "";
  sessionStorage.removeItem(DONE);
  const form = dealForm();
  remember(state, form);
  if (form && form.dataset.outbox === "add") {
    setNumber(form, nextNumber(state));
    turnsAfterKept(state, form);
  }
  // The form's own module (schieber.js: who deals) runs after this one and missed the number set above (deals
  // still waiting, a reload without a network): told again once every module is there.
  document.addEventListener("DOMContentLoaded", () => {
    const shown = dealForm();
    if (!shown || shown.dataset.outbox !== "add" || shown.dataset.fixing) return;
    const number = Number(shown.elements.number.value);
    shown.dispatchEvent(new CustomEvent("deal:renumbered", { bubbles: true, detail: { number } }));
  });
  state.keptStamp = pollStamp(); // the page as loaded is the copy kept (sw.js kept it, or it is the kept copy)
  paint(state);
  flush(state);
  state.keeping.then((loaded) => {
    keepLoaded(state, loaded);
    paint(state); // the totals' basis needs its words
  });
}
