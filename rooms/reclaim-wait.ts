/**
 * How long a table stays open for players who are away: RECONNECT_SECONDS. While no player is there the
 * game waits too (paused: no SYSTEM move, no bot, no turn clock — the bots do not play the absent players'
 * seats, and a table nobody plays at costs nothing), whether or not spectators watch it; the first player back
 * resumes it. Each wait ends by handing the decision back to Colyseus, which closes the table if nobody is there
 * (a dropped player's reconnection hold counting as someone); where no player came back, the table closes, its
 * spectators with it (close code 1000). A wait that runs out while a seat's token holder has a reservation not
 * yet used goes on until it is used or lapses (waitOver).
 *
 * - A recovered game (taken over from a dead process) waits for its players to come back with their seat
 *   tokens (a waiting one at most RECONNECT_SECONDS_BEFORE_START, as a dropped player's seat is held before the
 *   start); then the seats of those who did not are the bots' (free again before the start). A running one no
 *   player came back to closes then, its spectators with it (close code 1000).
 * - A running game its last player left (a player who went to the lobby, a hold that ran out) stays open
 *   instead of closing at once and ending the game; the wait starts anew when the last one leaves after a
 *   player came back. Spectators neither resume nor restart it, and once it is over with no player back the
 *   table closes, closing them (1000): its game is charged to its creator as a running table (front-door.ts),
 *   and another address's spectator following a watch link would otherwise keep an abandoned game going for
 *   as long as its bots play (an all-bot Tractor match, an hour or two). A game of bots only (a spectator's,
 *   watching bots play) plays on while anyone watches and closes as soon as nobody does.
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
import { roomSettings, seatHoldSeconds } from './settings.ts';
import { close } from './shutdown.ts';
import type { Table } from './table.ts';

export class ReclaimWait {
  private readonly room: Table;
  private wait: Delayed | null = null;
  /** The running wait is a recovered game's (the last client leaving does not shorten or restart it). */
  private recovering = false;
  /** A wait has started (its last player left) and no seated player has come since: spectators leaving do not start another. */
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

  /**
   * The game waits for its players (timers.ts reads it): a wait runs and no player is there (spectators do not
   * count: their game would go on for them alone), or, at a game of bots only, nobody is.
   */
  paused(): boolean {
    if (this.wait === null) return false;
    return this.playedByPeople() ? !this.room.seats.playerHere() : this.room.clients.length === 0;
  }

  /** Players sat at this game (their seats keep their tokens while the bots play them), not bots only. */
  private playedByPeople(): boolean {
    return this.room.seats.records.some((r) => !r.bot && r.token);
  }

  /**
   * A recovered game: nobody is connected yet. Its players' seats are held as a dropped player's are: before the
   * start not past RECONNECT_SECONDS_BEFORE_START, so the players who are back do not wait longer for absent ones.
   */
  recovered() {
    const room = this.room;
    this.recovering = true;
    // Seat tokens journaled: players had sat at it (a spectator's own table waiting for players has none).
    this.playerCame = this.playedByPeople();
    this.start(() => {
      this.recovering = false;
      room.seats.releaseAbsent();
      room.projection.syncSeats();
      // Its players had their time to come back; the clients that left meanwhile were not counted (left()).
      // (Over: its spectators are closed after the finished table's wait; with nobody there it closes now.)
      if (room.state.status === 'over') this.overLeft();
      else if (this.playerCame && !room.seats.playerHere()) return room.state.status === 'waiting' ? this.closeWatched() : this.closeAbandoned();
      room.timers.reconcile();
    }, seatHoldSeconds(room.state.status));
  }

  /**
   * A client left: the last player, at a running game a player may take back, leaves the table waiting for them
   * (spectators or not); at a finished game, open to be seen a while.
   */
  left() {
    const room = this.room;
    if (room.closing || room.handingOver || this.recovering) return;
    if (room.state.status === 'over') return this.overLeft();
    if (room.state.status === 'waiting') return this.waitingLeft();
    if (room.state.status !== 'playing' || !this.playedByPeople() || room.seats.playerHere()) return;
    // A spectator left since the wait started: it runs on, still paused.
    if (this.waitedForPlayers) return;
    this.start(() => {
      if (room.state.status === 'playing' && !room.seats.playerHere()) this.closeAbandoned();
    });
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
    const ended = () => {
      if (!room.seats.playerHere()) this.closeWatched();
    };
    if (this.overWaited) {
      if (!this.wait) this.waitOver(ended); // (nobody there: Colyseus closes it)
      return;
    }
    const people = room.seats.records.some((r) => !r.bot);
    if (!people && room.clients.length === 0) return; // bots only, unwatched: closes at once
    this.overWaited = true;
    if (people) return this.start(ended);
    // A game of bots nobody played in still closes as soon as its last watcher leaves: no wait for link followers.
    this.wait = room.clock.setTimeout(() => this.waitOver(ended), roomSettings.reconnectSeconds * 1000);
  }

  /**
   * A table with spectators only: they would keep it open for as long as they stay. (Its unused reservations go
   * with it: one used after would seat its player alone at a table nobody can find any more.) With nobody there
   * Colyseus closes it.
   */
  private closeWatched() {
    if (this.room.clients.length > 0) this.closeAbandoned();
  }

  /**
   * A running game no player came back to within its wait: the table closes, closing its spectators (1000), and
   * the game ends there, as with nobody watching. Reservations not yet used go too: a spectator's would find the
   * game going on for them alone.
   */
  private closeAbandoned() {
    const room = this.room;
    if (!room.closing && !room.handingOver) void close(room, CloseCode.NORMAL_CLOSURE);
  }

  /**
   * A wait ran out: `ended` decides what now. But a player whose seat token was reserved before it ran out is on
   * their way back, and whatever `ended` would do (close the table, dropping their reservation; free a recovered
   * table's absent seats, their token with them) would refuse them: the wait goes on, still paused, until that
   * reservation is used or lapses, and `ended` decides then.
   */
  private waitOver(ended: () => void) {
    const room = this.room;
    this.wait = null;
    if (room.closing || room.handingOver || !room.seats.holderComing()) return ended();
    this.wait = room.clock.setTimeout(() => this.waitOver(ended), room.seatReservationTimeout * 1000 + 50);
  }

  /** A seated player took or took back their seat. */
  seated() {
    this.waitedForPlayers = false;
    this.playerCame = true;
    // A table waiting for players: its wait counts again from when this one leaves, if they do.
    this.watchersOnly?.clear();
    this.watchersOnly = null;
  }

  private start(ended: () => void, seconds = roomSettings.reconnectSeconds) {
    const room = this.room;
    this.waitedForPlayers = true;
    this.wait?.clear();
    room.autoDispose = false;
    this.wait = room.clock.setTimeout(() => {
      this.waitOver(() => {
        ended();
        room.autoDispose = true;
      });
    }, seconds * 1000);
  }
}
