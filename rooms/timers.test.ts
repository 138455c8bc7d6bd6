/**
 * The room's timers: reconciled once per patch however many moves came in between (counted from the
 * move that started them), and a timer made stale by a move earlier in the same clock tick does not run.
 */
import { ClockTimer } from '@colyseus/timer';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../src/core/game.ts';
import { roomSettings } from './settings.ts';
import type { Table } from './table.ts';
import { Timers } from './timers.ts';

/**
 * A table of two seats that both act while it is open: seat 0 a human on a turn clock of 0.1 s, seat 1
 * bot-driven. Seat 1's move closes the table (nobody acts then). Counts who asked who may act.
 */
function fakeTable() {
  const clock = new ClockTimer();
  const applied: { actor: Actor; move: unknown }[] = [];
  const announced: unknown[] = [];
  let asked = 0;
  const t = {
    clock,
    applied,
    announced,
    asked: () => asked,
    engineState: 'open' as unknown,
    state: { status: 'playing', turnDeadline: 0, paused: false, seats: [{ clocked: false, deadline: 0, shortClock: false }, { clocked: false, deadline: 0, shortClock: false }] },
    handingOver: false,
    reclaimWait: { paused: (): boolean => false },
    table: { seats: 2, turnSeconds: 0.1, options: {} },
    seats: { botDriven: (seat: number): boolean => seat === 1, records: [{ connected: true }, { connected: true }] },
    log: { error: () => undefined },
    announce: (message: unknown) => announced.push(message),
    journal: { seq: 0 },
    game: {
      activeActors: (s: unknown) => {
        asked++;
        return s === 'open' ? [0, 1] : [];
      },
      legalMoves: (s: unknown, actor: Actor) => (s !== 'open' ? [] : actor === 1 ? [{ type: 'close' }] : [{ type: 'act' }]),
      viewFor: () => ({ public: {}, private: null }),
      bot: (_view: unknown, legal: unknown[]) => legal[0],
    },
    moves: {
      apply(actor: Actor, move: unknown) {
        applied.push({ actor, move });
        if ((move as { type: string }).type === 'close') t.engineState = 'closed';
        t.timers.reconcileSoon();
        return { ok: true };
      },
    },
    timers: null as unknown as Timers,
  };
  t.timers = new Timers(t as unknown as Table);
  return t;
}

/** Seat 0 on a 10 s turn clock, able to leave (its bot takes over) and come back; Date.now is the test's. */
function withLeavingSeat(run: (t: ReturnType<typeof fakeTable>, time: { now(): number; pass(ms: number): void }, away: (gone: boolean) => void) => void) {
  const realNow = Date.now;
  let now = realNow();
  Date.now = () => now;
  try {
    const t = fakeTable();
    let gone = false;
    t.seats.botDriven = (seat: number) => seat === 1 || gone;
    t.table.turnSeconds = 10;
    run(t, { now: () => now, pass: (ms) => void (now += ms) }, (away) => {
      gone = away;
      t.seats.records[0]!.connected = !away;
    });
  } finally {
    Date.now = realNow;
  }
}

/** Runs `run` with some of the room's settings changed, and puts them back after. */
function withSettings(changed: Partial<typeof roomSettings>, run: () => void) {
  const before = { ...roomSettings };
  Object.assign(roomSettings, changed);
  try {
    run();
  } finally {
    Object.assign(roomSettings, before);
  }
}

