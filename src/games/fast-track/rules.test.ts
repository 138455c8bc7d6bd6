import { describe, expect, it } from 'vitest';
import { toJSONSchema } from 'zod';
import { SPECTATOR, SYSTEM, canonicalJson, sameMove, type Actor } from '../../core/game.ts';
import { randomSource, seedFor } from '../../core/rng.ts';
import type { StoredGame } from '../../server/game-store.ts';
import { verifyRecord } from '../../server/verify.ts';
import { asPlayed, replayStored, type StoredMeta } from '../../../rooms/journal.ts';
import { geometry, locationName } from './board.ts';
import { game } from './index.ts';
import { makeTable } from './moves.ts';
import { backwardDestinations, forwardDestinations } from './paths.ts';
import { hand, legal, ok, options, put, refused, ring, table, where } from './scenarios.ts';
import type { Move, Options, RingStatus, State } from './types.ts';

// Square board, 4 players: red (seat 0) leaves its pen at 0, first fast-track space 5, own fast-track
// exit 47, home entry 54; blue (seat 1) 14 / 19 / 5 / 12; green (seat 2) 28 / 33 / 19 / 26; yellow 42 / 47 / 33 / 40.

describe('set-up', () => {
  it('seats four players on the square board, one colour each, every marble in its pen', () => {
    const s = game.setup(game.options.parse({}), 4, 'a');
    expect(s.board).toBe('square');
    expect(s.players.map((p) => p.colours)).toEqual([[0], [1], [2], [3]]);
    expect(s.marbles).toHaveLength(16);
    expect(s.marbles.every((m) => m.area === 'pen')).toBe(true);
    expect(s.players.every((p) => p.deck.length === 54 && p.hand.length === 0)).toBe(true);
  });

  it.each([
    [2, {}, 'square', [[0, 2], [1, 3]]],
    [2, { coloursPerPlayer: 3 }, 'hex', [[0, 2, 4], [1, 3, 5]]],
    [2, { coloursPerPlayer: 1 }, 'square', [[0], [2]]],
    [3, {}, 'hex', [[0, 3], [1, 4], [2, 5]]],
    [3, { coloursPerPlayer: 1 }, 'square', [[0], [1], [2]]],
    [5, {}, 'hex', [[0], [1], [2], [3], [4]]],
    [6, {}, 'hex', [[0], [1], [2], [3], [4], [5]]],
  ] as const)('%i players %j: %s board, colours %j', (seats, opts, board, colours) => {
    const s = game.setup(game.options.parse(opts), seats, 'a');
    expect(s.board).toBe(board);
    expect(s.players.map((p) => p.colours)).toEqual(colours);
  });

  it.each([
    [5, { teams: 'pairs' }],
    [4, { teams: 'triples' }],
    [2, { coloursPerPlayer: 3, board: 'square' }],
    [4, { teams: 'pairs', coloursPerPlayer: 2 }],
    [6, { board: 'square' }],
  ])('rejects %i players with %j', (seats, opts) => {
    expect(game.validateSetup!(game.options.parse(opts), seats)?.code).toBe('fast-track/bad-setup');
  });

  it('partners sit opposite in pairs and alternate in triples', () => {
    expect(game.teams!(game.setup(game.options.parse({ teams: 'pairs' }), 4, 'a'))).toEqual([0, 1, 0, 1]);
    expect(game.teams!(game.setup(game.options.parse({ teams: 'pairs' }), 6, 'a'))).toEqual([0, 1, 2, 0, 1, 2]);
    expect(game.teams!(game.setup(game.options.parse({ teams: 'triples' }), 6, 'a'))).toEqual([0, 1, 0, 1, 0, 1]);
    expect(game.teams!(game.setup(game.options.parse({}), 4, 'a'))).toBeUndefined();
  });
});

describe('cut for first player', () => {
  const order = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', 'JK'];
  const value = (card: string) => order.indexOf(card === 'BJ' || card === 'SJ' ? 'JK' : card.slice(0, -1));

  it('is a SYSTEM move; the highest card (joker, ace, king …) starts and everyone draws five', () => {
    const s = game.setup(game.options.parse({}), 4, 'cut');
    expect(game.activeActors(s)).toEqual([SYSTEM]);
    expect(game.legalMoves(s, SYSTEM)).toEqual([{ type: 'cut' }]);
    expect(game.legalMoves(s, 0)).toEqual([]);
    let t = s;
    while (t.phase === 'cut') t = ok(t, { type: 'cut' }, SYSTEM);
    const first = t.turn.seat;
    expect(t.players.every((p) => p.hand.length === 5 && p.deck.length === 49)).toBe(true);
    const cuts = t.players.map((p) => value(p.cut));
    expect(cuts[first]).toBe(Math.max(...cuts));
  });

  it('nothing but the cut is accepted before it', () => {
    const s = game.setup(game.options.parse({}), 4, 'cut');
    expect(refused(s, { type: 'discard', card: '2S' }, SYSTEM)).toBe('fast-track/cut-first');
  });

  it('only the players tied for highest cut again', () => {
    for (let i = 0; i < 300; i++) {
      const s = game.setup(game.options.parse({}), 6, `tie${i}`);
      const t = ok(s, { type: 'cut' }, SYSTEM);
      if (t.phase !== 'cut') continue;
      const best = Math.max(...t.players.map((p) => value(p.cut)));
      expect(t.cutContenders).toEqual(t.players.flatMap((p, seat) => (value(p.cut) === best ? [seat] : [])));
      expect(t.cutContenders.length).toBeGreaterThan(1);
      const u = ok(t, { type: 'cut' }, SYSTEM);
      const untouched = t.players.map((_, seat) => seat).filter((seat) => !t.cutContenders.includes(seat));
      for (const seat of untouched) expect(u.players[seat]!.cut).toBe(t.players[seat]!.cut);
      return;
    }
    throw new Error('no tie found');
  });
});

describe('turns and hands', () => {
  it('a non-play-again card ends the turn: refill to five, next player clockwise', () => {
    const s = hand(put(table(), 'red-0', 'track', 10), 0, ['5H', '2C', '3D', '8S', '9H']);
    const t = ok(s, { type: 'move', card: '5H', marble: 'red-0', to: 'track-15' });
    expect(t.turn).toEqual({ seat: 1, chain: [], split: null });
    expect(t.players[0]!.hand).toHaveLength(5);
    expect(t.players[0]!.discard).toEqual(['5H']);
  });

  it.each(['2H', '3H', '4H', '5H', '7H', '8H', '9H', '10H'])('%s is not a play-again card: after its move the turn ends and the hand is refilled to five', (card) => {
    // «هنگامیکه کارتی را بازی کردهاید که کارت بازی مجدد نیست (یک کارت 2، 3، 4، 5، 7، 8، 9 یا 10) و حرکت مربوطه را انجام
    // دادید، باید با کشیدن کارتهای کافی از روی دک، به نوبت خود پایان دهید»
    const s = hand(put(table(), 'red-0', 'track', 20), 0, [card, 'AS', 'KS', 'QS', 'JS']);
    const move = legal(s).find((m) => m.type === 'move' && m.card === card && m.marble === 'red-0' && m.to !== 'bullseye')!;
    const t = ok(s, move);
    expect([t.turn.seat, t.players[0]!.hand.length, t.players[0]!.hand.includes(card)]).toEqual([1, 5, false]);
  });

  it('the square board has 56 main-track spaces, four fast-track spaces and home rows of four', () => {
    // «اینها شامل 56 فضا بر روی یک تخته مربع و 84 فضای خالی بر روی یک تخته شش ضلعی هستند»; «یک ردیف رنگی متشکل از چهار فضای خالی»
    const g = geometry('square');
    expect([g.trackLength, g.fastTrackSpaces, g.homeLength]).toEqual([56, [5, 19, 33, 47], 4]);
  });

  it('a play-again card (A, K, Q, J, 6, joker) keeps the turn and the chain is visible', () => {
    const s = hand(table(), 0, ['AS', 'KH', '2C', '3D', '8S']);
    const t = ok(s, { type: 'move', card: 'AS', marble: 'red-0', to: 'track-0' });
    expect(t.turn.seat).toBe(0);
    expect(t.players[0]!.hand).toHaveLength(4);
    const u = ok(t, { type: 'move', card: 'KH', marble: 'red-0', to: 'track-1' });
    expect(game.viewFor(u, SPECTATOR).public.turn.chain).toEqual(['AS', 'KH']);
    expect(ok(u, { type: 'move', card: '2C', marble: 'red-0', to: 'track-3' }).turn.seat).toBe(1);
  });

  it('a joker is a play-again card too', () => {
    const t = ok(hand(table(), 0, ['SJ', '2C']), { type: 'move', card: 'SJ', marble: 'red-0', to: 'track-0' });
    expect([t.turn.seat, t.turn.chain]).toEqual([0, ['SJ']]);
  });

  it('after playing five play-again cards the player draws a fresh five and plays on', () => {
    let s = hand(table(), 0, ['AS', 'KH', 'QD', 'JC', '6S']);
    s = ok(s, { type: 'move', card: 'AS', marble: 'red-0', to: 'track-0' });
    s = ok(s, { type: 'move', card: 'KH', marble: 'red-0', to: 'track-1' });
    s = ok(s, { type: 'move', card: 'QD', marble: 'red-0', to: 'track-2' });
    s = ok(s, { type: 'move', card: 'JC', marble: 'red-0', to: 'track-3' });
    s = ok(s, { type: 'move', card: '6S', marble: 'red-0', to: 'track-9' });
    expect(s.turn.seat).toBe(0);
    expect(s.turn.chain).toHaveLength(5);
    expect(s.players[0]!.hand).toHaveLength(5);
  });

  it('an empty deck is rebuilt by shuffling the played pile', () => {
    const s = hand(put(table(), 'red-0', 'track', 10), 0, ['5H', '2C', '3D', '8S', '9H']);
    const p = s.players[0]!;
    p.discard.push(...p.deck);
    p.deck = [];
    const r = game.applyMove(s, 0, { type: 'move', card: '5H', marble: 'red-0', to: 'track-15' });
    expect(r.ok && r.events.some((e) => e.type === 'reshuffled')).toBe(true);
    const t = r.ok ? r.state.players[0]! : p;
    expect([t.hand.length, t.deck.length, t.discard.length]).toEqual([5, 49, 0]);
  });
});

