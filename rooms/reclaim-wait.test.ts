/**
 * When a table no player is at closes its spectators: a fake table on a clock the test moves by hand.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReclaimWait } from './reclaim-wait.ts';
import { roomSettings } from './settings.ts';
import type { Table } from './table.ts';

/** A clock whose timers run only when the test says time passed. */
function handClock() {
  let now = 0;
  const timers: { at: number; run: () => void; active: boolean }[] = [];
  return {
    setTimeout(run: () => void, ms: number) {
      const timer = { at: now + ms, run, active: true };
      timers.push(timer);
      return { clear: () => void (timer.active = false), get active() { return timer.active; } };
    },
    pass(ms: number) {
      now += ms;
      for (const timer of timers.filter((t) => t.active && t.at <= now).sort((a, b) => a.at - b.at)) {
        timer.active = false;
        timer.run();
      }
    },
  };
}

/** Seat 0 for a player (`token` set once one sat), seat 1 a bot; `clients` counts the connected sockets. */
function fakeTable(status: 'waiting' | 'playing' | 'over', token = '') {
  const clock = handClock();
  const closes: number[] = [];
  const records = [
    { token, sessionId: null as string | null, bot: false, vacated: false },
    { token: '', sessionId: null as string | null, bot: true, vacated: false },
  ];
  /** A seat's token holder has a reservation not yet used. */
  let holderComing = false;
  const t = {
    clock,
    closes,
    clients: { length: 0 },
    closing: false,
    handingOver: false,
    autoDispose: true,
    seatReservationTimeout: 15,
    state: { status },
    seats: {
      records,
      playerHere: () => records.some((r) => r.sessionId !== null),
      releaseAbsent: () => {
        for (const r of records) if (!r.bot && r.sessionId === null && t.state.status === 'waiting') r.token = '';
      },
      dropReservations: () => undefined,
      holderComing: () => holderComing,
    },
    projection: { syncSeats: () => undefined },
    timers: { reconcile: () => undefined },
    disconnect: (code: number) => {
      closes.push(code);
      t.closing = true; // (Colyseus' DISPOSING: nothing more happens to the table)
      return Promise.resolve();
    },
    reclaimWait: null as unknown as ReclaimWait,
  };
  t.reclaimWait = new ReclaimWait(t as unknown as Table);
  /** A player takes seat 0 (a new one, or its holder back). */
  const sit = () => {
    records[0]!.sessionId = 'p';
    records[0]!.token = 't';
    t.clients.length++;
    t.reclaimWait.seated();
  };
  /** Seat 0's player leaves for good (before the start its seat is free again). */
  const leave = () => {
    records[0]!.sessionId = null;
    if (t.state.status === 'waiting') records[0]!.token = '';
    t.clients.length--;
    t.reclaimWait.left();
  };
  /** A spectator leaves. */
  const unwatch = () => {
    t.clients.length--;
    t.reclaimWait.left();
  };
  /** Seat 0's holder gets a seat reservation with its token (true), which is used or lapses (false). */
  const coming = (yes: boolean) => void (holderComing = yes);
  return { t, sit, leave, watch: () => void t.clients.length++, unwatch, coming };
}

let reconnectSeconds = 0;
beforeEach(() => {
  reconnectSeconds = roomSettings.reconnectSeconds;
  roomSettings.reconnectSeconds = 10;
});
afterEach(() => {
  roomSettings.reconnectSeconds = reconnectSeconds;
});

