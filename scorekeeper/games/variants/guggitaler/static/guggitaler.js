// Guggitaler's deal form on a phone (a plain ES module, run once; every listener is on the document, so
// each new form htmx brings works too, and everything is read from the form as it is at each tap).
// Counts: the - and + buttons, what is left to share out, and the last player's count filled in by itself.
// Domino: the names tapped in the order the players went out; the last one is placed by itself; Undo.
// Each change is announced as an "input" event, so the live check (htmx) runs as if it were typed.
document.documentElement.classList.add("gug-js");

const announce = (element) => element.dispatchEvent(new Event("input", { bubbles: true }));
const number = (input) => (input.value === "" ? 0 : parseInt(input.value, 10) || 0);

function share(fieldset) {
  const inputs = [...fieldset.querySelectorAll("input[type=number]")];
  for (const input of inputs) {
    if (input.dataset.auto) {
      input.value = "";
      delete input.dataset.auto;
    }
  }
  const total = Number(fieldset.dataset.total);
  const blank = inputs.filter((input) => input.value === "");
  const rest = total - inputs.reduce((sum, input) => sum + number(input), 0);
  if (blank.length === 1 && inputs.length > 1 && rest >= 0) {
    blank[0].value = String(rest);
    blank[0].dataset.auto = "1";
  }
  const left = total - inputs.reduce((sum, input) => sum + number(input), 0);
  const output = fieldset.querySelector("[data-left]");
  if (output) output.textContent = String(left);
  fieldset.classList.toggle("gug-over", left < 0);
  fieldset.classList.toggle("gug-done", left === 0);
}

function step(button) {
  const input = document.getElementById(button.dataset.for);
  if (!input) return;
  delete input.dataset.auto; // a count tapped is the player's own, no longer the rest
  const high = input.max === "" ? Infinity : Number(input.max);
  input.value = String(Math.max(0, Math.min(high, number(input) + Number(button.dataset.step))));
  share(input.closest(".gug-counts"));
  announce(input);
}

function places(fieldset) {
  return [...fieldset.querySelectorAll("[data-place-row]")].map((row) => ({
    row,
    checked: row.querySelector("input:checked"),
  }));
}

function drawOrder(fieldset) {
  const rows = places(fieldset);
  const placed = new Map(rows.filter((p) => p.checked).map((p, index) => [p.checked.value, index + 1]));
  for (const button of fieldset.querySelectorAll("[data-player]")) {
    const place = placed.get(button.dataset.player);
    button.classList.toggle("placed", Boolean(place));
    button.setAttribute("aria-pressed", place ? "true" : "false");
    button.querySelector("[data-place]").textContent = place ? ` ${place}.` : "";
  }
  const list = fieldset.querySelector("[data-order]");
  list.replaceChildren(
    ...rows.filter((p) => p.checked).map((p) => {
      const item = document.createElement("li");
      item.textContent = `${p.checked.value} (${p.row.dataset.points})`;
      return item;
    }),
  );
  fieldset.querySelector("[data-undo]").disabled = placed.size === 0;
}

function choose(fieldset, row, player, auto) {
  const radio = [...row.querySelectorAll("input[type=radio]")].find((input) => input.value === player);
  radio.checked = true;
  if (auto) radio.dataset.auto = "1";
  else delete radio.dataset.auto;
}

function tap(button) {
  const fieldset = button.closest(".gug-domino");
  const rows = places(fieldset);
  const taken = new Set(rows.filter((p) => p.checked).map((p) => p.checked.value));
  const free = rows.filter((p) => !p.checked);
  if (taken.has(button.dataset.player) || free.length === 0) return;
  choose(fieldset, free[0].row, button.dataset.player, false);
  taken.add(button.dataset.player);
  if (free.length === 2) {
    const players = [...fieldset.querySelectorAll("[data-player]")].map((b) => b.dataset.player);
    const last = players.find((player) => !taken.has(player));
    if (last !== undefined) choose(fieldset, free[1].row, last, true);
  }
  drawOrder(fieldset);
  announce(fieldset.querySelector("input[type=radio]")); // from an input, as htmx's live check listens
}

function undo(button) {
  const fieldset = button.closest(".gug-domino");
  const chosen = places(fieldset).filter((p) => p.checked);
  const last = chosen.pop();
  if (!last) return;
  const wasAuto = Boolean(last.checked.dataset.auto);
  last.checked.checked = false;
  delete last.checked.dataset.auto;
  if (wasAuto && chosen.length) chosen.pop().checked.checked = false; // the tap that placed it by itself
  drawOrder(fieldset);
  announce(last.row.querySelector("input[type=radio]"));
}

document.addEventListener("click", (event) => {
  const target = event.target.closest("button[data-step], button[data-player], button[data-undo]");
  if (!target || !target.closest("form.guggitaler")) return;
  if (target.dataset.step) step(target);
  else if (target.dataset.player !== undefined) tap(target);
  else undo(target);
});

document.addEventListener("input", (event) => {
  const input = event.target;
  if (event.isTrusted && input.matches?.("form.guggitaler .gug-counts input[type=number]")) {
    delete input.dataset.auto;
    share(input.closest(".gug-counts"));
  }
});

function prepare(root) {
  for (const fieldset of root.querySelectorAll?.("form.guggitaler .gug-domino") || []) drawOrder(fieldset);
}
prepare(document);
document.addEventListener("htmx:load", (event) => prepare(event.target));
