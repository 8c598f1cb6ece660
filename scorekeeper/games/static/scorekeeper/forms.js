// A refused form puts the keyboard and the screen reader on the first field to fix: after a full page
// load and after htmx swaps a form back in. Django marks such fields aria-invalid and ties the error
// text to them (aria-describedby), so the reader says what is wrong as the field gets focus.
function focusFirstError(root) {
  const field = root.querySelector('[aria-invalid="true"]');
  if (field) {
    field.focus();
    return;
  }
  const alert = root.querySelector(".form-errors[role=alert]");
  if (alert) {
    alert.setAttribute("tabindex", "-1");
    alert.focus();
  }
}

document.addEventListener("DOMContentLoaded", () => focusFirstError(document));
// Only after a post: a spectator poll that swaps the board must not pull focus from what is being typed.
document.addEventListener("htmx:afterSettle", (event) => {
  if (event.detail.requestConfig && event.detail.requestConfig.verb === "post") focusFirstError(event.detail.elt);
});

// A button data-copy="<id>" copies that field's text (an invite link); the policy allows no inline
// onclick. Without the clipboard (an http page, an old browser) the text is selected for a long press.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const field = document.getElementById(button.dataset.copy);
  if (!field) return;
  field.select();
  if (!navigator.clipboard) return;
  navigator.clipboard.writeText(field.value).then(() => {
    button.textContent = button.dataset.copied;
  }, () => {});
});

// Weis in one tap (_weis.html, every deal form with Weis): a button tapped again is no Weis (its "none"
// button), and "other" opens its number field, where the keyboard goes at once. A deal form's own script
// (schieber.js) sees the click after this one: defaultPrevented tells it the Weis was cleared here.
document.addEventListener("click", (event) => {
  const label = event.target.closest(".weis-pick label.choice");
  const input = label && !event.target.matches("input") && label.querySelector("input");
  if (!input || !input.checked || input.value === "") return; // the label's own click checks it
  event.preventDefault();
  const none = input.form.querySelector(`input[name="${CSS.escape(input.name)}"][value=""]`);
  if (!none) return;
  none.checked = true;
  none.dispatchEvent(new Event("input", { bubbles: true })); // the live preview (htmx) and the outbox
  none.dispatchEvent(new Event("change", { bubbles: true }));
});

document.addEventListener("change", (event) => {
  const other = event.target.closest(".weis-pick input[value=other]");
  const field = other && other.checked && document.getElementById(other.dataset.other);
  if (field) field.focus();
});

// The score bar (game.html#scorebar) sticks to the top of the screen: the page keeps that much room
// above a field it scrolls to (scroll-padding-top, app.css), so the field the keyboard goes to after a
// save is never under the bar. Its height changes with a swap (a new bar), a wrap or the offline note.
let barWatched = null;
const barSize = window.ResizeObserver && new ResizeObserver(() => measureBar());

function measureBar() {
  const bar = document.getElementById("scorebar");
  if (bar !== barWatched && barSize) {
    if (barWatched) barSize.unobserve(barWatched);
    if (bar) barSize.observe(bar);
    barWatched = bar;
  }
  const root = document.documentElement;
  if (bar) root.style.setProperty("--scorebar-height", `${Math.ceil(bar.getBoundingClientRect().height) + 8}px`);
  else root.style.removeProperty("--scorebar-height");
}

// After a save the outbox puts the keyboard on the next deal's first field (outbox.js, resetForNext): the
// form is shown from its heading ("Deal 8") just below the bar, when that field then stays in sight.
function showFormTop() {
  const form = document.getElementById("dealform");
  const bar = document.getElementById("scorebar");
  const field = document.activeElement;
  if (!form || !bar || !form.contains(field)) return;
  const below = bar.getBoundingClientRect().height + 6;
  const top = form.getBoundingClientRect().top;
  if (top >= below) return; // its heading is in sight already
  const shift = top - below; // up: the page moves down
  if (field.getBoundingClientRect().bottom - shift <= window.innerHeight) window.scrollBy(0, shift);
}

document.addEventListener("submit", (event) => {
  if (event.target.matches("#dealform[data-outbox=add]")) setTimeout(showFormTop, 0); // after the outbox's focus
});

// The answer may swap the form for another shape (a Jazz game of radio buttons after one of numbers):
// the keyboard stays in the new form, on its first field, and that field in sight below the bar.
let focusSwapped = false;
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const target = event.detail.target;
  if (target && target.id === "entry" && target.contains(document.activeElement)) focusSwapped = true;
});

function firstField(form) {
  return (
    form.querySelector("[autofocus]") ||
    form.querySelector("input[type=number]") ||
    form.querySelector("input:not([type=hidden]):not(:disabled), select, textarea")
  );
}

function keepFocusInSight() {
  const form = document.getElementById("dealform");
  const bar = document.getElementById("scorebar");
  if (focusSwapped && form && (!document.activeElement || document.activeElement === document.body)) {
    const first = firstField(form);
    if (first) first.focus({ preventScroll: true });
  }
  focusSwapped = false;
  const field = document.activeElement;
  if (!field || !bar || !field.closest("#dealform")) return;
  const box = field.getBoundingClientRect();
  const top = getComputedStyle(bar).position === "sticky" ? bar.getBoundingClientRect().bottom : 0;
  if (box.top < top || box.bottom > window.innerHeight) field.scrollIntoView({ block: "nearest" });
}

document.addEventListener("DOMContentLoaded", measureBar);
document.addEventListener("htmx:load", measureBar); // a bar swapped in, out of band too
document.addEventListener("outbox:saved", () => {
  measureBar();
  keepFocusInSight();
});
