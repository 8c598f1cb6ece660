// The table page without a network: a service worker (/sw.js) keeps the game page and the static files
// this phone last saw. Signing out forgets them, and the deals this sign-in still keeps, after asking.
const PREFIX = "jass-outbox-v1:"; // outbox.js keeps each deal under its own key

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}

document.addEventListener("submit", async (event) => {
  const form = event.target.closest("form[data-sign-out]");
  if (!form) return;
  event.preventDefault();
  const owner = form.dataset.owner;
  const keys = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    if (!key || !key.startsWith(PREFIX)) continue;
    try {
      if (JSON.parse(localStorage.getItem(key)).owner === owner) keys.push(key);
    } catch {
      // not ours to read
    }
  }
  if (keys.length && !window.confirm(form.dataset.waiting.replace("{n}", String(keys.length)))) return;
  keys.forEach((key) => localStorage.removeItem(key));
  if ("caches" in window) await caches.delete("jass-pages-v1").catch(() => {});
  form.submit();
});
