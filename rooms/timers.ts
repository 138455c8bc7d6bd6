/**
 * Timers and bots: the one pending timer per actor that must act — SYSTEM's next chance move after the
 * engine's delay, a bot-driven seat's move after the bot pause, a human's turn clock.
 */
import { randomBytes } from 'node:crypto';
import type { Delayed } from '@colyseus/core';
import { SYSTEM, actsOptionally, type Actor, type Seat } from '../src/core/game.ts';
import { randomSource } from '../src/core/rng.ts';
import { countedFrom } from './patch-clock.ts';
import { moveOutline, RoomErrors } from './moves.ts';
import { roomSettings } from './settings.ts';
import type { Table } from './table.ts';

type TimerKind = 'system' | 'bot' | 'clock';

export class Timers {
  /** `step`: for SYSTEM's timer, the step it ends (the game's `systemStep`): another step is another wait. */
  private readonly pending = new Map<Actor, { timer: Delayed; deadline: number; kind: TimerKind; step?: string }>();
  /**
   * Turn clocks of seats handed to a bot mid-turn (the player left): a seat taken back before it moved
   * resumes its turn's deadline, not a fresh clock — else leaving and reclaiming just before the clock
   * runs out would hold the table forever.
   */
  private readonly heldClocks = new Map<Actor, number>();
  /**
   * Seats whose turn clock ran out and whose player has not moved since: the player is likely away, so
   * each of their turns gets the short clock (`awayTurnSeconds`) until they move again — an idle player
   * costs the table one whole clock, not one a turn, and still gets every turn to come back on.
   */
  private readonly away = new Set<Actor>();
  /**
   * Seats whose clock ran out in a turn of steps (the game's `turnsOfSteps`): their bot plays the turn's other steps
   * at its pace while the seat stays listed to act, one `turnTimeout` a turn, until the turn passes or the player moves.
   */
  private readonly botFinishing = new Set<Actor>();
  /** The seats whose `shortClock` is true in the synced state, and each seat's `deadline` there (see `reconcile`). */
  private readonly shown = { shortClock: new Set<Seat>(), deadlines: [] as number[] };
  private readonly botRandom = randomSource(randomBytes(8).toString('hex'));
  /** Moves were applied since the timers were last reconciled (see `reconcileSoon`). */
  private due = false;
  /** When the first of those moves was applied: the timers they start count from it, not from the reconciliation. */
  private dueSince = 0;

  private readonly room: Table;

  constructor(room: Table) {
    this.room = room;
  }

  /** An actor moved: its timer (clock or bot pause) is spent. */
  moved(actor: Actor) {
    this.pending.get(actor)?.timer.clear();
    this.pending.delete(actor);
    this.heldClocks.delete(actor);
  }

  /** The seat's player moved: their turns get the table's whole clock again. */
  playerMoved(seat: Seat) {
    this.away.delete(seat);
    this.botFinishing.delete(seat);
  }

  clearAll() {
    for (const { timer } of this.pending.values()) timer.clear();
    this.pending.clear();
    this.heldClocks.clear();
    this.botFinishing.clear();
    this.due = false; // (a move before this must not bring them back at the next patch)
  }

  /**
   * A move was applied: the timers are reconciled before anything reads them — the room clock's next
   * tick, the next patch (its turn deadline) or a timer's own run — instead of after every move: the
   * bets that follow a roll are one reconciliation (and one look at who may act) per patch, not one each.
   */
  reconcileSoon() {
    if (this.due) return;
    this.due = true;
    this.dueSince = Date.now();
  }

  /** Reconciles if moves were applied since the last time. */
  settle() {
    if (this.due) this.reconcile();
  }