describe('card effects', () => {
  it.each(['AS', 'BJ', '6H'])('%s brings a marble out of the pen onto its pen exit (a 6 does not go on 5 further)', (card) => {
    const s = hand(table(), 0, [card]);
    expect(options(s, card)).toEqual(['red-0>track-0']);
    const t = ok(s, { type: 'move', card, marble: 'red-0', to: 'track-0' });
    expect(where(t, 'red-0')).toBe('track-0');
  });

  it('any marble of the pen may be named: pen marbles are alike', () => {
    const t = ok(hand(table(), 0, ['AS']), { type: 'move', card: 'AS', marble: 'red-3', to: 'track-0' });
    expect(where(t, 'red-0')).toBe('track-0');
  });

  it('a 6 that brings a marble out of the pen is still a play-again card: another card follows', () => {
    // «وقتی از هولد پن با عدد 6 خارج میشوید، به خانه خروج (نه 5 خانه دیگر) رفته و سپس یک کارت دیگر بازی کنید»
    const t = ok(hand(table(), 0, ['6H', '2C']), { type: 'move', card: '6H', marble: 'red-0', to: 'track-0' });
    expect([where(t, 'red-0'), t.turn.seat, t.turn.chain]).toEqual(['track-0', 0, ['6H']]);
  });

  it.each([
    ['AS', 11],
    ['BJ', 11],
    ['2H', 12],
    ['3H', 13],
    ['5H', 15],
    ['6H', 16],
    ['8H', 18],
    ['9H', 19],
    ['10H', 20],
    ['JH', 11],
    ['QH', 11],
    ['KH', 11],
  ])('%s moves a marble forward to %i', (card, to) => {
    const s = hand(put(table(), 'red-1', 'track', 10), 0, [card]);
    expect(options(s, card)).toContain(`red-1>track-${to}`);
  });

  it('2, 3, 5, 8, 9 and 10 cannot bring a marble out of the pen: with all marbles in the pen they do nothing', () => {
    for (const card of ['2H', '3H', '5H', '8H', '9H', '10H', '7H', '4H', 'KH', 'QH', 'JH']) {
      expect(options(hand(table(), 0, [card]), card)).toEqual(['discard']);
    }
  });

  it('a 4 moves a marble 4 backwards, and only backwards', () => {
    const s = hand(put(table(), 'red-1', 'track', 10), 0, ['4S']);
    expect(options(s, '4S')).toEqual(['red-1>track-6']);
  });

  it('a 4 may pass back over the own pen exit and home entry; the marble then enters home going forward', () => {
    let s = hand(put(table(), 'red-1', 'track', 1), 0, ['4S', '3S']);
    expect(options(s, '4S')).toEqual(['red-1>track-53']);
    s = ok(s, { type: 'move', card: '4S', marble: 'red-1', to: 'track-53' });
    s = hand(s, 1, []);
    s.turn.seat = 0;
    s = hand(s, 0, ['3S']);
    expect(options(s, '3S')).toEqual(['red-1>home-1']);
  });

  it('a 4 may end on the own home entry; a 1 then takes the marble into its home row', () => {
    let s = hand(put(table(), 'red-1', 'track', 2), 0, ['4S']);
    expect(options(s, '4S')).toEqual(['red-1>track-54']); // 1, pen exit 0, 55, home entry 54
    s = ok(s, { type: 'move', card: '4S', marble: 'red-1', to: 'track-54' });
    s.turn.seat = 0;
    expect(options(hand(s, 0, ['AS']), 'AS')).toEqual(['red-0>track-0', 'red-1>home-0']);
  });

  it('a 4 captures another colour it lands on going backwards', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 14), 'blue-0', 'track', 10), 0, ['4S']);
    expect(where(ok(s, { type: 'move', card: '4S', marble: 'red-1', to: 'track-10' }), 'blue-0')).toBe('pen');
  });

  it('a 4 never moves a marble in the home row, so with nothing else on the track it does nothing', () => {
    const s = hand(put(table(), 'red-1', 'home', 0), 0, ['4S']);
    expect(options(s, '4S')).toEqual(['discard']);
  });

  it('a 7 moves one marble 7 or is split over two marbles, both forward, exactly 7 in all', () => {
    let s = hand(put(put(table(), 'red-1', 'track', 10), 'red-2', 'track', 30), 0, ['7C']);
    const opts = options(s, '7C');
    expect(opts).toContain('red-1>track-17');
    expect(opts).toContain('red-2>track-37');
    expect(opts.filter((o) => o.endsWith('/3'))).toEqual(['red-1>track-13/3', 'red-2>track-33/3']);
    s = ok(s, { type: 'split', card: '7C', marble: 'red-1', to: 'track-13', steps: 3 });
    expect(s.turn.split).toMatchObject({ card: '7C', marble: 'red-1', remaining: 4 });
    expect(legal(s)).toEqual([
      { type: 'splitRest', marble: 'red-2', to: 'bullseye' }, // 31, 32, 33 is a fast-track space: the last step may enter the bull's eye
      { type: 'splitRest', marble: 'red-2', to: 'track-34' },
    ]);
    expect(refused(s, { type: 'move', card: s.players[0]!.hand[0] ?? 'x', marble: 'red-2', to: 'track-34' })).toBe('fast-track/split-pending');
    s = ok(s, { type: 'splitRest', marble: 'red-2', to: 'track-34' });
    expect([where(s, 'red-1'), where(s, 'red-2'), s.turn.seat]).toEqual(['track-13', 'track-34', 1]);
  });

  it('a split is offered only where the rest of the 7 can be used', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 10), 'red-2', 'home', 2), 0, ['7C']);
    expect(options(s, '7C')).toEqual(['red-1>track-16/6', 'red-1>track-17', 'red-2>home-3/1']);
  });

  it('either part of a split may capture', () => {
    let s = put(put(put(table(), 'red-1', 'track', 10), 'red-2', 'track', 30), 'blue-0', 'track', 34);
    s = ok(hand(s, 0, ['7C']), { type: 'split', card: '7C', marble: 'red-1', to: 'track-13', steps: 3 });
    s = ok(s, { type: 'splitRest', marble: 'red-2', to: 'track-34' });
    expect(where(s, 'blue-0')).toBe('pen');
  });

  it('a 7 that cannot go forward whole or split moves one marble 7 backwards', () => {
    const s = hand(put(table(), 'red-1', 'track', 52), 0, ['7C']);
    expect(options(s, '7C')).toEqual(['red-1>track-45']);
  });

  it('jack: 1 forward, leave the bull’s eye, or swap', () => {
    const s = hand(put(put(put(table(), 'red-1', 'track', 10), 'red-2', 'bullseye'), 'blue-0', 'track', 20), 0, ['JD']);
    expect(options(s, 'JD')).toEqual(['red-1<>blue-0', 'red-1>track-11', 'red-2<>blue-0', 'red-2>track-47']);
  });

  it.each(['QD', 'KD'])('%s: 1 forward or leave the bull’s eye (no swap)', (card) => {
    const s = hand(put(put(put(table(), 'red-1', 'track', 10), 'red-2', 'bullseye'), 'blue-0', 'track', 20), 0, [card]);
    expect(options(s, card)).toEqual(['red-1>track-11', 'red-2>track-47']);
  });
});