describe('room timers', () => {
  it('reconcile once, before they are read, however many moves came in between', () => {
    const t = fakeTable();
    t.timers.reconcile();
    const asked = t.asked();
    for (let i = 0; i < 5; i++) t.timers.reconcileSoon(); // five bets between two patches
    expect(t.asked()).toBe(asked);
    t.timers.settle();
    expect(t.asked()).toBe(asked + 1);
    t.timers.settle(); // nothing new
    expect(t.asked()).toBe(asked + 1);
  });

  it('stay cleared after clearAll, even with a move not yet reconciled', () => {
    const t = fakeTable();
    t.timers.reconcile();
    t.timers.reconcileSoon();
    t.timers.clearAll(); // the table closes
    const asked = t.asked();
    t.timers.settle();
    expect(t.asked()).toBe(asked);
    expect(t.clock.delayed.filter((d) => d.active)).toEqual([]);
  });

  it("resume a seat's turn clock when the seat is taken back from the bot, fresh only for its next turn", () => {
    withLeavingSeat((t, time, away) => {
      t.timers.reconcile();
      const deadline = t.state.turnDeadline;
      expect(deadline).toBe(time.now() + 10_000);
      time.pass(9_000);
      away(true); // the player leaves: the bot's pause instead of the clock
      t.timers.reconcile();
      expect(t.state.turnDeadline).toBe(0);
      time.pass(500);
      away(false); // taken back with the seat token before the bot moved
      t.timers.reconcile();
      expect(t.state.turnDeadline).toBe(deadline);
      t.timers.moved(0);
      t.timers.reconcile(); // its next turn
      expect(t.state.turnDeadline).toBe(time.now() + 10_000);
    });
  });

  it('hold a turn clock through a pause (the table emptied): taken back, the seat keeps its deadline, no timer ran meanwhile', () => {
    withLeavingSeat((t, time, away) => {
      let paused = false;
      t.reclaimWait.paused = () => paused;
      t.timers.reconcile();
      const deadline = t.state.turnDeadline;
      time.pass(9_000);
      away(true); // the player leaves (the seat is the bot's) …
      t.timers.reconcile();
      paused = true; // … and was the last one there: the game waits
      t.timers.reconcile();
      expect(t.state.turnDeadline).toBe(0);
      expect(t.state.paused).toBe(true); // what a client reads it by
      time.pass(500);
      t.clock.tick();
      expect(t.applied).toEqual([]); // neither the bot nor seat 1 moved while paused
      away(false);
      paused = false; // taken back with the seat token
      t.timers.reconcile();
      expect(t.state.turnDeadline).toBe(deadline);
      expect(t.state.paused).toBe(false);
    });
  });

  it('give a seat whose clock ran out the short away clock until its player moves, but not one whose held clock ran out as it came back', () => {
    withSettings({ awayTurnSeconds: 2 }, () => {
      withLeavingSeat((t, time, away) => {
        let paused = false;
        t.reclaimWait.paused = () => paused;
        (t.clock as unknown as { now: () => number }).now = time.now; // the room clock on the test's time
        t.game.activeActors = (s: unknown) => (s === 'open' ? [0] : []); // seat 0 alone, turn after turn
        t.timers.reconcile();
        expect(t.state.turnDeadline).toBe(time.now() + 10_000);
        expect(t.state.seats.map((s) => s.clocked)).toEqual([true, false]);
        time.pass(10_000);
        t.clock.tick(); // the clock ran out: the bot moved for seat 0 …
        expect(t.applied).toEqual([{ actor: 0, move: { type: 'act' } }]);
        t.timers.settle();
        expect(t.state.turnDeadline).toBe(time.now() + 2_000); // … and its next turn has the away clock
        expect(t.state.seats.map((s) => s.shortClock)).toEqual([true, false]); // the table is told why
        t.timers.moved(0); // a move of the bot's is not the player's: still away
        t.timers.reconcile();
        expect(t.state.turnDeadline).toBe(time.now() + 2_000);
        t.timers.moved(0);
        t.timers.playerMoved(0); // the player moved: the whole clock again
        t.timers.reconcile();
        expect(t.state.turnDeadline).toBe(time.now() + 10_000);
        expect(t.state.seats.map((s) => s.shortClock)).toEqual([false, false]);
        // A pause of a minute (the table emptied), with `leave` before it and `back` after it; the held clock then
        // runs out at once. Returns the next turn's clock.
        const pauseThrough = (leave: () => void, back: () => void) => {
          leave();
          paused = true;
          t.timers.reconcile();
          time.pass(60_000);
          t.clock.tick();
          back();
          paused = false;
          t.timers.reconcile();
          t.clock.tick();
          t.timers.settle();
          return t.state.turnDeadline - time.now();
        };
        // The player leaves with 1 s left and the table empties: the clock is held through the pause, and runs
        // out as the player takes the seat back. Not away for it: its next turn has the whole clock.
        time.pass(9_000);
        expect(pauseThrough(() => away(true), () => away(false))).toBe(10_000);
        expect(t.applied).toHaveLength(2);
        // Dropped this time (not left), and the table empties: held again. The pause ends with the player still
        // not back (another came), and its held clock runs out: away then.
        time.pass(9_500);
        const next = pauseThrough(() => (t.seats.records[0]!.connected = false), () => undefined);
        expect(t.applied).toHaveLength(3);
        expect(next).toBe(2_000);
      });
    });
  });

  it("give each clocked seat its own deadline where seats are clocked at once, the earliest as the table's", () => {
    withSettings({ awayTurnSeconds: 2 }, () => {
      withLeavingSeat((t, time) => {
        (t.clock as unknown as { now: () => number }).now = time.now; // the room clock on the test's time
        // Both seats a human's, both to act at once (an exchange of cards); seat 1 acts, then both act again.
        t.seats.botDriven = () => false;
        let acted: Actor[] = [];
        t.game.activeActors = () => ([0, 1] as Actor[]).filter((seat) => !acted.includes(seat));
        t.game.legalMoves = () => [{ type: 'act' }];
        t.timers.reconcile();
        const start = time.now();
        expect(t.state.seats.map((s) => s.deadline)).toEqual([start + 10_000, start + 10_000]);
        time.pass(10_000);
        t.clock.tick(); // both clocks ran out: both seats away, the next exchange on the short clock …
        acted = [];
        t.timers.moved(0);
        t.timers.playerMoved(0); // … but seat 0's player moved since: the whole clock for seat 0 only
        t.timers.reconcile();
        expect(t.state.seats.map((s) => s.deadline)).toEqual([time.now() + 10_000, time.now() + 2_000]);
        expect(t.state.seats.map((s) => s.clocked)).toEqual([true, true]);
        expect(t.state.turnDeadline).toBe(time.now() + 2_000);
        // Seat 1 gives its card: its clock stops, seat 0's keeps its own deadline, now the table's.
        const seat0 = t.state.seats[0]!.deadline;
        time.pass(500);
        acted = [1];
        t.timers.moved(1);
        t.timers.reconcile();
        expect(t.state.seats.map((s) => s.deadline)).toEqual([seat0, 0]);
        expect(t.state.seats.map((s) => s.clocked)).toEqual([true, false]);
        expect(t.state.turnDeadline).toBe(seat0);
      });
    });
  });

  it("leave the rest of a turn of steps to the bot once its clock ran out: one timeout a turn, its steps at the bot's pace", () => {
    withSettings({ awayTurnSeconds: 2, botDelayMs: 100 }, () => {
      withLeavingSeat((t, time) => {
        (t.clock as unknown as { now: () => number }).now = time.now; // the room clock on the test's time
        // Seat 0's turn is three steps (a move each), then seat 1's (its bot's) one, then seat 0's again.
        const game = t.game as typeof t.game & { turnsOfSteps?: boolean };
        game.turnsOfSteps = true;
        game.activeActors = () => (t.applied.length < 3 ? [0] : t.applied.length === 3 ? [1] : [0]);
        game.legalMoves = () => [{ type: 'act' }];
        t.timers.reconcile();
        time.pass(10_000);
        t.clock.tick(); // the clock ran out: the bot took the first step …
        expect(t.applied).toHaveLength(1);
        t.timers.settle();
        expect(t.state.turnDeadline).toBe(0); // … and takes the others with no clock of their own
        expect(t.state.seats.map((s) => s.clocked)).toEqual([false, false]);
        for (const moved of [2, 3, 4]) {
          time.pass(100);
          t.clock.tick();
          t.timers.settle();
          expect(t.applied).toHaveLength(moved);
        }
        expect(t.applied.map((m) => m.actor)).toEqual([0, 0, 0, 1]);
        expect(t.announced).toHaveLength(1); // one timeout for the turn
        // Seat 0's next turn is its player's again, on the away clock.
        expect(t.state.turnDeadline).toBe(time.now() + 2_000);
        expect(t.state.seats.map((s) => s.clocked)).toEqual([true, false]);
        // Its clock runs out again, and the player comes back in the turn: their step, then a clock for the next.
        time.pass(2_000);
        t.clock.tick();
        t.timers.settle();
        expect(t.announced).toHaveLength(2);
        t.applied.push({ actor: 0, move: { type: 'act' } });
        t.timers.moved(0);
        t.timers.playerMoved(0);
        t.timers.reconcile();
        expect(t.state.turnDeadline).toBe(time.now() + 10_000);
      });
    });
  });

  it('give a turn that comes back to the same seat at once its clock again, where the game says the last turn ended', () => {
    withSettings({ awayTurnSeconds: 2, botDelayMs: 100 }, () => {
      withLeavingSeat((t, time) => {
        (t.clock as unknown as { now: () => number }).now = time.now; // the room clock on the test's time
        // Seat 0 alone holds cards: turn after turn is its own, each of two steps (a 7 and its second part).
        const game = t.game as typeof t.game & { turnsOfSteps?: boolean; continuesTurn?: (s: unknown) => boolean };
        game.turnsOfSteps = true;
        game.continuesTurn = () => t.applied.length % 2 === 1;
        game.activeActors = () => [0];
        game.legalMoves = () => [{ type: 'act' }];
        t.timers.reconcile();
        time.pass(10_000);
        t.clock.tick(); // the clock ran out: the bot took the first step …
        t.timers.settle();
        time.pass(100);
        t.clock.tick(); // … and the second, at its pace
        t.timers.settle();
        expect(t.applied).toHaveLength(2);
        expect(t.announced).toHaveLength(1);
        // The next turn is the seat's again: its player's, on the away clock, not the bot's at its pace.
        expect(t.state.seats.map((s) => s.clocked)).toEqual([true, false]);
        expect(t.state.turnDeadline).toBe(time.now() + 2_000);
        time.pass(100);
        t.clock.tick();
        expect(t.applied).toHaveLength(2);
      });
    });
  });

  it('count a timer a move started from that move, not from the patch that reconciles it later', () => {
    withSettings({ botDelayMs: 100 }, () => {
      withLeavingSeat((t, time) => {
        t.engineState = 'closed';
        t.timers.reconcile(); // nobody acts
        const movedAt = time.now();
        t.engineState = 'open'; // a move makes seat 0 (on a 10 s clock) and seat 1 (a bot) act …
        t.timers.reconcileSoon();
        time.pass(40);
        t.timers.settle(); // … and the next patch, 40 ms on, reconciles the timers
        expect(t.state.turnDeadline).toBe(movedAt + 10_000);
        time.pass(60);
        t.clock.tick(); // 100 ms after the move: the bot's pause is over
        expect(t.applied).toEqual([{ actor: 1, move: { type: 'close' } }]);
      });
    });
  });

  it('do not run a timer that a move earlier in the same tick made stale', () => {
    // The bot's pause ends on the same tick as seat 0's clock.
    withSettings({ botDelayMs: 100 }, () => {
      const t = fakeTable();
      t.timers.reconcile(); // seat 0's clock, then seat 1's bot pause: the room clock runs the bot's first
      expect(t.state.turnDeadline).toBeGreaterThan(0);
      let now = t.clock.currentTime;
      (t.clock as unknown as { now: () => number }).now = () => now; // the room clock on a time of the test's
      now += 150; // both due
      t.clock.tick();
      // The bot closed the table; seat 0's clock, due in the same tick, found itself stale: no timeout.
      expect(t.applied).toEqual([{ actor: 1, move: { type: 'close' } }]);
      expect(t.announced).toEqual([]);
      t.timers.settle();
      expect(t.state.turnDeadline).toBe(0);
    });
  });
});
