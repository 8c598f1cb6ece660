// The phone's outbox. Every deal write (a new deal, a correction, a Delete, an Undo) is kept on the phone first
// (localStorage: synchronous, so the row can be painted at once and a closed tab loses nothing), then
// sent, in order, and sent again with back-off until the server answers it. A refusal stays at its row
// for the scorer to fix or discard; nothing is dropped silently. The banner always tells the truth.
// The server stays the one judge of every rule: the outbox only keeps, sends and shows.
// What the server confirmed goes into the copy of the page kept for use without a network (keep.js).

const PREFIX = "jass-outbox-v1:"; // one key a deal: two tabs never write over each other's deals
const DONE = "jass-outbox-done"; // what a correction did, said on the game page it goes back to
const TIMEOUT_MS = 15000;
const BACKOFF_S = [1, 2, 4, 8, 15, 30];

const banner = document.getElementById("outbox");
const page = banner && { game: banner.dataset.game, owner: banner.dataset.owner };
const words = banner ? { ...banner.dataset } : {};
let sending = false;
let retryTimer = null;
let attempt = 0;
let problem = ""; // why the first deal still waits: "", "offline", "server", "signin"
let done = ""; // what the last correction or Delete did, said beside "All saved"
let inputSerial = 0;
let sequence = 0;
const renewed = new Set(); // deals sent again once with a fresh CSRF token: a second refusal waits
let previewSerial = -1;
let previewAsked = -1;
// keep.js, by its address as the page names it (a new version's name in production): a kept copy of an
// older outbox.js never meets a newer keep.js, and without it the outbox still keeps and sends every deal
const keeping = banner && banner.dataset.keep ? import(banner.dataset.keep).catch(() => null) : Promise.resolve(null);
let keptStamp = ""; // the poll's address (its stamp) in the copy kept last: another one is news
let nextForm = ""; // the next deal's form as last kept (while a refused deal is fixed in the form)
let leaving = false; // a correction saved: the game page loads next, and keeps itself
let keep = null; // keep.js once loaded
let applying = false;

export function load() {
  const items = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    if (!key || !key.startsWith(PREFIX)) continue;
    try {
      items.push(JSON.parse(localStorage.getItem(key)));
    } catch {
      // another version's entry: not ours to read or drop
    }
  }
  return items.sort((a, b) => a.seq - b.seq);
}

function put(item) {
  localStorage.setItem(PREFIX + item.id, JSON.stringify(item));
}

function drop(id) {
  localStorage.removeItem(PREFIX + id);
}

function mine(items = load()) {
  return items.filter((item) => item.game === page.game && item.owner === page.owner);
}

function change(id, update) {
  const raw = localStorage.getItem(PREFIX + id);
  if (!raw) return;
  const item = JSON.parse(raw);
  update(item);
  put(item);
}

function say(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));
}

export function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(16)); // randomUUID needs https; a club's LAN may not
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function emit(name, detail) {
  document.dispatchEvent(new CustomEvent(name, { detail: { ...detail, at: performance.now() } }));
}

// --- the deal form -------------------------------------------------------------------------------

function dealForm() {
  return document.getElementById("dealform");
}

function savedNumbers() {
  return [...document.querySelectorAll("#deals tr[data-deal]")].map((row) => Number(row.dataset.deal));
}

function nextNumber() {
  const items = mine();
  const deleting = new Set(items.filter((item) => item.kind === "delete").map((item) => item.number));
  const adds = items.filter((item) => ["add", "restore"].includes(item.kind)).map((item) => item.number);
  const saved = savedNumbers().filter((number) => !deleting.has(number));
  return Math.max(0, ...saved, ...adds) + 1;
}

function setNumber(form, number) {
  form.elements.number.value = String(number);
  if (form.elements.client_token) form.elements.client_token.value = newToken();
  showNumber(form, number);
  // a new deal's number: what follows from it moves on (schieber.js: who deals)
  form.dispatchEvent(new CustomEvent("deal:renumbered", { bubbles: true, detail: { number } }));
}

