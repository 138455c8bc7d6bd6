/** The process-wide patch clock: every table patched every 50 ms, a failing table isolated, stop is stop. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PATCH_MS, startPatching, stopPatching, type Patched } from './patch-clock.ts';

function table(fail = false) {
  const t = {
    patches: 0,
    failures: [] as unknown[],
    broadcastPatch() {
      t.patches++;
      if (fail) throw new Error('broken table');
    },
    patchFailed(err: unknown) {
      t.failures.push(err);
    },
  };
  return t satisfies Patched;
}

describe('patch clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('patches every table once per interval, spread over the slices, and stops when told', () => {
    vi.useFakeTimers();
    const tables = Array.from({ length: 12 }, () => table());
    for (const t of tables) startPatching(t);
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
    startPatching(broken);
    for (const t of fine) startPatching(t);
    vi.advanceTimersByTime(PATCH_MS * 4);
    expect(broken.patches).toBe(4);
    expect(broken.failures).toHaveLength(1);
    for (const t of fine) expect(t.patches).toBe(4);
    for (const t of [broken, ...fine]) stopPatching(t);
  });
});