describe('jack swap', () => {
  it('exchanges one of your marbles with another colour’s; nobody is captured', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 10), 'blue-0', 'track', 20), 0, ['JD']);
    const t = ok(s, { type: 'swap', card: 'JD', marble: 'red-1', other: 'blue-0' });
    expect([where(t, 'red-1'), where(t, 'blue-0')]).toEqual(['track-20', 'track-10']);
  });

  it('the pair may be named in either order', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 10), 'blue-0', 'track', 20), 0, ['JD']);
    expect(where(ok(s, { type: 'swap', card: 'JD', marble: 'blue-0', other: 'red-1' }), 'red-1')).toBe('track-20');
  });

  it('never involves a marble in a pen or a home row', () => {
    const s = hand(put(put(put(table(), 'red-1', 'track', 10), 'green-0', 'home', 0), 'blue-0', 'track', 20), 0, ['JD']);
    expect(options(s, 'JD').filter((o) => o.includes('<>'))).toEqual(['red-1<>blue-0']);
    expect(refused(s, { type: 'swap', card: 'JD', marble: 'red-1', other: 'green-0' })).toBe('fast-track/illegal-move');
    expect(refused(s, { type: 'swap', card: 'JD', marble: 'red-1', other: 'yellow-0' })).toBe('fast-track/illegal-move');
  });

  it('may take a marble into or out of the bull’s eye', () => {
    const s = hand(put(put(table(), 'red-1', 'bullseye'), 'blue-0', 'track', 20), 0, ['JD']);
    const t = ok(s, { type: 'swap', card: 'JD', marble: 'red-1', other: 'blue-0' });
    expect([where(t, 'red-1'), where(t, 'blue-0')]).toEqual(['track-20', 'bullseye']);
  });

  it('a marble swapped onto a fast-track space is on the fast track', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 10), 'blue-0', 'track', 19), 0, ['JD']);
    const t = ok(s, { type: 'swap', card: 'JD', marble: 'red-1', other: 'blue-0' });
    expect([ring(t, 'red-1'), ring(t, 'blue-0')]).toEqual(['entered', 'none']);
  });

  it('jack swap (the original rules: the marbles «can be of any colour»): any two of different colours, even two opponents’ (option withOwn: one of them yours)', () => {
    const base = (jackSwap?: 'withOwn' | 'anyTwo') => hand(put(put(table(jackSwap ? { jackSwap } : {}), 'blue-0', 'track', 20), 'green-0', 'track', 30), 0, ['JD']);
    expect(options(base(), 'JD')).toEqual(['blue-0<>green-0']);
    expect(options(base('withOwn'), 'JD')).toEqual(['discard']);
    expect(options(base('anyTwo'), 'JD')).toEqual(['blue-0<>green-0']);
  });
});

describe('moving on the main track', () => {
  it('never lands on a marble of its own colour', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 10), 'red-2', 'track', 13), 0, ['3S']);
    expect(options(s, '3S')).toEqual(['red-2>track-16']);
    expect(refused(s, { type: 'move', card: '3S', marble: 'red-1', to: 'track-13' })).toBe('fast-track/illegal-move');
  });

  it('never jumps a marble of its own colour, forwards or backwards', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 10), 'red-2', 'track', 12), 0, ['3S', '4S']);
    expect(options(s, '3S')).toEqual(['red-2>track-15']);
    expect(options(s, '4S')).toEqual(['red-1>track-6']);
  });

  it('passes other colours and captures the one it lands on: back to its pen', () => {
    const s = hand(put(put(put(table(), 'red-1', 'track', 10), 'blue-0', 'track', 12), 'green-0', 'track', 13), 0, ['3S']);
    const r = game.applyMove(s, 0, { type: 'move', card: '3S', marble: 'red-1', to: 'track-13' });
    expect(r.ok && r.events.filter((e) => e.type === 'captured')).toEqual([{ type: 'captured', marble: 'green-0' }]);
    const t = r.ok ? r.state : s;
    expect([where(t, 'red-1'), where(t, 'green-0'), where(t, 'blue-0')]).toEqual(['track-13', 'pen', 'track-12']);
  });

  it('a marble leaving the pen captures another colour on the pen exit, but not its own', () => {
    const s = hand(put(table(), 'blue-0', 'track', 0), 0, ['AS']);
    expect(where(ok(s, { type: 'move', card: 'AS', marble: 'red-0', to: 'track-0' }), 'blue-0')).toBe('pen');
    const own = hand(put(table(), 'red-1', 'track', 0), 0, ['AS']);
    expect(options(own, 'AS')).toEqual(['red-1>track-1']);
  });

  it('own marbles always turn into the home row at the home entry; others go past it', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 53), 'blue-0', 'track', 52), 0, ['5S', '3S']);
    expect(options(s, '5S')).toEqual(['red-1>home-3']);
    const b = hand(put(table({}, 4, 1), 'blue-0', 'track', 53), 1, ['3S']);
    expect(options(b, '3S')).toEqual(['blue-0>track-0']);
  });
});

describe('home base row', () => {
  it('needs the exact count: a marble cannot overshoot the row', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 53), 'red-2', 'track', 20), 0, ['8S']);
    expect(options(s, '8S')).toEqual(['red-2>track-28']);
  });

  it('marbles move up the row with exact counts and never pass each other there', () => {
    const s = hand(put(put(table(), 'red-1', 'home', 0), 'red-2', 'home', 2), 0, ['AS', '2S', '3S']);
    expect(options(s, 'AS')).toEqual(['red-0>track-0', 'red-1>home-1', 'red-2>home-3']);
    expect(options(s, '2S')).toEqual(['discard']);
    expect(options(s, '3S')).toEqual(['discard']);
  });

  it('is safe: no other colour enters it, a 4 cannot move a marble out of it, a jack cannot swap it', () => {
    const s = hand(put(put(table(), 'red-1', 'home', 3), 'blue-0', 'track', 20), 0, ['4S', 'JS']);
    expect(options(s, '4S')).toEqual(['discard']);
    expect(options(s, 'JS')).toEqual(['discard']);
  });
});

describe('no possible move', () => {
  it('a card that cannot go forward moves a main-track marble backwards by its value', () => {
    const s = hand(put(table(), 'red-1', 'track', 52), 0, ['8S']);
    expect(options(s, '8S')).toEqual(['red-1>track-44']);
  });

  it('the backward move is forced only when no marble can go forward with the card', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 52), 'red-2', 'track', 10), 0, ['8S']);
    expect(options(s, '8S')).toEqual(['red-2>track-18']);
  });

  it('a card with no possible effect is discarded; a play-again card still needs another card', () => {
    let s = hand(put(table(), 'red-1', 'bullseye'), 0, ['5S', 'AS', '2C', '2D', '2H']);
    expect(options(s, '5S')).toEqual(['discard']);
    s = hand(s, 0, ['KS', '2C', '3C', '5C', '8C']);
    put(s, 'red-1', 'home', 3);
    put(s, 'red-2', 'home', 2);
    expect(options(s, 'KS')).toEqual(['discard']);
    s = ok(s, { type: 'discard', card: 'KS' });
    expect([s.turn.seat, s.players[0]!.discard.at(-1)]).toEqual([0, 'KS']);
    s = ok(s, { type: 'discard', card: '2C' });
    expect(s.turn.seat).toBe(1);
  });

  it('a play-again card moved backwards for want of a forward move still needs another card', () => {
    // Red's other marbles fill the home row from the top; from 53 a 6 overshoots it, and the pen is empty.
    let s = hand(put(put(put(put(table(), 'red-0', 'home', 3), 'red-2', 'home', 2), 'red-3', 'home', 1), 'red-1', 'track', 53), 0, ['6S', '2C']);
    expect(options(s, '6S')).toEqual(['red-1>track-47']);
    s = ok(s, { type: 'move', card: '6S', marble: 'red-1', to: 'track-47' });
    expect([s.turn.seat, s.turn.chain]).toEqual([0, ['6S']]);
  });

  it('option stallRelief: after that many no-effect discards in a row a marble leaves the pen by itself', () => {
    let s = hand(table({ stallRelief: 2 }), 0, ['KS', 'QS', '2C', '3C', '5C']);
    s = ok(s, { type: 'discard', card: 'KS' });
    expect([where(s, 'red-0'), s.players[0]!.stalls]).toEqual(['pen', 1]);
    const r = game.applyMove(s, 0, { type: 'discard', card: 'QS' });
    expect(r.ok && r.events.find((e) => e.type === 'stallRelief')).toEqual({ type: 'stallRelief', seat: 0, marble: 'red-0', to: 'track-0' });
    s = r.ok ? r.state : s;
    expect([where(s, 'red-0'), s.players[0]!.stalls]).toEqual(['track-0', 0]);
    let off = hand(table(), 0, ['KS', 'QS', 'JS', '2C', '3C']);
    for (const card of ['KS', 'QS', 'JS']) off = ok(off, { type: 'discard', card });
    expect([where(off, 'red-0'), off.players[0]!.stalls]).toEqual(['pen', 3]);
  });

  it('a card that has an effect may not be discarded', () => {
    const s = hand(put(table(), 'red-1', 'track', 10), 0, ['5S']);
    expect(refused(s, { type: 'discard', card: '5S' })).toBe('fast-track/card-has-effect');
  });
});