function showNumber(form, number) {
  // The heading and the button say "Deal 7": the first number in their first text.
  form.querySelectorAll("[data-deal-no]").forEach((element) => {
    const text = element.firstChild;
    if (text && text.nodeType === Node.TEXT_NODE) text.textContent = text.textContent.replace(/\d+/, String(number));
    element.dataset.dealNo = String(number);
  });
}

function byItself(element) {
  // Set by the page, not typed (who deals next): never counted as typed, kept as it is by a reset.
  return element.hasAttribute("data-by-itself");
}

function typedPairs(form) {
  const skip = new Set(["csrfmiddlewaretoken", "number", "client_token", "revision", "version", "deal_token"]);
  for (const element of form.elements) if (byItself(element)) skip.add(element.name);
  return [...new FormData(form)].filter(([name]) => !skip.has(name));
}

function fill(form, pairs) {
  for (const element of form.elements) {
    if (!element.name || element.type === "hidden" || element.type === "submit") continue;
    const values = pairs.filter(([name]) => name === element.name).map(([, value]) => value);
    if (byItself(element)) {
      if (values.length) element.value = values[0]; // a kept deal's own (fixing it), else left as it is
      continue;
    }
    if (element.type === "radio" || element.type === "checkbox") element.checked = values.includes(element.value);
    else if (values.length) element.value = values[0];
    else element.value = "";
  }
}

function typed(form) {
  // Points or a tick: worth a preview. A trump alone is not (its preview would say nothing yet).
  return [...form.elements].some(
    (el) => (["number", "text"].includes(el.type) && el.value !== "") || (el.type === "checkbox" && el.checked),
  );
}

function touched(form) {
  // Anything differs from the empty form: a trump tapped counts, what the scorer did must be kept.
  return JSON.stringify(typedPairs(form)) !== JSON.stringify(blank ? blank.pairs : []);
}

function summary(form) {
  const parts = [];
  for (const el of form.querySelectorAll("input:checked, input[type=number], input[type=text]")) {
    if (el.type === "number" || el.type === "text") {
      if (el.value === "") continue;
      const label = el.id && form.querySelector(`label[for="${CSS.escape(el.id)}"]`);
      // a grid's inputs have no <label> but say whose they are (Differenzler: "Anna: prediction")
      const said = label ? label.textContent.trim() : el.getAttribute("aria-label") || el.name;
      parts.push(`${said} ${el.value}`);
    } else if (el.value !== "") {
      // "none", "not noted": a choice left empty says nothing about the deal
      const label = el.closest("label");
      if (label) parts.push(choiceText(el, label));
    }
  }
  return parts.join(" · ");
}

function choiceText(input, label) {
  // what the button says (not its keyboard letter), after what its group says of it ("Weis A")
  const shown = label.cloneNode(true);
  shown.querySelectorAll("[aria-hidden=true]").forEach((hidden) => hidden.remove());
  const group = input.closest("[data-say]");
  return `${group ? `${group.dataset.say} ` : ""}${shown.textContent.trim().replace(/\s+/g, " ")}`;
}

function previewText() {
  const preview = document.getElementById("preview");
  if (!preview || previewSerial !== inputSerial || preview.querySelector(".problem")) return "";
  return preview.textContent.trim().replace(/\s+/g, " ");
}

let blank = null; // the next deal's form as the server drew it, empty: what "reset" returns to
let aside = null; // what the page had set by itself in the form (who deals) before a kept deal came in to fix

function remember(form) {
  if (form && !form.dataset.fixing && !form.querySelector(".form-errors, .errorlist")) {
    // A form filled with what was said before the deal (Differenzler's predictions) carries the form the
    // next deal starts from, as the server draws it, in a <template>: that is the blank then.
    const next = form.querySelector("template[data-next-form]");
    const drawn = next ? document.importNode(next.content, true).querySelector("form") : form;
    blank = { html: drawn.outerHTML, pairs: typedPairs(drawn), shape: drawn.dataset.shape };
  }
}