describe('a table its players left, with spectators there', () => {
  it('waiting for players: closes RECONNECT_SECONDS after its last player left, counted again from a player who came and went', () => {
    const { t, sit, leave, watch } = fakeTable('waiting');
    watch();
    sit();
    leave();
    t.clock.pass(8_000);
    sit(); // a player after all…
    t.clock.pass(1_000);
    leave(); // …who left too: the wait counts from here
    t.clock.pass(9_000);
    expect(t.closes).toEqual([]);
    t.clock.pass(1_000);
    expect(t.closes).toEqual([1000]);
  });

  it('waiting for players, its last player gone as a spectator’s reservation was made: closes them once they join', () => {
    const { t, sit, leave, watch } = fakeTable('waiting');
    sit();
    leave(); // nobody connected, but Colyseus keeps the table for the reservation
    watch();
    t.clock.pass(10_000);
    expect(t.closes).toEqual([1000]);
  });

  it('waiting for players, recovered from a dead process: closed once its players had their time to come back', () => {
    const { t, watch } = fakeTable('waiting', 'journaled-token');
    t.reclaimWait.recovered();
    watch(); // someone watches the recovered table; no player comes back
    t.clock.pass(10_000);
    expect(t.closes).toEqual([1000]);
  });

  it('waiting for players, recovered: its players had RECONNECT_SECONDS_BEFORE_START to come back, as a dropped player before the start; a running one RECONNECT_SECONDS', () => {
    const beforeStart = roomSettings.reconnectSecondsBeforeStart;
    roomSettings.reconnectSecondsBeforeStart = 3;
    try {
      for (const [status, waitMs] of [['waiting', 3_000], ['playing', 10_000]] as const) {
        const { t, watch } = fakeTable(status, 'journaled-token');
        t.reclaimWait.recovered();
        watch(); // someone watches; no player comes back
        t.clock.pass(waitMs - 100);
        expect(t.closes).toEqual([]);
        t.clock.pass(100);
        expect(t.closes).toEqual([1000]);
      }
    } finally {
      roomSettings.reconnectSecondsBeforeStart = beforeStart;
    }
  });

  it('waiting for players, recovered: waits on for a seat token reserved before its wait ran out, the seat kept for it; closed if it lapses', () => {
    for (const used of [true, false]) {
      const { t, sit, watch, coming } = fakeTable('waiting', 'journaled-token');
      t.reclaimWait.recovered();
      watch();
      t.clock.pass(9_900);
      coming(true); // the player is on their way back: their reservation made, their socket not yet there
      t.clock.pass(100);
      expect(t.closes).toEqual([]);
      expect(t.seats.records[0]!.token).toBe('journaled-token'); // not freed: the token still seats them
      coming(false);
      if (used) sit();
      t.clock.pass(15_050);
      expect(t.closes).toEqual(used ? [] : [1000]);
    }
  });

  it('waiting for players, recovered, where no player had sat (a spectator’s own): stays theirs', () => {
    const { t, watch } = fakeTable('waiting');
    t.reclaimWait.recovered();
    watch();
    t.clock.pass(60_000);
    expect(t.closes).toEqual([]);
  });

  it('recovered, over before its wait was (its player back, then gone): closes once its wait for link followers is over', () => {
    const { t, sit, leave, watch } = fakeTable('playing', 'journaled-token');
    t.reclaimWait.recovered();
    watch();
    sit();
    t.state.status = 'over'; // the game ended (engine-room.ts finish)
    t.reclaimWait.overLeft();
    leave();
    t.clock.pass(10_000); // the recovered game's wait
    t.clock.pass(10_000); // the finished game's, once
    expect(t.closes).toEqual([1000]);
  });

  it('finished: closes its spectators once, RECONNECT_SECONDS after its last player left', () => {
    const { t, sit, leave, watch } = fakeTable('playing');
    sit();
    watch();
    t.state.status = 'over';
    t.reclaimWait.overLeft(); // a player there: nothing yet
    t.clock.pass(60_000);
    leave();
    t.clock.pass(9_000);
    expect(t.closes).toEqual([]);
    t.clock.pass(1_000);
    expect(t.closes).toEqual([1000]);
  });

  it('finished: waits on for a seat token reserved before its wait ran out, or as its last player left after it', () => {
    const { t, sit, leave, watch, coming } = fakeTable('playing');
    sit();
    watch();
    t.state.status = 'over';
    leave();
    t.clock.pass(9_900);
    coming(true);
    t.clock.pass(100);
    expect(t.closes).toEqual([]);
    coming(false);
    sit(); // back to see the result
    t.clock.pass(15_050);
    expect(t.closes).toEqual([]);
    coming(true); // another reservation of theirs, made as they leave
    leave(); // its wait was had: it would close at once
    expect(t.closes).toEqual([]);
    coming(false);
    t.clock.pass(15_050);
    expect(t.closes).toEqual([1000]);
  });
});