describe('fast track', () => {
  it('a marble ending its move on a fast-track space is on the fast track', () => {
    const s = hand(put(table(), 'red-1', 'track', 0), 0, ['5S']);
    const t = ok(s, { type: 'move', card: '5S', marble: 'red-1', to: 'track-5' });
    expect(ring(t, 'red-1')).toBe('entered');
  });

  it('from there it may go round the fast track (one step per space) or on along the main track', () => {
    const s = hand(put(table(), 'red-1', 'track', 5), 0, ['3S']);
    expect(options(s, '3S')).toEqual(['red-1>track-47', 'red-1>track-8']);
    const t = ok(s, { type: 'move', card: '3S', marble: 'red-1', to: 'track-47' });
    expect(ring(t, 'red-1')).toBe('riding');
  });

  it('it leaves the fast track at its own colour’s fast-track space and goes on towards home', () => {
    const s = hand(put(table(), 'red-1', 'track', 33, 'riding'), 0, ['5S']);
    expect(options(s, '5S')).toEqual(['red-1>track-51']);
    const home = hand(put(table(), 'red-1', 'track', 19, 'riding'), 0, ['10S']);
    expect(options(home, '10S')).toEqual(['red-1>home-0']); // 33, 47, then 48 … 54, home
  });

  it('a marble travelling the fast track stays on it (option ringStepOff moveStart: it may step off where its move starts)', () => {
    const s = hand(put(table(), 'red-1', 'track', 19, 'riding'), 0, ['2S']);
    expect(options(s, '2S')).toEqual(['red-1>track-47']);
    const off = hand(put(table({ ringStepOff: 'moveStart' }), 'red-1', 'track', 19, 'riding'), 0, ['2S']);
    expect(options(off, '2S')).toEqual(['red-1>track-21', 'red-1>track-47']);
  });

  it('it never goes round past its own home row', () => {
    const s = hand(put(table(), 'red-1', 'track', 47, 'riding'), 0, ['AS']);
    expect(options(s, 'AS')).toEqual(['red-1>track-48']);
  });

  it('while a marble is on the fast track no other marble of its colour may move', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 5), 'red-2', 'track', 20), 0, ['AS']);
    expect(options(s, 'AS')).toEqual(['red-1>track-19', 'red-1>track-6']);
    expect(refused(s, { type: 'move', card: 'AS', marble: 'red-2', to: 'track-21' })).toBe('fast-track/fast-track-first');
    expect(refused(s, { type: 'move', card: 'AS', marble: 'red-0', to: 'track-0' })).toBe('fast-track/fast-track-first');
  });

  it('of two marbles of one colour on the fast track, the one nearer its exit moves first', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 19), 'red-2', 'track', 33), 0, ['2S']);
    expect(options(s, '2S')).toEqual(['red-2>track-35', 'red-2>track-48']);
  });

  it('a jack swap can put a second marble of a colour on the fast track; the one nearer its exit then moves first', () => {
    // «اگر دو تیله همرنگ در فست ترک قرار داشته باشند (به دلیل اینکه یکی از آنها با تعویض سرباز در آنجا قرار گرفته است …)،
    // نزدیکترین تیله به جایگاه خروج از فست ترک در اولویت حرکت است» — blue's jack swaps red-2 onto green's marble on
    // red's own fast-track space (47), while red-1 travels the fast track at 19.
    let s = hand(put(put(put(table({}, 4, 1), 'red-1', 'track', 19, 'riding'), 'red-2', 'track', 20), 'green-0', 'track', 47), 1, ['JS', '2S']);
    s = ok(s, { type: 'swap', card: 'JS', marble: 'red-2', other: 'green-0' });
    expect([where(s, 'red-2'), ring(s, 'red-2'), where(s, 'green-0')]).toEqual(['track-47', 'entered', 'track-20']);
    s = ok(s, { type: 'discard', card: '2S' }); // blue has nothing on the board to move with it
    expect(s.turn.seat).toBe(2);
    s.turn = { seat: 0, chain: [], split: null };
    s = hand(s, 0, ['2S']);
    expect(options(s, '2S')).toEqual(['red-2>track-49']);
    expect(refused(s, { type: 'move', card: '2S', marble: 'red-1', to: 'track-47' })).toBe('fast-track/fast-track-first');
  });

  it('a play-again card that leaves the marble on the fast track does not free the others: the next card must move it again', () => {
    // «در صورتی که تیله شما در فست ترک قرار دارد مجاز به جابجایی هیچ یک از تیلههای دیگر خود نیستید. ابتدا تیله موجود در
    // فست ترک باید به مسیر اصلی منتقل شود»
    let s = hand(put(put(table(), 'red-1', 'track', 5), 'red-2', 'track', 20), 0, ['AS', '3S']);
    s = ok(s, { type: 'move', card: 'AS', marble: 'red-1', to: 'track-19' });
    expect([s.turn.seat, ring(s, 'red-1')]).toEqual([0, 'riding']);
    expect(options(s, '3S')).toEqual(['red-1>track-48']); // 33, 47 (its own), 48
    expect(refused(s, { type: 'move', card: '3S', marble: 'red-2', to: 'track-23' })).toBe('fast-track/fast-track-first');
  });

  it('a split 7 can bring two marbles onto the fast track in one play', () => {
    let s = hand(put(put(table(), 'red-1', 'track', 1), 'red-2', 'track', 16), 0, ['7C']);
    s = ok(s, { type: 'split', card: '7C', marble: 'red-1', to: 'track-5', steps: 4 });
    s = ok(s, { type: 'splitRest', marble: 'red-2', to: 'track-19' });
    expect([ring(s, 'red-1'), ring(s, 'red-2')]).toEqual(['entered', 'entered']);
  });

  it('a fast-track marble that the card cannot move without landing on or jumping its own colour goes back to its pen', () => {
    // «اگر با کارتی بازی میکنید که تیله موجود در فست ترک شما نمیتواند بدون فرود یا پریدن از روی تیله دیگری با همان رنگ
    // حرکت کند، تیله شما به هولدینگ پن شروع بازگردانده خواهد شد» — the rule for the fast-track marble, not the forced
    // backward move of a card with no forward move: 2 back round the fast track (19, 5) would be open, yet it goes to its pen.
    let s = hand(put(put(table(), 'red-1', 'track', 33, 'riding'), 'red-2', 'track', 48), 0, ['2S']);
    expect(backwardDestinations(makeTable(s), s.marbles.find((m) => m.id === 'red-1')!, 2).map((d) => locationName(d.to))).toEqual(['track-5']);
    expect(options(s, '2S')).toEqual(['red-1>pen']);
    s = ok(s, { type: 'move', card: '2S', marble: 'red-1', to: 'pen' });
    expect(where(s, 'red-1')).toBe('pen');
  });

  it('a jack whose 1 is blocked swaps the fast-track marble instead (a swap is something the card does with it); a queen sends it to its pen', () => {
    const s = hand(put(put(put(table(), 'red-1', 'track', 47, 'riding'), 'red-2', 'track', 48), 'blue-0', 'track', 20), 0, ['JS', 'QS']);
    expect(options(s, 'JS')).toEqual(['red-1<>blue-0']);
    expect(options(s, 'QS')).toEqual(['red-1>pen']);
  });

  it('with a marble on the fast track, a jack swap must take that marble: never two other marbles', () => {
    // «باید با استفاده از کارتی که بازی میکنید تیله فست ترک تیم خود را حرکت دهید» — the card played must move the
    // fast-track marble; without one, any two marbles of different colours may be swapped (jackSwap anyTwo).
    const s = hand(put(put(put(table(), 'red-1', 'track', 19, 'riding'), 'blue-0', 'track', 22), 'green-0', 'track', 30), 0, ['JS']);
    expect(options(s, 'JS')).toEqual(['red-1<>blue-0', 'red-1<>green-0', 'red-1>track-33']);
    expect(refused(s, { type: 'swap', card: 'JS', marble: 'blue-0', other: 'green-0' })).toBe('fast-track/fast-track-first');
    const free = hand(put(put(put(table(), 'red-1', 'track', 20), 'blue-0', 'track', 22), 'green-0', 'track', 30), 0, ['JS']);
    expect(options(free, 'JS')).toContain('blue-0<>green-0');
  });

  it('a 4 that cannot take the fast-track marble back round the fast track sends it to its pen', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 33, 'riding'), 'red-2', 'track', 19), 0, ['4S']);
    expect(options(s, '4S')).toEqual(['red-1>pen']); // red-1 is nearer its exit; 33 → 19 is blocked by red-2
  });

  it('a split 7 must start with the fast-track marble, and the other marble may move only once it is off', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 33, 'riding'), 'red-2', 'track', 20), 0, ['7C']);
    // 33 → 47 is one step; from 47 the main track: the first part must take it past 47 to free red-2.
    expect(options(s, '7C')).toEqual([
      'red-1>track-48/2',
      'red-1>track-49/3',
      'red-1>track-50/4',
      'red-1>track-51/5',
      'red-1>track-52/6',
      'red-1>track-53',
    ]);
  });

  it('a 4 takes a marble travelling the fast track backwards round it, leaving it only at the space after its pen exit', () => {
    const s = hand(put(table(), 'red-1', 'track', 33, 'riding'), 0, ['4S']);
    expect(options(s, '4S')).toEqual(['red-1>track-3']); // 19, 5, then down the main track 4, 3
    const blue = hand(put(table({}, 4, 1), 'blue-0', 'track', 5, 'riding'), 1, ['4S']);
    expect(options(blue, '4S')).toEqual(['blue-0>track-18']); // 47, 33, 19 (blue's first), then 18
  });

  it('a backward move can put a marble on the fast track', () => {
    const s = ok(hand(put(table(), 'red-1', 'track', 9), 0, ['4S']), { type: 'move', card: '4S', marble: 'red-1', to: 'track-5' });
    expect(ring(s, 'red-1')).toBe('entered');
  });

  it('a forced backward move can put a marble on the fast track too', () => {
    // An 8 goes nowhere forward from the home entry with home-0 taken; 7 back is red's own fast-track space.
    const s = hand(put(put(table(), 'red-1', 'track', 54), 'red-2', 'home', 0), 0, ['7S']);
    expect(options(s, '7S')).toEqual(['red-1>track-47']);
    expect(ring(ok(s, { type: 'move', card: '7S', marble: 'red-1', to: 'track-47' }), 'red-1')).toBe('entered');
  });

  it('only a move ending exactly on a fast-track space puts a marble on the fast track: passing one does not', () => {
    // «تنها در صورتی میتوان وارد فست ترک (حرکت سریع) و بولز آی شد که حرکت کارت مربوطه دقیقاً به همان موقعیت ختم شود»
    let s = hand(put(table(), 'red-1', 'track', 3), 0, ['5S']);
    expect(options(s, '5S')).toEqual(['red-1>track-8']); // over 5, and no bull's eye either
    s = ok(s, { type: 'move', card: '5S', marble: 'red-1', to: 'track-8' });
    expect(ring(s, 'red-1')).toBe('none');
    s.turn.seat = 0;
    expect(options(hand(s, 0, ['3S']), '3S')).toEqual(['red-1>track-11']);
  });

  it('while a marble is on the fast track, no other marble leaves the bull’s eye', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 19, 'riding'), 'red-2', 'bullseye'), 0, ['KS']);
    expect(options(s, 'KS')).toEqual(['red-1>track-33']);
    expect(refused(s, { type: 'move', card: 'KS', marble: 'red-2', to: 'track-47' })).toBe('fast-track/fast-track-first');
  });

  it('option loseStatus: another marble may move, and the fast-track marble loses its status', () => {
    let s = hand(put(put(table({ fastTrackObligation: 'loseStatus' }), 'red-1', 'track', 5), 'red-2', 'track', 20), 0, ['AS']);
    expect(options(s, 'AS')).toEqual(['red-0>track-0', 'red-1>track-19', 'red-1>track-6', 'red-2>track-21']);
    s = ok(s, { type: 'move', card: 'AS', marble: 'red-2', to: 'track-21' });
    expect(ring(s, 'red-1')).toBe('none');
    s = hand(s, 0, ['3S']);
    expect(options(s, '3S')).toEqual(['red-1>track-8', 'red-2>track-24']); // red-1 may no longer take the fast track
  });
});

