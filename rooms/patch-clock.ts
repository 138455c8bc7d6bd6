/**
 * Patch clock: one process-wide timer sends every table's patches, instead of a `setInterval` per
 * table. Every PATCH_MS / SLICES ms one slice of the tables patches (a new table joins the smallest
 * slice), so each table still patches every PATCH_MS and the work of many tables stays spread over
 * the interval, while the process wakes SLICES times per interval instead of once per table: with
 * hundreds of tables the timers alone had cost a tenth of the busy time.
 */

/** Colyseus' default patch interval: 20 patches a second. */
export const PATCH_MS = 50;
const SLICES = 5;

export interface Patched {
  /** Runs the table's clock and sends its patch (EngineRoom.broadcastPatch). */
  broadcastPatch(): unknown;
  /** Told once when a patch throws; the table and the others go on being patched. */
  patchFailed(err: unknown): void;
}

const slices: Set<Patched>[] = Array.from({ length: SLICES }, () => new Set());
let timer: NodeJS.Timeout | null = null;
let turn = 0;
const failed = new WeakSet<Patched>();

function tick() {
  const slice = slices[turn]!;
  turn = (turn + 1) % SLICES;
  for (const table of slice) {
    try {
      table.broadcastPatch();
    } catch (err) {
      if (!failed.has(table)) {
        failed.add(table);
        table.patchFailed(err);
      }
    }
  }
}

export function startPatching(table: Patched) {
  let smallest = slices[0]!;
  for (const slice of slices) if (slice.size < smallest.size) smallest = slice;
  smallest.add(table);
  timer ??= setInterval(tick, PATCH_MS / SLICES);
}

export function stopPatching(table: Patched) {
  for (const slice of slices) slice.delete(table);
  if (timer && slices.every((s) => s.size === 0)) {
    clearInterval(timer);
    timer = null;
  }
}

/**
 * Takes a Colyseus room off its own patch timer (the patch clock drives it). Colyseus starts one in
 * every room and, with the patch rate off, a 16 ms clock timer unless a simulation interval is set:
 * a placeholder stands in for one (clearing it is a no-op), which also keeps Colyseus from ticking
 * the room clock a second time inside `broadcastPatch`.
 */
export function detachColyseusTimer(room: { patchRate: number | null }) {
  (room as unknown as { _simulationInterval: object })._simulationInterval = {};
  room.patchRate = null;
}