function nextTurns(form, said = (radios) => radios.find((radio) => radio.checked)) {
  // A choice the players take in turns ([data-takes-turns]: Coiffeur's announcing team): the deal just
  // kept ticked one (`said`: as the form shows it, or as a kept deal says it); the next deal offers the
  // other, unless that one has nothing left to play.
  const turns = [];
  for (const group of form.querySelectorAll("[data-takes-turns]")) {
    const radios = [...group.querySelectorAll("input[type=radio]")];
    const chosen = said(radios);
    const done = (radio) => form.querySelector(`[data-done="${CSS.escape(radio.value)}"]`);
    const other = chosen && radios.find((radio) => radio !== chosen && !radio.disabled && !done(radio));
    if (other) turns.push([other.name, other.value]);
  }
  return turns;
}

function turnsAfterKept(form) {
  // A reload while deals wait: the server's form follows the last deal saved; the next deal follows the
  // last one kept here.
  const last = mine().filter((item) => item.kind === "add").pop();
  if (!last) return;
  const value = (name) => (last.fields.find(([key]) => key === name) || [])[1];
  takeTurns(form, nextTurns(form, (radios) => radios.find((radio) => radio.value === value(radio.name))));
}

function takeTurns(form, turns) {
  for (const [name, value] of turns) {
    const radio = [...form.querySelectorAll(`input[type=radio][name="${CSS.escape(name)}"]`)].find((r) => r.value === value);
    if (radio) radio.checked = true;
  }
  if (turns.length && blank) blank.pairs = typedPairs(form); // the turn is the next deal's blank, not typed
}

function resetForNext(form, { turns = [] } = {}) {
  const other = blank && blank.shape !== form.dataset.shape; // the next deal's form looks different
  if (blank && (other || form.querySelector(".form-errors, .errorlist, [aria-invalid]"))) {
    htmx.swap("#entry", blank.html, { swapStyle: "innerHTML", swapDelay: 0, settleDelay: 0 });
    form = dealForm();
  } else if (blank) fill(form, blank.pairs);
  else form.reset();
  takeTurns(form, turns);
  aside = null;
  delete form.dataset.fixing;
  setNumber(form, nextNumber());
  inputSerial += 1;
  const preview = document.getElementById("preview");
  if (preview) preview.textContent = "";
  const first = form.querySelector("[autofocus]") || form.querySelector("input[type=number]");
  if (first) first.focus();
}

// --- keeping -------------------------------------------------------------------------------------

function queue(form, kind) {
  const fields = [...new FormData(form)];
  const value = (name) => (fields.find(([key]) => key === name) || [])[1];
  const number = Number(form.dataset.number || value("number"));
  const fixing = form.dataset.fixing;
  const before = fixing && load().find((each) => each.id === fixing);
  const item = {
    id: fixing || (kind === "add" && value("client_token")) || newToken(),
    seq: before ? before.seq : Date.now() + (sequence += 1) / 1000, // in the order typed, a fix in its place
    game: page.game,
    owner: page.owner,
    kind,
    url: form.action,
    number,
    fields,
    summary: kind === "add" ? summary(form) : "",
    preview: kind === "add" ? previewText() : "",
    state: "pending",
    message: "",
  };
  try {
    put(item);
  } catch {
    window.alert(words.storage); // the phone's storage is full: say so, keep the form as typed
    return null;
  }
  done = "";
  emit("outbox:queued", { id: item.id, number });
  return item.id;
}

function refusedItem(id) {
  return mine().some((item) => item.id === id && item.state === "refused");
}

