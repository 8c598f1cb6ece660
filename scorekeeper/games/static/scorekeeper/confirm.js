// Asks before a form with data-confirm is sent (abandoning or deleting a game; a deal's Delete asks nothing,
// Undo brings it back): the policy allows no inline onsubmit handler. One listener on the document also
// covers forms that htmx swaps in later.
document.addEventListener("submit", (event) => {
  const form = event.target.closest("form[data-confirm]");
  if (form && !window.confirm(form.dataset.confirm)) event.preventDefault();
});
