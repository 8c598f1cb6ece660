// Differenzler's predictions without a network: "Save predictions" could not reach the server (no network,
// no answer in time), so the predictions stay in this form, on this phone, and the card points are asked
// for at once. The deal then carries both through the outbox, like any deal typed offline: nothing the
// table said is lost, and the form says they are not saved yet. (A module: it runs once per page.)
function keepOnThisPhone(event) {
  const button = event.detail.elt;
  if (!(button instanceof HTMLElement) || !button.matches(".dz-save-predictions")) return;
  const form = button.form;
  const note = form.querySelector("[data-on-phone]");
  form.classList.remove("dz-asking"); // the card points and the deal's save button show
  form.querySelectorAll(".dz-step").forEach((step) => { step.hidden = step !== note; });
  button.remove(); // Enter now saves the deal
  form.dataset.shape = "predictions-on-phone"; // not as drawn: the outbox draws the next deal's form anew
  form.dataset.held = "heldPredictions"; // the outbox's banner says so, not "All saved"
  form.dispatchEvent(new CustomEvent("deal:held", { bubbles: true }));
  const first = form.querySelector(".dz-grid tr.made input");
  if (first) first.focus({ preventScroll: true });
}

document.addEventListener("htmx:sendError", keepOnThisPhone);
document.addEventListener("htmx:timeout", keepOnThisPhone);