document.addEventListener("submit", (event) => {
  const form = event.target.closest("form[data-outbox]");
  if (!form || !page || event.defaultPrevented) return; // confirm.js: the scorer said no
  event.preventDefault();
  const kind = form.dataset.outbox;
  const id = queue(form, kind);
  if (!id) return;
  if (kind === "add") resetForNext(form, { turns: nextTurns(form) });
  if (kind === "restore") form.hidden = true; // its row says what happens to it now
  paint();
  flush().then(() => {
    // A correction waits here for its own answer only: saved (or waiting for a network, or behind another
    // deal still to fix), the game page shows it; this very correction refused, the form stays here with
    // the errors beside the fields.
    if (kind !== "edit" || refusedItem(id)) return;
    leaving = true;
    sessionStorage.setItem(DONE, done);
    window.location.assign(page.game);
  });
});

// --- sending -------------------------------------------------------------------------------------

function csrfToken() {
  try {
    return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
  } catch {
    return "";
  }
}

async function renewCsrfToken() {
  const answer = await fetch("/csrf/", { credentials: "same-origin", cache: "no-store" });
  const { token } = await answer.json();
  document.body.setAttribute("hx-headers", JSON.stringify({ "X-CSRFToken": token }));
  document.querySelectorAll("input[name=csrfmiddlewaretoken]").forEach((input) => (input.value = token));
}

function shownRevision() {
  const poll = document.getElementById("poll");
  return poll ? poll.dataset.revision : "";
}

