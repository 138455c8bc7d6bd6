/** The move panel's first line without a browser: whose turn it is, and the turn clock where the player looks. */
import { describe, expect, it } from 'vitest';
import { clockLow, clockText, seatsToAct, turnLine, waitsForItsPlayers, type LinePart } from './turn.ts';
import type { BoardContext, Move, SeatInfo } from './types.ts';

const NOW = 1_000_000;
/** A seat, clocked until `deadline` (0: not clocked). */
const seat = (deadline = 0, shortClock = false): SeatInfo => ({ name: '', taken: true, connected: true, bot: false, team: -1, deadline, shortClock, startNow: false });

function context(seats: SeatInfo[], active: number[], moves: Move[], mySeat: number | null = 0): BoardContext {
  return {
    roomId: 'table-1',
    game: 'tractor',
    table: {},
    view: null,
    seats,
    mySeat,
    active,
    status: 'playing',
    moves,
    sent: [],
    name: (s) => ['Ada', 'Bo', 'Cy'][s] ?? 'the dealer',
    result: null,
  };
}
/** The line as the page shows it at NOW: a clock part as its time left. */
const shown = (parts: LinePart[]) => parts.map((p) => (typeof p === 'string' ? p : clockText(p.clock, NOW))).join('');
const PLAY = [{ type: 'play' }];

describe('the move panel line', () => {
  it("gives the time left on the player's own clocked turn, as a clock part the page ticks", () => {
    const parts = turnLine(context([seat(NOW + 22_400), seat()], [0], PLAY), null);
    expect(shown(parts)).toBe('Your move · 0:23 left.');
    expect(parts).toContainEqual({ clock: NOW + 22_400 });
  });

  it('says the clock is short where the time left is', () => {
    expect(shown(turnLine(context([seat(NOW + 5_000, true), seat()], [0], PLAY), null))).toBe(
      'Your move · 0:05 left. Your clock ran out before: your turns are short until you make a move yourself.',
    );
  });

  it('gives no time where no clock runs for the player (no clock at the table, a move beside the server’s step)', () => {
    expect(turnLine(context([seat(), seat()], [0], PLAY), null)).toEqual(['Your move.']);
    expect(turnLine(context([seat(), seat(NOW + 9_000)], [0, 1], PLAY), null)).toEqual(['Your move.']);
  });

  it("waiting, names whose turn it is and their time left", () => {
    expect(shown(turnLine(context([seat(), seat(NOW + 75_000), seat()], [1], []), null))).toBe('Waiting for Bo · 1:15 left.');
    expect(turnLine(context([seat(), seat(), seat()], [1, 2], []), null)).toEqual(['Waiting for Bo, Cy.']);
  });

  it('watching, names whose turn it is and their time left', () => {
    const watching = (active: number[], board: unknown = null) => shown(turnLine(context([seat(), seat(NOW + 75_000), seat()], active, [], null), board as never));
    expect(watching([1])).toBe('Watching · Bo to move · 1:15 left.');
    expect(watching([0, 2], { status: () => '7: 3 steps left.' })).toBe('Watching · Ada, Cy to move. 7: 3 steps left.');
    // Nobody's turn (the server's own step), or seats listed that do not take a turn (a deal any seat may declare in).
    expect(watching([])).toBe('Watching.');
    expect(watching([0, 1, 2], { turnShown: () => false, status: () => 'Dealing.' })).toBe('Watching. Dealing.');
  });

  it('gives each clocked seat its own time left where several are waited for, once where they run one clock', () => {
    // An exchange of cards: your clock and the others' may differ (one on the short clock of a player away).
    const seats = [seat(NOW + 30_000), seat(NOW + 5_000), seat(NOW + 12_000)];
    expect(shown(turnLine(context(seats, [0, 1, 2], PLAY), null))).toBe('Your move · 0:30 left.');
    expect(shown(turnLine(context(seats, [1, 2], []), null))).toBe('Waiting for Bo (0:05 left), Cy (0:12 left).');
    expect(shown(turnLine(context(seats, [0, 2], [], null), null))).toBe('Watching · Ada (0:30 left), Cy (0:12 left) to move.');
    // A seat named with no clock (a bot's, or a table without clocks for one seat) gets no time.
    expect(shown(turnLine(context([seat(), seat(NOW + 5_000), seat()], [1, 2], []), null))).toBe('Waiting for Bo (0:05 left), Cy.');
    const together = [seat(), seat(NOW + 12_000), seat(NOW + 12_000)];
    expect(shown(turnLine(context(together, [1, 2], []), null))).toBe('Waiting for Bo, Cy · 0:12 left.');
    expect(turnLine(context(seats, [1, 2], []), null).filter((p) => typeof p !== 'string')).toEqual([{ clock: NOW + 5_000 }, { clock: NOW + 12_000 }]);
  });

  it("says what a player without a move waits for in the game's words, where the game has them", () => {
    const board = { waiting: (ctx: BoardContext) => (ctx.active.length > 1 ? 'You are done betting this race.' : null), status: () => 'Your money: $4.' } as never;
    expect(turnLine(context([seat(), seat(), seat()], [1, 2], []), board)).toEqual(['You are done betting this race. Your money: $4.']);
    expect(turnLine(context([seat(), seat(), seat()], [1], []), board)).toEqual(['Waiting for Bo. Your money: $4.']);
  });

  it("counts down the server's own step where the game names it, whoever's turn it is", () => {
    const board = { stepClock: (ctx: BoardContext) => (ctx.active.length > 1 ? 'The draft ends in' : null) } as never;
    const drafting = turnLine(context([seat(), seat()], [0, 1], PLAY), board, NOW + 29_500);
    expect(shown(drafting)).toBe('Your move. The draft ends in 0:30.');
    expect(drafting).toContainEqual({ clock: NOW + 29_500, step: true }); // (never red: a window, not a turn running out)
    expect(shown(turnLine(context([seat(), seat(), seat()], [1, 2], []), board, NOW + 4_000))).toBe('Waiting for Bo, Cy. The draft ends in 0:04.');
    // Not named by the game (a race's next roll), none pending, or the table not playing: nothing added.
    expect(turnLine(context([seat(), seat()], [0], PLAY), board, NOW + 4_000)).toEqual(['Your move.']);
    expect(turnLine(context([seat(), seat()], [0, 1], PLAY), board, 0)).toEqual(['Your move.']);
    expect(turnLine({ ...context([seat(), seat()], [0, 1], PLAY), status: 'over' }, board, NOW + 4_000)).toEqual(['The game is over.']);
  });

  it("says the game is over, then the game's own words (how its last race ended)", () => {
    const over = { ...context([seat(), seat()], [], []), status: 'over' };
    expect(turnLine(over, null)).toEqual(['The game is over.']);
    expect(turnLine(over, { status: () => 'Race 4 is settled: 9 won.' } as never)).toEqual(['The game is over. Race 4 is settled: 9 won.']);
  });

  it("adds the game's words after the clock", () => {
    const board = { status: () => 'Dealing: you may declare.' } as never;
    expect(shown(turnLine(context([seat(NOW + 1_000)], [0], PLAY), board))).toBe('Your move · 0:01 left. Dealing: you may declare.');
  });
});

