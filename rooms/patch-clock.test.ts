/**
 * The process-wide patch clock: every busy table patched every 50 ms, quiet tables passed by until
 * woken or due, a failing table isolated, a long slice cut by the budget, stop is stop.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Clock } from '@colyseus/core';
import { BUDGET_MS, PATCH_MS, QUIET_CAP_MS, fromNow, nextTimerIn, startPatching, stopPatching, wake, type Patched } from './patch-clock.ts';

/** Tables this test started patching (each test's are stopped after it, whatever happened). */
const patching: Patched[] = [];
function patch(t: Patched) {
  patching.push(t);
  startPatching(t);
}

function table(fail = false, busyMs = 0, onPatch?: () => void) {
  const t = {
    patches: 0,
    /** What the next patches return: how long the table says it is quiet. */
    quiet: 0,
    failures: [] as unknown[],
    patch() {
      t.patches++;
      onPatch?.();
      for (const until = performance.now() + busyMs; performance.now() < until; );
      if (fail) throw new Error('broken table');
      return t.quiet;
    },
    patchFailed(err: unknown) {
      t.failures.push(err);
    },
  };
  return t satisfies Patched;
}

describe('patch clock', () => {
  afterEach(() => {
    // A failed test must not leave its tables (or a timer of its fake clock) to the next.
    for (const t of patching.splice(0)) stopPatching(t);
    vi.useRealTimers();
  });

  it('patches every table once per interval, spread over the slices, and stops when told', () => {
    vi.useFakeTimers();
    const tables = Array.from({ length: 12 }, () => table());
    for (const t of tables) patch(t);
    vi.advanceTimersByTime(PATCH_MS * 10);
    for (const t of tables) expect(t.patches).toBe(10);
    // Within one interval each slice's tables patch at their own moment, not all together.
    const before = tables.map((t) => t.patches);
    vi.advanceTimersByTime(PATCH_MS / 5);
    const moved = tables.filter((t, i) => t.patches > before[i]!).length;
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBeLessThan(tables.length);
    for (const t of tables) stopPatching(t);
    const stopped = tables.map((t) => t.patches);
    vi.advanceTimersByTime(PATCH_MS * 10);
    expect(tables.map((t) => t.patches)).toEqual(stopped);
    expect(vi.getTimerCount()).toBe(0); // no timer left once no table is patched
  });

  it('tells a table whose patch throws once, and keeps patching it and every other table', () => {
    vi.useFakeTimers();
    const broken = table(true);
    const fine = Array.from({ length: 6 }, () => table());
    patch(broken);
    for (const t of fine) patch(t);
    vi.advanceTimersByTime(PATCH_MS * 4);
    expect(broken.patches).toBe(4);
    expect(broken.failures).toHaveLength(1);
    for (const t of fine) expect(t.patches).toBe(4);
    for (const t of [broken, ...fine]) stopPatching(t);
  });

  it('lets the event loop read its sockets when a slice has patched for longer than the budget, and still patches every table', () => {
    // Real time for the budget, fake timers for the clock: each patch takes at least a real millisecond.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setImmediate', 'clearImmediate'] });
    const order: string[] = [];
    let ioAt = 0;
    const perSlice = Math.ceil(BUDGET_MS) + 2; // more than the budget's worth of 1 ms patches
    const tables = Array.from({ length: perSlice * 5 }, (_, i) =>
      table(false, 1, () => {
        order.push(`t${i}`);
        if (order.length === 1) {
          setImmediate(() => {
            order.push('io');
            ioAt = performance.now();
          });
        }
      }),
    );
    for (const t of tables) patch(t);
    const before = performance.now();
    vi.advanceTimersByTime(PATCH_MS / 5); // one slice, cut by the budget…
    // …then the rest of the turn: what it read, then the rest of the slice (fake immediates run a fake
    // millisecond on; on a loaded machine a 1 ms patch takes longer and the rest may be cut again).
    const slicePatched = () => order.filter((e) => e !== 'io').length;
    for (let ms = 0; ms < 8 && slicePatched() < perSlice; ms++) vi.advanceTimersByTime(1);
    const io = order.indexOf('io');
    // What the turn read (here the immediate) ran once the budget was spent, before the slice's last patch.
    expect(io).toBeGreaterThan(0);
    expect(io).toBeLessThan(perSlice);
    expect(ioAt - before).toBeGreaterThanOrEqual(BUDGET_MS);
    expect(slicePatched()).toBe(perSlice);
    vi.advanceTimersByTime(PATCH_MS * 4 - PATCH_MS / 5 - 8); // to just before the last slice's tick of the fourth interval
    for (let ms = 0; ms < 9 && tables.some((t) => t.patches < 4); ms++) vi.advanceTimersByTime(1);
    for (const t of tables) expect(t.patches).toBe(4);
    for (const t of tables) stopPatching(t);
    vi.advanceTimersByTime(PATCH_MS * 2);
    for (const t of tables) expect(t.patches).toBe(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes a quiet table by until its next timer is due or something wakes it, and looks at it once a second regardless', () => {
    vi.useFakeTimers();
    const busy = table();
    const quiet = table();
    const asleep = table();
    for (const t of [busy, quiet, asleep]) patch(t);
    vi.advanceTimersByTime(PATCH_MS); // each patched once: all start due
    expect([busy.patches, quiet.patches, asleep.patches]).toEqual([1, 1, 1]);
    quiet.quiet = 175; // its room clock's next timer
    asleep.quiet = Infinity; // nothing pending, no timer
    vi.advanceTimersByTime(PATCH_MS); // they answer "quiet" at this patch
    const [q, a] = [quiet.patches, asleep.patches];
    vi.advanceTimersByTime(150);
    expect(busy.patches).toBe(5);
    expect(quiet.patches).toBe(q); // not yet due
    expect(asleep.patches).toBe(a);
    vi.advanceTimersByTime(PATCH_MS);
    expect(quiet.patches).toBe(q + 1); // its timer came due: looked at within one interval of it
    wake(asleep);
    vi.advanceTimersByTime(PATCH_MS);
    expect(asleep.patches).toBe(a + 1); // woken: patched at its slice's next tick, once
    vi.advanceTimersByTime(QUIET_CAP_MS - 2 * PATCH_MS);
    expect(asleep.patches).toBe(a + 1);
    vi.advanceTimersByTime(2 * PATCH_MS);
    expect(asleep.patches).toBe(a + 2); // however quiet, looked at once a second
    for (const t of [busy, quiet, asleep]) stopPatching(t);
    wake(asleep); // a stopped table is not patched again, woken or not
    vi.advanceTimersByTime(PATCH_MS * 2);
    expect(asleep.patches).toBe(a + 2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads the time to a room clock\'s next timer from its timers', () => {
    const timer = (time: number, elapsedTime: number, active = true, paused = false) => ({ time, elapsedTime, active, paused });
    expect(nextTimerIn({ delayed: [] })).toBe(Infinity);
    expect(nextTimerIn({ delayed: [timer(1000, 250), timer(300, 100), timer(50, 0, false)] })).toBe(200);
    expect(nextTimerIn({ delayed: [timer(100, 150)] })).toBe(0); // overdue: at once
    expect(nextTimerIn({ delayed: [timer(1000, 0), timer(5000, 0, true, true)] })).toBe(0); // a paused timer may resume unseen
  });

  it('counts a timer set on a quiet table’s clock from when it was set, not from the clock’s last tick', () => {
    let now = 10_000;
    const clock = new Clock();
    (clock as unknown as { now(): number }).now = () => now;
    clock.tick(); // the table's last patch
    now += 900; // a quiet table: its clock not ticked since
    const fired: string[] = [];
    fromNow(clock, clock.setTimeout(() => fired.push('counted from now'), 500));
    clock.setTimeout(() => fired.push('counted from the last tick'), 500);
    now += 100;
    clock.tick(); // the next patch, 100 ms after the timers were set
    expect(fired).toEqual(['counted from the last tick']); // 1000 ms handed to a 500 ms timer: early
    now += 399;
    clock.tick();
    expect(fired).toHaveLength(1);
    now += 1;
    clock.tick();
    expect(fired).toEqual(['counted from the last tick', 'counted from now']); // 500 ms after it was set
  });
});