  /**
   * Keeps exactly one timer per actor that must act: SYSTEM after the engine's delay, bot-driven seats
   * after the bot pause, humans after the turn clock (if any). A timer survives other actors' moves,
   * so a bet does not delay the next roll and a simultaneous step does not reset anyone's clock.
   */
  reconcile() {
    // A timer a move started counts from that move: reconciled at the next patch, it would otherwise wait
    // up to a patch interval more (a bot after a human's move one tick late, a roll's delay longer).
    const since = this.due ? this.dueSince : Date.now();
    this.due = false;
    const room = this.room;
    const { game, seats } = room;
    // Paused while the table waits for its players with none there, spectators or not (reclaim-wait.ts): no timer runs, and
    // a turn clock's deadline is held through the pause as through a leave (taking the seat back after
    // the table emptied does not reset it either).
    const paused = room.reclaimWait.paused();
    room.state.paused = paused && room.state.status !== 'over'; // (what a client reads it by; unchanged, the assignment sends nothing)
    const acting = room.state.status === 'playing' && !room.handingOver ? game.activeActors(room.engineState) : [];
    const active = paused ? [] : acting;
    if (this.botFinishing.size > 0) {
      // (Asked only while a bot finishes a turn: not once a patch of bets.) The turn passed, to another seat or to the same again.
      const turnPassed = game.continuesTurn?.(room.engineState) === false;
      this.botFinishing.forEach((actor) => {
        if (turnPassed || !acting.includes(actor)) this.botFinishing.delete(actor);
      });
    }
    const botPlays = (actor: Actor) => seats.botDriven(actor) || this.botFinishing.has(actor);
    const systemStep = game.systemStep?.(room.engineState);
    this.pending.forEach((entry, actor) => {
      const stale =
        !active.includes(actor) ||
        (entry.kind === 'clock' && botPlays(actor)) ||
        (entry.kind === 'bot' && !botPlays(actor)) ||
        (entry.kind === 'system' && entry.step !== systemStep);
      if (stale) {
        if (entry.kind === 'clock' && acting.includes(actor)) this.heldClocks.set(actor, entry.deadline);
        entry.timer.clear();
        this.pending.delete(actor);
      }
    });
    this.heldClocks.forEach((_, actor) => {
      if (!acting.includes(actor)) this.heldClocks.delete(actor); // the turn passed
    });
    for (const actor of active) {
      if (this.pending.has(actor)) continue;
      if (actor === SYSTEM) {
        const ms = game.systemDelayMs?.(room.engineState, room.table.options) ?? 0;
        this.schedule(actor, 'system', since, ms, () => {
          const [move] = game.legalMoves(room.engineState, SYSTEM);
          if (move) room.moves.apply(SYSTEM, move);
        });
        this.pending.get(SYSTEM)!.step = systemStep;
      } else if (botPlays(actor)) {
        this.schedule(actor, 'bot', since, roomSettings.botDelayMs, () => this.botMove(actor));
      } else if (room.table.turnSeconds > 0 && !actsOptionally(game, room.engineState, active, actor)) {
        // (An optional move — a bet during a race, a declaration during the deal — is forced by no clock.)
        const held = this.heldClocks.get(actor);
        this.heldClocks.delete(actor);
        const clock = Math.min(room.table.turnSeconds, this.away.has(actor) ? roomSettings.awayTurnSeconds : Infinity) * 1000;
        this.schedule(actor, 'clock', since, held === undefined ? clock : Math.max(0, held - since), () => {
          // (A clock held through a leave or a pause may run out as its player comes back: not away then.)
          if (held === undefined || !room.seats.records[actor]?.connected) this.away.add(actor);
          if (game.turnsOfSteps) this.botFinishing.add(actor);
          room.announce({ seq: room.journal.seq, actor, events: [{ type: 'turnTimeout', seat: actor }] });
          this.botMove(actor);
        });
      }
    }
    let deadline = Infinity; // (runs after every move: no arrays, no iterators)
    this.pending.forEach((t) => {
      if (t.kind === 'clock' && t.deadline < deadline) deadline = t.deadline;
    });
    room.state.turnDeadline = deadline === Infinity ? 0 : deadline;
    // When the server's own step comes: what a page counts down where that step settles what the seats decide
    // (Ready Set Bet's VIP draft, the pause before its next race). Unchanged, the assignment sends nothing.
    const step = this.pending.get(SYSTEM);
    room.state.stepDeadline = step ? step.deadline : 0;
    // Which seats the clock runs for (beside a seated roller, bettors are listed but not clocked), and which get
    // the short one (their pages say why their turns are short, and until when).
    const shorter = acting.length > 0 && roomSettings.awayTurnSeconds < room.table.turnSeconds;
    // Each clocked seat's own deadline: seats clocked at once (TAC's exchange, an away seat beside present ones) differ.
    // Compared with what was written, never read back (a schema getter a seat a patch).
    for (let seat = 0; seat < room.table.seats; seat++) {
      const entry = this.pending.get(seat);
      const clock = entry?.kind === 'clock' ? entry.deadline : 0;
      if (this.shown.deadlines[seat] !== clock) {
        this.shown.deadlines[seat] = clock;
        const shown = room.state.seats[seat]!;
        shown.deadline = clock;
        shown.clocked = clock > 0;
      }
      this.showShortClock(seat, shorter && this.away.has(seat) && !seats.botDriven(seat));
    }
  }

  /** Sets a seat's `shortClock` in the synced state when it changes (compared with what was written, never read back). */
  private showShortClock(seat: Seat, on: boolean) {
    const shown = this.shown.shortClock;
    if (on === shown.has(seat)) return;
    if (on) shown.add(seat);
    else shown.delete(seat);
    this.room.state.seats[seat]!.shortClock = on;
  }

  /** Runs `run` `ms` after `since` (a Date.now time), at the first room-clock tick from then. */
  private schedule(actor: Actor, kind: TimerKind, since: number, ms: number, run: () => void) {
    const timer = this.room.clock.setTimeout(() => {
      // A move earlier in this tick (another timer's) may have made this one stale.
      this.settle();
      if (this.pending.get(actor)?.timer !== timer) return;
      this.pending.delete(actor);
      try {
        run();
      } catch (err) {
        this.room.log.error({ err, actor, kind }, 'timed action failed');
      }
    }, ms);
    countedFrom(this.room.clock, timer, since);
    this.pending.set(actor, { timer, deadline: since + ms, kind });
  }

  /** The seat's bot picks a move from the seat's own view. */
  private botMove(seat: Seat) {
    const { game, moves, log } = this.room;
    const state = this.room.engineState;
    const legal = game.legalMoves(state, seat);
    if (legal.length === 0) return;
    let move;
    try {
      move = game.bot(game.viewFor(state, seat), legal, this.botRandom, seat);
    } catch (err) {
      log.error({ err, seat }, 'bot threw; playing its first legal move');
      move = legal[0];
    }
    if (move === null) {
      if (actsOptionally(game, state, game.activeActors(state), seat)) return; // declined: asked again after the next move
      log.error({ seat }, 'bot declined a move the game waits for; playing its first legal move');
      move = legal[0];
    }
    const r = moves.apply(seat, move);
    if (!r.ok) {
      // The move by its outline and the refusal by its code: either may name the bot's cards (kept for the end).
      if (r.error.code !== RoomErrors.engineError) moves.keepFaulty(seat, move, r.error.code);
      log.error({ seat, move: moveOutline(move), code: r.error.code }, 'bot move rejected; playing the first legal move');
      moves.apply(seat, legal[0]);
    }
  }
}