async function post(item) {
  const body = new URLSearchParams(item.fields);
  body.set("csrfmiddlewaretoken", csrfToken());
  if (item.kind === "add") {
    body.set("number", String(item.number));
    body.set("revision", shownRevision());
  }
  const headers = { "HX-Request": "true", "X-Outbox": "1", "X-CSRFToken": csrfToken() };
  const form = dealForm();
  if (form && form.dataset.shape) headers["X-Form-Shape"] = form.dataset.shape; // the next form only if it differs
  return fetch(item.url, {
    method: "POST",
    body,
    headers,
    credentials: "same-origin",
    redirect: "manual", // signed out: the sign-in page must never count as "saved"
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

async function sendOne(item) {
  let answer;
  let html;
  try {
    answer = await post(item);
    if (answer.ok && answer.headers.get("X-Revision")) html = await answer.text();
  } catch {
    problem = navigator.onLine ? "server" : "offline";
    return "later";
  }
  if (html !== undefined) {
    drop(item.id);
    apply(html);
    keepCopy();
    problem = "";
    attempt = 0;
    const did = { edit: words.corrected, delete: words.deleted, restore: words.restored }[item.kind];
    if (did) done = say(did, { n: item.number });
    emit("outbox:saved", { id: item.id, number: item.number });
    return "next";
  }
  const status = answer.status;
  if (answer.type === "opaqueredirect" || (status === 403 && renewed.has(item.id))) {
    problem = "signin"; // the sign-in page, or a token refused again: the deal waits for a session
    return "later";
  }
  if (status === 403 && answer.headers.get("X-CSRF-Failure")) {
    renewed.add(item.id);
    await renewCsrfToken().catch(() => {});
    return "again";
  }
  if (status === 403) {
    problem = "signin";
    return "later";
  }
  if (status >= 400 && status < 500 && ![408, 429].includes(status)) {
    const data = await answer.json().catch(() => ({}));
    const message = data.refused || say(words.refusedStatus, { status });
    change(item.id, (each) => Object.assign(each, { state: "refused", message, conflict: status === 409, next: data.next }));
    if (data.form) showRefusedForm(item, data.form);
    problem = "";
    return "stop";
  }
  problem = "server"; // 408, 429, 5xx, or a 2xx that is not our answer (a captive portal)
  return "later";
}

export async function flush() {
  if (!page || sending) return;
  if (!navigator.locks) return sendAll();
  // One tab sends at a time (a second tab, the app on the home screen): the others show what it does.
  return navigator.locks.request("jass-outbox-send", { ifAvailable: true }, async (lock) => {
    if (lock) await sendAll();
    else retryLater(5);
  });
}

function retryLater(seconds) {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(flush, seconds * 1000);
}

async function sendAll() {
  sending = true;
  clearTimeout(retryTimer);
  paint();
  let saved = 0;
  const counting = () => (saved += 1);
  document.addEventListener("outbox:saved", counting);
  try {
    for (;;) {
      const first = mine()[0];
      if (!first || first.state === "refused") break;
      const outcome = await sendOne(first);
      if (outcome === "again") continue;
      if (outcome === "later") {
        retryLater(BACKOFF_S[Math.min(attempt, BACKOFF_S.length - 1)] * (0.75 + Math.random() / 2));
        attempt += 1;
        break;
      }
      if (outcome === "stop") break;
    }
  } finally {
    document.removeEventListener("outbox:saved", counting);
    sending = false;
    paint();
    if (saved) setTimeout(afterRun, 0); // after a correction's own answer: it may leave for the game page
  }
}

function showRefusedForm(item, html) {
  // The scorer's form is still empty (or is this very correction): the refused deal goes back into it,
  // its errors beside the fields (as without the outbox). It stays kept at its row too, until it is
  // saved or discarded.
  const form = dealForm();
  if (!form || form.dataset.outbox !== (item.kind === "edit" ? "edit" : "add")) return;
  if (item.kind === "add" && (touched(form) || form.dataset.fixing)) return;
  htmx.swap(form.parentElement, html, { swapStyle: "innerHTML", swapDelay: 0, settleDelay: 0 });
  const fresh = dealForm();
  fresh.dataset.fixing = item.id;
  const invalid = fresh.querySelector('[aria-invalid="true"]') || fresh.querySelector(".form-errors");
  if (invalid) {
    if (!invalid.matches("input, select, textarea, button")) invalid.setAttribute("tabindex", "-1");
    invalid.focus();
  }
}

function apply(html) {
  applying = true;
  try {
    applyAnswer(html);
  } finally {
    applying = false;
  }
}

function applyAnswer(html) {
  const poll = document.getElementById("poll");
  if (poll) htmx.trigger(poll, "htmx:abort"); // an older answer still on its way must not undo this one
  const form = dealForm();
  const kept = form && touched(form) ? typedPairs(form) : null;
  const focused = document.activeElement && document.activeElement.name;
  document.querySelectorAll("#deals tr[data-outbox]").forEach((row) => row.remove());
  htmx.swap(document.body, html, { swapStyle: "none", swapDelay: 0, settleDelay: 0 });
  const fresh = dealForm();
  if (fresh && fresh !== form) {
    // The next deal looks different now (a row played, a player out): keep what was typed meanwhile.
    remember(fresh);
    if (kept) fill(fresh, kept);
    if (form && form.dataset.fixing) {
      fresh.dataset.fixing = form.dataset.fixing; // still the refused deal being fixed, under its number
      fresh.elements.number.value = form.elements.number.value;
      showNumber(fresh, Number(form.elements.number.value));
    } else setNumber(fresh, nextNumber());
    if (focused && fresh.elements[focused] && fresh.elements[focused].focus) fresh.elements[focused].focus({ preventScroll: true });
  } else if (form && form.dataset.outbox === "add" && !form.dataset.fixing) {
    const next = nextNumber(); // a Delete saved, or another phone's deal: the next number moved
    if (Number(form.elements.number.value) !== next) setNumber(form, next);
  }
  paint(); // the rows still waiting go back on top of the list
  if (!mine().some((item) => item.state !== "refused")) {
    htmx.trigger(document.body, "deal-saved"); // all sent: a table's status panel asks for its total
  }
}

// --- the copy kept for use without a network (keep.js) -----------------------------------------------

function withKeep(use) {
  if (keep) use(keep);
  else keeping.then((loaded) => loaded && use(loaded));
}

function pollStamp() {
  const poll = document.getElementById("poll");
  return (poll && poll.getAttribute("hx-get")) || "";
}

function busy(form) {
  // a refused deal being fixed in the form, what was said kept in it, or errors: not the next deal's form
  return Boolean(form.dataset.fixing || form.dataset.held || form.querySelector(".form-errors, .errorlist, [aria-invalid]"));
}

function formToKeep(module) {
  // The next deal's form, who deals and its number as they stand now (what is typed is not kept); while a
  // refused deal is fixed in it, the next deal's form as last kept, or as the server drew it.
  const form = dealForm();
  if (!form || form.dataset.outbox !== "add") return "";
  if (!busy(form)) nextForm = module.formHtml(form);
  return nextForm || (blank ? blank.html : "");
}

function keepCopy() {
  // Right after the server's answer is on the page (and painted): the page as it stands is the copy a
  // reload without a network shows, never one older than the last deal saved.
  if (!page) return;
  withKeep((module) => {
    if (!module.isKeptPage(location.href, page.game)) return;
    keptStamp = pollStamp();
    module.keepPage(module.pageHtml(document, formToKeep(module)), page.owner, location.href);
  });
}

function afterRun() {
  // Deals saved from another page of the game (a correction page): the kept game page is asked anew,
  // unless this page is about to load it anyway.
  withKeep((module) => {
    if (!leaving && !module.isKeptPage(location.href, page.game)) module.refreshKept(page.game, page.owner);
  });
}

document.addEventListener("htmx:afterSettle", () => {
  // a poll that brought news (another phone's deal): its stamp moved on
  if (page && !applying && pollStamp() && pollStamp() !== keptStamp) keepCopy();
});

// --- showing -------------------------------------------------------------------------------------

function cell(text, className) {
  const td = document.createElement("td");
  if (className) td.className = className;
  td.textContent = text;
  return td;
}

function button(label, action, id, className = "btn small secondary") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = className;
  b.textContent = label;
  b.dataset.outboxAction = action;
  b.dataset.id = id;
  return b;
}

function actions(item) {
  const box = document.createElement("span");
  box.className = "outbox-actions";
  if (item.kind === "add" && item.conflict && item.next) {
    box.append(button(say(words.renumber, { n: item.next }), "renumber", item.id));
  } else if (item.kind === "add") box.append(button(words.fix, "fix", item.id));
  box.append(button(words.discard, "discard", item.id, "btn small danger"));
  return box;
}

function note(item) {
  const span = document.createElement("span");
  span.className = `outbox-note ${item.state}`;
  span.setAttribute("role", item.state === "refused" ? "alert" : "status");
  const kind = { add: words.pending, edit: words.correction, delete: words.deleting, restore: words.restoring }[item.kind];
  span.textContent = item.state === "refused" ? item.message : kind;
  return span;
}

function pendingRow(item, columns) {
  const row = document.createElement("tr");
  row.dataset.outbox = item.id;
  row.className = `outbox-row ${item.state}`;
  row.append(cell(String(item.number)));
  const deal = document.createElement("td");
  // what was typed, always; what the server's preview said of it, when it had said it
  for (const [text, className] of [[item.summary, "outbox-typed"], [item.preview, "outbox-preview muted"]]) {
    if (!text) continue;
    const span = document.createElement("span");
    span.className = className;
    span.textContent = text;
    deal.append(span, document.createElement("br"));
  }
  deal.append(note(item));
  if (item.state === "refused") deal.append(actions(item));
  row.append(deal);
  const sides = document.querySelectorAll("#deals thead th.num").length;
  for (let i = 0; i < sides; i += 1) {
    const side = cell("", "num");
    const hint = document.createElement("span");
    hint.className = "sr-only";
    hint.textContent = words.notCounted; // the server counts it: the totals above do not have it yet
    side.append(hint);
    row.append(side);
  }
  for (let i = 2 + sides; i < columns; i += 1) row.append(cell(""));
  return row;
}

function markRow(item, body, columns) {
  const row = document.querySelector(`#deals tr[data-deal="${item.number}"]`);
  if (!row) {
    if (body) body.prepend(pendingRow(item, columns)); // its deal is gone: still shown, to discard
    return;
  }
  row.classList.add("outbox-marked", item.kind, item.state);
  const deal = row.cells[1];
  deal.append(note(item));
  if (item.state === "refused") deal.append(actions(item));
}

export function paint() {
  if (!page) return;
  document.querySelectorAll("#deals tr[data-outbox]").forEach((row) => row.remove());
  document.querySelectorAll("#deals tr.outbox-marked").forEach((row) => {
    row.classList.remove("outbox-marked", "edit", "delete", "restore", "pending", "refused");
    row.querySelectorAll(".outbox-note, .outbox-actions").forEach((el) => el.remove());
  });
  const items = mine();
  const body = document.querySelector("#deals tbody");
  const columns = document.querySelectorAll("#deals thead th").length;
  for (const item of items) {
    if (item.kind === "add" && body) body.prepend(pendingRow(item, columns));
    else markRow(item, body, columns);
  }
  paintBanner(items);
  paintBasis(items);
}

function paintBasis(items) {
  // The score bar tells the truth as the banner does, in sight while the banner is scrolled away: while
  // deals wait, what the totals stand on (the last deal saved, how many wait); else "All saved". The
  // element is drawn again with the totals by every swap, so it is filled here, after each.
  const basis = document.querySelector("[data-totals-basis]");
  if (!basis) return;
  const form = dealForm();
  const held = form && form.dataset.held ? words[form.dataset.held] : "";
  let text = held || words.saved;
  const changes = items.some((item) => item.kind !== "add"); // a correction waiting is no deal waiting
  if (items.length) text = keep ? keep.basisText(words, Math.max(0, ...savedNumbers()), items.length, changes) : "";
  if (basis.textContent !== text) basis.textContent = text;
  basis.classList.toggle("saved", !items.length && !held);
  basis.hidden = !text;
}

function paintBanner(items) {
  const text = banner.querySelector("[data-outbox-text]");
  const form = dealForm();
  // something said and kept in the form alone, until the deal takes it (predictions.js, offline)
  const held = form && form.dataset.held ? words[form.dataset.held] : "";
  banner.classList.toggle("waiting", items.length > 0 || Boolean(held));
  banner.classList.toggle("refused", items.some((item) => item.state === "refused"));
  if (!items.length) {
    text.textContent = held || (done ? `${words.saved} · ${done}` : words.saved);
    return;
  }
  const count = items.length === 1 ? words.one : say(words.many, { n: items.length });
  const refused = items.find((item) => item.state === "refused");
  let why = sending && !problem ? words.sending : words[problem || "waiting"];
  if (refused) why = say(words.refused, { n: refused.number });
  else if (!navigator.onLine) why = words.offline;
  text.textContent = `${count}: ${why}`;
}

// --- the scorer's answers to a refusal -------------------------------------------------------------

function renumberFrom(items, start, number) {
  // The deals typed after `start` follow on from `number`, in order; each is written back on its own.
  let next = number;
  for (const each of items.slice(start)) {
    if (each.game !== page.game || each.owner !== page.owner || each.kind !== "add") continue;
    each.number = next;
    each.fields = each.fields.map(([key, value]) => [key, key === "number" ? String(next) : value]);
    put(each);
    next += 1;
  }
}

document.addEventListener("click", (event) => {
  const target = event.target.closest("[data-outbox-action]");
  if (!target || !page) return;
  const { outboxAction: action, id } = target.dataset;
  const items = load();
  const at = items.findIndex((each) => each.id === id);
  if (at < 0) return;
  const item = items[at];
  if (action === "discard") {
    if (!window.confirm(say(words.discardConfirm, { n: item.number }))) return;
    drop(item.id);
    if (item.kind === "add") renumberFrom(items, at + 1, item.number);
    const shown = dealForm();
    if (shown && shown.dataset.outbox === "add" && shown.dataset.fixing === item.id) {
      // the deal was in the form to be fixed: gone with it, the form is the next deal's, blank, and who
      // deals is who dealt before the deal came in (schieber.js moves on from there)
      for (const [name, value] of aside || []) if (shown.elements[name]) shown.elements[name].value = value;
      resetForNext(shown);
    }
  } else if (action === "renumber") {
    Object.assign(item, { state: "pending", message: "", conflict: false });
    renumberFrom(items, at, item.next);
  } else if (action === "fix") {
    const form = dealForm();
    if (!form) return;
    if (!form.dataset.fixing) aside = [...form.elements].filter(byItself).map((element) => [element.name, element.value]);
    fill(form, item.fields);
    form.elements.number.value = String(item.number);
    showNumber(form, item.number);
    form.dataset.fixing = item.id;
    form.scrollIntoView({ block: "start" });
    (form.querySelector("[autofocus]") || form.querySelector("input:not([type=hidden])"))?.focus();
    return;
  }
  const form = dealForm();
  if (form && form.dataset.outbox === "add" && !form.dataset.fixing) setNumber(form, nextNumber());
  paint();
  flush();
});

// --- staying quiet while the outbox works ------------------------------------------------------------

document.addEventListener("htmx:confirm", (event) => {
  const elt = event.detail.elt;
  if (elt.id === "preview") {
    // One preview per deal: none for an empty form (a trump tapped first, the form just reset) or offline.
    const form = dealForm();
    if (!navigator.onLine || !form || !typed(form)) event.preventDefault();
    else previewAsked = inputSerial;
  } else if (elt.hasAttribute("data-poll") && (document.hidden || (page && mine().some((i) => i.state !== "refused")))) {
    event.preventDefault(); // hidden page, or deals on their way: the outbox's answers bring the news
  }
});

document.addEventListener("htmx:afterSwap", (event) => {
  if (event.detail.elt.id === "preview") previewSerial = previewAsked;
  if (page) paint(); // a poll swapped the list: the rows not saved yet go back on top
});

document.addEventListener("input", (event) => {
  if (event.target.closest("#dealform")) inputSerial += 1;
});

document.addEventListener("visibilitychange", () => {
  if (document.hidden) return;
  htmx.trigger(document.body, "page-visible");
  flush();
});

window.addEventListener("online", () => {
  attempt = 0;
  flush();
});
window.addEventListener("offline", () => paint());
document.addEventListener("deal:held", () => paint());
window.addEventListener("storage", (event) => {
  if (page && event.key && event.key.startsWith(PREFIX)) paint(); // another tab kept or sent a deal
});

if (page) {
  done = sessionStorage.getItem(DONE) || "";
  sessionStorage.removeItem(DONE);
  const form = dealForm();
  remember(form);
  if (form && form.dataset.outbox === "add") {
    setNumber(form, nextNumber());
    turnsAfterKept(form);
  }
  // The form's own module (schieber.js: who deals) runs after this one and missed the number set above (deals
  // still waiting, a reload without a network): told again once every module is there.
  document.addEventListener("DOMContentLoaded", () => {
    const shown = dealForm();
    if (!shown || shown.dataset.outbox !== "add" || shown.dataset.fixing) return;
    const number = Number(shown.elements.number.value);
    shown.dispatchEvent(new CustomEvent("deal:renumbered", { bubbles: true, detail: { number } }));
  });
  keptStamp = pollStamp(); // the page as loaded is the copy kept (sw.js kept it, or it is the kept copy)
  paint();
  flush();
  keeping.then((loaded) => {
    keep = loaded;
    const shown = dealForm();
    if (keep && shown && shown.dataset.outbox === "add" && !busy(shown) && !nextForm) nextForm = keep.formHtml(shown);
    paint(); // the totals' basis needs its words
  });
}