describe('clockText', () => {
  it('counts whole seconds up, never below zero', () => {
    expect(clockText(NOW + 61_000, NOW)).toBe('1:01');
    expect(clockText(NOW + 100, NOW)).toBe('0:01');
    expect(clockText(NOW - 5_000, NOW)).toBe('0:00');
  });
});

describe('a turn clock running out', () => {
  it('shows it in its last ten seconds, and once out, not before', () => {
    expect(clockLow(NOW + 10_001, NOW)).toBe(false);
    expect(clockLow(NOW + 10_000, NOW)).toBe(true);
    expect(clockLow(NOW + 2_500, NOW)).toBe(true);
    expect(clockLow(NOW - 1, NOW)).toBe(true);
  });
});

describe('a running game its players all left', () => {
  const left = (): SeatInfo => ({ ...seat(), connected: false, bot: true }); // its player left it to the bot
  const bot = (): SeatInfo => ({ ...seat(), bot: true }); // a bot's from the start
  const dropped = (): SeatInfo => ({ ...seat(), connected: false }); // held for its player's reconnection

  it('is paused, and a spectator told so, while no player is at it', () => {
    const watching = context([left(), bot()], [1], [], null);
    expect(waitsForItsPlayers(watching)).toBe(true);
    expect(turnLine(watching, null)).toEqual(['Paused: none of its players is here. The table closes unless one comes back soon.']);
  });

  it('marks no seat to act while paused, in any game, and the seats listed once a player is back', () => {
    expect(seatsToAct(context([left(), bot()], [1], [], null), null)).toEqual([]);
    expect(seatsToAct({ ...context([left(), left()], [0, 1], []), mySeat: null }, { turnShown: () => true } as never)).toEqual([]);
    expect(seatsToAct(context([left(), seat()], [0], [], null), null)).toEqual([0]);
    // (Seats listed that do not take a turn are marked by none, paused or not: a deal any seat may declare in.)
    expect(seatsToAct(context([seat(), seat()], [0, 1], [], null), { turnShown: () => false } as never)).toEqual([]);
  });

  it("is as the state's paused says where the server sends it: a recovered game's seats, dropped not left, paused too", () => {
    expect(waitsForItsPlayers({ ...context([dropped(), dropped()], [1], [], null), paused: true })).toBe(true);
    expect(waitsForItsPlayers({ ...context([left(), bot()], [1], [], null), paused: false })).toBe(false);
    expect(waitsForItsPlayers({ status: 'over', seats: [dropped(), dropped()], paused: true })).toBe(false);
  });

  it('is not while a player is there, or held for a reconnection, nor at a game of bots only, nor once over', () => {
    expect(waitsForItsPlayers(context([left(), seat()], [1], [], null))).toBe(false);
    expect(waitsForItsPlayers(context([left(), dropped()], [1], [], null))).toBe(false);
    expect(waitsForItsPlayers(context([bot(), bot()], [1], [], null))).toBe(false);
    expect(waitsForItsPlayers({ status: 'over', seats: [left(), bot()] })).toBe(false);
    expect(shown(turnLine(context([bot(), bot()], [1], [], null), null))).toBe('Watching · Bo to move.');
  });
});
