// What the outbox shows: its deals not saved yet as rows on top of the list, its marks on the saved rows a
// correction, a Delete or an Undo waits for, the banner's words, and the score bar's basis. Painted anew
// from the kept deals after every change; nothing here is kept.

import { basisText } from "./basis.js";
import { dealForm, savedNumbers } from "./form.js";
import { say } from "./state.js";
import { mine } from "./storage.js";

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

function actions(words, item) {
  const box = document.createElement("span");
  box.className = "outbox-actions";
  if (item.kind === "add" && item.conflict && item.next) {
    box.append(button(say(words.renumber, { n: item.next }), "renumber", item.id));
  } else if (item.kind === "add") box.append(button(words.fix, "fix", item.id));
  box.append(button(words.discard, "discard", item.id, "btn small danger"));
  return box;
}

function note(words, item) {
  const span = document.createElement("span");
  span.className = `outbox-note ${item.state}`;
  span.setAttribute("role", item.state === "refused" ? "alert" : "status");
  const kind = { add: words.pending, edit: words.correction, delete: words.deleting, restore: words.restoring }[item.kind];
  span.textContent = item.state === "refused" ? item.message : kind;
  return span;
}

function pendingRow(words, item, columns) {
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
  deal.append(note(words, item));
  if (item.state === "refused") deal.append(actions(words, item));
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

function markRow(words, item, body, columns) {
  const row = document.querySelector(`#deals tr[data-deal="${item.number}"]`);
  if (!row) {
    if (body) body.prepend(pendingRow(words, item, columns)); // its deal is gone: still shown, to discard
    return;
  }
  row.classList.add("outbox-marked", item.kind, item.state);
  const deal = row.cells[1];
  deal.append(note(words, item));
  if (item.state === "refused") deal.append(actions(words, item));
}

export function paint(state) {
  if (!state.page) return;
  document.querySelectorAll("#deals tr[data-outbox]").forEach((row) => row.remove());
  document.querySelectorAll("#deals tr.outbox-marked").forEach((row) => {
    row.classList.remove("outbox-marked", "edit", "delete", "restore", "pending", "refused");
    row.querySelectorAll(".outbox-note, .outbox-actions").forEach((el) => el.remove());
  });
  const items = mine(state.page);
  const body = document.querySelector("#deals tbody");
  const columns = document.querySelectorAll("#deals thead th").length;
  for (const item of items) {
    if (item.kind === "add" && body) body.prepend(pendingRow(state.words, item, columns));
    else markRow(state.words, item, body, columns);
  }
  paintBanner(state, items);
  paintBasis(state, items);
}

function paintBasis(state, items) {
  // The score bar tells the truth as the banner does, in sight while the banner is scrolled away: while
  // deals wait, what the totals stand on (the last deal saved, how many wait); else "All saved". The
  // element is drawn again with the totals by every swap, so it is filled here, after each.
  const basis = document.querySelector("[data-totals-basis]");
  if (!basis) return;
  const { words } = state;
  const form = dealForm();
  const held = form && form.dataset.held ? words[form.dataset.held] : "";
  let text = held || words.saved;
  const changes = items.some((item) => item.kind !== "add"); // a correction waiting is no deal waiting
  if (items.length) text = basisText(words, Math.max(0, ...savedNumbers()), items.length, changes);
  if (basis.textContent !== text) basis.textContent = text;
  basis.classList.toggle("saved", !items.length && !held);
  basis.hidden = !text;
}

function paintBanner(state, items) {
  const { banner, words } = state;
  const text = banner.querySelector("[data-outbox-text]");
  const form = dealForm();
  // something said and kept in the form alone, until the deal takes it (predictions.js, offline)
  const held = form && form.dataset.held ? words[form.dataset.held] : "";
  banner.classList.toggle("waiting", items.length > 0 || Boolean(held));
  banner.classList.toggle("refused", items.some((item) => item.state === "refused"));
  if (!items.length) {
    text.textContent = held || (state.done ? `${words.saved} · ${state.done}` : words.saved);
    return;
  }
  const count = items.length === 1 ? words.one : say(words.many, { n: items.length });
  const refused = items.find((item) => item.state === "refused");
  let why = state.sending && !state.problem ? words.sending : words[state.problem || "waiting"];
  if (refused) why = say(words.refused, { n: refused.number });
  else if (!navigator.onLine) why = words.offline;
  text.textContent = `${count}: ${why}`;
}
