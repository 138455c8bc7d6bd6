/**
 * How long a table stays open for players who are away: RECONNECT_SECONDS. While nobody is there the
 * game waits too (paused: no SYSTEM move, no bot, no turn clock — the bots do not play the absent players'
 * seats, and a table nobody watches costs nothing); the first client back resumes it. Each wait ends by
 * handing the decision back to Colyseus, which closes the table if nobody is there (a dropped player's
 * reconnection hold counting as someone).
 *
 * - A recovered game (taken over from a dead process) waits for its players to come back with their seat
 *   tokens; then the seats of those who did not are the bots' (free again before the start).
 * - A running game its last client left (a player who went to the lobby, a hold that ran out) stays open
 *   instead of closing at once and ending the game; the wait starts anew when the last one leaves after a
 *   player came back, not after spectators only (else one who looked in every minute would keep a table its
 *   players abandoned open for good). A game of bots only closes as before.
 * - A finished game no player is at any more stays open as long, once, for its result, record and verification
 *   to be seen by whoever follows its link (a friend, a player back from the lobby), as when its players close
 *   their tabs; then it closes, its spectators with it (close code 1000). A finished table counts toward its
 *   creator's open tables while open (front-door.ts): watched for good, another address's spectators would
 *   hold its creator at its table cap for as long as they liked. A game of bots nobody watches closes as before.
 * - A table waiting for players that its players all left closes at once, or with spectators there once
 *   RECONNECT_SECONDS pass with no player back since the last left (charged to its creator too); a recovered one
 *   whose players did not come back within its wait closes then. A spectator's own table waiting for players,
 *   where no player has sat, stays as long as they watch.
 */
import { CloseCode, type Delayed } from '@colyseus/core';
import { roomSettings } from './settings.ts';
import { close } from './shutdown.ts';
import type { Table } from './table.ts';

export class ReclaimWait {
  private readonly room: Table;
  private wait: Delayed | null = null;
  /** The running wait is a recovered game's (the last client leaving does not shorten or restart it). */
  private recovering = false;
  /** A wait has started (the table emptied) and no seated player has come since: spectators leaving do not start another. */
  private waitedForPlayers = false;
  /** The finished game's wait has run or runs: it is not started again. */
  private overWaited = false;
  /** A player has sat at this table (one waiting for players with spectators only was left by its players). */
  private playerCame = false;
  /** The spectators of a table waiting for players that its players left are closed when this runs out. */
  private watchersOnly: Delayed | null = null;

  constructor(room: Table) {
    this.room = room;
  }

  /** The game waits for its players: a wait runs and no client is connected (timers.ts reads it). */
  paused(): boolean {
    return this.wait !== null && this.room.clients.length === 0;
  }

  /** A recovered game: nobody is connected yet. */
  recovered() {
    const room = this.room;
    this.recovering = true;
    // Seat tokens journaled: players had sat at it (a spectator's own table waiting for players has none).
    this.playerCame = room.seats.records.some((r) => !r.bot && r.token);
    this.start(() => {
      this.recovering = false;
      room.seats.releaseAbsent();
      room.projection.syncSeats();
      room.timers.reconcile();
      // Its players had their time to come back; the clients that left meanwhile were not counted (left()).
      // (Over: its spectators are closed after the finished table's wait; with nobody there it closes now.)
      if (room.state.status === 'over') this.overLeft();
      else if (room.state.status === 'waiting' && this.playerCame && !room.seats.playerHere()) this.closeWatched();
    });
  }

  /**
   * A client left: the last one, at a running game a player may take back, leaves the table waiting for them;
   * at a finished game, open to be seen a while.
   */
  left() {
    const room = this.room;
    if (room.closing || room.handingOver || this.recovering) return;
    if (room.state.status === 'over') return this.overLeft();
    if (room.state.status === 'waiting') return this.waitingLeft();
    if (room.clients.length > 0) return;
    if (room.state.status !== 'playing') return;
    if (!room.seats.records.some((r) => !r.bot && r.token)) return;
    // Spectators only since the wait started: it runs on (paused again), or, over, the table closes.
    if (this.waitedForPlayers) return room.timers.reconcile();
    this.start(() => undefined);
    room.timers.reconcile(); // paused: the pending SYSTEM, bot and clock timers go
  }

  /**
   * A table waiting for players that its last player left closes at once, unless someone watches it: then it waits
   * RECONNECT_SECONDS for a player, and closes its spectators if none came. Charged to its creator while open
   * (front-door.ts), it was kept open for as long as another address's spectator stayed. A spectator's own table
   * waiting for players, where no player has sat yet, stays theirs.
   */
  private waitingLeft() {
    const room = this.room;
    // Also with nobody there: a spectator's reservation keeps the table open, and they would hold it once joined
    // (with none, Colyseus closes the table now, and its clock with it).
    if (!this.playerCame || this.watchersOnly || room.seats.playerHere()) return;
    this.watchersOnly = room.clock.setTimeout(() => {
      this.watchersOnly = null;
      if (room.state.status === 'waiting' && !room.seats.playerHere()) this.closeWatched();
    }, roomSettings.reconnectSeconds * 1000);
  }

  /**
   * The game is over (it may end with only spectators there, its players gone), or a client left it: once no
   * player is at it, the table waits for whoever follows its link, once, then closes whoever watches.
   */
  overLeft() {
    const room = this.room;
    if (room.closing || room.handingOver || this.recovering || room.seats.playerHere()) return;
    if (this.overWaited) {
      if (!this.wait) this.closeWatched(); // (nobody there: Colyseus closes it)
      return;
    }
    const people = room.seats.records.some((r) => !r.bot);
    if (!people && room.clients.length === 0) return; // bots only, unwatched: closes at once
    this.overWaited = true;
    const ended = () => {
      if (!room.seats.playerHere()) this.closeWatched();
    };
    if (people) return this.start(ended);
    // A game of bots nobody played in still closes as soon as its last watcher leaves: no wait for link followers.
    this.wait = room.clock.setTimeout(() => {
      this.wait = null;
      ended();
    }, roomSettings.reconnectSeconds * 1000);
  }

  /**
   * A table with spectators only: they would keep it open for as long as they stay. (Its unused reservations go
   * with it: one used after would seat its player alone at a table nobody can find any more.)
   */
  private closeWatched() {
    const room = this.room;
    if (room.clients.length > 0 && !room.closing && !room.handingOver) void close(room, CloseCode.NORMAL_CLOSURE);
  }

  /** A seated player took or took back their seat. */
  seated() {
    this.waitedForPlayers = false;
    this.playerCame = true;
    // A table waiting for players: its wait counts again from when this one leaves, if they do.
    this.watchersOnly?.clear();
    this.watchersOnly = null;
  }

  private start(ended: () => void) {
    const room = this.room;
    this.waitedForPlayers = true;
    this.wait?.clear();
    room.autoDispose = false;
    this.wait = room.clock.setTimeout(() => {
      this.wait = null;
      ended();
      room.autoDispose = true;
    }, roomSettings.reconnectSeconds * 1000);
  }
}
