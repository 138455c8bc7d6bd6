/**
 * Shutdown: what a table does when its process is stopped (SIGTERM), when its game goes on at a peer, and
 * when it is disposed.
 */
import { SYSTEM } from '../src/core/game.ts';
import { roomSettings } from './settings.ts';
import type { Table } from './table.ts';

/** The shortest wait for a game's journal to reach Redis before it is handed over. */
const DRAIN_MS = 5000;

/**
 * A stopping process (run.ts): by when it should be done (set at SIGTERM, the grace period from then), and how
 * many games it handed over with moves Redis had not stored (the peer resumes without them: exit 1).
 */
export const stopState = { deadline: 0, undrained: 0 };

/**
 * SIGTERM: tables still waiting or finished close at once. A running game that is journaled is handed
 * over to a peer; without Redis it may go on for the grace period (clients are told) and closes when it
 * ends or the grace runs out.
 */
export async function beforeShutdown(room: Table) {
  room.closing = true;
  if (room.state.status !== 'playing') return close(room, 4001);
  const seq = room.journal.seq;
  if (room.journal.owned) {
    // Hand over: the game is journaled, so a peer resumes it as soon as this process stops beating;
    // players rejoin there with their seat tokens (client/rejoin.ts).
    letGo(room);
    // Every move stored before the peer takes over: within what is left of the grace, and never less than DRAIN_MS.
    if (!(await room.journal.drained(Math.max(DRAIN_MS, stopState.deadline - Date.now())))) {
      stopState.undrained++;
      room.log.error({ seq: room.journal.seq }, 'handed over with moves Redis has not stored: the peer resumes without them');
    }
    room.announce({ seq: room.journal.seq, actor: SYSTEM, events: [{ type: 'serverClosing', graceSeconds: 0, handover: true }] });
    room.flush();
    return room.disconnect(4001);
  }
  const graceSeconds = roomSettings.shutdownGraceSeconds;
  room.announce({ seq, actor: SYSTEM, events: [{ type: 'serverClosing', graceSeconds }] });
  room.clock.setTimeout(() => void close(room, 4001), graceSeconds * 1000);
}

/**
 * Closes the table and its connections. Its seat reservations not yet used go first: Colyseus keeps a closing
 * table open for them until they lapse (15 s), a stopping process with it, and one used meanwhile seats its
 * player at the closing table, which then holds the process until it is killed. Refused now, their holders
 * are told the reservation expired (as for any table that closed) and ask again.
 */
export function close(room: Table, code: number) {
  room.seats.dropReservations();
  return room.disconnect(code);
}

/**
 * The game goes on at a peer (handed over at shutdown, or taken over while this process stalled): this
 * copy stops playing, refuses moves and joins, and leaves what the game owns in Redis to the peer (the
 * journal, the creator's open-table count, the invite code). Reservations made here will not be used:
 * dropped, so that the copy closes as soon as its clients are gone instead of when they expire.
 */
export function letGo(room: Table) {
  room.handingOver = true;
  room.timers.clearAll();
  room.seats.dropReservations();
}

/** The table closes: a running game nobody plays any more is forgotten, its invite code withdrawn. */
export function dispose(room: Table) {
  room.timers.clearAll();
  if (room.handingOver) return; // the game, its journal and its invite code are the peer's now
  if (room.state.status !== 'over') room.journal.abandon();
  return room.inviteCode.withdraw();
}
