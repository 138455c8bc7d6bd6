import { describe, expect, it } from 'vitest';
import { randomSource } from '../../core/rng.ts';
import { game } from './index.ts';
import { legalMoves } from './moves.ts';
import { fresh, goTo, play } from './testkit.ts';
import type { GwtMove, GwtState } from './types.ts';
import { resample, viewFor } from './view.ts';

/** The quotes in the seat's private view, as the seat receives them. */
const quotesOf = (s: GwtState, seat = s.current) => viewFor(s, seat).private!.quotes;
const quoteOf = (s: GwtState, move: GwtMove) => quotesOf(s)[JSON.stringify(move)];
const money = (s: GwtState, seat = 0) => s.players[seat]!.money;

const toKansasCity = (s: GwtState) => {
  s.foresight = ['', '', '', '', '', ''];
  s.players[0]!.location = 'G-1';
  return play(s, { type: 'move', path: ['KANSAS_CITY'] });
};

describe('quotes: what a listed move does to its player’s money', () => {
  it('income with and without certificates: the quote is what the income then pays', () => {
    const s = fresh();
    s.players[0]!.hand = ['jersey', 'jersey', 'angus', 'holstein'];
    s.players[0]!.certificates = 6;
    s.players[0]!.permanentCertificates = 1;
    const t = toKansasCity(s);
    const incomes = legalMoves(t, 0);
    expect(incomes).toHaveLength(12); // six spends of temporary ones, each with the permanent one or without
    for (const move of incomes) expect(quoteOf(t, move)).toBe(money(play(t, move)) - money(t));
    expect(quoteOf(t, { type: 'income', certificates: 0 })).toBe(7);
    expect(quoteOf(t, { type: 'income', certificates: 2 })).toBe(9);
    expect(quoteOf(t, { type: 'income', certificates: 2, permanent: 0 })).toBe(8);
  });

  it('a delivery: the transport it costs; Kansas City’s payout is the disc’s, quoted once, with the disc', () => {
    const s = fresh();
    s.players[0]!.hand = ['guernsey', 'angus', 'holstein'];
    const t = play(toKansasCity(s), { type: 'income', certificates: 0 });
    const far: GwtMove = { type: 'deliver', city: 'coloradoSprings' };
    expect(quoteOf(t, far)).toBe(-3);
    expect(money(play(t, far))).toBe(money(t) - 3);
    const home: GwtMove = { type: 'deliver', city: 'kansasCity' };
    expect(quoteOf(t, home)).toBeUndefined();
    const u = play(t, home);
    expect(money(u)).toBe(money(t));
    // The disc that follows pays it (one whose space pays nothing itself: the payout alone).
    const disc: GwtMove = { type: 'disc', disc: 'aux1' };
    expect(quoteOf(u, disc)).toBe(6);
    expect(money(play(u, disc))).toBe(money(t) + 6);
  });

  it('buying cattle: the price, as paid', () => {
    let s = fresh();
    s.players[0]!.workers.cowboy = 3;
    s.market = ['holstein', 'ayrshire', 'highland4', 'longhorn7'];
    s = play(goTo(s, 'E'), { type: 'action', action: '1.0' });
    const buys = legalMoves(s, 0).filter((m) => m.type === 'buyCattle');
    expect(buys.length).toBeGreaterThan(2);
    for (const move of buys) expect(quoteOf(s, move)).toBe(money(play(s, move)) - money(s));
    expect(quoteOf(s, { type: 'buyCattle', cards: ['ayrshire'], cowboys: 2 })).toBe(-3);
  });

  it('a move whose outcome is hidden (a card drawn, the market refilled) stays unquoted, and nothing hidden changes a quote', () => {
    let s = fresh();
    s.players[0]!.workers.cowboy = 2;
    s.players[0]!.deck = ['jersey', 'angus', 'holstein', 'guernsey'];
    s.market = ['holstein', 'ayrshire'];
    s.marketDeck = ['longhorn7', 'highland4', 'jersey'];
    s = play(goTo(s, 'E'), { type: 'action', action: '1.0' });
    expect(legalMoves(s, 0)).toContainEqual({ type: 'refillMarket' });
    expect(quoteOf(s, { type: 'refillMarket' })).toBeUndefined();
    expect(Object.keys(quotesOf(s)).length).toBeGreaterThan(0);
    // Decks and stacks re-dealt: the seat's quotes are the same.
    const random = randomSource('quotes');
    for (let i = 0; i < 5; i++) expect(quotesOf(resample(s, 0, random), 0)).toEqual(quotesOf(s, 0));
    // Auxiliary action 2 draws: unquoted; the single action 1 is +$1. Another seat has no quotes.
    const at = goTo(fresh(), 'A');
    expect(legalMoves(at, 0)).toContainEqual({ type: 'aux', aux: 2, double: false });
    expect(quoteOf(at, { type: 'aux', aux: 2, double: false })).toBeUndefined();
    expect(quoteOf(at, { type: 'aux', aux: 1, double: false })).toBe(1);
    expect(quotesOf(at, 1)).toEqual({});
  });

  it('over played games, every listed move changes its player’s money by exactly its quote (none when unquoted)', () => {
    const random = randomSource('quotes-games');
    const apply = (s: GwtState, move: GwtMove) => {
      const r = game.applyMove(s, s.current, move);
      if (!r.ok) throw new Error(r.error.code);
      return r.state;
    };
    let checked = 0;
    for (const [seats, options] of [
      [2, {}],
      [3, { fees: 'mustAfford', stationMasterTeepee: 'free', lastSpace: 'upgradeThenBack', doubleAuxiliary: 'printedBoard' }],
      [4, { privateBuildings: 'randomSides', neutralBuildings: 'random' }],
    ] as const) {
      let s = game.setup(game.options.parse(options), seats, `quotes-${seats}`);
      for (let step = 0; step < 1500 && !s.over; step++) {
        const seat = s.current;
        const legal = legalMoves(s, seat);
        const quotes = quotesOf(s);
        expect(Object.keys(quotes).every((k) => legal.some((m) => JSON.stringify(m) === k))).toBe(true);
        for (const move of legal) {
          const after = apply(s, move);
          expect({ move, change: money(after, seat) - money(s, seat) }).toEqual({ move, change: quotes[JSON.stringify(move)] ?? 0 });
          checked++;
        }
        s = apply(s, game.bot(viewFor(s, seat), legal, random, seat) as GwtMove);
      }
    }
    expect(checked).toBeGreaterThan(1000);
  }, 60_000);
});