describe('fast track, option ringStepOff anyHop: off at any fast-track space, then on along the main track', () => {
  // Red's fast track: 5, 19, 33, then its exit 47.
  const onFastTrack = (ringStepOff: Options['ringStepOff'], card: string, ringStatus: RingStatus = 'riding', extra: Partial<Options> = {}) =>
    hand(put(table({ ringStepOff, ...extra }), 'red-1', 'track', 5, ringStatus), 0, [card]);
  const red1 = (s: State, card: string) => options(s, card).filter((o) => o.startsWith('red-1>'));

  it('a 5 from 5 rides 0, 1, 2 or 3 hops and walks the rest (the rules by default: 3 hops; moveStart: 0 or 3)', () => {
    expect(options(onFastTrack('never', '5S'), '5S')).toEqual(['red-1>track-49']); // 19, 33, 47, 48, 49
    expect(options(onFastTrack('moveStart', '5S'), '5S')).toEqual(['red-1>track-10', 'red-1>track-49']);
    // 6 … 10; 19, then 20 … 23; 19, 33, then 34 … 36; 19, 33, 47, 48, 49.
    expect(options(onFastTrack('anyHop', '5S'), '5S')).toEqual(['red-1>track-10', 'red-1>track-23', 'red-1>track-36', 'red-1>track-49']);
    // A marble that arrived on the fast track (not yet travelling it) has the same ways.
    expect(options(onFastTrack('anyHop', '5S', 'entered'), '5S')).toEqual(['red-1>track-10', 'red-1>track-23', 'red-1>track-36', 'red-1>track-49']);
    expect(options(onFastTrack('never', '5S', 'entered'), '5S')).toEqual(['red-1>track-10', 'red-1>track-49']);
  });

  it('stepping off after one hop or after two leaves the marble on the main track, off the fast track', () => {
    const one = ok(onFastTrack('anyHop', '5S'), { type: 'move', card: '5S', marble: 'red-1', to: 'track-23' });
    expect([where(one, 'red-1'), ring(one, 'red-1')]).toEqual(['track-23', 'none']);
    const two = ok(onFastTrack('anyHop', '5S'), { type: 'move', card: '5S', marble: 'red-1', to: 'track-36' });
    expect([where(two, 'red-1'), ring(two, 'red-1')]).toEqual(['track-36', 'none']);
    two.turn = { seat: 0, chain: [], split: null };
    expect(options(hand(two, 0, ['3S']), '3S')).toEqual(['red-1>track-39']); // red's next move: no fast track from the main track
  });

  it('a move ending on the fast track is travelling it; stepping off, the marble never ends in the bull’s eye (it started on the fast track)', () => {
    const s = onFastTrack('anyHop', '2S');
    expect(options(s, '2S')).toEqual(['red-1>track-20', 'red-1>track-33', 'red-1>track-7']); // 20 is one past 19: no bull's eye
    expect(ring(ok(s, { type: 'move', card: '2S', marble: 'red-1', to: 'track-33' }), 'red-1')).toBe('riding');
  });

  it('an own marble blocks only the ways that land on it or pass it, on the main track or the fast track', () => {
    // loseStatus: a second red marble may stand on the fast track without having to move first.
    const blocked = (space: number) => red1(put(onFastTrack('anyHop', '5S', 'riding', { fastTrackObligation: 'loseStatus' }), 'red-2', 'track', space), '5S');
    expect(blocked(21)).toEqual(['red-1>track-10', 'red-1>track-36', 'red-1>track-49']); // 19, 20, 21 …: passes it
    expect(blocked(33)).toEqual(['red-1>track-10', 'red-1>track-23']); // every way past the second hop
    expect(blocked(36)).toEqual(['red-1>track-10', 'red-1>track-23', 'red-1>track-49']); // lands on it
  });

  it('other colours are passed on either track, and the one it lands on is captured', () => {
    const s = put(put(onFastTrack('anyHop', '5S'), 'green-0', 'track', 19), 'blue-0', 'track', 23);
    const r = game.applyMove(s, 0, { type: 'move', card: '5S', marble: 'red-1', to: 'track-23' });
    expect(r.ok && r.events.filter((e) => e.type === 'moved' || e.type === 'captured')).toEqual([
      { type: 'moved', marble: 'red-1', from: 'track-5', to: 'track-23' },
      { type: 'captured', marble: 'blue-0' },
    ]);
    const t = ok(s, { type: 'move', card: '5S', marble: 'red-1', to: 'track-23' });
    expect([where(t, 'blue-0'), where(t, 'green-0'), where(t, 'red-1')]).toEqual(['pen', 'track-19', 'track-23']);
  });

  it('the fast track still ends at the own exit: from the space before it, the ways are those of moveStart, home row included', () => {
    const before = (ringStepOff: Options['ringStepOff']) => options(hand(put(table({ ringStepOff }), 'red-1', 'track', 33, 'riding'), 0, ['10S']), '10S');
    expect(before('never')).toEqual(['red-1>home-1']); // 47, then 48 … 54 (its home entry), home-0, home-1
    expect(before('moveStart')).toEqual(['red-1>home-1', 'red-1>track-43']);
    expect(before('anyHop')).toEqual(['red-1>home-1', 'red-1>track-43']);
  });

  it('backward moves are as before: back round the fast track, off it only after the pen exit', () => {
    const s = hand(put(table({ ringStepOff: 'anyHop' }), 'red-1', 'track', 33, 'riding'), 0, ['4S']);
    expect(options(s, '4S')).toEqual(['red-1>track-3']);
  });

  it('stepping off partway ends the fast-track obligation, so a split 7 may then move another marble', () => {
    const split = (ringStepOff: Options['ringStepOff']) => hand(put(put(table({ ringStepOff }), 'red-1', 'track', 19, 'riding'), 'red-2', 'track', 25), 0, ['7C']);
    expect(options(split('never'), '7C')).not.toContain('red-1>track-34/2');
    expect(options(split('anyHop'), '7C')).toContain('red-1>track-34/2'); // 33, then 34: off the fast track
    let s = ok(split('anyHop'), { type: 'split', card: '7C', marble: 'red-1', to: 'track-34', steps: 2 });
    expect(ring(s, 'red-1')).toBe('none');
    s = ok(s, { type: 'splitRest', marble: 'red-2', to: 'track-30' });
    expect([where(s, 'red-1'), where(s, 'red-2')]).toEqual(['track-34', 'track-30']);
  });

  it('every way leads to a different place, so a move’s destination names its way (both boards, every start, 1–10 steps)', () => {
    for (const [seats, opts] of [[4, {}], [6, {}]] as const) {
      const s = table({ ...opts, ringStepOff: 'anyHop' }, seats);
      const t = makeTable(s, []);
      const g = geometry(s.board);
      for (const colour of s.players.flatMap((p) => p.colours)) {
        for (const space of g.fastTrackSpaces) {
          for (const ringStatus of ['entered', 'riding'] as const) {
            for (let steps = 1; steps <= 10; steps++) {
              const marble = { id: 'x', colour, area: 'track' as const, space, ring: ringStatus };
              const places = forwardDestinations(t, marble, steps).map((d) => locationName(d.to));
              expect(new Set(places).size, `${colour} from ${space} (${ringStatus}), ${steps} steps: ${places.join(' ')}`).toBe(places.length);
            }
          }
        }
      }
    }
  });
});

