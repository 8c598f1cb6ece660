// Jazz counts: the - and + buttons beside each player's number, for thumbs rather than keyboards.
// The change is announced as an "input" event, so the live check (htmx) runs as if it were typed.
// Loaded again with every new form (htmx runs the form's script tag): listen only once.
if (!window.jazzSteppers) {
  window.jazzSteppers = true;
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-step]");
    const input = button && document.getElementById(button.dataset.for);
    if (!input) return;
    const high = input.max === "" ? Infinity : Number(input.max);
    const next = (parseInt(input.value, 10) || 0) + Number(button.dataset.step);
    input.value = String(Math.max(0, Math.min(high, next)));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
