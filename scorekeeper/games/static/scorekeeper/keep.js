// The copy of the game page the phone keeps for use without a network (sw.js keeps what the server sends
// at each page load; the deals saved since come back as out-of-band swaps, which the service worker never
// sees). After every answer the server confirmed, and after a poll that brought news, outbox.js rebuilds
// the kept copy from the page itself: the document as it stands, without what the outbox paints there
// (its rows not saved yet, its marks, the banner's words), the form as the next deal's blank form. No
// request is made for it, so no cut network can leave the kept copy older than the last deal saved;
// only where no copy of the server's is kept for this owner yet is the page asked anew (fetchAndKeep).
// The owner rules are sw.js's: the pages are kept for one owner only, marked under OWNER.
// The first part is pure (tests/browser/js/keep.test.mjs); the second works on a document and the caches.

export const PAGES = "jass-pages-v1"; // sw.js's cache of pages
export const OWNER = "/__owner__"; // sw.js's mark of whose pages they are

// htmx's classes of a swap in progress, and the outbox's marks on a saved deal's row
export const TRANSIENT = ["htmx-request", "htmx-swapping", "htmx-settling", "htmx-added"];
export const MARKS = ["outbox-marked", "add", "edit", "delete", "restore", "pending", "refused"];

// the server's headers a kept copy carries on (its Content-Length would not fit the copy's body)
const CARRIED = [
  "content-type",
  "content-language",
  "content-security-policy",
  "cross-origin-opener-policy",
  "permissions-policy",
  "referrer-policy",
  "x-content-type-options",
  "x-frame-options",
  "x-offline-until", // when the owner's session ends: sw.js shows no copy past it
];

// --- pure ----------------------------------------------------------------------------------------------

/** The key sw.js keeps a page under: its address without the query (nor a #fragment). */
export function pageKey(href) {
  return String(href).split("#")[0].split("?")[0];
}

/** Whether the page at `href` is the game (or table) page `game` (its path, the banner's data-game):
 * the page sw.js keeps, not a deal's correction page of the same game. */
export function isKeptPage(href, game) {
  if (!game) return false;
  const here = new URL(href);
  return here.pathname === new URL(game, here).pathname;
}

/** The headers of a kept copy: the server's own (those of the copy kept before, as [name, value] pairs)
 * where they still fit, and what sw.js asks of a page it keeps. */
export function keptHeaders(previous, owner) {
  const headers = [];
  for (const [name, value] of previous || []) {
    const lower = name.toLowerCase();
    if (CARRIED.includes(lower) && !headers.some(([seen]) => seen === lower)) headers.push([lower, value]);
  }
  if (!headers.some(([name]) => name === "content-type")) headers.push(["content-type", "text/html; charset=utf-8"]);
  headers.push(
    ["cache-control", "private, no-cache"],
    ["x-offline-page", owner],
    ["x-offline-owner", owner],
    ["x-offline-kept", "page"], // rebuilt on the phone, not sent by the server (for whoever looks)
  );
  return headers;
}

/** Whether the pages kept under `mark` (the owner they were kept for, or null) must go before a page of
 * `owner` is kept: sw.js's rule, one owner at a time. */
export function mustForget(mark, owner) {
  return mark !== null && mark !== undefined && mark !== owner;
}

/** A class attribute without htmx's classes of a swap in progress and without `also`. */
export function cleanClass(value, also = []) {
  return String(value || "")
    .split(/\s+/)
    .filter((name) => name && !TRANSIENT.includes(name) && !also.includes(name))
    .join(" ");
}

export { basisText } from "./outbox/basis.js"; // the score bar's words while deals wait

// --- the document --------------------------------------------------------------------------------------

function settle(shown, copy) {
  // a field set by the page, not typed (who deals next): its state into the copy's markup
  if (shown.tagName === "SELECT") {
    [...shown.options].forEach((option, index) => copy.options[index]?.toggleAttribute("selected", option.selected));
  } else if (shown.type === "radio" || shown.type === "checkbox") copy.toggleAttribute("checked", shown.checked);
  else if (shown.tagName === "TEXTAREA") copy.textContent = shown.value;
  else copy.setAttribute("value", shown.value);
}

/** The deal form as it stands, as markup: what the page set by itself (who deals, data-by-itself) and the
 * hidden fields (the number) as they are now; what is typed is left out, as the server drew the fields. */