describe('ringStepOff recorded as yes or no (before anyHop)', () => {
  const yesNo = (value: boolean) => ({ ringStepOff: value }) as unknown as Partial<Options>;

  it('reads true as moveStart and false as never; other values are refused', () => {
    expect(game.options.parse({ ringStepOff: true }).ringStepOff).toBe('moveStart');
    expect(game.options.parse({ ringStepOff: false }).ringStepOff).toBe('never');
    expect(game.options.parse({}).ringStepOff).toBe('never');
    expect(game.options.safeParse({ ringStepOff: 'sometimes' }).success).toBe(false);
    expect(game.options.safeParse({ ringStepOff: 1 }).success).toBe(false);
  });

  it('is listed to clients (GET /api/games, the create form) as a choice of three by their titles, not as a yes/no', () => {
    const listed = toJSONSchema(game.options, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, { anyOf?: { const: unknown; title?: string }[]; default?: unknown; description?: string }> };
    expect(listed.properties.ringStepOff!.anyOf?.map((c) => [c.const, c.title])).toEqual([
      ['never', 'Never'],
      ['moveStart', 'Where a move starts'],
      ['anyHop', 'At any fast-track space'],
    ]);
    expect(listed.properties.ringStepOff!.default).toBe('never');
    expect(listed.properties.ringStepOff!.description).toMatch(/Never: .*Where a move starts: .*At any fast-track space: /);
  });

  it('plays as it did: true steps off only where the move starts, false never', () => {
    const at5 = (value: boolean) => options(hand(put(table(yesNo(value)), 'red-1', 'track', 5, 'riding'), 0, ['5S']), '5S');
    expect(at5(true)).toEqual(['red-1>track-10', 'red-1>track-49']);
    expect(at5(false)).toEqual(['red-1>track-49']);
  });

  /** A whole game with ringStepOff true, stepping off where a move starts whenever that is offered. */
  function playedWithYes() {
    const seed = 'ring-yes';
    let state = game.setup(game.options.parse({ ringStepOff: true }), 3, seedFor(seed, 'chacha20'));
    const random = randomSource(`${seed}/moves`);
    const moves: { actor: Actor; move: Move }[] = [];
    let steppedOff = 0;
    while (game.activeActors(state).length > 0) {
      const actor = game.activeActors(state)[0]!;
      const legal = game.legalMoves(state, actor);
      const onlyIfYes = actor === SYSTEM ? [] : legal.filter((m) => !game.legalMoves({ ...state, options: { ...state.options, ringStepOff: 'never' } }, actor).some((n) => sameMove(m, n)));
      const move = onlyIfYes[0] ?? (actor === SYSTEM ? legal[0]! : game.bot(game.viewFor(state, actor), legal, random, actor as number)!);
      if (onlyIfYes.length) steppedOff++;
      const r = game.applyMove(state, actor, move);
      if (!r.ok) throw new Error(`move refused: ${r.error.code}`);
      state = r.state;
      moves.push({ actor, move });
    }
    // Stored as it was then: every option of the day, ringStepOff a yes/no.
    return { options: { ...state.options, ringStepOff: true }, moves, final: state, steppedOff };
  }

  it('a game recorded with true verifies as played, and is recovered as played from its journal', () => {
    const old = playedWithYes();
    expect(old.steppedOff).toBeGreaterThan(0); // else the record would replay under any reading
    const record = { game: game.id, options: old.options, seats: 3, seed: 'ring-yes', rng: 'chacha20' as const, moves: old.moves };
    const report = verifyRecord({ record, result: game.outcome(old.final)! });
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, checks: { moves: 'all legal', finished: true, result: 'match' } });
    expect(verifyRecord({ record: { ...record, options: { ...old.options, ringStepOff: false } } }).checks.moves).toBe('failed');

    // A journal with a snapshot whose state still holds the yes/no: set aside, the game replayed from its first move.
    const meta = { game: game.id, table: { seats: 3, bots: 0, options: old.options, turnSeconds: 0, key: '' }, seed: 'ring-yes', rng: 'chacha20', status: 'playing', invite: '', seats: [] };
    const stored = { meta, snapshot: { seq: 1, state: { ...old.final, options: old.options } }, moves: old.moves } as unknown as StoredGame<StoredMeta>;
    const resumed = asPlayed(game, stored);
    expect(resumed.snapshot).toBeNull();
    expect((resumed.meta.table.options as Options).ringStepOff).toBe('moveStart');
    expect(canonicalJson(replayStored(game, resumed))).toBe(canonicalJson(old.final));
  });
});

describe('bull’s eye', () => {
  it('a move ending one step past a fast-track space may end in the bull’s eye instead', () => {
    const s = hand(put(table(), 'red-1', 'track', 3), 0, ['3S']);
    expect(options(s, '3S')).toEqual(['red-1>bullseye', 'red-1>track-6']);
    expect(where(ok(s, { type: 'move', card: '3S', marble: 'red-1', to: 'bullseye' }), 'red-1')).toBe('bullseye');
  });

  it('works past any fast-track space (option ownFastTrack: only past the colour’s first one)', () => {
    const s = hand(put(table(), 'red-1', 'track', 17), 0, ['3S']);
    expect(options(s, '3S')).toEqual(['red-1>bullseye', 'red-1>track-20']);
    const own = hand(put(put(table({ bullseyeEntry: 'ownFastTrack' }), 'red-1', 'track', 17), 'red-2', 'track', 3), 0, ['3S']);
    expect(options(own, '3S')).toEqual(['red-1>track-20', 'red-2>bullseye', 'red-2>track-6']);
  });

  it('cannot be entered with a 1 from a fast-track space', () => {
    const s = hand(put(table(), 'red-1', 'track', 5), 0, ['AS']);
    expect(options(s, 'AS')).not.toContain('red-1>bullseye');
  });

  it('a marble there waits for a jack, queen or king, which take it to its own fast-track space', () => {
    const s = hand(put(table(), 'red-1', 'bullseye'), 0, ['5S', 'KS']);
    expect(options(s, '5S')).toEqual(['discard']);
    const t = ok(s, { type: 'move', card: 'KS', marble: 'red-1', to: 'track-47' });
    expect([where(t, 'red-1'), ring(t, 'red-1')]).toEqual(['track-47', 'entered']);
  });

  it.each(['AS', 'BJ', '4S', '6S', '7S', '10S'])('%s cannot move a marble out of the bull’s eye (only J, Q, K): with nothing else to move it does nothing', (card) => {
    // «از آنجا فقط میتواند به فضای فست ترک رنگ خودش و تنها با استفاده از یک شاه، بی بی یا سرباز منتقل شود»
    const s = put(put(put(put(table(), 'red-0', 'home', 1), 'red-2', 'home', 2), 'red-3', 'home', 3), 'red-1', 'bullseye');
    expect(options(hand(s, 0, [card]), card)).toEqual(['discard']);
  });

  it('from its own fast-track space the marble goes on along the main track towards home', () => {
    const s = ok(hand(put(table(), 'red-1', 'bullseye'), 0, ['KS', '3S']), { type: 'move', card: 'KS', marble: 'red-1', to: 'track-47' });
    expect(options(s, '3S')).toEqual(['red-1>track-50']); // not on round the fast track past its home row
  });

  it('leaving it captures another colour on the exit space; a marble of its own colour there blocks it', () => {
    const s = hand(put(put(table(), 'red-1', 'bullseye'), 'yellow-0', 'track', 47), 0, ['QS']);
    expect(where(ok(s, { type: 'move', card: 'QS', marble: 'red-1', to: 'track-47' }), 'yellow-0')).toBe('pen');
    const own = hand(put(put(table({ fastTrackObligation: 'loseStatus' }), 'red-1', 'bullseye'), 'red-2', 'track', 47, 'none'), 0, ['QS']);
    expect(options(own, 'QS')).toEqual(['red-2>track-48']);
  });

  it('entering an occupied bull’s eye captures (option bullseyeCapture off: it is blocked)', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 3), 'blue-0', 'bullseye'), 0, ['3S']);
    expect(where(ok(s, { type: 'move', card: '3S', marble: 'red-1', to: 'bullseye' }), 'blue-0')).toBe('pen');
    const safe = hand(put(put(table({ bullseyeCapture: false }), 'red-1', 'track', 3), 'blue-0', 'bullseye'), 0, ['3S']);
    expect(options(safe, '3S')).toEqual(['red-1>track-6']);
  });
});

