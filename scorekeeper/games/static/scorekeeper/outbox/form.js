// The deal form: what was typed in it, its number and turn, back to blank for the next deal, a kept deal
// filled in to fix it; and a deal read out of it to keep (queue).

import { nextNumber as numberAfter, lastDeal, turnAfter } from "./numbers.js";
import { emit } from "./state.js";
import { fieldValue, load, mine, newToken, put, sequenceOf } from "./storage.js";

// never typed: the page's own, renewed for each deal or sent by the outbox itself
const NOT_TYPED = ["csrfmiddlewaretoken", "number", "client_token", "revision", "version", "deal_token"];

export function dealForm() {
  return document.getElementById("dealform");
}

/** The numbers of the deals saved, as the list shows them. */
export function savedNumbers() {
  return [...document.querySelectorAll("#deals tr[data-deal]")].map((row) => Number(row.dataset.deal));
}

export function nextNumber(state) {
  return numberAfter(mine(state.page), savedNumbers());
}

export function setNumber(form, number) {
  form.elements.number.value = String(number);
  if (form.elements.client_token) form.elements.client_token.value = newToken();
  showNumber(form, number);
  // a new deal's number: what follows from it moves on (schieber.js: who deals)
  form.dispatchEvent(new CustomEvent("deal:renumbered", { bubbles: true, detail: { number } }));
}

export function showNumber(form, number) {
  // The heading and the button say "Deal 7": the first number in their first text.
  form.querySelectorAll("[data-deal-no]").forEach((element) => {
    const text = element.firstChild;
    if (text && text.nodeType === Node.TEXT_NODE) text.textContent = text.textContent.replace(/\d+/, String(number));
    element.dataset.dealNo = String(number);
  });
}

export function byItself(element) {
  // Set by the page, not typed (who deals next): never counted as typed, kept as it is by a reset.
  return element.hasAttribute("data-by-itself");
}

export function typedPairs(form) {
  const skip = new Set(NOT_TYPED);
  for (const element of form.elements) if (byItself(element)) skip.add(element.name);
  return [...new FormData(form)].filter(([name]) => !skip.has(name));
}

