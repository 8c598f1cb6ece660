// The copy of the page kept for use without a network (keep.js, loaded by the entry as state.keeping):
// what the server confirmed goes into it, so a reload with no network never shows an older game than the
// server has. Without keep.js the outbox still keeps and sends every deal.

import { busy, dealForm } from "./form.js";

export function withKeep(state, use) {
  if (state.keep) use(state.keep);
  else state.keeping.then((loaded) => loaded && use(loaded));
}

export function pollStamp() {
  const poll = document.getElementById("poll");
  return (poll && poll.getAttribute("data-hx-get")) || "";
}

function formToKeep(state, module) {
  // The next deal's form, who deals and its number as they stand now (what is typed is not kept); while a
  // refused deal is fixed in it, the next deal's form as last kept, or as the server drew it.
  const form = dealForm();
  if (!form || form.dataset.outbox !== "add") return "";
  if (!busy(form)) state.nextForm = module.formHtml(form);
  return state.nextForm || (state.blank ? state.blank.html : "");
}

export function keepCopy(state) {
  // Right after the server's answer is on the page (and painted): the page as it stands is the copy a
  // reload without a network shows, never one older than the last deal saved.
  if (!state.page) return;
  withKeep(state, (module) => {
    if (!module.isKeptPage(location.href, state.page.game)) return;
    state.keptStamp = pollStamp();
    module.keepPage(module.pageHtml(document, formToKeep(state, module)), state.page.owner, location.href);
  });
}

export function afterRun(state) {
  // Deals saved from another page of the game (a correction page): the kept game page is asked anew,
  // unless this page is about to load it anyway.
  withKeep(state, (module) => {
    const { game, owner } = state.page;
    if (!state.leaving && !module.isKeptPage(location.href, game)) module.refreshKept(game, owner);
  });
}

export function keepNews(state) {
  // a poll that brought news (another phone's deal): its stamp moved on
  if (state.page && !state.applying && pollStamp() && pollStamp() !== state.keptStamp) keepCopy(state);
}

/** keep.js arrived: the next deal's form as the page drew it is the one kept while a refused deal is fixed. */
export function keepLoaded(state, loaded) {
  state.keep = loaded;
  const shown = dealForm();
  if (loaded && shown && shown.dataset.outbox === "add" && !busy(shown) && !state.nextForm) state.nextForm = loaded.formHtml(shown);
}
