import { describe, expect, it } from 'vitest';
import { ACTING_LISTED_MS, ActingListing } from './acting-listing.ts';

/** A listing on a clock of its own: `advance` runs what came due. */
function listing() {
  let now = 0;
  const due: { at: number; run: () => void; cleared: boolean }[] = [];
  const written: number[][] = [];
  const acting = new ActingListing(
    (seats) => written.push(seats),
    (run, ms) => {
      const timer = { at: now + ms, run, cleared: false };
      due.push(timer);
      return { clear: () => void (timer.cleared = true) };
    },
    () => now,
  );
  const advance = (ms: number) => {
    now += ms;
    for (const t of due.splice(0).sort((a, b) => a.at - b.at)) {
      if (t.at > now) due.push(t);
      else if (!t.cleared) t.run();
    }
  };
  return { acting, written, advance, pending: () => due.filter((t) => !t.cleared).length };
}

describe('the listing of the seats that must act', () => {
  it('writes a change at once, then at most once an interval, always the latest seats at its end', () => {
    const { acting, written, advance } = listing();
    acting.show([0]);
    expect(written).toEqual([[0]]);
    advance(100);
    acting.show([1]);
    acting.show([2]);
    expect(written).toEqual([[0]]); // within the interval: held
    advance(ACTING_LISTED_MS - 101);
    expect(written).toEqual([[0]]);
    advance(1);
    expect(written).toEqual([[0], [2]]); // the latest, not each
    advance(ACTING_LISTED_MS * 3);
    acting.show([0, 1]); // a quiet interval since: at once
    expect(written).toEqual([[0], [2], [0, 1]]);
  });

  it('writes nothing for the same seats shown again (the projection keeps its list while they stay)', () => {
    const { acting, written, advance } = listing();
    const seats = [3];
    acting.show(seats);
    advance(ACTING_LISTED_MS * 2);
    acting.show(seats);
    acting.show(seats);
    expect(written).toEqual([[3]]);
  });

  it('writes nothing more once stopped (the game over), the write due included', () => {
    const { acting, written, advance, pending } = listing();
    acting.show([0]);
    acting.show([1]);
    expect(pending()).toBe(1);
    acting.stop();
    expect(pending()).toBe(0);
    advance(ACTING_LISTED_MS * 2);
    acting.show([0]);
    expect(written).toEqual([[0]]);
  });
});