describe('a running game its players left, with spectators there', () => {
  it('waits for its players paused, spectators coming and going or not, and closes them when nobody came back', () => {
    const { t, sit, leave, watch, unwatch } = fakeTable('playing');
    sit();
    watch();
    expect(t.reclaimWait.paused()).toBe(false);
    leave(); // the last player goes to the lobby; a spectator stays
    expect(t.reclaimWait.paused()).toBe(true); // no SYSTEM move, no bot, no turn clock (timers.ts)
    expect(t.autoDispose).toBe(false);
    t.clock.pass(5_000);
    watch(); // another spectator follows the watch link: the game does not go on for them
    expect(t.reclaimWait.paused()).toBe(true);
    unwatch(); // nor does a spectator leaving start the wait again
    t.clock.pass(4_000);
    expect(t.closes).toEqual([]);
    t.clock.pass(1_000);
    expect(t.closes).toEqual([1000]);
  });

  it('goes on when a player takes their seat back, and waits again from when they leave', () => {
    const { t, sit, leave, watch } = fakeTable('playing');
    sit();
    watch();
    leave();
    t.clock.pass(8_000);
    sit(); // back with the seat token
    expect(t.reclaimWait.paused()).toBe(false);
    t.clock.pass(5_000); // the first wait ran out with the player there: nothing closes
    expect(t.closes).toEqual([]);
    leave();
    expect(t.reclaimWait.paused()).toBe(true);
    t.clock.pass(9_000);
    expect(t.closes).toEqual([]);
    t.clock.pass(1_000);
    expect(t.closes).toEqual([1000]);
  });

  it('counts a dropped player held for a reconnection as there: the wait does not close the table on them', () => {
    const { t, sit, leave, watch } = fakeTable('playing');
    sit();
    watch();
    leave();
    sit(); // back…
    t.clients.length--; // …and dropped: the seat is held (its session kept) for a reconnection
    t.clock.pass(10_000);
    expect(t.reclaimWait.paused()).toBe(false);
    expect(t.closes).toEqual([]);
  });

  it('waits, still paused, for a seat token reserved before the wait ran out: seated if used, closed if it lapses', () => {
    const { t, sit, leave, watch, coming } = fakeTable('playing');
    sit();
    watch();
    leave();
    t.clock.pass(9_900);
    coming(true); // the player is on their way back: their reservation made, their socket not yet there
    t.clock.pass(100);
    expect(t.closes).toEqual([]);
    expect(t.reclaimWait.paused()).toBe(true);
    coming(false);
    sit(); // the reservation used
    expect(t.reclaimWait.paused()).toBe(false);
    t.clock.pass(20_000);
    expect(t.closes).toEqual([]);

    leave();
    t.clock.pass(9_900);
    coming(true);
    t.clock.pass(100);
    t.clock.pass(14_000);
    expect(t.closes).toEqual([]);
    coming(false); // lapsed unused
    t.clock.pass(1_050);
    expect(t.closes).toEqual([1000]);
  });

  it('recovered from a dead process, watched: paused until a player is back, closed if none came', () => {
    const { t, watch } = fakeTable('playing', 'journaled-token');
    t.reclaimWait.recovered();
    watch();
    expect(t.reclaimWait.paused()).toBe(true);
    t.clock.pass(10_000);
    expect(t.closes).toEqual([1000]);
  });

  it('of bots only (a spectator watching bots play): plays on while watched', () => {
    const { t, watch, unwatch } = fakeTable('playing');
    t.seats.records[0]!.bot = true;
    watch();
    watch();
    unwatch();
    expect(t.reclaimWait.paused()).toBe(false);
    t.clock.pass(60_000);
    expect(t.closes).toEqual([]);
    expect(t.autoDispose).toBe(true); // the last watcher gone, Colyseus closes it at once
  });
});
