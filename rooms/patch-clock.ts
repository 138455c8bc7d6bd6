/**
 * Patch clock: one process-wide timer sends every table's patches, instead of a `setInterval` per
 * table. Every PATCH_MS / SLICES ms one slice of the tables patches (a new table joins the smallest
 * slice), so each table still patches every PATCH_MS and the work of many tables stays spread over
 * the interval, while the process wakes SLICES times per interval instead of once per table.
 *
 * Quiet tables are not visited. A table's patch returns how long it has nothing to do (no change to
 * send, no event, no timer of its room clock due); until then, or until something wakes it (`wake`:
 * a change to its state, a message from a client, a new timer), the clock passes it by reading one
 * number. Looking at a quiet table cost 13–19 µs a tick — its clock, its encoder's queue and each
 * client's view are cold memory — which at 20 ticks a second made 200 idle tables 5–7% of a core. A
 * table is still looked at once a second (QUIET_CAP_MS), so a wake that was missed costs a delay,
 * never a lost patch.
 *
 * A slice's patches run for at most BUDGET_MS at a stretch: when every table of a slice has a roll to
 * project and send, the slice's work grows with the number of tables (40 tables, 20–30 ms), and bets
 * read meanwhile waited all of it. Past the budget the rest of the slice waits for the end of the
 * event-loop turn (`setImmediate`), after the I/O the turn has read.
 */

/** Colyseus' default patch interval: 20 patches a second. */
export const PATCH_MS = 50;
const SLICES = 5;
/** Longest stretch of patches before the event loop reads its sockets again. */
export const BUDGET_MS = 4;
/** Longest a table goes without being looked at, however quiet. */
export const QUIET_CAP_MS = 1000;

export interface Patched {
  /**
   * Runs the table's clock and sends its patch (EngineRoom.patch); returns for how many ms the table
   * has nothing to do unless woken (0: look again at the next tick; Infinity: only when woken).
   */
  patch(): number;
  /** Told once when a patch throws; the table and the others go on being patched. */
  patchFailed(err: unknown): void;
}

/** A slice's tables by slot, and when each is next due (0: at the slice's next tick). */
interface Slice {
  tables: (Patched | null)[];
  dueAt: number[];
  free: number[];
  size: number;
}

const slices: Slice[] = Array.from({ length: SLICES }, () => ({ tables: [], dueAt: [], free: [], size: 0 }));
const slots = new Map<Patched, { slice: Slice; slot: number }>();
/** Tables due a patch, in order; a table is in it at most once (a late one is not patched twice). */
const due = new Set<Patched>();
let timer: NodeJS.Timeout | null = null;
let resuming: NodeJS.Immediate | null = null;
let turn = 0;
const failed = new WeakSet<Patched>();

function tick() {
  const slice = slices[turn]!;
  turn = (turn + 1) % SLICES;
  const now = performance.now();
  const { tables, dueAt } = slice;
  for (let slot = 0; slot < dueAt.length; slot++) if (dueAt[slot]! <= now) due.add(tables[slot]!);
  if (!resuming) patchDue();
}

function patchDue() {
  resuming = null;
  const started = performance.now();
  for (const table of due) {
    due.delete(table);
    let quiet = 0;
    try {
      quiet = table.patch();
    } catch (err) {
      if (!failed.has(table)) {
        failed.add(table);
        table.patchFailed(err);
      }
    }
    const at = slots.get(table);
    if (at) at.slice.dueAt[at.slot] = quiet > 0 ? performance.now() + Math.min(quiet, QUIET_CAP_MS) : 0;
    if (due.size > 0 && performance.now() - started >= BUDGET_MS) {
      resuming = setImmediate(patchDue);
      return;
    }
  }
}

/** Something happened at the table: patch it at its slice's next tick. */
export function wake(table: Patched) {
  const at = slots.get(table);
  if (at) at.slice.dueAt[at.slot] = 0;
}

export function startPatching(table: Patched) {
  if (slots.has(table)) return;
  let smallest = slices[0]!;
  for (const slice of slices) if (slice.size < smallest.size) smallest = slice;
  const slot = smallest.free.pop() ?? smallest.tables.length;
  smallest.tables[slot] = table;
  smallest.dueAt[slot] = 0;
  smallest.size++;
  slots.set(table, { slice: smallest, slot });
  timer ??= setInterval(tick, PATCH_MS / SLICES);
}

export function stopPatching(table: Patched) {
  const at = slots.get(table);
  if (at) {
    slots.delete(table);
    at.slice.tables[at.slot] = null;
    at.slice.dueAt[at.slot] = Infinity;
    at.slice.free.push(at.slot);
    at.slice.size--;
  }
  due.delete(table);
  if (timer && slots.size === 0) {
    clearInterval(timer);
    timer = null;
    if (resuming) clearImmediate(resuming);
    resuming = null;
  }
}

/** A room clock's timers as @colyseus/timer keeps them. */
interface TimerClock {
  delayed: { active: boolean; paused: boolean; time: number; elapsedTime: number }[];
}

/** How long until the room clock's next timer is due, in ms (Infinity with none; 0 with a paused one, which may resume unseen). */
export function nextTimerIn(clock: TimerClock): number {
  let next = Infinity;
  for (const delayed of clock.delayed) {
    if (!delayed.active) continue;
    if (delayed.paused) return 0;
    next = Math.min(next, delayed.time - delayed.elapsedTime);
  }
  return Math.max(0, next);
}

/**
 * A new room-clock timer counted from now. A table's clock is ticked only when the table is patched (a
 * quiet one at least every QUIET_CAP_MS), and the first tick after a timer is set hands it all the time
 * since the clock's previous tick: up to a second more than has passed since it was set (a bot moving at
 * once instead of after its delay, a turn clock or a reservation's wait ending early). So the timer
 * starts behind by that gap.
 */
export function fromNow<T extends { elapsedTime: number }>(clock: { currentTime: number }, delayed: T): T {
  return countedFrom(clock, delayed, (clock as unknown as { now(): number }).now()); // (the clock's own time source: Date.now on a server)
}

/** A room-clock timer counted from `since` (a time of the clock's source) instead: what is past of its delay counts. */
export function countedFrom<T extends { elapsedTime: number }>(clock: { currentTime: number }, delayed: T, since: number): T {
  delayed.elapsedTime = clock.currentTime - since;
  return delayed;
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
