// Sending the kept deals, in order, one tab at a time, and again with back-off until the server answers
// (retry.js says what an answer means). A saved deal's answer (out-of-band swaps) goes onto the page and
// into the copy kept for use without a network; a refusal stays at its row, its form back with its errors.

import { afterRun, keepCopy } from "./kept.js";
import { dealForm, fill, nextNumber, remember, setNumber, showNumber, touched, typedPairs } from "./form.js";
import { paint } from "./painting.js";
import { backoff, LOCKED_S, TIMEOUT_MS, verdict } from "./retry.js";
import { emit, say } from "./state.js";
import { change, drop, mine } from "./storage.js";

function csrfToken() {
  try {
    return JSON.parse(document.body.getAttribute("data-hx-headers"))["X-CSRFToken"];
  } catch {
    return "";
  }
}

async function renewCsrfToken() {
  const answer = await fetch("/csrf/", { credentials: "same-origin", cache: "no-store" });
  const { token } = await answer.json();
  document.body.setAttribute("data-hx-headers", JSON.stringify({ "X-CSRFToken": token }));
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

/** One deal sent: "next" (saved), "again" (send it again now), "later" (back off) or "stop" (refused). */
async function sendOne(state, item) {
  let answer;
  let html;
  try {
    answer = await post(item);
    if (answer.ok && answer.headers.get("X-Revision")) html = await answer.text();
  } catch {
    state.problem = navigator.onLine ? "server" : "offline";
    return "later";
  }
  if (html !== undefined) {
    drop(item.id);
    apply(state, html);
    keepCopy(state);
    state.problem = "";
    state.attempt = 0;
    const did = { edit: state.words.corrected, delete: state.words.deleted, restore: state.words.restored }[item.kind];
    if (did) state.done = say(did, { n: item.number });
    emit("outbox:saved", { id: item.id, number: item.number });
    return "next";
  }
  const status = answer.status;
  const meaning = verdict({
    status,
    redirected: answer.type === "opaqueredirect",
    csrfFailure: Boolean(answer.headers.get("X-CSRF-Failure")),
    renewed: state.renewed.has(item.id),
  });
  if (meaning === "renew") {
    state.renewed.add(item.id);
    await renewCsrfToken().catch(() => {});
    return "again";
  }
  if (meaning === "refused") {
    const data = await answer.json().catch(() => ({}));
    const message = data.refused || say(state.words.refusedStatus, { status });
    change(item.id, (each) => Object.assign(each, { state: "refused", message, conflict: status === 409, next: data.next }));
    if (data.form) showRefusedForm(state, item, data.form);
    state.problem = "";
    return "stop";
  }
  state.problem = meaning; // "signin": the deal waits for a session; "server": sent again later
  return "later";
}

export async function flush(state) {
  if (!state.page || state.sending) return;
  if (!navigator.locks) return sendAll(state);
  // One tab sends at a time (a second tab, the app on the home screen): the others show what it does.
  return navigator.locks.request("jass-outbox-send", { ifAvailable: true }, async (lock) => {
    if (lock) await sendAll(state);
    else retryLater(state, LOCKED_S);
  });
}

function retryLater(state, seconds) {
  clearTimeout(state.retryTimer);
  state.retryTimer = setTimeout(() => flush(state), seconds * 1000);
}

async function sendAll(state) {
  state.sending = true;
  clearTimeout(state.retryTimer);
  paint(state);
  let saved = 0;
  const counting = () => (saved += 1);
  document.addEventListener("outbox:saved", counting);
  try {
    for (;;) {
      const first = mine(state.page)[0];
      if (!first || first.state === "refused") break;
      const outcome = await sendOne(state, first);
      if (outcome === "again") continue;
      if (outcome === "later") {
        retryLater(state, backoff(state.attempt));
        state.attempt += 1;
        break;
      }
      if (outcome === "stop") break;
    }
  } finally {
    document.removeEventListener("outbox:saved", counting);
    state.sending = false;
    paint(state);
    if (saved) setTimeout(() => afterRun(state), 0); // after a correction's own answer: it may leave for the game page
  }
}

function showRefusedForm(state, item, html) {
  // The scorer's form is still empty (or is this very correction): the refused deal goes back into it,
  // its errors beside the fields (as without the outbox). It stays kept at its row too, until it is
  // saved or discarded.
  const form = dealForm();
  if (!form || form.dataset.outbox !== (item.kind === "edit" ? "edit" : "add")) return;
  if (item.kind === "add" && (touched(state, form) || form.dataset.fixing)) return;
  htmx.swap(form.parentElement, html, { swapStyle: "innerHTML", swapDelay: 0, settleDelay: 0 });
  const fresh = dealForm();
  fresh.dataset.fixing = item.id;
  const invalid = fresh.querySelector('[aria-invalid="true"]') || fresh.querySelector(".form-errors");
  if (invalid) {
    if (!invalid.matches("input, select, textarea, button")) invalid.setAttribute("tabindex", "-1");
    invalid.focus();
  }
}

function apply(state, html) {
  state.applying = true;
  try {
    applyAnswer(state, html);
  } finally {
    state.applying = false;
  }
}

function applyAnswer(state, html) {
  const poll = document.getElementById("poll");
  if (poll) htmx.trigger(poll, "htmx:abort"); // an older answer still on its way must not undo this one
  const form = dealForm();
  const kept = form && touched(state, form) ? typedPairs(form) : null;
  const focused = document.activeElement && document.activeElement.name;
  document.querySelectorAll("#deals tr[data-outbox]").forEach((row) => row.remove());
  htmx.swap(document.body, placedHere(html), { swapStyle: "none", swapDelay: 0, settleDelay: 0 });
  const fresh = dealForm();
  if (fresh && fresh !== form) {
    // The next deal looks different now (a row played, a player out): keep what was typed meanwhile.
    remember(state, fresh);
    if (kept) fill(fresh, kept);
    if (form && form.dataset.fixing) {
      fresh.dataset.fixing = form.dataset.fixing; // still the refused deal being fixed, under its number
      fresh.elements.number.value = form.elements.number.value;
      showNumber(fresh, Number(form.elements.number.value));
    } else setNumber(fresh, nextNumber(state));
    if (focused && fresh.elements[focused] && fresh.elements[focused].focus) fresh.elements[focused].focus({ preventScroll: true });
  } else if (form && form.dataset.outbox === "add" && !form.dataset.fixing) {
    const next = nextNumber(state); // a Delete saved, or another phone's deal: the next number moved
    if (Number(form.elements.number.value) !== next) setNumber(form, next);
  }
  paint(state); // the rows still waiting go back on top of the list
  if (!mine(state.page).some((item) => item.state !== "refused")) {
    htmx.trigger(document.body, "deal-saved"); // all sent: a table's status panel asks for its total
  }
}

function placedHere(html) {
  // Only the swaps this page has a place for: a correction's page (its own form, no list) takes none of
  // the game page's parts, and htmx would report each one missing (htmx:oobErrorNoTarget).
  const template = document.createElement("template");
  template.innerHTML = html;
  template.content.querySelectorAll("[hx-swap-oob], [data-hx-swap-oob]").forEach((part) => {
    if (part.id && !document.getElementById(part.id)) part.remove();
  });
  return template.innerHTML;
}
