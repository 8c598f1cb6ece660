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
