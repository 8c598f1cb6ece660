// When a deal is sent again: how long a send may take, how long the outbox waits after a failed run, and
// what an answer that is not the saved deal means for it. Pure (tests/browser/js/outbox.test.mjs).

export const TIMEOUT_MS = 15000;
export const BACKOFF_S = [1, 2, 4, 8, 15, 30];
export const LOCKED_S = 5; // another tab sends: this one looks again after

/** Seconds to wait after `attempt` runs in a row ended with "later": doubling up to half a minute,
 * spread by a quarter either way (`random` in [0, 1)) so phones cut off together do not return together. */
export function backoff(attempt, random = Math.random()) {
  return BACKOFF_S[Math.min(attempt, BACKOFF_S.length - 1)] * (0.75 + random / 2);
}

/** What an answer that is not the saved deal means: "signin" (the sign-in page, or a token refused again:
 * the deal waits for a session), "renew" (a stale CSRF token: renew it, send again), "refused" (the
 * server's word on the deal: it stays at its row) or "server" (408, 429, 5xx, or a 2xx that is not the
 * outbox's answer, a captive portal: sent again later). */
export function verdict({ status, redirected = false, csrfFailure = false, renewed = false }) {
  if (redirected || (status === 403 && renewed)) return "signin";
  if (status === 403 && csrfFailure) return "renew";
  if (status === 403) return "signin";
  if (status >= 400 && status < 500 && ![408, 429].includes(status)) return "refused";
  return "server";
}