export function formHtml(form) {
  const copy = form.cloneNode(true);
  const fields = (root) => [...root.querySelectorAll("input, select, textarea")];
  const kept = fields(copy);
  fields(form).forEach((shown, index) => {
    if (shown.hasAttribute("data-by-itself") && kept[index]) settle(shown, kept[index]);
  });
  for (const name of ["fixing", "held"]) delete copy.dataset[name];
  return copy.outerHTML;
}

/** The whole page as the phone keeps it: `doc` without what the outbox paints and without what a swap in
 * progress marks; `form` (markup, from formHtml) in place of the deal form shown, if given. */
export function pageHtml(doc, form) {
  const root = doc.documentElement.cloneNode(true);
  const all = (selector, each) => root.querySelectorAll(selector).forEach(each);
  const shown = root.querySelector("#dealform");
  if (shown && form) {
    const holder = doc.createElement("template");
    holder.innerHTML = form;
    const next = holder.content.querySelector("form");
    if (next) shown.replaceWith(next);
  }
  all("#deals tr[data-outbox]", (row) => row.remove());
  all(".outbox-note, .outbox-actions", (element) => element.remove());
  all("#deals tr.outbox-marked", (row) => row.setAttribute("class", cleanClass(row.getAttribute("class"), MARKS)));
  all("#outbox", (banner) => {
    banner.classList.remove("waiting", "refused");
    const text = banner.querySelector("[data-outbox-text]");
    if (text) text.textContent = banner.dataset.saved || "";
  });
  all("#preview, [data-totals-basis]", (element) => element.replaceChildren());
  all("[data-totals-basis]", (element) => element.setAttribute("hidden", ""));
  all("#request-status", (status) => {
    status.setAttribute("hidden", "");
    status.querySelector("[data-request-text]")?.replaceChildren();
  });
  all(".messages", (messages) => messages.remove()); // said once, at the page load they came with
  all("[class]", (element) => {
    const value = cleanClass(element.getAttribute("class"));
    if (value) element.setAttribute("class", value);
    else element.removeAttribute("class");
  });
  return `<!doctype html>\n${root.outerHTML}`;
}

// --- the caches ----------------------------------------------------------------------------------------

let writing = Promise.resolve(); // one write after the other: the last copy made is the one kept

async function forgetUnless(owner) {
  if (!(await caches.has(PAGES))) return; // caches.open would make an empty one
  const mark = await (await caches.open(PAGES)).match(OWNER);
  if (mustForget(mark ? await mark.text() : null, owner)) await caches.delete(PAGES);
}

async function put(key, owner, answer) {
  await forgetUnless(owner);
  const cache = await caches.open(PAGES);
  await cache.put(OWNER, new Response(owner));
  await cache.put(key, answer);
}

function queued(write) {
  if (typeof caches === "undefined") return Promise.resolve(); // no service worker here (plain http)
  writing = writing.then(write).catch(() => {});
  return writing;
}

/** Keeps `html` (pageHtml) as the kept copy of the page at `href`, for `owner`: only over a copy the
 * service worker kept from the server for this very owner (its headers, its policy, carried on). With
 * none (the page's first visit, before the worker looked after it) or another owner's (a tab left open
 * after signing out), the page is asked anew instead, and kept only if the server marks it for `owner`. */
export function keepPage(html, owner, href) {
  const key = pageKey(href);
  return queued(async () => {
    const cache = (await caches.has(PAGES)) ? await caches.open(PAGES) : null;
    const mark = cache && (await cache.match(OWNER));
    const before = cache && (await cache.match(key));
    if (!mark || (await mark.text()) !== owner || !before) return fetchAndKeep(href, owner);
    await cache.put(key, new Response(html, { headers: keptHeaders([...before.headers], owner) }));
  });
}

/** From a page that is not the kept one (a deal's correction page): the game page `game` asked anew and
 * kept as sw.js would keep it, if the server marks it for `owner`. */
export function refreshKept(game, owner) {
  return queued(() => fetchAndKeep(game, owner));
}

async function fetchAndKeep(page, owner) {
  const url = new URL(page, location.href).href;
  const answer = await fetch(url, { credentials: "same-origin", cache: "no-store" });
  const mark = answer.headers.get("X-Offline-Page");
  if (!answer.ok || answer.redirected || !mark || mark !== owner) return;
  await put(pageKey(url), owner, answer);
}
