// The Schieber deal form on a phone: an ordinary deal is four touches (a trump, two digits, Enter).
// A tapped button (trump, team, Weis, Stöck, "pushed") never takes the focus from the number being typed,
// so the phone's number keyboard stays open; on a keyboard the letter on a trump picks it and Enter saves.
// Who deals moves on a seat a deal by itself, also for deals typed offline (the outbox renumbers the form).
// A module: it runs once however often htmx swaps the form in, so every listener is on the document.

const FORM = "form#dealform.schieber";

function dealForm() {
  return document.querySelector(FORM);
}

function said(element) {
  element.dispatchEvent(new Event("input", { bubbles: true })); // the live preview (htmx) and the outbox
  element.dispatchEvent(new Event("change", { bubbles: true }));
}

// --- the number keyboard stays open -----------------------------------------------------------------

let keyboardShown = false; // the phone opens its keyboard only for a focus the scorer's own tap asked for

function typingField(form) {
  const active = document.activeElement;
  if (active && active.form === form && active.type === "number") return active;
  return form.elements.points;
}

function keepTyping(form, field = typingField(form)) {
  if (!field) return;
  if (!keyboardShown && document.activeElement === field) field.blur(); // autofocus showed no keyboard yet
  field.focus({ preventScroll: true });
  keyboardShown = true;
}

function pick(input) {
  if (input.type === "checkbox") input.checked = !input.checked;
  else input.checked = true;
  said(input);
}

document.addEventListener("pointerdown", (event) => {
  const label = event.target.closest(`${FORM} label.choice`);
  if (label) event.preventDefault(); // the focus stays where the digits go
  else if (event.target.closest(`${FORM} input[type=number]`)) keyboardShown = true;
});

document.addEventListener("click", (event) => {
  const label = event.target.closest(`${FORM} label.choice`);
  if (!label || event.target.matches("input")) return; // the radio itself: the keyboard's own Space
  const input = label.querySelector("input");
  if (!input) return;
  const cleared = event.defaultPrevented; // a Weis tapped again, set to none by forms.js
  event.preventDefault(); // not the label's own click, which would move the focus to the radio
  const typing = typingField(input.form);
  if (!cleared) pick(input);
  const other = input.dataset.other && input.checked && document.getElementById(input.dataset.other);
  keepTyping(input.form, other || typing);
});

// --- the keyboard: a letter a trump, Enter saves ----------------------------------------------------

document.addEventListener("keydown", (event) => {
  const form = event.target.closest && event.target.closest(FORM);
  if (!form || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  if (event.target.matches("select, textarea, summary, button")) return;
  if (event.key === "Enter" && event.target.matches("input[type=radio], input[type=checkbox]")) {
    event.preventDefault(); // a tapped choice holds no focus, but one reached with Tab may
    form.requestSubmit();
    return;
  }
  if (event.key.length !== 1) return;
  const label = form.querySelector(`label.choice[data-key="${CSS.escape(event.key.toLowerCase())}"]`);
  if (!label) return;
  event.preventDefault(); // never typed into the points ("e" would be an exponent there)
  const input = label.querySelector("input");
  input.checked = true;
  said(input);
});

// --- what a trump or a Match asks ------------------------------------------------------------------

document.addEventListener("change", (event) => {
  const input = event.target;
  const form = input.form;
  if (!form || !form.matches(FORM) || !input.checked) return;
  if (input.name === "trump" && input.hasAttribute("data-no-stoeck")) {
    // no trump suit, no Stöck: the engine would refuse it (CSS says why the buttons are gone)
    const none = form.querySelector('input[name="stoeck"][value=""]');
    if (none && !none.checked) {
      none.checked = true;
      said(none);
    }
  } else if (input.name === "match") {
    // a game with a counter-match bonus of its own asks every Match who announced
    const question = form.querySelector("details.announcer-question[data-for-match]");
    if (question) question.open = true;
  }
});

// --- who deals ------------------------------------------------------------------------------------

function seatNames(select) {
  return [...select.options].filter((option) => option.value !== "").map((option) => option.text);
}

function announce(form) {
  const select = form.elements.dealer_seat;
  const words = form.querySelector(".turn .announcer");
  if (!select || !words) return;
  const names = seatNames(select);
  const dealer = Number(select.value);
  if (!dealer || dealer > names.length) {
    words.textContent = "";
    return;
  }
  const after = dealer % names.length; // the next seat announces, counted from 0
  const partner = (after + names.length / 2) % names.length;
  words.textContent = form.elements.pushed && form.elements.pushed.checked
    ? words.dataset.pushedTo.replace("{pusher}", names[after]).replace("{name}", names[partner])
    : words.dataset.announces.replace("{name}", names[after]);
}

let dealt = null; // the last deal this phone sent: its number and dealer, where the next ones count from

document.addEventListener(
  "submit",
  (event) => {
    const form = event.target;
    if (!form.matches(FORM) || form.dataset.outbox !== "add" || !form.elements.dealer_seat.value) return;
    dealt = { number: Number(form.elements.number.value), dealer: Number(form.elements.dealer_seat.value) };
    form.elements.dealer_seat.dataset.dealerFor = String(dealt.number); // a kept deal being fixed: its own
  },
  true, // before the outbox empties the form for the next deal
);

document.addEventListener("deal:renumbered", (event) => {
  const form = event.target;
  const select = form.matches && form.matches(FORM) && form.elements.dealer_seat;
  if (!select) return;
  const number = event.detail.number;
  const shown = { number: Number(select.dataset.dealerFor), dealer: Number(select.value) };
  if (shown.number === number || !shown.dealer) return;
  // from the latest deal before this one whose dealer is known: a seat on for every deal since (or back,
  // for every deal a Delete took away)
  const base = dealt && dealt.number < number && dealt.number >= shown.number ? dealt : shown;
  const seats = seatNames(select).length;
  select.value = String(((base.dealer - 1 + number - base.number) % seats + seats) % seats + 1);
  select.dataset.dealerFor = String(number);
  announce(form);
});

document.addEventListener("change", (event) => {
  const form = event.target.form;
  if (form && form.matches(FORM) && ["dealer_seat", "pushed"].includes(event.target.name)) announce(form);
});

const first = dealForm();
if (first) announce(first);