export function fill(form, pairs) {
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

export function typed(form) {
  // Points or a tick: worth a preview. A trump alone is not (its preview would say nothing yet).
  return [...form.elements].some(
    (el) => (["number", "text"].includes(el.type) && el.value !== "") || (el.type === "checkbox" && el.checked),
  );
}

export function touched(state, form) {
  // Anything differs from the empty form: a trump tapped counts, what the scorer did must be kept.
  return JSON.stringify(typedPairs(form)) !== JSON.stringify(state.blank ? state.blank.pairs : []);
}

export function busy(form) {
  // a refused deal being fixed in the form, what was said kept in it, or errors: not the next deal's form
  return Boolean(form.dataset.fixing || form.dataset.held || form.querySelector(".form-errors, .errorlist, [aria-invalid]"));
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

function previewText(state) {
  const preview = document.getElementById("preview");
  if (!preview || state.previewSerial !== state.inputSerial || preview.querySelector(".problem")) return "";
  return preview.textContent.trim().replace(/\s+/g, " ");
}

export function remember(state, form) {
  if (form && !form.dataset.fixing && !form.querySelector(".form-errors, .errorlist")) {
    // A form filled with what was said before the deal (Differenzler's predictions) carries the form the
    // next deal starts from, as the server draws it, in a <template>: that is the blank then.
    const next = form.querySelector("template[data-next-form]");
    const drawn = next ? document.importNode(next.content, true).querySelector("form") : form;
    state.blank = { html: drawn.outerHTML, pairs: typedPairs(drawn), shape: drawn.dataset.shape };
  }
}

export function nextTurns(form, said = (radios) => radios.find((radio) => radio.checked)) {
  // A choice the players take in turns ([data-takes-turns]: Coiffeur's announcing team): the deal just
  // kept ticked one (`said`: as the form shows it, or as a kept deal says it); the next deal offers the
  // other, unless that one has nothing left to play.
  const turns = [];
  for (const group of form.querySelectorAll("[data-takes-turns]")) {
    const radios = [...group.querySelectorAll("input[type=radio]")];
    const choices = radios.map((radio) => ({
      name: radio.name,
      value: radio.value,
      disabled: radio.disabled,
      done: Boolean(form.querySelector(`[data-done="${CSS.escape(radio.value)}"]`)),
    }));
    const turn = turnAfter(choices, choices[radios.indexOf(said(radios))]);
    if (turn) turns.push(turn);
  }
  return turns;
}

export function turnsAfterKept(state, form) {
  // A reload while deals wait: the server's form follows the last deal saved; the next deal follows the
  // last one kept here.
  const last = lastDeal(mine(state.page));
  if (!last) return;
  const said = (radios) => radios.find((radio) => radio.value === fieldValue(last.fields, radio.name));
  takeTurns(state, form, nextTurns(form, said));
}

function takeTurns(state, form, turns) {
  for (const [name, value] of turns) {
    const radio = [...form.querySelectorAll(`input[type=radio][name="${CSS.escape(name)}"]`)].find((r) => r.value === value);
    if (radio) radio.checked = true;
  }
  if (turns.length && state.blank) state.blank.pairs = typedPairs(form); // the turn is the next deal's blank, not typed
}

export function resetForNext(state, form, { turns = [] } = {}) {
  const blank = state.blank;
  const other = blank && blank.shape !== form.dataset.shape; // the next deal's form looks different
  if (blank && (other || form.querySelector(".form-errors, .errorlist, [aria-invalid]"))) {
    htmx.swap("#entry", blank.html, { swapStyle: "innerHTML", swapDelay: 0, settleDelay: 0 });
    form = dealForm();
  } else if (blank) fill(form, blank.pairs);
  else form.reset();
  takeTurns(state, form, turns);
  state.aside = null;
  delete form.dataset.fixing;
  setNumber(form, nextNumber(state));
  state.inputSerial += 1;
  const preview = document.getElementById("preview");
  if (preview) preview.textContent = "";
  const first = form.querySelector("[autofocus]") || form.querySelector("input[type=number]");
  if (first) first.focus();
}

/** A kept deal back in the form, under its own number, to be fixed (the "Fix" at its row). */
export function fixIn(state, form, item) {
  if (!form.dataset.fixing) state.aside = [...form.elements].filter(byItself).map((element) => [element.name, element.value]);
  fill(form, item.fields);
  form.elements.number.value = String(item.number);
  showNumber(form, item.number);
  form.dataset.fixing = item.id;
}

/** The deal in `form` kept on the phone (a fixed deal in its place); its id, or null when the phone's
 * storage is full (said so; the form stays as typed). */
export function queue(state, form, kind) {
  const fields = [...new FormData(form)];
  const number = Number(form.dataset.number || fieldValue(fields, "number"));
  const fixing = form.dataset.fixing;
  const before = fixing && load().find((each) => each.id === fixing);
  const item = {
    id: fixing || (kind === "add" && fieldValue(fields, "client_token")) || newToken(),
    seq: before ? before.seq : sequenceOf(Date.now(), (state.sequence += 1)), // in the order typed, a fix in its place
    game: state.page.game,
    owner: state.page.owner,
    kind,
    url: form.action,
    number,
    fields,
    summary: kind === "add" ? summary(form) : "",
    preview: kind === "add" ? previewText(state) : "",
    state: "pending",
    message: "",
  };
  try {
    put(item);
  } catch {
    window.alert(state.words.storage); // the phone's storage is full: say so, keep the form as typed
    return null;
  }
  state.done = "";
  emit("outbox:queued", { id: item.id, number });
  return item.id;
}
