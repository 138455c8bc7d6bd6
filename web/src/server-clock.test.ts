/** The page's reckoning of the server's clock, which the turn clocks count against. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetServerClock, noteServerDate, recheckServerClock, RECHECK_MS, serverNow } from './server-clock.ts';
import { clockText } from './turn.ts';

const DEVICE = Date.UTC(2026, 11, 7, 12, 0, 0, 250); // the device's clock, when the server's answer comes
const httpDate = (ms: number) => new Date(ms).toUTCString(); // cut to the second, as a server's `Date` is

afterEach(() => {
  forgetServerClock();
  vi.useRealTimers();
});

describe("the server's clock as the page reckons it", () => {
  it("counts a turn clock against the server's time where the device's clock is a minute and a half slow", () => {
    vi.useFakeTimers({ now: DEVICE });
    const server = DEVICE + 90_000;
    noteServerDate(httpDate(server), DEVICE - 40, DEVICE);
    expect(Math.abs(serverNow() - server)).toBeLessThan(1000);
    // A deadline 30 s ahead on the server's clock: 0:30, not the 2:00 the device's own clock would count.
    expect(clockText(server + 30_000)).toMatch(/^0:(29|30|31)$/);
  });

  it("leaves a synced device's clock as it is: the header's second is coarser than the device's own", () => {
    vi.useFakeTimers({ now: DEVICE });
    noteServerDate(httpDate(DEVICE + 700), DEVICE - 30, DEVICE);
    expect(serverNow()).toBe(DEVICE);
  });

  it('trusts the answer with the shortest round trip, and ignores one without a readable date', () => {
    vi.useFakeTimers({ now: DEVICE });
    noteServerDate(httpDate(DEVICE - 60_000), DEVICE - 20, DEVICE); // fast: the device is a minute ahead
    noteServerDate(httpDate(DEVICE + 5_000), DEVICE - 9_000, DEVICE); // a 9-s round trip: not believed over it
    noteServerDate('not a date', DEVICE - 1, DEVICE);
    noteServerDate(null, DEVICE - 1, DEVICE);
    expect(Math.abs(serverNow() - (DEVICE - 60_000))).toBeLessThan(1000);
  });

  it("takes a later answer's offset once the best one is minutes old: a device's clock set meanwhile is followed", () => {
    vi.useFakeTimers({ now: DEVICE });
    noteServerDate(httpDate(DEVICE - 60_000), DEVICE - 20, DEVICE); // a minute ahead, a fast answer
    // The device's clock set right since: its own time and the server's agree. A slower answer soon after is not
    // believed over the fast one; once that is minutes old, one is.
    const soon = DEVICE + 60_000;
    vi.setSystemTime(soon);
    noteServerDate(httpDate(soon), soon - 200, soon);
    expect(Math.abs(serverNow() - (soon - 60_000))).toBeLessThan(1000);
    const later = DEVICE + 6 * 60_000;
    vi.setSystemTime(later);
    noteServerDate(httpDate(later), later - 200, later);
    expect(serverNow()).toBe(later);
  });

  it("follows a device's clock set back while the page is open: an answer's device time before the best one's is taken", () => {
    vi.useFakeTimers({ now: DEVICE });
    noteServerDate(httpDate(DEVICE - 60 * 60_000), DEVICE - 20, DEVICE); // an hour ahead, a fast answer
    // The device's clock set back the hour: the next check's answer, slower, is taken (its age cannot be told).
    const setBack = DEVICE - 60 * 60_000 + 5 * 60_000;
    vi.setSystemTime(setBack);
    noteServerDate(httpDate(setBack), setBack - 200, setBack);
    expect(serverNow()).toBe(setBack);
  });
});

describe("a table page's checks of the server's clock", () => {
  /** A page's document as the checks read it: shown or hidden, and told when that changes. */
  const page = () => Object.assign(new EventTarget(), { hidden: false });
  const show = (doc: ReturnType<typeof page>, shown: boolean) => {
    doc.hidden = !shown;
    doc.dispatchEvent(new Event('visibilitychange'));
  };

  it('asks once every five minutes while the page is shown, and no more', async () => {
    vi.useFakeTimers({ now: DEVICE });
    const ask = vi.fn(async () => undefined);
    const stop = recheckServerClock(ask, page());
    await vi.advanceTimersByTimeAsync(RECHECK_MS - 1);
    expect(ask).not.toHaveBeenCalled(); // (the page came from an answer: the lobby's, or the table's own listing)
    await vi.advanceTimersByTimeAsync(1);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3 * RECHECK_MS);
    expect(ask).toHaveBeenCalledTimes(4);
    stop();
    await vi.advanceTimersByTimeAsync(3 * RECHECK_MS);
    expect(ask).toHaveBeenCalledTimes(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('asks nothing while the page is hidden, nor keeps a timer for it, and asks at once when shown again after a check fell due', async () => {
    vi.useFakeTimers({ now: DEVICE });
    const ask = vi.fn(async () => undefined);
    const doc = page();
    recheckServerClock(ask, doc);
    show(doc, false);
    await vi.advanceTimersByTimeAsync(6 * RECHECK_MS);
    expect(ask).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0); // a hidden tab is not woken
    show(doc, true);
    expect(ask).toHaveBeenCalledTimes(1);
    // Hidden and shown again before the next is due: nothing more, the pace kept.
    await vi.advanceTimersByTimeAsync(RECHECK_MS / 2);
    show(doc, false);
    show(doc, true);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RECHECK_MS / 2);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('goes on after a check that failed (the server away a moment)', async () => {
    vi.useFakeTimers({ now: DEVICE });
    const ask = vi.fn(() => Promise.reject(new Error('offline')));
    recheckServerClock(ask, page());
    await vi.advanceTimersByTimeAsync(2 * RECHECK_MS);
    expect(ask).toHaveBeenCalledTimes(2);
  });
});