describe('bull’s eye reached backwards', () => {
  // Seed: «توجه داشته باشید که حرکت رو به عقب در فست ترک یا بولز آی با استفاده از عدد 4 امکان پذیر بود و یا در
  // زمانی که مجبور به حرکت به سمت عقب هستید زیرا هیچ حرکت رو به جلویی در اختیار ندارید. با این حال، شما نمیتوانید
  // از حرکت 1 برای حرکت از فست ترک به بولز آی بهره ببرید.» — moving backwards onto the fast track or the bull's eye
  // is possible with a 4, or when forced to move backwards for want of a forward move; but a 1 never takes a
  // marble from the fast track into the bull's eye.

  it('a 4 whose last step would leave a fast-track space may end in the bull’s eye (8, 7, 6, fast track 5, bull’s eye)', () => {
    const s = hand(put(table(), 'red-1', 'track', 8), 0, ['4S']);
    expect(options(s, '4S')).toEqual(['red-1>bullseye', 'red-1>track-4']);
    const t = ok(s, { type: 'move', card: '4S', marble: 'red-1', to: 'bullseye' });
    expect([where(t, 'red-1'), ring(t, 'red-1')]).toEqual(['bullseye', 'none']);
    // Past any fast-track space, like forwards: 36 → 35, 34, 33 (green's), bull's eye.
    expect(options(hand(put(table(), 'red-1', 'track', 36), 0, ['4S']), '4S')).toEqual(['red-1>bullseye', 'red-1>track-32']);
    // One space nearer or farther misses it.
    expect(options(hand(put(table(), 'red-1', 'track', 9), 0, ['4S']), '4S')).toEqual(['red-1>track-5']);
    expect(options(hand(put(table(), 'red-1', 'track', 7), 0, ['4S']), '4S')).toEqual(['red-1>track-3']);
  });

  it('a forced backward move may end in the bull’s eye too', () => {
    // red-1 on its home entry with red-2 in the first home hole: nothing goes forward with an 8.
    const s = hand(put(put(table(), 'red-1', 'track', 54), 'red-2', 'home', 0), 0, ['8S']);
    expect(options(s, '8S')).toEqual(['red-1>bullseye', 'red-1>track-46']); // 53 … 47 (fast track), bull's eye
    const t = ok(s, { type: 'move', card: '8S', marble: 'red-1', to: 'bullseye' });
    expect(where(t, 'red-1')).toBe('bullseye');
  });

  it('never with a 1 from a fast-track space, and never going back round the fast track', () => {
    // (A forced backward 1 — an ace, joker or face card with nothing forward — from a fast-track space.)
    const s = put(put(table(), 'red-1', 'track', 47, 'none'), 'red-2', 'track', 33, 'riding');
    const t = makeTable(s);
    const at = (id: string) => s.marbles.find((m) => m.id === id)!;
    expect(backwardDestinations(t, at('red-1'), 1).map((d) => locationName(d.to))).toEqual(['track-46']);
    expect(backwardDestinations(t, at('red-2'), 2).map((d) => locationName(d.to))).toEqual(['track-5']);
  });

  it('an own marble in the bull’s eye or on the path blocks it; another colour there is captured', () => {
    const own = hand(put(put(table(), 'red-1', 'track', 8), 'red-2', 'bullseye'), 0, ['4S']);
    expect(options(own, '4S')).toEqual(['red-1>track-4']);
    const jumped = hand(put(put(table({ fastTrackObligation: 'loseStatus' }), 'red-1', 'track', 8), 'red-2', 'track', 5, 'none'), 0, ['4S']);
    expect(options(jumped, '4S')).toEqual(['red-2>track-1']);
    const other = hand(put(put(table(), 'red-1', 'track', 8), 'blue-0', 'bullseye'), 0, ['4S']);
    expect(where(ok(other, { type: 'move', card: '4S', marble: 'red-1', to: 'bullseye' }), 'blue-0')).toBe('pen');
  });

  it('follows option bullseyeEntry ownFastTrack; option bullseyeBackward off keeps backward moves on the main track', () => {
    const own = hand(put(put(table({ bullseyeEntry: 'ownFastTrack' }), 'red-1', 'track', 36), 'red-2', 'track', 8), 0, ['4S']);
    expect(options(own, '4S')).toEqual(['red-1>track-32', 'red-2>bullseye', 'red-2>track-4']);
    const off = hand(put(table({ bullseyeBackward: false }), 'red-1', 'track', 8), 0, ['4S']);
    expect(options(off, '4S')).toEqual(['red-1>track-4']);
  });
});

describe('team play (teams of two: red & green against blue & yellow)', () => {
  const pairs = (extra = {}) => table({ teams: 'pairs', ...extra });

  it('a player may move a partner’s marbles with his own cards', () => {
    const s = hand(put(pairs(), 'green-0', 'track', 30), 0, ['5S']);
    expect(options(s, '5S')).toEqual(['green-0>track-35']);
  });

  it('landing on a partner’s marble sends it to its pen; jumping it is allowed', () => {
    const s = hand(put(put(pairs(), 'red-1', 'track', 10), 'green-0', 'track', 13), 0, ['3S', '2S']);
    expect(where(ok(s, { type: 'move', card: '3S', marble: 'red-1', to: 'track-13' }), 'green-0')).toBe('pen');
    const jump = hand(put(put(pairs(), 'red-1', 'track', 10), 'green-0', 'track', 11), 0, ['3S']);
    expect(options(jump, '3S')).toContain('red-1>track-13');
  });

  it('option friendlyCapture off: a partner’s marble blocks the landing', () => {
    const s = hand(put(put(pairs({ friendlyCapture: false }), 'red-1', 'track', 10), 'green-0', 'track', 13), 0, ['3S']);
    expect(options(s, '3S')).toEqual(['green-0>track-16']);
  });

  it('a split 7 may move two marbles of the team, of different colours', () => {
    let s = hand(put(put(pairs(), 'red-1', 'track', 10), 'green-0', 'track', 40), 0, ['7C']);
    s = ok(s, { type: 'split', card: '7C', marble: 'red-1', to: 'track-13', steps: 3 });
    s = ok(s, { type: 'splitRest', marble: 'green-0', to: 'track-44' });
    expect([where(s, 'red-1'), where(s, 'green-0')]).toEqual(['track-13', 'track-44']);
  });

  it('a team marble on the fast track, whatever its colour, must be moved first', () => {
    const s = hand(put(put(pairs(), 'red-1', 'track', 20), 'green-0', 'track', 33), 0, ['2S']);
    expect(options(s, '2S')).toEqual(['green-0>track-35', 'green-0>track-5']);
  });

  it('option partnerMarbles afterFinishing: partners’ marbles only once your own are all home', () => {
    const s = hand(put(pairs({ partnerMarbles: 'afterFinishing' }), 'green-0', 'track', 30), 0, ['5S']);
    expect(options(s, '5S')).toEqual(['discard']);
    for (let i = 0; i < 4; i++) put(s, `red-${i}`, 'home', i);
    expect(options(s, '5S')).toEqual(['green-0>track-35']);
  });

  it('the team wins when all its colours are home', () => {
    const s = hand(pairs(), 0, ['3S']);
    for (let i = 0; i < 4; i++) put(s, `red-${i}`, 'home', i);
    for (let i = 1; i < 4; i++) put(s, `green-${i}`, 'home', i);
    put(s, 'green-0', 'track', 24);
    put(s, 'blue-0', 'home', 3);
    const t = ok(s, { type: 'move', card: '3S', marble: 'green-0', to: 'home-0' });
    expect(t.phase).toBe('over');
    expect(game.activeActors(t)).toEqual([]);
    expect(game.outcome(t)).toEqual({
      winners: [0, 2],
      standings: [
        { seat: 0, rank: 1, score: 1, team: 0 },
        { seat: 1, rank: 2, score: 0, team: 1 },
        { seat: 2, rank: 1, score: 1, team: 0 },
        { seat: 3, rank: 2, score: 0, team: 1 },
      ],
      details: { marblesHome: [8, 1, 8, 1] },
    });
    expect(refused(t, { type: 'discard', card: '2S' }, 1)).toBe('core/game-over');
  });
});

