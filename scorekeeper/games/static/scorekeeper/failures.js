// Every htmx request that fails says so, on every page: a 4xx, a 5xx, no network, a time-out. htmx swaps
// nothing on a failure (base.html's responseHandling), so the form keeps what was typed; this says what
// to do. A refused CSRF token is renewed at once, so tapping again works. The live preview stays quiet
// (data-quiet): the outbox's banner already speaks for the deal form. A poll that fails (data-poll)
// says the live updates are paused: nothing typed is at stake. A request marked data-offline-ok carries
// on without a network by itself (Differenzler's predictions) and says so there.
const box = document.getElementById("request-status");

function show(text) {
  if (!box) return;
  box.querySelector("[data-request-text]").textContent = text;
  box.hidden = false;
}

function failed(event, status) {
  const elt = event.detail.elt;
  if (!box || (elt && elt.closest("[data-quiet]"))) return;
  if (status === 0 && elt && elt.closest("[data-offline-ok]")) return; // it goes on without a network itself
  const words = box.dataset;
  if (elt && elt.closest("[data-poll]")) show(words.live); // nothing typed is at stake: say so calmly
  else if (status === 0) show(navigator.onLine ? words.noAnswer : words.offline);
  else if (status === 403 && event.detail.xhr.getResponseHeader("X-CSRF-Failure")) {
    fetch("/csrf/", { credentials: "same-origin", cache: "no-store" })
      .then((answer) => answer.json())
      .then(({ token }) => document.body.setAttribute("data-hx-headers", JSON.stringify({ "X-CSRFToken": token })))
      .catch(() => {});
    show(words.csrf);
  } else if (status === 403) show(words.forbidden);
  else if (status === 404) show(words.gone);
  else if (status >= 500) show(words.server);
  else show(words.refused.replace("{status}", String(status)));
}

document.addEventListener("htmx:responseError", (event) => failed(event, event.detail.xhr.status));
document.addEventListener("htmx:sendError", (event) => failed(event, 0));
document.addEventListener("htmx:timeout", (event) => failed(event, 0));
document.addEventListener("htmx:afterRequest", (event) => {
  if (box && !box.hidden && event.detail.successful && event.detail.xhr.status < 400) box.hidden = true;
});
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-request-close]")) box.hidden = true;
});
