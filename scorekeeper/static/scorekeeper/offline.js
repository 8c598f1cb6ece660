// The table page without a network: a service worker (/sw.js) keeps the game page and the static files
// this phone last saw. Signing out forgets them, and the deals this sign-in still keeps, after asking.
const STORE = "jass-outbox-v1";

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}

document.addEventListener("submit", async (event) => {
  const form = event.target.closest("form[data-sign-out]");
  if (!form) return;
  event.preventDefault();
  let items = [];
  try {
    items = JSON.parse(localStorage.getItem(STORE)) || [];
  } catch {}
  const owner = form.dataset.owner;
  const waiting = items.filter((item) => item.owner === owner);
  if (waiting.length && !window.confirm(form.dataset.waiting.replace("{n}", String(waiting.length)))) return;
  localStorage.setItem(STORE, JSON.stringify(items.filter((item) => item.owner !== owner)));
  if ("caches" in window) await caches.delete("jass-pages-v1").catch(() => {});
  form.submit();
});
