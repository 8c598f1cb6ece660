// What the outbox's modules share: the one state object the entry (outbox.js) makes and hands to each of
// them, so no module keeps a variable of its own; and how they put a number into the banner's words or
// tell the page (and the browser tests) what happened.

/** The outbox of the page whose banner (#outbox, _outbox.html) is `banner`; null: a page without one. */
export function createState(banner) {
  return {
    banner,
    page: banner && { game: banner.dataset.game, owner: banner.dataset.owner }, // whose deals, of which game
    words: banner ? { ...banner.dataset } : {}, // the banner's data- words, translated by the server
    sending: false, // a run of sends is on its way (one at a time)
    retryTimer: null,
    attempt: 0, // runs in a row that ended with "later": how long the next one waits (retry.js)
    problem: "", // why the first deal still waits: "", "offline", "server", "signin"
    done: "", // what the last correction or Delete did, said beside "All saved"
    inputSerial: 0, // the form's inputs so far: a preview is the deal's only while nothing was typed since
    sequence: 0, // deals kept by this page: their order within the same millisecond
    renewed: new Set(), // deals sent again once with a fresh CSRF token: a second refusal waits
    previewSerial: -1, // the input the preview shown answers
    previewAsked: -1, // the input the preview on its way answers
    keeping: Promise.resolve(null), // keep.js on its way (the entry imports it by the banner's data-keep)
    keep: null, // keep.js once loaded
    keptStamp: "", // the poll's address (its stamp) in the copy kept last: another one is news
    nextForm: "", // the next deal's form as last kept (while a refused deal is fixed in the form)
    leaving: false, // a correction saved: the game page loads next, and keeps itself
    applying: false, // the server's answer is being swapped in
    blank: null, // the next deal's form as the server drew it, empty: what "reset" returns to
    aside: null, // what the page had set by itself in the form (who deals) before a kept deal came in to fix
  };
}

/** `template` with each {name} replaced by its value in `values` (none: nothing). */
export function say(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));
}

/** Tells the page (other scripts, the browser tests) that a deal was kept or saved, and when. */
export function emit(name, detail) {
  document.dispatchEvent(new CustomEvent(name, { detail: { ...detail, at: performance.now() } }));
}
