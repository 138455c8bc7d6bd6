/**
 * The server's clock as the page reckons it. Turn clocks arrive as deadlines in the server's milliseconds since the
 * epoch; a device whose own clock is off (set by hand, a phone's clock never synced) would count them down wrong by
 * as much. Every answer of the server's own HTTP routes carries its `Date` (to the second): the page takes the
 * offset from the answer with the shortest round trip of the last few minutes (a device's clock may be set meanwhile),
 * and corrects only an offset past SKEW_MS, so a synced device's clock, finer than the header, is left as it is. A
 * table's page, which asks the server nothing else over HTTP, asks again now and then (`recheckServerClock`).
 */

/** Offsets up to this are the header's own second and the round trip, not a wrong clock. */
export const SKEW_MS = 2000;

/** How long the offset from one answer is trusted over answers with longer round trips. */
export const TRUSTED_MS = 5 * 60_000;

let offset = 0;
let bestRoundTrip = Infinity;
let bestAt = 0;

/** Takes the server's `Date` header of an answer asked at `sentAt` and received at `receivedAt` (the device's ms). */
export function noteServerDate(date: string | null, sentAt: number, receivedAt: number): void {
  const server = date ? Date.parse(date) : NaN;
  const roundTrip = receivedAt - sentAt;
  if (!Number.isFinite(server) || roundTrip < 0) return;
  // (An answer received before the best one, by the device's clock, came after the clock was set back: its age is unknown.)
  if (roundTrip >= bestRoundTrip && receivedAt >= bestAt && receivedAt - bestAt < TRUSTED_MS) return;
  bestRoundTrip = roundTrip;
  bestAt = receivedAt;
  // The header's second was cut, not rounded: the server's moment lies somewhere in it, its middle the best guess.
  const estimate = server + 500 - (sentAt + roundTrip / 2);
  offset = Math.abs(estimate) > SKEW_MS ? estimate : 0;
}

/** The server's time now, in its milliseconds since the epoch, as the page reckons it. */
export const serverNow = () => Date.now() + offset;

/** How often a table's page asks the server for its clock again: as long as an answer is trusted over slower ones. */
export const RECHECK_MS = TRUSTED_MS;

/** What the checks read of the page's document: whether it is hidden, and when that changes. */
interface Shown {
  readonly hidden: boolean;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/**
 * Has `ask` (a cheap answer of the server's, whose `Date` is noted) asked every RECHECK_MS while the page is shown: a
 * page that stays at a table asks nothing else over HTTP, and would not follow a device's clock set while it plays. A
 * hidden page asks nothing and keeps no timer (no traffic, no tab woken); shown again after a check fell due, it asks
 * at once. Returns the stop.
 */
export function recheckServerClock(ask: () => Promise<unknown>, page: Shown = document): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due = false;
  const check = () => {
    due = false;
    ask().catch(() => undefined); // (the server away a moment: the next check asks again)
    wait();
  };
  const wait = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (page.hidden) due = true;
      else check();
    }, RECHECK_MS);
  };
  const onShown = () => {
    if (!page.hidden && due) check();
  };
  page.addEventListener('visibilitychange', onShown);
  wait();
  return () => {
    clearTimeout(timer);
    page.removeEventListener('visibilitychange', onShown);
  };
}

/** Forgets what was learnt (for tests). */
export function forgetServerClock(): void {
  offset = 0;
  bestRoundTrip = Infinity;
  bestAt = 0;
}