describe('several colours per player (2 players: red & green against blue & yellow)', () => {
  it('one hand moves all of a player’s colours', () => {
    const s = hand(put(put(table({}, 2), 'red-1', 'track', 10), 'green-0', 'track', 30), 0, ['5S', 'AS']);
    expect(options(s, '5S')).toEqual(['green-0>track-35', 'red-1>track-15']);
    expect(options(s, 'AS')).toEqual(['green-0>track-31', 'green-1>track-28', 'red-0>track-0', 'red-1>track-11']);
  });

  it('landing on your own other colour sends it home like any other', () => {
    const s = hand(put(put(table({}, 2), 'red-1', 'track', 10), 'green-0', 'track', 13), 0, ['3S']);
    expect(where(ok(s, { type: 'move', card: '3S', marble: 'red-1', to: 'track-13' }), 'green-0')).toBe('pen');
  });

  it('jumping your own other colour is allowed (only a marble of the same colour blocks)', () => {
    const s = hand(put(put(table({}, 2), 'red-1', 'track', 10), 'green-0', 'track', 12), 0, ['3S']);
    expect(options(s, '3S')).toEqual(['green-0>track-15', 'red-1>track-13']);
  });

  it('a marble on the fast track must be moved before any of the player’s other marbles, of either colour', () => {
    // «در صورتی که تیله شما در فست ترک قرار دارد مجاز به جابجایی هیچ یک از تیلههای دیگر خود نیستید»
    const s = hand(put(put(table({}, 2), 'red-1', 'track', 5), 'green-0', 'track', 30), 0, ['2S']);
    expect(options(s, '2S')).toEqual(['red-1>track-33', 'red-1>track-7']);
    expect(refused(s, { type: 'move', card: '2S', marble: 'green-0', to: 'track-32' })).toBe('fast-track/fast-track-first');
  });

  it('the player wins only when every one of his colours is home', () => {
    const s = hand(table({}, 2), 0, ['3S', '2S']);
    for (let i = 1; i < 4; i++) put(s, `red-${i}`, 'home', i);
    put(s, 'red-0', 'track', 52);
    const t = ok(s, { type: 'move', card: '3S', marble: 'red-0', to: 'home-0' });
    expect(t.phase).toBe('play');
  });
});

describe('winning', () => {
  it('the first player with all marbles home wins; the others rank by marbles home', () => {
    const s = hand(table(), 0, ['2S']);
    for (let i = 1; i < 4; i++) put(s, `red-${i}`, 'home', i);
    put(s, 'red-0', 'track', 53);
    put(s, 'blue-0', 'home', 3);
    put(s, 'blue-1', 'home', 2);
    put(s, 'green-0', 'home', 3);
    const r = game.applyMove(s, 0, { type: 'move', card: '2S', marble: 'red-0', to: 'home-0' });
    expect(r.ok && r.events.at(-1)).toEqual({ type: 'won', seats: [0] });
    const o = game.outcome(r.ok ? r.state : s)!;
    expect(o.winners).toEqual([0]);
    expect(o.standings.map((x) => [x.rank, x.score])).toEqual([
      [1, 4],
      [2, 2],
      [3, 1],
      [4, 0],
    ]);
  });
});

describe('refused moves', () => {
  const s = hand(put(table(), 'red-1', 'track', 10), 0, ['5S', 'KS', '2S', '3S', '8S']);
  it.each([
    [{ type: 'move', card: '5S', marble: 'red-1', to: 'track-15' }, 1, 'core/not-your-turn'],
    [null, 0, 'core/malformed-move'],
    [{ type: 'fly' }, 0, 'core/unknown-move'],
    [{ type: 'move', card: '9S', marble: 'red-1', to: 'track-19' }, 0, 'fast-track/not-in-hand'],
    [{ type: 'move', card: '5S', marble: 'red-9', to: 'track-15' }, 0, 'fast-track/unknown-marble'],
    [{ type: 'move', card: '5S', marble: 'blue-0', to: 'track-19' }, 0, 'fast-track/not-your-marble'],
    [{ type: 'move', card: '5S', marble: 'red-1', to: 'track-16' }, 0, 'fast-track/illegal-move'],
    [{ type: 'move', card: '5S', marble: 'red-1', to: 'track-15', extra: 1 }, 0, 'fast-track/illegal-move'],
    [{ type: 'splitRest', marble: 'red-1', to: 'track-12' }, 0, 'fast-track/no-split'],
    [{ type: 'cut' }, SYSTEM, 'core/not-your-turn'],
    [{ type: 'cut' }, 0, 'core/unknown-move'],
  ])('%j by %i → %s', (move, actor, code) => {
    expect(refused(s, move, actor)).toBe(code);
  });

  it('malformed input is refused, never thrown', () => {
    const junk = [
      { type: 'move', card: 5 },
      { type: 'move', card: '5S', marble: null, to: {} },
      { type: 'swap', card: '5S', marble: ['red-1'], other: 'blue-0' },
      { type: 'split', card: '5S', marble: 'red-1', to: 'track-12', steps: 'two' },
      { type: 'splitRest' },
      { type: 'discard' },
      { type: 'move', card: '5S', marble: 'pen', to: 'track-15' },
    ];
    for (const move of junk) expect(refused(s, move)).toMatch(/^fast-track\//);
  });

  it('a move with a card that can do nothing asks for the discard, unless its marble does not exist', () => {
    const t = hand(table(), 0, ['5S']);
    expect(refused(t, { type: 'move', card: '5S', marble: 'red-0', to: 'track-5' })).toBe('fast-track/no-effect');
    expect(refused(t, { type: 'move', card: '5S', marble: 'red-9', to: 'track-5' })).toBe('fast-track/unknown-marble');
  });
});

describe('views', () => {
  it('the public part is the same for everyone; a seat sees only its own hand', () => {
    let s = hand(put(put(table(), 'red-1', 'track', 10), 'red-2', 'track', 30), 0, ['7C', 'AS', '2S', '3S', '4S']);
    s = ok(s, { type: 'split', card: '7C', marble: 'red-1', to: 'track-13', steps: 3 });
    const spectator = game.viewFor(s, SPECTATOR);
    expect(spectator.private).toBeNull();
    for (let seat = 0; seat < 4; seat++) expect(game.viewFor(s, seat).public).toEqual(spectator.public);
    expect(game.viewFor(s, 0).private).toEqual({ hand: ['AS', '2S', '3S', '4S'] });
    expect(game.viewFor(s, 1).private).toEqual({ hand: s.players[1]!.hand });
    const pub = spectator.public;
    expect(pub.turn).toEqual({ seat: 0, chain: ['7C'], split: { card: '7C', marble: 'red-1', remaining: 4 } });
    expect(pub.players[0]).toMatchObject({ handCount: 4, discardTop: '7C', colours: ['red'], team: -1 });
    expect(pub.board.colours[0]).toEqual({ name: 'red', seat: 0, team: -1, penExit: 0, homeEntry: 54, fastTrackExit: 47, firstFastTrack: 5 });
    expect(pub.board.fastTrackSpaces).toEqual([5, 19, 33, 47]);
    expect(pub.marbles.find((m) => m.id === 'red-1')).toEqual({ id: 'red-1', colour: 'red', area: 'track', space: 13, ring: 'none' });
  });

  it('the hexagonal board has 84 spaces and six fast-track spaces', () => {
    const pub = game.viewFor(table({}, 6), SPECTATOR).public;
    expect([pub.board.kind, pub.board.trackLength, pub.board.fastTrackSpaces]).toEqual(['hex', 84, [5, 19, 33, 47, 61, 75]]);
    expect(pub.board.colours[0]).toMatchObject({ penExit: 0, homeEntry: 82, fastTrackExit: 75 });
  });

  it('resample re-deals only what the viewer cannot see', () => {
    const s = table();
    let random = 0.1;
    const r = game.resample!(s, 0, () => (random = (random * 7.3) % 1));
    expect(r.players[0]!.hand).toEqual(s.players[0]!.hand);
    expect(game.viewFor(r, 0)).toEqual(game.viewFor(s, 0));
    expect(r.players.map((p) => p.deck)).not.toEqual(s.players.map((p) => p.deck));
  });
});

describe('invariants', () => {
  it('report two marbles in one place, a lost card and fast-track status off the fast track', () => {
    const s = put(put(table(), 'red-1', 'track', 10), 'blue-0', 'track', 10);
    s.players[1]!.deck.pop();
    put(s, 'red-2', 'track', 11, 'riding');
    expect(game.invariants!(s)).toEqual([
      'red-2 has fast-track status off the fast track',
      'two marbles at track-10',
      'seat 1: deck + hand + discard is not one 54-card deck',
    ]);
  });
});

describe('bot', () => {
  it('prefers a capture to a plain move', () => {
    const s = hand(put(put(table(), 'red-1', 'track', 10), 'blue-0', 'track', 15), 0, ['5S', '2S', '3S']);
    const move = game.bot(game.viewFor(s, 0), legal(s), () => 0.5, 0);
    expect(move).toEqual({ type: 'move', card: '5S', marble: 'red-1', to: 'track-15' });
  });

  it('brings a marble out rather than discarding', () => {
    const s = hand(table(), 0, ['5S', 'AS', '3S']);
    expect(game.bot(game.viewFor(s, 0), legal(s), () => 0.5, 0)).toEqual({ type: 'move', card: 'AS', marble: 'red-0', to: 'track-0' });
  });

  it('does not land where an opponent can hit it when a safe move exists', () => {
    const s = hand(put(put(table(), 'red-1', 'home', 0), 'blue-0', 'track', 30), 0, ['2S', 'AS']);
    // red-1 may go up its home row (safe), or a marble comes out of the pen (blue is far away: also safe)
    const move = game.bot(game.viewFor(s, 0), legal(s), () => 0.5, 0);
    expect(legal(s)).toContainEqual(move);
  });
});
