// The table page without a network: a service worker (/sw.js) keeps the game page and the static files
// this phone last saw. Signing out forgets them, and the deals this sign-in still keeps (the outbox's,
// outbox/storage.js), after asking.
import { ownerKeys } from "./outbox/storage.js";

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}

document.addEventListener("submit", async (event) => {
  const form = event.target.closest("form[data-sign-out]");
  if (!form) return;
  event.preventDefault();
  const keys = ownerKeys(form.dataset.owner, localStorage);
  // the question in the singular for one deal (its words in base.html, as the outbox's data-one/data-many)
  const question = keys.length === 1 ? form.dataset.waitingOne : form.dataset.waitingMany;
  if (keys.length && !window.confirm(question.replace("{n}", String(keys.length)))) return;
  keys.forEach((key) => localStorage.removeItem(key));
  if ("caches" in window) await caches.delete("jass-pages-v1").catch(() => {});
  form.submit();
});
