// What the score bar says the totals stand on while deals wait: painted with the page's first paint,
// so it needs nothing loaded later (keep.js, which re-exports it, may never arrive on a cut network).
/** What the totals stand on while deals wait (outbox.js): "Totals as of deal 4; 2 deals waiting".
 * `words` holds the banner's data- words: basisOne/basisMany ({deal}, {n}) and basisNoneOne/basisNoneMany
 * ({n}) when no deal is saved yet; basisChangeOne/basisChangeMany when what waits is not only new deals
 * (a correction, a Delete, an Undo). Empty when nothing waits. */
export function basisText(words, saved, waiting, changes = false) {
  if (!waiting) return "";
  const kind = changes && saved ? "Change" : !saved ? "None" : "";
  const key = `basis${kind}${waiting === 1 ? "One" : "Many"}`;
  return String(words[key] || "").replace(/\{(\w+)\}/g, (all, name) =>
    name === "n" ? String(waiting) : name === "deal" ? String(saved) : all,
  );
}
