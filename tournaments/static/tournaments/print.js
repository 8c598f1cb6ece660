// The print-outs' "Print" button: the content security policy allows no inline onclick handler.
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) window.print();
});
