import { describe, expect, it } from 'vitest';
import { SPECTATOR, SYSTEM } from '../../core/game.ts';
import type { MoveResult } from '../../core/game.ts';
import { randomSource } from '../../core/rng.ts';
import { standardDeck } from '../../core/cards/index.ts';
import { dealing, playing } from './builders.ts';
import type { Trump } from './cards.ts';
import { effSuit, ord } from './cards.ts';
import { decompose, trickWinner } from './combos.ts';
import { game } from './index.ts';
import { advance, handOutcome } from './scoring.ts';
import type { TractorOptions, TractorState } from './types.ts';
import { tractorOptions } from './types.ts';

const T = (rank: string | null, suit: 'S' | 'H' | 'D' | 'C' | null): Trump => ({ rank, suit });

function ok(result: MoveResult<TractorState>): TractorState {
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}`);
  return result.state;
}
function code(result: MoveResult<TractorState>): string {
  return result.ok ? 'ok' : result.error.code;
}
const faces = (ids: readonly string[]) => ids.map((id) => id.split('.')[0]).sort();
const play = (state: TractorState, seat: number, cards: string[]) => game.applyMove(state, seat, { type: 'play', cards });
const opts = (o: Partial<TractorOptions>) => tractorOptions.parse(o);

describe('card order', () => {
  it('ranks trumps big joker, small joker, trump-suit level card, other level cards (equal), then the trump suit A down', () => {
    const t = T('7', 'C');
    const order = ['BJ', 'SJ', '7C', '7S', 'AC', 'KC', '8C', '6C', '2C'].map((f) => ord(f, t));
    expect(order).toEqual([15, 14, 13, 12, 11, 10, 5, 4, 0]);
    expect(ord('7H', t)).toBe(ord('7S', t));
  });
  it('gives every level card and joker the trump suit; a level card is not of its printed suit', () => {
    const t = T('4', 'S');
    expect(['4H', 'BJ', '9S'].map((f) => effSuit(f, t))).toEqual(['T', 'T', 'T']);
    expect(effSuit('9H', t)).toBe('H');
    expect(effSuit('4D', T('4', null))).toBe('T');
  });
  it('leaves the level rank out of plain suits so its neighbours touch', () => {
    expect(ord('8H', T('7', 'C')) - ord('6H', T('7', 'C'))).toBe(1);
    expect(ord('8H', T('2', 'C')) - ord('6H', T('2', 'C'))).toBe(2);
  });
});

describe('tractors and units', () => {
  const shape = (cards: string[], t: Trump) => decompose(cards, t).map((u) => `${u.width}x${u.faces.join('-')}`);
  it('joins pairs across the level gap', () => {
    expect(shape(['6H', '6H', '8H', '8H'], T('7', 'C'))).toEqual(['2x6H-8H']);
    expect(shape(['6H', '6H', '8H', '8H'], T('2', 'C'))).toHaveLength(2);
  });
  it('climbs the trump ladder: trump A, off-suit level, trump-suit level, small joker, big joker', () => {
    expect(shape(['AC', 'AC', '7H', '7H', '7C', '7C'], T('7', 'C'))).toEqual(['2x' + 'AC-7H-7C']);
    expect(shape(['SJ', 'SJ', 'BJ', 'BJ', '7C', '7C'], T('7', 'C'))).toEqual(['2x7C-SJ-BJ']);
  });
  it('does not chain equal level pairs, nor the trump A with the trump-suit level card', () => {
    expect(shape(['7S', '7S', '7H', '7H'], T('7', 'C'))).toHaveLength(2);
    expect(shape(['AC', 'AC', '7C', '7C'], T('7', 'C'))).toHaveLength(2);
  });
  it('in a hand without trump suit chains a level pair only to the small jokers', () => {
    expect(shape(['7S', '7S', '7H', '7H'], T('7', null))).toHaveLength(2);
    expect(shape(['7H', '7H', 'SJ', 'SJ'], T('7', null))).toEqual(['2x7H-SJ']);
  });
  it('at level A chains the trump K to the off-suit aces', () => {
    expect(shape(['KH', 'KH', 'AS', 'AS'], T('A', 'H'))).toEqual(['2xKH-AS']);
  });
  it('uses one of several equal level pairs in a tractor and keeps the other as a pair', () => {
    const units = decompose(['AS', 'AS', '2H', '2H', '2D', '2D', '2S', '2S'], T('2', 'S'));
    expect(units.map((u) => u.faces.length)).toEqual([3, 1]);
  });
  it('counts only identical cards as a pair', () => {
    expect(shape(['9D', '9D'], T('9', 'S'))).toEqual(['2x9D']);
    expect(shape(['9H', '9C'], T('9', 'S'))).toHaveLength(2);
  });
});

describe('live deal and declaring', () => {
  const filler = ['3C', '4C', '5C', '6C', '7C', '8C', '9C', '10C', 'JC', 'QC', 'KC', 'AC'];
  const table = (o: Partial<TractorOptions> = {}, hands = [['2H'], ['2S', '2S'], ['SJ', 'SJ'], ['BJ', 'BJ']], seats = 4) =>
    dealing({ options: o, deck: filler, hands: seats === 4 ? hands : [...hands, [], []], seats });

  it('deals one card at a time to the next drawer', () => {
    const s = ok(game.applyMove(table(), SYSTEM, { type: 'deal' }));
    expect(faces(s.hands[0]!)).toEqual(['2H', '3C']);
    expect(s.nextDrawer).toBe(1);
    expect(s.deck).toHaveLength(11);
  });
  it('lets seats holding level cards or joker pairs act beside the dealer', () => {
    const s = table();
    expect(game.activeActors(s)).toEqual([SYSTEM, 0, 1, 2, 3]);
    expect(game.legalMoves(s, 0)).toEqual([{ type: 'declare', card: '2H', count: 1 }]);
    expect(game.legalMoves(s, 2)).toEqual([{ type: 'declare', card: 'SJ', count: 2 }]);
    expect(code(game.applyMove(s, 2, { type: 'declare', card: 'SJ', count: 1 }))).toBe('tractor/single-joker');
    expect(code(game.applyMove(s, 0, { type: 'declare', card: '2H', count: 2 }))).toBe('tractor/cards-not-held');
    expect(code(game.applyMove(s, 0, { type: 'declare', card: '3C', count: 1 }))).toBe('tractor/not-level-card');
  });
  it('lists every seat beside the dealer whatever it holds: who could declare is its own secret (issue 13)', () => {
    // The turn list is public; before, it named exactly the seats holding a level card or a joker pair.
    const s = table({}, [['2H'], ['3C'], ['4C'], ['5C']]);
    expect(game.activeActors(s)).toEqual([SYSTEM, 0, 1, 2, 3]);
    expect(game.legalMoves(s, 0)).toEqual([{ type: 'declare', card: '2H', count: 1 }]);
    expect([1, 2, 3].map((seat) => game.legalMoves(s, seat))).toEqual([[], [], []]);
    expect(code(game.applyMove(s, 1, { type: 'declare', card: '2H', count: 1 }))).toBe('tractor/cards-not-held');
    // After a declaration the list still says nothing about who could overcall.
    const declared = ok(game.applyMove(table({}, [['2H'], ['2S', '2S'], ['3C'], ['4C']]), 0, { type: 'declare', card: '2H', count: 1 }));
    expect(game.activeActors(declared)).toEqual([SYSTEM, 0, 1, 2, 3]);
    expect([0, 1, 2, 3].map((seat) => game.legalMoves(declared, seat).length)).toEqual([0, 1, 0, 0]);
    // Re-dealing what a spectator cannot see leaves the list unchanged.
    const other = game.resample!(declared, SPECTATOR, randomSource('issue-13'));
    expect(game.activeActors(other)).toEqual(game.activeActors(declared));
  });
  it('overrides only with a stronger declaration: single < pair < small-joker pair < big-joker pair', () => {
    let s = ok(game.applyMove(table(), 0, { type: 'declare', card: '2H', count: 1 }));
    expect(s.trumpSuit).toBe('H');
    expect(code(game.applyMove(s, 1, { type: 'declare', card: '2S', count: 1 }))).toBe('tractor/not-stronger');
    s = ok(game.applyMove(s, 1, { type: 'declare', card: '2S', count: 2 }));
    expect(s.trumpSuit).toBe('S');
    s = ok(game.applyMove(s, 2, { type: 'declare', card: 'SJ', count: 2 }));
    expect(s.trumpSuit).toBeNull();
    s = ok(game.applyMove(s, 3, { type: 'declare', card: 'BJ', count: 2 }));
    expect(s.bids.map((b) => b.seat)).toEqual([0, 1, 2, 3]);
    expect(game.legalMoves(s, 2)).toEqual([]);
  });
  it('lets the top declarer reinforce but not overturn himself', () => {
    const hands = [['2H', '2H', '2S', '2S'], [], [], []];
    const s = ok(game.applyMove(table({}, hands), 0, { type: 'declare', card: '2H', count: 1 }));
    expect(code(game.applyMove(s, 0, { type: 'declare', card: '2S', count: 2 }))).toBe('tractor/own-declaration');
    expect(ok(game.applyMove(s, 0, { type: 'declare', card: '2H', count: 2 })).bids.at(-1)).toEqual({ seat: 0, card: '2H', count: 2 });
    const free = ok(game.applyMove(table({ reinforcement: 'overturnOrReinforce' }, hands), 0, { type: 'declare', card: '2H', count: 1 }));
    expect(ok(game.applyMove(free, 0, { type: 'declare', card: '2S', count: 2 })).trumpSuit).toBe('S');
    const none = ok(game.applyMove(table({ reinforcement: 'none' }, hands), 0, { type: 'declare', card: '2H', count: 1 }));
    expect(game.legalMoves(none, 0)).toEqual([]);
    expect(code(game.applyMove(none, 0, { type: 'declare', card: '2H', count: 2 }))).toBe('tractor/own-declaration');
  });
  it('bid policies: a higher suit may override an equal pair; greater length ignores jokers', () => {
    // Every seat also holds a big-joker pair, so it stays able to act and its weaker bids get their reason.
    const hands = [['2H', '2H'], ['2S', '2S', 'BJ', 'BJ'], ['2D', '2D', 'BJ', 'BJ'], ['SJ', 'SJ', '2C', '2C', '2C']];
    const std = ok(game.applyMove(table({}, hands), 0, { type: 'declare', card: '2H', count: 2 }));
    expect(code(game.applyMove(std, 1, { type: 'declare', card: '2S', count: 2 }))).toBe('tractor/not-stronger');
    const suit = ok(game.applyMove(table({ bidPolicy: 'jokerOrHigherSuit' }, hands), 0, { type: 'declare', card: '2H', count: 2 }));
    expect(code(game.applyMove(suit, 1, { type: 'declare', card: '2S', count: 2 }))).toBe('ok');
    expect(code(game.applyMove(suit, 2, { type: 'declare', card: '2D', count: 2 }))).toBe('tractor/not-stronger');
    const len = ok(game.applyMove(table({ bidPolicy: 'greaterLength' }, hands), 0, { type: 'declare', card: '2H', count: 2 }));
    expect(code(game.applyMove(len, 3, { type: 'declare', card: 'SJ', count: 2 }))).toBe('tractor/not-stronger');
    expect(code(game.applyMove(len, 3, { type: 'declare', card: '2C', count: 3 }))).toBe('ok');
    expect(code(game.applyMove(std, 3, { type: 'declare', card: 'SJ', count: 2 }))).toBe('ok');
  });
  it('three decks: more identical cards beat fewer, jokers or not; at equal count jokers beat level cards', () => {
    // Digest, declaring at three or more decks: «more identical cards beat fewer (triple > pair …)»; count
    // first, then big joker > small joker > level cards.
    const hands = [['BJ', 'BJ'], ['2C', '2C', '2C'], ['SJ', 'SJ', 'SJ'], ['2H', '2H', '2H']];
    let s = ok(game.applyMove(table({}, hands, 6), 0, { type: 'declare', card: 'BJ', count: 2 }));
    s = ok(game.applyMove(s, 1, { type: 'declare', card: '2C', count: 3 }));
    expect([s.trumpSuit, code(game.applyMove(s, 3, { type: 'declare', card: '2H', count: 3 }))]).toEqual(['C', 'tractor/not-stronger']);
    s = ok(game.applyMove(s, 2, { type: 'declare', card: 'SJ', count: 3 }));
    expect([s.trumpSuit, s.bids.map((b) => b.seat)]).toEqual([null, [0, 1, 2]]);
  });
  it('joker declarations: all copies in play, or none at all', () => {
    const six = table({ jokerBids: 'allDecks' }, [['SJ', 'SJ'], [], [], []], 6);
    expect(code(game.applyMove(six, 0, { type: 'declare', card: 'SJ', count: 2 }))).toBe('tractor/all-jokers');
    const four = table({ jokerBids: 'disabled' }, [['SJ', 'SJ', '2C'], [], [], []]);
    expect(code(game.applyMove(four, 0, { type: 'declare', card: 'SJ', count: 2 }))).toBe('tractor/joker-bids-off');
  });
  it('opens a declaration window after the last card; its close makes the winning declarer starter and gives him the kitty', () => {
    let s = dealing({ deck: ['2H', ...filler.slice(0, 8)] });
    s = ok(game.applyMove(s, SYSTEM, { type: 'deal' }));
    expect(s.phase).toBe('declaring');
    expect(s.kitty).toHaveLength(8);
    expect(game.legalMoves(s, SYSTEM)).toEqual([{ type: 'closeDeclaring' }]);
    s = ok(game.applyMove(s, 0, { type: 'declare', card: '2H', count: 1 }));
    s = ok(game.applyMove(s, SYSTEM, { type: 'closeDeclaring' }));
    expect(s.phase).toBe('burying');
    expect(s.starter).toBe(0);
    expect(s.declarers).toEqual([true, false, true, false]);
    expect(s.hands[0]).toHaveLength(9);
    expect(game.viewFor(s, 0).private!.kitty).toHaveLength(8);
    expect(game.viewFor(s, 1).private!.kitty).toEqual([]);
  });
  it('bid takeback option: the top declarer may withdraw, restoring the previous declaration', () => {
    let s = ok(game.applyMove(table({ bidTakeback: true }), 0, { type: 'declare', card: '2H', count: 1 }));
    s = ok(game.applyMove(s, 1, { type: 'declare', card: '2S', count: 2 }));
    expect(game.legalMoves(s, 1)).toContainEqual({ type: 'takeBackBid' });
    expect(code(game.applyMove(s, 2, { type: 'takeBackBid' }))).toBe('tractor/no-takeback');
    s = ok(game.applyMove(s, 1, { type: 'takeBackBid' }));
    expect([s.bids.length, s.trumpSuit]).toEqual([1, 'H']);
    expect(game.legalMoves(ok(game.applyMove(table(), 0, { type: 'declare', card: '2H', count: 1 })), 0)).not.toContainEqual({ type: 'takeBackBid' });
  });
  it('first hand: the first declarer becomes starter under the firstBid option', () => {
    let s = table({ firstStarter: 'firstBid' });
    s = ok(game.applyMove(s, 0, { type: 'declare', card: '2H', count: 1 }));
    s = ok(game.applyMove(s, 1, { type: 'declare', card: '2S', count: 2 }));
    s = { ...s, phase: 'declaring', kitty: s.deck.slice(0, 8), deck: [] };
    s = ok(game.applyMove(s, SYSTEM, { type: 'closeDeclaring' }));
    expect(s.starter).toBe(0);
    expect(s.trumpSuit).toBe('S');
  });
  it('first hand without any declaration: redeal, or no trump suit with the first drawer as starter', () => {
    const quiet = (o: Partial<TractorOptions>) => ({ ...dealing({ options: o, deck: filler.slice(0, 8), hands: [['3D'], ['4D'], ['5D'], ['6D']] }), phase: 'declaring' as const, kitty: [], deck: [] });
    const redealt = ok(game.applyMove({ ...quiet({}), kitty: filler.slice(0, 8).map((f) => `${f}.0`) }, SYSTEM, { type: 'closeDeclaring' }));
    expect(redealt.phase).toBe('dealing');
    expect(redealt.deck).toHaveLength(108);
    const nt = ok(game.applyMove({ ...quiet({ noBidFirstHand: 'noTrump' }), nextDrawer: 2, kitty: filler.slice(0, 8).map((f) => `${f}.0`) }, SYSTEM, { type: 'closeDeclaring' }));
    expect(nt.starter).toBe(2);
    expect(nt.trumpSuit).toBeNull();
    // Dealt again redealLimit times at most: then played without trump suit (a table where nobody declares ends its dealing).
    const last = { ...quiet({ redealLimit: 2 }), redeals: 1, kitty: filler.slice(0, 8).map((f) => `${f}.0`) };
    expect(ok(game.applyMove(last, SYSTEM, { type: 'closeDeclaring' }))).toMatchObject({ phase: 'dealing', redeals: 2 });
    const limited = ok(game.applyMove({ ...last, redeals: 2, nextDrawer: 3 }, SYSTEM, { type: 'closeDeclaring' }));
    expect([limited.phase, limited.starter, limited.trumpSuit]).toEqual(['burying', 3, null]);
    expect(game.legacyOptions).toMatchObject({ redealLimit: 20 });
    // A table's creator cannot make an idle table deal for long: each redeal is ~100 moves nobody sent.
    expect(game.options.safeParse({ redealLimit: 20 }).success).toBe(true);
    expect(game.options.safeParse({ redealLimit: 21 }).success).toBe(false);
  });
  it('later hand without any declaration: the kitty fixes the trump suit', () => {
    const later = (o: Partial<TractorOptions>, kitty: string[]) => {
      const s = dealing({ options: o, deck: [...kitty, 'QD'], starter: 1, level: '4' });
      return { ...s, phase: 'declaring' as const, kitty: s.deck.slice(0, 8), deck: [] };
    };
    const kitty = ['3S', '6H', '4D', '5C', 'BJ', '8C', '9C', '10C'];
    const level = ok(game.applyMove(later({}, kitty), SYSTEM, { type: 'closeDeclaring' }));
    expect([level.trumpSuit, level.kittyShown]).toEqual(['D', ['3S', '6H', '4D']]);
    const first = ok(game.applyMove(later({ noBidLaterHand: 'firstCard' }, kitty), SYSTEM, { type: 'closeDeclaring' }));
    expect([first.trumpSuit, first.kittyShown]).toEqual(['S', ['3S']]);
    const highest = ok(game.applyMove(later({}, ['3S', '6H', 'AD', '5C', 'KH', '8C', '9C', '10C']), SYSTEM, { type: 'closeDeclaring' }));
    expect(highest.trumpSuit).toBe('D');
    expect(highest.kittyShown).toHaveLength(8);
    const nt = ok(game.applyMove(later({ noBidLaterHand: 'noTrump' }, kitty), SYSTEM, { type: 'closeDeclaring' }));
    expect(nt.trumpSuit).toBeNull();
    expect(nt.starter).toBe(1);
  });
  it('nobody declares on the no-trump level', () => {
    const s = dealing({ options: { topLevel: 'NT' }, deck: filler, hands: [['SJ', 'SJ'], [], [], []], starter: 0 });
    s.levels = [13, 13, 13, 13];
    expect(game.activeActors(s)).toEqual([SYSTEM]);
  });
});

describe('the kitty', () => {
  const burying = (o: Partial<TractorOptions> = {}) => {
    const s = playing({ options: o, hands: [['3H', '4H', '5H', '6H', '7H', '8H', '9H', '10H', 'JH', 'QH'], ['3D'], ['4D'], ['5D']] });
    return { ...s, phase: 'burying' as const };
  };
  it('the starter buries exactly as many cards as he picked up, then leads', () => {
    expect(code(game.applyMove(burying(), 0, { type: 'bury', cards: ['3H'] }))).toBe('tractor/bury-count');
    expect(code(game.applyMove(burying(), 0, { type: 'bury', cards: ['3H', '4H', '5H', '6H', '7H', '8H', '9H', 'AH'] }))).toBe('tractor/cards-not-held');
    const s = ok(game.applyMove(burying(), 0, { type: 'bury', cards: ['3H', '4H', '5H', '6H', '7H', '8H', '9H', '10H'] }));
    expect([s.phase, s.turn, s.kitty.length, s.hands[0]!.length]).toEqual(['playing', 0, 8, 2]);
    expect(faces(game.viewFor(s, 0).private!.kitty)).toHaveLength(8);
  });
  it('kitty theft option: a stronger declaration after the burial takes the kitty and the trump, the starter stays', () => {
    const base = playing({ options: { kittyTheft: true }, hands: [['3H', '4H', '5H', '6H', '7H', '8H', '9H', '10H', 'JH', 'QH'], ['2S', '2S', '3D'], ['4D'], ['5D']] });
    let s: TractorState = { ...base, phase: 'burying', bids: [{ seat: 0, card: '2H', count: 1 }], trumpSuit: 'H' };
    s = ok(game.applyMove(s, 0, { type: 'bury', cards: ['3H', '4H', '5H', '6H', '7H', '8H', '9H', '10H'] }));
    expect(s.phase).toBe('stealing');
    expect(game.activeActors(s)).toEqual([SYSTEM, 0, 1, 2, 3]);
    const firstWindow = game.systemStep!(s);
    expect([0, 1, 2, 3].map((seat) => game.legalMoves(s, seat).length > 0)).toEqual([false, true, false, false]);
    s = ok(game.applyMove(s, 1, { type: 'declare', card: '2S', count: 2 }));
    expect([s.phase, s.exchanger, s.starter, s.trumpSuit, s.hands[1]!.length]).toEqual(['burying', 1, 0, 'S', 11]);
    expect(game.viewFor(s, 1).private!.kitty).toHaveLength(8);
    expect(game.viewFor(s, 0).private!.kitty).toEqual([]);
    s = ok(game.applyMove(s, 1, { type: 'bury', cards: ['3H', '4H', '5H', '6H', '7H', '8H', '9H', '10H'] }));
    expect(game.activeActors(s)).toEqual([SYSTEM, 0, 1, 2, 3]);
    expect(game.systemStep!(s)).not.toBe(firstWindow); // the thief's burial opens a window of its own (declareWindowMs)
    expect([0, 1, 2, 3].flatMap((seat) => game.legalMoves(s, seat))).toEqual([]);
    s = ok(game.applyMove(s, SYSTEM, { type: 'endTheft' }));
    expect([s.phase, s.turn]).toEqual(['playing', 0]);
  });
  it('may forbid burying points while other cards are left', () => {
    const cards = ['3H', '4H', '5H', '6H', '7H', '8H', '9H', 'JH'];
    expect(code(game.applyMove(burying({ buryRestriction: 'noPoints' }), 0, { type: 'bury', cards }))).toBe('tractor/bury-restricted');
    expect(code(game.applyMove(burying({ buryRestriction: 'noPoints' }), 0, { type: 'bury', cards: ['3H', '4H', 'QH', '6H', '7H', '8H', '9H', 'JH'] }))).toBe('ok');
  });
});

describe('leading', () => {
  const hands = (lead: string[], ...others: string[][]) => playing({ hands: [lead, ...others] });
  it('a lead is all of one effective suit', () => {
    expect(code(play(hands(['AH', 'KD'], ['3D'], ['4D'], ['5D']), 0, ['AH', 'KD']))).toBe('tractor/mixed-suits');
    expect(code(play(hands(['AS', '2H'], ['3D'], ['4D'], ['5D']), 0, ['AS', '2H']))).toBe('ok');
  });
  it('a throw of top cards stands when nobody can beat any of its units', () => {
    const s = ok(play(hands(['AH', 'KH', '3D'], ['QH', '4D'], ['JH', '6D'], ['10H', '8D']), 0, ['AH', 'KH']));
    expect(faces(s.trick[0]!.cards)).toEqual(['AH', 'KH']);
    expect(s.throwFailure).toBeNull();
  });
  it('cards go to the table in the hand’s order, whatever order they were sent in (no signals)', () => {
    const r = game.applyMove(hands(['10H', 'KH', 'AH', '3D'], ['4D'], ['6D'], ['8D']), 0, { type: 'play', cards: ['10H', 'AH', 'KH'] });
    expect(r.ok && r.state.trick[0]!.cards.map((id) => id.split('.')[0])).toEqual(['AH', 'KH', '10H']); // (as placed: not through faces(), which sorts)
    expect(r.ok && r.events.find((e) => e.type === 'played')).toEqual({ type: 'played', seat: 0, cards: ['AH', 'KH', '10H'] });
  });
  it('a failed throw plays the smallest beatable unit instead; the rest returns to hand', () => {
    const s = ok(play(hands(['AH', 'AH', 'QH', '10H', '3D'], ['KH', '4D'], ['6D'], ['8D']), 0, ['AH', 'AH', 'QH', '10H']));
    expect(faces(s.trick[0]!.cards)).toEqual(['10H']);
    expect(s.throwFailure).toEqual({ seat: 0, attempted: ['AH', 'AH', 'QH', '10H'], forced: ['10H'] });
    expect(faces(s.hands[0]!)).toEqual(['3D', 'AH', 'AH', 'QH']);
  });
  it('a pair is beaten by a higher identical pair; a throw is its singles and pairs (option throwUnits: tractors kept whole)', () => {
    const pair = ok(play(hands(['AH', 'QH', 'QH'], ['KH', 'KH'], ['6D'], ['8D']), 0, ['AH', 'QH', 'QH']));
    expect(faces(pair.trick[0]!.cards)).toEqual(['QH', 'QH']);
    const split = ok(play(hands(['AH', 'QH', 'QH'], ['KH', 'JH'], ['6D'], ['8D']), 0, ['AH', 'QH', 'QH']));
    expect(split.throwFailure).toBeNull();
    // Seed: legal «مشروط بر اینکه هیچ کارتی … باقی نمانده باشد که بتواند هر یک از آن کارت های تک یا جفت را شکست دهد»
    // (provided no card remains that could beat any of those singles or pairs): a higher plain pair beats
    // a pair of the throw's tractor.
    const thrown = (options: Partial<TractorOptions>, other: string[]) =>
      ok(play(playing({ options, hands: [['AH', 'QH', 'QH', 'JH', 'JH'], other, ['6D'], ['8D']] }), 0, ['AH', 'QH', 'QH', 'JH', 'JH']));
    expect(faces(thrown({}, ['KH', 'KH']).trick[0]!.cards)).toEqual(['JH', 'JH']);
    expect(thrown({ throwUnits: 'tractors' }, ['KH', 'KH']).throwFailure).toBeNull();
    expect(faces(thrown({ throwUnits: 'tractors' }, ['KH', 'KH', 'AH', 'AH']).trick[0]!.cards)).toEqual(['JH', 'JH', 'QH', 'QH']);
  });
  it('throwForced option: the smallest unit anyone could beat, or the smallest one the first player in turn able to beat one could beat', () => {
    // Seat 1 (next in turn) could beat the pair of jacks with its queens, seat 2 the single king with its ace.
    const thrown = (options: Partial<TractorOptions>) =>
      ok(play(playing({ options, hands: [['JH', 'JH', 'KH', '3D'], ['QH', 'QH', '4D'], ['AH', '6D', '7D'], ['8D', '9D', '10D']] }), 0, ['JH', 'JH', 'KH']));
    expect(thrown({}).throwFailure!.forced).toEqual(['KH']);
    expect(thrown({ throwForced: 'firstBlocker' }).throwFailure!.forced).toEqual(['JH', 'JH']);
    expect(faces(thrown({ throwForced: 'firstBlocker' }).hands[0]!)).toEqual(['3D', 'KH']);
  });
  it('checks each other hand on its own, the partner included', () => {
    const s = ok(play(hands(['AH', 'QH'], ['3D'], ['KH'], ['8D']), 0, ['AH', 'QH']));
    expect(faces(s.trick[0]!.cards)).toEqual(['QH']);
  });
  it('throw penalties: ten per attempt or per card taken back, against the thrower’s side', () => {
    const attempt = (o: Partial<TractorOptions>, starter: number) =>
      ok(play(playing({ options: o, starter, leader: 0, hands: [['AH', 'JH', '10H', '3D'], ['KH', '4D'], ['6D'], ['8D']] }), 0, ['AH', 'JH', '10H'])).penalty;
    expect(attempt({}, 0)).toBe(0);
    expect(attempt({ throwPenalty: 'tenPerAttempt' }, 0)).toBe(10);
    expect(attempt({ throwPenalty: 'tenPerCard' }, 0)).toBe(20);
    expect(attempt({ throwPenalty: 'tenPerAttempt' }, 1)).toBe(-10);
  });
  it('lists singles, pairs, tractors and throws for the leader', () => {
    const moves = game.legalMoves(hands(['3H', '3H', '4H', '4H', 'AH', '5D'], ['3D'], ['4D'], ['5D']), 0).map((m) => (m as { cards: string[] }).cards.join(' '));
    expect(moves).toEqual(expect.arrayContaining(['3H', '3H 3H', '3H 3H 4H 4H', 'AH', '5D', '3H 3H 4H 4H AH']));
  });
});

describe('following', () => {
  const follow = (lead: string[], hand: string[], o: Partial<TractorOptions> = {}) =>
    playing({ options: o, leader: 0, hands: [['3C'], hand, ['4C'], ['5C']], trick: [{ seat: 0, cards: lead }] });
  it('follows the led suit while possible, otherwise plays anything', () => {
    expect(code(play(follow(['KH'], ['3H', '4S']), 1, ['4S']))).toBe('tractor/must-follow-suit');
    expect(code(play(follow(['KH'], ['3H', '4S']), 1, ['3H']))).toBe('ok');
    expect(code(play(follow(['KH'], ['3D', '4S']), 1, ['4S']))).toBe('ok');
  });
  it('treats level cards as trumps, not as their printed suit', () => {
    expect(code(play(follow(['KH'], ['2H', '6H']), 1, ['2H']))).toBe('tractor/must-follow-suit');
    expect(code(play(follow(['KH'], ['2H', '6S']), 1, ['6S']))).toBe('ok');
    expect(code(play(follow(['3S', '3S'], ['2H', '6H', '7H']), 1, ['6H', '7H']))).toBe('tractor/must-follow-suit');
  });
  it('a led pair draws an identical pair of the suit (the original rules document)', () => {
    const lead = ['10H', '10H'];
    expect(code(play(follow(lead, ['9H', '9H', '3H', '4D', '5S']), 1, ['3H', '9H']))).toBe('tractor/must-play-pairs');
    expect(code(play(follow(lead, ['9H', '9H', '3H', '4D', '5S']), 1, ['9H', '9H']))).toBe('ok');
    expect(code(play(follow(lead, ['3H', '4D', '9D']), 1, ['3H', '4D']))).toBe('ok');
    expect(code(play(follow(lead, ['3H', '4D', '9D']), 1, ['4D', '9D']))).toBe('tractor/must-follow-suit');
  });
  it('a led trump pair draws a trump pair, else two trumps, else the one trump and anything', () => {
    const lead = ['3S', '3S'];
    expect(code(play(follow(lead, ['4S', '4S', '5S', '6H']), 1, ['4S', '5S']))).toBe('tractor/must-play-pairs');
    expect(code(play(follow(lead, ['4S', '5S', '6H', '7H']), 1, ['4S', '6H']))).toBe('tractor/must-follow-suit');
    expect(code(play(follow(lead, ['4S', '6H', '7H']), 1, ['4S', '6H']))).toBe('ok');
  });
  it('a led tractor draws as many pairs as held, not necessarily consecutive (standard)', () => {
    const lead = ['10H', '10H', 'JH', 'JH'];
    const hand = ['5H', '5H', '6H', '6H', 'KH', 'KH', '3D'];
    expect(code(play(follow(lead, hand), 1, ['5H', '5H', 'KH', 'KH']))).toBe('ok');
    expect(code(play(follow(lead, hand), 1, ['5H', '5H', '6H', 'KH']))).toBe('tractor/must-play-pairs');
  });
  it('tractorFollow option: a held tractor must be played, or the longest part of one', () => {
    const lead = ['10H', '10H', 'JH', 'JH'];
    const hand = ['5H', '5H', '6H', '6H', 'KH', 'KH', '3D'];
    expect(code(play(follow(lead, hand, { tractorFollow: 'tractors' }), 1, ['5H', '5H', 'KH', 'KH']))).toBe('tractor/must-play-tractor');
    expect(code(play(follow(lead, hand, { tractorFollow: 'tractors' }), 1, ['5H', '5H', '6H', '6H']))).toBe('ok');
    const three = ['5H', '5H', '6H', '6H', '7H', '7H'];
    expect(code(play(follow(lead, three, { tractorFollow: 'tractors' }), 1, ['5H', '5H', '7H', '7H']))).toBe('tractor/must-play-tractor');
    expect(code(play(follow(lead, three, { tractorFollow: 'tractors' }), 1, ['6H', '6H', '7H', '7H']))).toBe('ok');
  });
  it('short of the suit: all of it, the rest from anywhere', () => {
    const lead = ['10H', '10H', 'JH', 'JH'];
    expect(code(play(follow(lead, ['5H', '5H', '7H', '3D', '4D']), 1, ['5H', '5H', '7H', '3D']))).toBe('ok');
    expect(code(play(follow(lead, ['5H', '5H', '7H', '3D', '4D']), 1, ['5H', '7H', '3D', '4D']))).toBe('tractor/must-follow-suit');
    expect(code(play(follow(lead, ['5H', '5H', '7H', '3D', '4D']), 1, ['5H', '5H', '7H']))).toBe('tractor/wrong-count');
  });
  it('a throw with a pair draws a pair', () => {
    const lead = ['AH', 'AH', 'KH'];
    expect(code(play(follow(lead, ['5H', '5H', '7H', '8H']), 1, ['5H', '7H', '8H']))).toBe('tractor/must-play-pairs');
    expect(code(play(follow(lead, ['5H', '5H', '7H', '8H']), 1, ['5H', '5H', '8H']))).toBe('ok');
  });
  it('three decks: a led triple draws a triple, else a pair; a led pair may split a triple; a triple is won only by a higher triple', () => {
    const six = (lead: string[], hand: string[]) =>
      playing({ leader: 0, hands: [['3C'], hand, ['4C'], ['5C'], ['6C'], ['7C']], trick: [{ seat: 0, cards: lead }] });
    const triple = ['9H', '9H', '9H'];
    expect(code(play(six(triple, ['5H', '5H', '5H', '7H', '7H', '8H']), 1, ['7H', '7H', '8H']))).toBe('tractor/must-play-pairs');
    expect(code(play(six(triple, ['5H', '5H', '5H', '7H', '7H', '8H']), 1, ['5H', '5H', '5H']))).toBe('ok');
    expect(code(play(six(triple, ['7H', '7H', '8H', '10H', '3D']), 1, ['7H', '8H', '10H']))).toBe('tractor/must-play-pairs');
    expect(code(play(six(triple, ['7H', '7H', '8H', '10H', '3D']), 1, ['7H', '7H', '10H']))).toBe('ok');
    expect(code(play(six(['9H', '9H'], ['5H', '5H', '5H', '8H']), 1, ['5H', '8H']))).toBe('tractor/must-play-pairs');
    expect(code(play(six(['9H', '9H'], ['5H', '5H', '5H', '8H']), 1, ['5H', '5H']))).toBe('ok');
    const win = (...plays: string[][]) => trickWinner(plays.map((cards) => ({ cards })), T('2', 'S'), tractorOptions.parse({}));
    expect(win(triple, ['AH', 'AH', 'KH'], ['3S', '3S', 'BJ'], ['10H', '10H', '10H'], ['4D', '5D', '6D'], ['4S', '4S', '4S'])).toBe(5);
    expect(win(triple, ['AH', 'AH', 'KH'], ['3S', '3S', 'BJ'], ['10H', '10H', '10H'], ['4D', '5D', '6D'], ['7D', '8D', '9D'])).toBe(3);
  });

  it('lists every legal follow', () => {
    const moves = game.legalMoves(follow(['10H', '10H'], ['9H', '9H', '3H', '4D']), 1).map((m) => (m as { cards: string[] }).cards.slice().sort().join(' '));
    expect(moves).toEqual(['9H 9H']);
    expect(game.legalMoves(follow(['10H'], ['9H', '3H', '4D']), 1)).toHaveLength(2);
  });
});

describe('winning a trick', () => {
  const win = (t: Trump, ...plays: string[][]) => trickWinner(plays.map((cards) => ({ cards })), t, { throwEvaluation: 'largestUnit', throwUnits: 'pairs' });
  it('the highest card of the led suit wins unless trumped; the highest trump wins', () => {
    expect(win(T('2', 'S'), ['KH'], ['AH'], ['3D'], ['QH'])).toBe(1);
    expect(win(T('2', 'S'), ['KH'], ['AH'], ['3S'], ['AS'])).toBe(3);
  });
  it('equal trumps: the first played wins', () => {
    expect(win(T('7', 'C'), ['3H'], ['7S'], ['7H'], ['4H'])).toBe(1);
  });
  it('a led pair is beaten only by a higher identical pair; equal trump pairs go to the first', () => {
    expect(win(T('2', 'S'), ['9H', '9H'], ['KH', 'AH'], ['3D', '4D'], ['5H', '6H'])).toBe(0);
    expect(win(T('2', 'S'), ['9H', '9H'], ['KH', 'AH'], ['3S', '3S'], ['5H', '6H'])).toBe(2);
    expect(win(T('9', 'S'), ['4C', '4C'], ['9H', '9H'], ['9D', '9D'], ['5C', '6C'])).toBe(1);
  });
  it('a led tractor is beaten only by a higher tractor of the suit or a trump tractor', () => {
    const lead = ['3H', '3H', '4H', '4H'];
    expect(win(T('2', 'S'), lead, ['5S', '5S', '9S', '9S'], ['6D', '7D', '8D', '9D'], ['5C', '6C', '7C', '8C'])).toBe(0);
    expect(win(T('2', 'S'), lead, ['KH', 'KH', 'AH', 'AH'], ['6S', '6S', '7S', '7S'], ['5C', '6C', '7C', '8C'])).toBe(2);
  });
  it('a ruffed throw (the rules document): as many trump pairs as it has pairs, consecutive or not; the highest trump pair wins', () => {
    const byDocument = { throwEvaluation: 'largestUnit', throwUnits: 'pairs' } as const;
    const tractorsWhole = { throwEvaluation: 'largestUnit', throwUnits: 'tractors' } as const;
    // Seed: trumps win when a void player plays «به تعداد جفت های حکم یکسان با جفت حکم های مجموعه ی شروع».
    const ruffed = [['AH', 'AH', 'KH', 'KH', 'QH'], ['3S', '3S', '7S', '7S', '9S'], ['4H', '5H', '6H', '7H', '8H'], ['9H', '10H', 'JH', '2D', '3D']].map((cards) => ({ cards }));
    expect(trickWinner(ruffed, T('2', 'S'), byDocument)).toBe(1);
    expect(trickWinner(ruffed, T('2', 'S'), tractorsWhole)).toBe(0);
    // Seed: among several ruffs «هر کدام از آنها بالا ترین زوج حکم را بازی کند برنده می شود» (the highest trump pair wins).
    const two = [['AH', 'AH', 'KH', 'KH', '9H', '9H'], ['3S', '3S', '4S', '4S', 'BJ', 'BJ'], ['5S', '5S', '6S', '6S', '7S', '7S'], ['3H', '4H', '5H', '6H', '7H', '8H']].map((cards) => ({ cards }));
    expect(trickWinner(two, T('2', 'S'), byDocument)).toBe(1);
    expect(trickWinner(two, T('2', 'S'), tractorsWhole)).toBe(2);
  });
  it('throws: a ruff must match the shape; among ruffs the highest largest unit wins, or with "all" every unit must be higher', () => {
    const plays = [['AH', 'AH', 'KH'], ['3S', '3S', 'AS'], ['4S', '4S', '5S'], ['6S', '7S', '8S']].map((cards) => ({ cards }));
    expect(trickWinner(plays, T('2', 'S'), { throwEvaluation: 'largestUnit', throwUnits: 'pairs' })).toBe(2);
    expect(trickWinner(plays, T('2', 'S'), { throwEvaluation: 'all', throwUnits: 'pairs' })).toBe(1);
    expect(win(T('2', 'S'), ['AH', 'KH'], ['3S', 'AS'], ['4S', '5S'], ['3D', '4D'])).toBe(1);
  });
  it('the winner takes every point card of the trick and leads next', () => {
    const s = playing({ hands: [['3C'], ['5H'], ['KD'], ['10H']], leader: 0, trick: [{ seat: 0, cards: ['AH'] }, { seat: 1, cards: ['5H'] }, { seat: 2, cards: ['KD'] }] });
    s.hands[1] = [];
    s.hands[2] = [];
    s.hands[3] = ['10H.1', '3C.5'];
    const after = ok(play(s, 3, ['10H']));
    expect(after.captured).toEqual([25, 0, 0, 0]);
    expect([after.leader, after.turn]).toEqual([0, 0]);
  });
});

describe('the rules document, case by case', () => {
  const win = (t: Trump, ...plays: string[][]) => trickWinner(plays.map((cards) => ({ cards })), t, tractorOptions.parse({}));
  const follow = (lead: string[], hand: string[]) => playing({ leader: 0, hands: [['3C'], hand, ['4C'], ['5C']], trick: [{ seat: 0, cards: lead }] });
  const lead = (hands: string[][], cards: string[]) => ok(play(playing({ level: '2', hands }), 0, cards));

  // «اگر حکم بازی شود سایر بازیکنان در صورت داشتن یک حکم باید حکم را بازی کنند هر کسی که حکم ندارد می تواند هر کارتی را که خواست بازی کند»
  it('a led trump draws a trump (a level card or joker counts), and anything from a player without one', () => {
    expect(code(play(follow(['AS'], ['2H', '6H']), 1, ['6H']))).toBe('tractor/must-follow-suit');
    expect(code(play(follow(['AS'], ['2H', '6H']), 1, ['2H']))).toBe('ok');
    expect(code(play(follow(['AS'], ['SJ', '6H']), 1, ['6H']))).toBe('tractor/must-follow-suit');
    expect(code(play(follow(['AS'], ['6H', '7D']), 1, ['7D']))).toBe('ok');
  });

  // «نه ها رتبه ی حکم و پیک خال حکم است می توانید دو کارت 9 خشت و 9 خشت را بعنوان اولین ترکیب بازی کنید اما 9 دل و 9 گشنیز را نمی شود»
  it('9♦ 9♦ is a pair when nines and spades are trump, 9♥ 9♣ is not: led together they are two singles that a higher trump breaks', () => {
    const pair = ok(play(playing({ level: '9', hands: [['9D', '9D', '3C'], ['BJ', '4C', '5C'], ['6C', '7C', '8C'], ['10C', 'JC', 'QC']] }), 0, ['9D', '9D']));
    expect([faces(pair.trick[0]!.cards), pair.throwFailure]).toEqual([['9D', '9D'], null]);
    const two = ok(play(playing({ level: '9', hands: [['9H', '9C', '3C'], ['BJ', '4C', '5C'], ['6C', '7C', '8C'], ['10C', 'JC', 'QC']] }), 0, ['9H', '9C']));
    expect(two.trick[0]!.cards).toHaveLength(1);
    expect(two.throwFailure).not.toBeNull();
  });

  // «بازیکنی که کارت حکم ندارد هر دو کارتی را می تواند بازی کند اجباری برای بازی کردن یک جفت کارت یکسان وجود ندارد»
  it('a player without the led suit plays any two cards on a led pair, a pair of his not required', () => {
    expect(code(play(follow(['3S', '3S'], ['4H', '4H', '5D']), 1, ['4H', '5D']))).toBe('ok');
    expect(code(play(follow(['10H', '10H'], ['3D', '3D', '4C']), 1, ['3D', '4C']))).toBe('ok');
  });

  // «این دست توسط بازیکنی که بالاترین جفت مشابه حکم را بازی کند برنده می شود حکم هایی که جفت نیستند نمی توانند برنده شوند حتی اگر بالاتر باشند»
  it('a led trump pair is won by the highest identical trump pair; higher trumps that are no pair never win', () => {
    expect(win(T('2', 'S'), ['3S', '3S'], ['BJ', 'SJ'], ['4H', '5H'], ['5D', '6D'])).toBe(0);
    expect(win(T('2', 'S'), ['3S', '3S'], ['BJ', 'SJ'], ['4H', '5H'], ['6S', '6S'])).toBe(3);
    expect(win(T('2', 'S'), ['9H', '9H'], ['BJ', 'SJ'], ['4H', '5H'], ['5D', '6D'])).toBe(0);
  });

  // «این دست توسط هر کسی که بالا ترین جفت یکسان را در خال اول بازی شده بازی کرده باشد برنده می شود مگر اینکه بازیکن دیگری که هیچ کارتی از آن خال نداشته است با یک جفت حکم یکسان دست را برنده شود»
  it('played out: a led plain pair falls to a void player’s identical trump pair, not to higher unpaired trumps; one card of the suit must go with it', () => {
    let s = lead([['10H', '10H', '3C'], ['4S', '4S', '5C'], ['BJ', 'SJ', '6C'], ['KH', '2S', '7C']], ['10H', '10H']);
    s = ok(play(ok(play(s, 1, ['4S', '4S'])), 2, ['BJ', 'SJ']));
    expect(code(play(s, 3, ['2S', '7C']))).toBe('tractor/must-follow-suit');
    s = ok(play(s, 3, ['KH', '2S']));
    expect([s.leader, s.captured]).toEqual([1, [0, 30, 0, 0]]);
  });

  // «اگر بازیکنی که نوبت او است که دست را شروع کند دو یا چند جفت کارت متوالی یکسان در یک خال داشته باشد می تواند آن ها را بصورت گروهی بازی کند»
  it('consecutive identical pairs of one suit lead together as one tractor, not as a throw a higher pair could break', () => {
    const s = lead([['3H', '3H', '4H', '4H', '5D'], ['AH', 'AH', '6D', '7D', '8D'], ['6C', '7C', '8C', '9C', '10C'], ['JC', 'QC', 'KC', '3C', '4C']], ['3H', '3H', '4H', '4H']);
    expect([faces(s.trick[0]!.cards), s.throwFailure]).toEqual([['3H', '3H', '4H', '4H'], null]);
  });

  // «اگر اولین دنباله ای که بازی شده از خال حکم باشد سایر بازیکنان باید تا آنجا که ممکن است با جفت های حکم یکسان بازی کنند حتی اگر این جفت ها متوالی نباشند
  //   اگر آنها هیچ جفت حکمی نداشته باشند باید حکم های غیریکسان بازی کنند و اگر تعداد حکم های آن ها کمتر … باید تمام حکم های خود را همراه با سایر کارت های انتخابی خود بازی کنند»
  it('a led trump tractor draws trump pairs, consecutive or not, then any trumps, then all trumps and anything', () => {
    const tractor = ['5S', '5S', '6S', '6S'];
    const pairs = ['3S', '3S', '9S', '9S', '10S', '4H'];
    expect(code(play(follow(tractor, pairs), 1, ['3S', '3S', '9S', '10S']))).toBe('tractor/must-play-pairs');
    expect(code(play(follow(tractor, pairs), 1, ['3S', '3S', '9S', '9S']))).toBe('ok');
    const singles = ['3S', '9S', '10S', 'JS', '4H', '4H'];
    expect(code(play(follow(tractor, singles), 1, ['3S', '9S', '10S', '4H']))).toBe('tractor/must-follow-suit');
    expect(code(play(follow(tractor, singles), 1, ['3S', '9S', '10S', 'JS']))).toBe('ok');
    const few = ['3S', '9S', '4H', '4H', '5D'];
    expect(code(play(follow(tractor, few), 1, ['3S', '4H', '4H', '5D']))).toBe('tractor/must-follow-suit');
    expect(code(play(follow(tractor, few), 1, ['3S', '9S', '4H', '5D']))).toBe('ok');
  });

  // «این دست توسط بالاترین مجموعه از جفت های حکم متوالی با همان طولی که شروع کننده بازی کرده بود به دست می آید سایر حکم ها جفت یا غیر جفت هیچ قدرتی ندارند»
  it('a led trump tractor is won by the highest trump tractor of its length; other trumps, paired or not, have no power', () => {
    expect(win(T('2', 'S'), ['5S', '5S', '6S', '6S'], ['BJ', 'BJ', 'AS', 'AS'], ['SJ', '2H', '3S', '4S'], ['4D', '5D', '6D', '7D'])).toBe(0);
    expect(win(T('2', 'S'), ['5S', '5S', '6S', '6S'], ['BJ', 'BJ', 'AS', 'AS'], ['7S', '7S', '8S', '8S'], ['4D', '5D', '6D', '7D'])).toBe(2);
  });

  // «این دست توسط بالاترین مجموعه از جفت های متوالی با طول برابر با دنباله ی شروع کننده برنده می شود»
  it('a led plain tractor is won by a higher tractor of the suit when nobody trumps it', () => {
    expect(win(T('2', 'S'), ['3H', '3H', '4H', '4H'], ['KH', 'KH', 'AH', 'AH'], ['5D', '6D', '7D', '8D'], ['5C', '6C', '7C', '8C'])).toBe(1);
    expect(win(T('2', 'S'), ['3H', '3H', '4H', '4H'], ['KH', 'KH', '9H', '9H'], ['5D', '6D', '7D', '8D'], ['5C', '6C', '7C', '8C'])).toBe(0);
  });

  // «شروع کردن یک دست با هر مجموعه ای از کارت های یک خال یا از حکم ها … قانونی است مشروط بر اینکه هیچ کارتی از آن خال در بازی باقی نمانده باشد که بتواند هر یک از آن کارت های تک یا جفت را شکست دهد»
  // «بازیکنی که این دست را شروع کرده است آن را برنده خواهد شد مگر اینکه خال شروع خال غیر حکم باشد»
  it('a throw of trumps stands when no trump left in another hand beats any of its units, and its leader wins the trick', () => {
    const hands = [['BJ', 'BJ', 'SJ', '3D'], ['SJ', 'AS', 'KS', '4D'], ['2H', '2H', '5D', '6C'], ['6D', '7D', '8D', '9D']];
    let s = lead(hands, ['BJ', 'BJ', 'SJ']);
    expect(s.throwFailure).toBeNull();
    expect(code(play(s, 1, ['AS', 'KS', '4D']))).toBe('tractor/must-follow-suit');
    s = ok(play(s, 1, ['SJ', 'AS', 'KS']));
    expect(code(play(s, 2, ['2H', '5D', '6C']))).toBe('tractor/must-follow-suit');
    s = ok(play(ok(play(s, 2, ['2H', '2H', '5D'])), 3, ['6D', '7D', '8D']));
    expect([s.leader, s.turn]).toEqual([0, 0]);
    const broken = lead([['BJ', 'SJ', '3D'], ['BJ', '4D', '5D'], ['6C', '7C', '8C'], ['6D', '7D', '8D']], ['BJ', 'SJ']);
    expect(faces(broken.trick[0]!.cards)).toEqual(['SJ']);
  });

  // «اگر مجموعه شامل جفت بود سایر بازیکنان باید حداقل آن تعداد جفت را در کارت هایی که از آن پیروی می کنند در صورت توانایی بگنجانند اگر آنها
  //   کارت های کافی از خال مجموعه ی شروع را نداشته باشند تعداد کارت های مورد نیاز را با هر کارت از هر خال دیگر تشکیل می دهند»
  it('a throw of two pairs draws two pairs of its suit while held, else the pairs held; short of the suit, any cards make up the count', () => {
    const lead = ['AH', 'AH', 'QH', 'QH', '9H'];
    expect(code(play(follow(lead, ['5H', '5H', '7H', '7H', '8H', '3D']), 1, ['5H', '5H', '7H', '8H', '3D']))).toBe('tractor/must-follow-suit');
    expect(code(play(follow(lead, ['5H', '5H', '7H', '7H', '8H', '10H', '3D']), 1, ['5H', '5H', '7H', '8H', '10H']))).toBe('tractor/must-play-pairs');
    expect(code(play(follow(lead, ['5H', '5H', '7H', '7H', '8H', '10H', '3D']), 1, ['5H', '5H', '7H', '7H', '10H']))).toBe('ok');
    expect(code(play(follow(lead, ['5H', '5H', '7H', '8H', '10H', '3D']), 1, ['5H', '5H', '7H', '8H', '10H']))).toBe('ok');
    expect(code(play(follow(lead, ['5H', '5H', '7H', '3D', '4C', '4C']), 1, ['5H', '5H', '7H', '3D', '4C']))).toBe('ok');
  });

  // «اگر مجموعه ی شروع شامل هیچ جفتی نمی شد بالاترین تک حکم توسط هر کسی بازی شده باشد او برنده دست است در صورت تساوی در بالاترین کارت حکم آن که اول بازی کرده است برنده دست است»
  // «در صورت تساوی آن که اول بازی کرده است طبق معمول برنده خواهد شد»
  it('ruffed throws: the highest trump single (or trump pair when the throw had one) wins, equal ones go to the first', () => {
    expect(win(T('2', 'S'), ['AH', 'KH'], ['3S', '4S'], ['5S', '6S'], ['4S', '6S'])).toBe(2);
    expect(win(T('9', 'S'), ['AH', 'AH', 'KH'], ['9H', '9H', '3S'], ['9D', '9D', 'AS'], ['4D', '5D', '6D'])).toBe(1);
  });
});

/**
 * Each trick rule of the original rules document played out with moves from a table in play: every seat
 * keeps a spare card so the hand goes on, and the trick's winner shows as the next leader and in `captured`.
 */
describe('the rules document, trick by trick', () => {
  const trickOf = (table: { level: string; trumpSuit?: 'S' | 'H' | 'D' | 'C' | null }, hands: string[][], plays: string[][]) => {
    let s = playing({ level: table.level, trumpSuit: table.trumpSuit === undefined ? 'S' : table.trumpSuit, hands });
    plays.forEach((cards, seat) => (s = ok(play(s, seat, cards))));
    return s;
  };
  const won = (s: TractorState) => [s.leader, s.captured];

  // «در چنین دستی هر کسی که حکم بالاتری را بازی کرده باشد برنده‌ی دست خواهد بود اگر چند کارت حکم با رتبه ی بالای هم رتبه بازی
  //   شده باشند بین این ها اولین حکمی که بازی شده است دیگر کارت ها را شکست می دهد و اگر حکم بالاتری بازی نشود این حکم دست را برنده می شود»
  it('a led trump: the highest trump wins; of equal highest trumps the first played, unless a higher one comes', () => {
    const hands = [['7S', '3D'], ['7H', '4D'], ['KC', '5D'], ['7D', '7C', '6D']];
    expect(won(trickOf({ level: '7', trumpSuit: 'C' }, hands, [['7S'], ['7H'], ['KC'], ['7D']]))).toEqual([0, [10, 0, 0, 0]]);
    expect(won(trickOf({ level: '7', trumpSuit: 'C' }, hands, [['7S'], ['7H'], ['KC'], ['7C']]))).toEqual([3, [0, 0, 0, 10]]);
  });

  // «اگر کارت غیرحکمی بعنوان اولین کارت دست بازی شود سایر بازیکنان باید در صورت امکان یک کارت غیرحکم از همان خال را بازی کنند …
  //   اگر یک حکم توسط هر بازیکنی در یک دست بازی شود آن دست توسط کسی که بالاترین حکم در آن دست را بازی کرده است برنده می شود»
  it('a led plain card: the suit is followed while held; a trump from a void player takes it, the highest trump if several', () => {
    const hands = [['KH', '3C'], ['AH', '4S', '4C'], ['3S', '5C'], ['5S', '4D', '6C']];
    const s = playing({ level: '2', hands });
    expect(code(play(ok(play(s, 0, ['KH'])), 1, ['4S']))).toBe('tractor/must-follow-suit');
    expect(won(trickOf({ level: '2' }, hands, [['KH'], ['AH'], ['3S'], ['4D']]))).toEqual([2, [0, 0, 10, 0]]);
    expect(won(trickOf({ level: '2' }, hands, [['KH'], ['AH'], ['3S'], ['5S']]))).toEqual([3, [0, 0, 0, 15]]);
    expect(won(trickOf({ level: '2' }, hands, [['KH'], ['AH'], ['5C'], ['6C']]))).toEqual([1, [0, 15, 0, 0]]);
  });

  // «هنگامی که یک جفت کارت حکم یکسان بعنوان اولین ترکیب بازی می شود هر یک از بازیکنان دیگر باید در صورت داشتن یک جفت حکم یکسان آن را بازی کنند …
  //   این دست توسط بازیکنی که بالاترین جفت مشابه حکم را بازی کند برنده می شود حکم هایی که جفت نیستند نمی توانند برنده شوند حتی اگر بالاتر باشند»
  it('a led trump pair, played out: a pair, else two trumps, else the one trump and any card; the highest trump pair wins, big jokers unpaired do not', () => {
    const hands = [['5S', '5S', '3D'], ['BJ', 'SJ', '3H'], ['6S', '6S', '7S', '4D'], ['KS', '4H', '4H']];
    let s = ok(play(playing({ level: '2', hands }), 0, ['5S', '5S']));
    expect(code(play(s, 1, ['BJ', '3H']))).toBe('tractor/must-follow-suit');
    s = ok(play(s, 1, ['BJ', 'SJ']));
    expect(code(play(s, 2, ['6S', '7S']))).toBe('tractor/must-play-pairs');
    s = ok(play(s, 2, ['6S', '6S']));
    expect(code(play(s, 3, ['4H', '4H']))).toBe('tractor/must-follow-suit');
    s = ok(play(s, 3, ['KS', '4H']));
    expect(won(s)).toEqual([2, [0, 0, 20, 0]]);
  });

  // «اگر قرار باشد دو بازیکن جفت حکم که به یک ارزش هستند را بازی کنند مثلا یکی دل 9 و دل 9 بازی کند و یکی هم 9 خشت و 9 خشت که 9 ها و پیک ها حکم هستند
  //   آنگاه آن جفتی که اول بازی شده است دیگری را شکست خواهد داد»
  it('a led plain pair ruffed by 9♥ 9♥ and then 9♦ 9♦ (nines and spades trump): the pair played first wins', () => {
    const hands = [['KC', 'KC', '3D'], ['9H', '9H', '4D'], ['9D', '9D', '3H'], ['5C', '6C', '3S']];
    expect(won(trickOf({ level: '9' }, hands, [['KC', 'KC'], ['9H', '9H'], ['9D', '9D'], ['5C', '6C']]))).toEqual([1, [0, 25, 0, 0]]);
  });

  // «این دست توسط بالاترین مجموعه از جفت های حکم متوالی با همان طولی که شروع کننده بازی کرده بود به دست می آید سایر حکم ها جفت یا غیر جفت هیچ قدرتی ندارند»
  it('a led trump tractor, played out: only a higher trump tractor of its length wins; joker and ace pairs that do not touch have no power', () => {
    const hands = [['5S', '5S', '6S', '6S', '3D'], ['BJ', 'BJ', 'AS', 'AS', '3H'], ['7S', '7S', '8S', '8S', '4D'], ['SJ', '2H', '3S', 'KS', '5H']];
    const plays = [['5S', '5S', '6S', '6S'], ['BJ', 'BJ', 'AS', 'AS'], ['7S', '7S', '8S', '8S'], ['SJ', '2H', '3S', 'KS']];
    expect(won(trickOf({ level: '2' }, hands, plays))).toEqual([2, [0, 0, 20, 0]]);
    const lower = [['9S', '9S', '10S', '10S', '3D'], ...hands.slice(1)];
    expect(won(trickOf({ level: '2' }, lower, [['9S', '9S', '10S', '10S'], ...plays.slice(1)]))).toEqual([0, [30, 0, 0, 0]]);
  });

  // «این دست توسط بالاترین مجموعه از جفت های متوالی با طول برابر با دنباله ی شروع کننده برنده می شود مگر اینکه بازیکنی که هیچ کدام از خال های دنباله ی شروع کننده را ندارد
  //   بتواند با یک دنباله به همان اندازه طولانی از جفت های متوالی حکم بازی کند در این صورت بالاترین دنباله با خال حکم برنده است»
  it('a led plain tractor, played out: a higher tractor of the suit wins unless a void player trumps with a tractor as long; the highest trump tractor wins', () => {
    const lead = ['3H', '3H', '4H', '4H'];
    const hands = (two: string[], three: string[]) => [[...lead, '3C'], ['KH', 'KH', 'AH', 'AH', '4C'], [...two, '5C'], [...three, '6C']];
    const pairsApart = ['6S', '6S', '9S', '9S'];
    const low = ['6S', '6S', '7S', '7S'];
    const high = ['9S', '9S', '10S', '10S'];
    const junk = ['3D', '4D', '6D', '7D'];
    expect(won(trickOf({ level: '2' }, hands(pairsApart, junk), [lead, ['KH', 'KH', 'AH', 'AH'], pairsApart, junk]))).toEqual([1, [0, 20, 0, 0]]);
    expect(won(trickOf({ level: '2' }, hands(low, junk), [lead, ['KH', 'KH', 'AH', 'AH'], low, junk]))).toEqual([2, [0, 0, 20, 0]]);
    expect(won(trickOf({ level: '2' }, hands(low, high), [lead, ['KH', 'KH', 'AH', 'AH'], low, high]))).toEqual([3, [0, 0, 0, 40]]);
  });

  // «بازیکنی که این دست را شروع کرده است آن را برنده خواهد شد مگر اینکه خال شروع خال غیر حکم باشد و بازیکن دیگری که هیچ کارتی از خال شروع شده را ندارد
  //   یک بازی کاملاً متشکل از حکم به تعداد جفت های حکم یکسان با جفت حکم های مجموعه ی شروع انجام دهد در این صورت حکم ها پیروز می شوند»
  // «اگر بیش از یک بازیکن موفق شوند ترکیب مناسبی از حکم را بازی کنند و مجموعه ی شروع کننده شامل یک جفت باشد هر کدام از آنها بالا ترین زوج حکم را بازی کند برنده می شود»
  it('a plain throw with a pair, played out: its leader wins unless a void player trumps it all with a pair; of such ruffs the highest trump pair wins', () => {
    const lead = ['AH', 'AH', 'KH'];
    const table = (one: string[], two: string[]) => [[...lead, '3C'], [...one, '4C'], [...two, '5C'], ['QH', '4H', '5H', '6C']];
    const noPair = ['BJ', 'SJ', 'AS'];
    const low = ['3S', '3S', '4S'];
    const high = ['7S', '7S', '8S'];
    let s = ok(play(playing({ level: '2', hands: table(noPair, low) }), 0, lead));
    expect(s.throwFailure).toBeNull();
    s = ok(play(ok(play(ok(play(s, 1, noPair)), 2, low)), 3, ['QH', '4H', '5H']));
    expect(won(s)).toEqual([2, [0, 0, 15, 0]]);
    expect(won(trickOf({ level: '2' }, table(noPair, ['6S', '7S', '8S']), [lead, noPair, ['6S', '7S', '8S'], ['QH', '4H', '5H']]))).toEqual([0, [15, 0, 0, 0]]);
    expect(won(trickOf({ level: '2' }, table(low, high), [lead, low, high, ['QH', '4H', '5H']]))).toEqual([2, [0, 0, 15, 0]]);
  });

  // «اگر مجموعه ی شروع شامل هیچ جفتی نمی شد بالاترین تک حکم توسط هر کسی بازی شده باشد او برنده دست است در صورت تساوی در بالاترین کارت حکم آن که اول بازی کرده است برنده دست است»
  it('a plain throw of singles, played out: the highest single trump of the ruffs wins, of equal highest ones the first played', () => {
    const table = (one: string[], two: string[]) => [['AH', 'KH', '3C'], [...one, '4C'], [...two, '5C'], ['QH', '4H', '6C']];
    const lead = ['AH', 'KH'];
    expect(won(trickOf({ level: '2' }, table(['3S', '6S'], ['4S', '7S']), [lead, ['3S', '6S'], ['4S', '7S'], ['QH', '4H']]))).toEqual([2, [0, 0, 10, 0]]);
    expect(won(trickOf({ level: '2' }, table(['3S', '7S'], ['4S', '7S']), [lead, ['3S', '7S'], ['4S', '7S'], ['QH', '4H']]))).toEqual([1, [0, 10, 0, 0]]);
  });
});

describe('scoring a hand', () => {
  it('follows the result table of the original rules document (two decks)', () => {
    const rows: [number, boolean, number][] = [
      [0, true, 3], [5, true, 2], [35, true, 2], [40, true, 1], [75, true, 1], [80, false, 0], [115, false, 0],
      [120, false, 1], [155, false, 1], [160, false, 2], [195, false, 2], [200, false, 3], [235, false, 3], [240, false, 4],
    ];
    for (const [points, declarersWon, steps] of rows) expect(handOutcome(points, 2)).toEqual({ declarersWon, steps });
    expect(handOutcome(-10, 2)).toEqual({ declarersWon: true, steps: 3 });
  });
  it('scales the steps with the decks (three decks: 60 points a step)', () => {
    expect(handOutcome(55, 3)).toEqual({ declarersWon: true, steps: 2 });
    expect(handOutcome(60, 3)).toEqual({ declarersWon: true, steps: 1 });
    expect(handOutcome(120, 3)).toEqual({ declarersWon: false, steps: 0 });
    expect(handOutcome(180, 3)).toEqual({ declarersWon: false, steps: 1 });
  });

  /** Last trick: seat 0 (declarer) leads, seat 1 (attacker) may ruff. Kitty holds 15 points; attackers have 50. */
  const lastTrick = (lead: string[], ruff: string[], o: Partial<TractorOptions> = {}, levels?: string[], captured = [0, 50, 0, 0]) => {
    const low = (n: number) => ['3D', '4D', '6D', '7D'].slice(0, n);
    const s = playing({ options: o, levels, hands: [lead, ruff, low(lead.length), low(lead.length)], kitty: ['5H', 'KD', '3C', '4C', '6C', '7C', '8C', '9C'], captured });
    let next = ok(play(s, 0, lead));
    next = ok(play(next, 1, ruff));
    next = ok(play(next, 2, low(lead.length)));
    return ok(play(next, 3, low(lead.length)));
  };
  it('declarers winning the last trick: no kitty bonus; they rise and the starter’s partner starts next', () => {
    const s = lastTrick(['AH'], ['3H']);
    expect(s.phase).toBe('handEnd');
    expect(s.result).toEqual({ attackerPoints: 50, kittyPoints: 0, kittyMultiplier: 0, declarersWon: true, steps: 1, nextStarter: 2 });
    expect(game.viewFor(s, SPECTATOR).public.levels).toEqual(['3', '2', '3', '2']);
  });
  it('shows the buried kitty only when the attackers take the last trick (the original rules document)', () => {
    // "اگر حریفان آخرین دست را برنده شوند هشت کارتی که شروع کننده دور انداخته است در معرض دید قرار می گیرد"
    // (if the opponents win the last trick, the eight cards the starter discarded are exposed).
    const kitty = ['3C', '4C', '5H', '6C', '7C', '8C', '9C', 'KD'];
    const lost = lastTrick(['3H'], ['AS']);
    expect(game.viewFor(lost, SPECTATOR).public.kittyShown.slice().sort()).toEqual(kitty);
    expect(lost.result!.kittyPoints).toBe(15);
    // Declarers take it: the kitty stays hidden from everyone but the starter who buried it, points included.
    const kept = lastTrick(['AH'], ['3H']);
    for (const viewer of [SPECTATOR, 1, 2, 3]) {
      expect(game.viewFor(kept, viewer).public.kittyShown).toEqual([]);
      expect(game.viewFor(kept, viewer).private?.kitty ?? []).toEqual([]);
    }
    expect(game.viewFor(kept, SPECTATOR).public.result!.kittyPoints).toBe(0);
    expect(game.viewFor(kept, 0).private!.kitty.slice().sort()).toEqual(kitty);
    // The match's last hand follows the same rule.
    const final = lastTrick(['AH'], ['3H'], {}, ['A', 'K', 'A', 'K']);
    expect([final.phase, game.viewFor(final, SPECTATOR).public.kittyShown]).toEqual(['over', []]);
    // Option: every hand end shows it (a setting of online tables in the rules digest).
    const always = lastTrick(['AH'], ['3H'], { kittyReveal: 'always' });
    expect(game.viewFor(always, SPECTATOR).public.kittyShown).toHaveLength(8);
    expect(always.result!.kittyPoints).toBe(15);
  });
  it('attackers winning the last trick with a single: kitty points doubled; 80 takes over without rising', () => {
    const s = lastTrick(['3H'], ['AS']);
    expect(s.result).toEqual({ attackerPoints: 80, kittyPoints: 15, kittyMultiplier: 2, declarersWon: false, steps: 0, nextStarter: 1 });
    expect(s.levels).toEqual([0, 0, 0, 0]);
  });
  it('kitty multiplier: twice the cards of the last lead (a pair ×4), or of its largest unit, or a power of two', () => {
    expect(lastTrick(['3H', '3H'], ['AS', 'AS']).result!.kittyMultiplier).toBe(4);
    expect(lastTrick(['AH', 'KH'], ['3S', '4S']).result!.kittyMultiplier).toBe(4);
    expect(lastTrick(['AH', 'KH'], ['3S', '4S'], { kittyMultiplier: 'largestUnit' }).result!.kittyMultiplier).toBe(2);
    expect(lastTrick(['3H', '3H', '4H', '4H'], ['AS', 'AS', 'KS', 'KS'], { kittyMultiplier: 'largestUnit' }).result!.kittyMultiplier).toBe(8);
    expect(lastTrick(['3H', '3H', '4H', '4H'], ['AS', 'AS', 'KS', 'KS'], { kittyMultiplier: 'power' }).result!.kittyMultiplier).toBe(16);
  });
  // «اگر آخرین دست یک دست چندگانه بوده باشد ارزش کارت های دورانداخته شده در دو برابر تعداد کارت های شروع آخرین دست ضرب می شوند»
  it('the kitty under a last lead of several cards counts twice that many times: a two-pair tractor ×8, a three-card throw ×6', () => {
    const tractor = lastTrick(['3H', '3H', '4H', '4H'], ['AS', 'AS', 'KS', 'KS']).result!;
    expect([tractor.kittyMultiplier, tractor.kittyPoints, tractor.attackerPoints]).toEqual([8, 15, 50 + 20 + 15 * 8]);
    const thrown = lastTrick(['AH', 'KH', 'QH'], ['3S', '4S', '5S']).result!;
    expect([thrown.kittyMultiplier, thrown.attackerPoints]).toEqual([6, 50 + 15 + 15 * 6]);
  });
  // A hand ending on a tie: equal cards go to the one played first («اولین حکمی که بازی شده است دیگر کارت ها را شکست می دهد»,
  // «در صورت تساوی آن که اول بازی کرده است … برنده»), and the last trick's winner decides the kitty («اگر حریفان آخرین دست را برنده شوند …»).
  it('a tied last trick goes to the card played first, and the kitty with it', () => {
    const last = (table: { level: string; leader: number }, plays: string[][]) => {
      const hands = [0, 1, 2, 3].map((seat) => plays[(seat - table.leader + 4) % 4]!);
      let s = playing({ level: table.level, leader: table.leader, hands, kitty: ['5H', 'KD', '3C', '4C', '6C', '7C', '8C', '9C'], captured: [0, 50, 0, 0] });
      plays.forEach((cards, i) => (s = ok(play(s, (table.leader + i) % 4, cards))));
      return [s.tricks[s.tricks.length - 1]!.winner, s.result!.attackerPoints, s.result!.declarersWon, s.result!.nextStarter, s.kittyShown.length];
    };
    // The declarer's ace led, the attacker's ace after it: the declarers keep the last trick and the kitty stays hidden.
    expect(last({ level: '2', leader: 0 }, [['AH'], ['AH'], ['3D'], ['4D']])).toEqual([0, 50, true, 2, 0]);
    // The attacker's ace led, the declarer's after it: the attackers take it, the kitty's 15 doubled (50 + 30 = 80: they take over).
    expect(last({ level: '2', leader: 1 }, [['AH'], ['AH'], ['3D'], ['4D']])).toEqual([1, 80, false, 1, 8]);
    // Two equal trumps (nines trump, off-suit nines equal): the attacker's 9♦ before the declarer's 9♣ takes the trick and the kitty.
    expect(last({ level: '9', leader: 0 }, [['3H'], ['9D'], ['9C'], ['4H']])).toEqual([1, 80, false, 1, 8]);
    // And the other way round: the declarer's 9♣ first keeps it.
    expect(last({ level: '9', leader: 3 }, [['3H'], ['9C'], ['9D'], ['4H']])).toEqual([0, 50, true, 2, 0]);
  });
  // The result table of the original rules document, row by row at both ends, played to the hand's end: the attackers'
  // points, who rises by how much, and the next starter (هم تیمی شروع کننده: the starter's partner; بازیکنی که در سمت
  // راست شروع کننده نشسته است: the seat after the starter). Past 235 the table stops; +1 per further 40 (digest).
  it('the result table of the original rules document, played out: levels and next starter for every row, and beyond it', () => {
    const rows: [number, number[], number][] = [
      [0, [3, 0, 3, 0], 2], [5, [2, 0, 2, 0], 2], [35, [2, 0, 2, 0], 2], [40, [1, 0, 1, 0], 2], [75, [1, 0, 1, 0], 2],
      [80, [0, 0, 0, 0], 1], [115, [0, 0, 0, 0], 1], [120, [0, 1, 0, 1], 1], [155, [0, 1, 0, 1], 1], [160, [0, 2, 0, 2], 1],
      [195, [0, 2, 0, 2], 1], [200, [0, 3, 0, 3], 1], [235, [0, 3, 0, 3], 1], [240, [0, 4, 0, 4], 1], [280, [0, 5, 0, 5], 1],
    ];
    for (const [points, levels, nextStarter] of rows) {
      // Below 80 the declarers take the last trick (no kitty); from 80 the attackers take it with a single (kitty 15 × 2).
      const s = points < 80 ? lastTrick(['AH'], ['3H'], {}, undefined, [0, points, 0, 0]) : lastTrick(['3H'], ['AS'], {}, undefined, [0, points - 30, 0, 0]);
      expect([s.result!.attackerPoints, s.levels, s.result!.nextStarter], `${points} points`).toEqual([points, levels, nextStarter]);
    }
  });
  it('six players: a declarers\' win passes the start to the starter\'s next teammate, an attackers\' win to the seat after him', () => {
    const six = (ruff: string, captured: number[]) => {
      let s = playing({ hands: [['AH'], [ruff], ['4H'], ['5H'], ['6H'], ['7H']], kitty: ['3C', '4C', '6C', '7C', '8C', '9C'], captured });
      for (const [seat, card] of [[0, 'AH'], [1, ruff], [2, '4H'], [3, '5H'], [4, '6H'], [5, '7H']] as const) s = ok(play(s, seat, [card]));
      return [s.result!.declarersWon, s.result!.nextStarter];
    };
    expect(six('3H', [0, 0, 0, 0, 0, 0])).toEqual([true, 2]);
    expect(six('AS', [0, 130, 0, 0, 0, 0])).toEqual([false, 1]);
  });
  it('attackers with 120 rise one level and the seat after the starter starts', () => {
    const s = lastTrick(['3H'], ['AS'], {}, undefined, [0, 90, 0, 0]);
    expect(s.result!.steps).toBe(1);
    expect(s.levels).toEqual([0, 1, 0, 1]);
    expect(s.result!.nextStarter).toBe(1);
  });
  it('the match ends when the declarers defend A; the outcome ranks their team first', () => {
    const s = lastTrick(['AH'], ['3H'], {}, ['A', 'K', 'A', 'K']);
    expect(s.phase).toBe('over');
    expect(game.activeActors(s)).toEqual([]);
    expect(game.outcome(s)!.winners).toEqual([0, 2]);
  });
  it('attackers at A take over but stay at A', () => {
    const s = lastTrick(['3H'], ['AS'], {}, ['K', 'A', 'K', 'A'], [0, 90, 0, 0]);
    expect(s.phase).toBe('handEnd');
    expect(s.levels).toEqual([11, 12, 11, 12]);
  });
  it('J back to 2 option: attackers taking the last trick with a single jack send the declarers to 2', () => {
    const s = lastTrick(['3H'], ['JC'], { jackBackToTwo: true }, ['J', 'J', 'J', 'J'], [0, 10, 0, 0]);
    expect(s.levels).toEqual([0, 9, 0, 9]);
    expect(lastTrick(['3H'], ['JC'], {}, ['J', 'J', 'J', 'J'], [0, 10, 0, 0]).levels).toEqual([10, 9, 10, 9]);
  });
  it('hand limit: the match stops after the set number of hands, highest level winning', () => {
    const s = lastTrick(['AH'], ['3H'], { handLimit: 1 });
    expect(s.phase).toBe('over');
    expect(game.outcome(s)!.winners).toEqual([0, 2]);
    // Ties are shared: attackers taking over without rising (80–115) leave every level as it was, so every seat wins.
    const even = lastTrick(['3H'], ['AS'], { handLimit: 1 });
    expect([even.phase, even.result!.declarersWon, even.levels]).toEqual(['over', false, [0, 0, 0, 0]]);
    expect(game.outcome(even)!.winners).toEqual([0, 1, 2, 3]);
    expect(game.outcome(even)!.standings.map((st) => st.rank)).toEqual([1, 1, 1, 1]);
  });
  it('the next hand is dealt by the system, the new starter drawing first', () => {
    const s = ok(game.applyMove(lastTrick(['AH'], ['3H']), SYSTEM, { type: 'nextHand' }));
    expect([s.phase, s.handNumber, s.starter, s.nextDrawer, s.trumpRank, s.deck.length]).toEqual(['dealing', 2, 2, 2, 1, 108]);
  });
});

describe('level advancement', () => {
  const A = opts({});
  it('an advance stops at A, which only defending declarers pass', () => {
    expect(advance(11, 3, true, A)).toEqual({ level: 12, passedTop: false });
    expect(advance(12, 2, true, A)).toEqual({ level: 12, passedTop: true });
    expect(advance(12, 2, false, A)).toEqual({ level: 12, passedTop: false });
  });
  it('without must-defend anyone may run past A', () => {
    expect(advance(10, 3, false, opts({ mustDefend: 'none' }))).toEqual({ level: 12, passedTop: true });
  });
  it('point levels 5, 10 and K as gates', () => {
    const p = opts({ mustDefend: 'pointsAndA' });
    expect(advance(1, 3, true, p)).toEqual({ level: 3, passedTop: false });
    expect(advance(3, 3, true, p)).toEqual({ level: 6, passedTop: false });
    expect(advance(6, 3, true, p)).toEqual({ level: 8, passedTop: false });
    expect(advance(3, 2, false, p)).toEqual({ level: 3, passedTop: false });
  });
  it('an extra no-trump level after A', () => {
    expect(advance(12, 1, true, opts({ topLevel: 'NT' }))).toEqual({ level: 13, passedTop: false });
    expect(advance(13, 1, true, opts({ topLevel: 'NT' }))).toEqual({ level: 13, passedTop: true });
  });
});

describe('finding friends', () => {
  const five = (o: Partial<TractorOptions> = {}) =>
    playing({ options: { mode: 'findingFriends', ...o }, hands: [['AH', '3C'], ['AH', '4C'], ['5D', '6C'], ['6D', '7C'], ['7D', '8C']] });
  const calling = (o: Partial<TractorOptions> = {}) => ({ ...five(o), phase: 'calling' as const });
  it('the starter calls friend cards after burying; trumps and jokers are not allowed by default', () => {
    expect(game.activeActors(calling())).toEqual([0]);
    expect(code(game.applyMove(calling(), 0, { type: 'callFriends', friends: [{ card: 'AS', ordinal: 1 }] }))).toBe('tractor/friend-card');
    expect(code(game.applyMove(calling(), 0, { type: 'callFriends', friends: [{ card: 'AH', ordinal: 3 }] }))).toBe('tractor/bad-ordinal');
    expect(code(game.applyMove(calling(), 0, { type: 'callFriends', friends: [] }))).toBe('tractor/friend-count');
    expect(code(game.applyMove(calling({ friendCards: 'noHighest' }), 0, { type: 'callFriends', friends: [{ card: 'AH', ordinal: 1 }] }))).toBe('tractor/friend-card');
    expect(code(game.applyMove(calling({ friendCards: 'noPoints' }), 0, { type: 'callFriends', friends: [{ card: 'KH', ordinal: 1 }] }))).toBe('tractor/friend-card');
    expect(code(game.applyMove(calling({ friendCards: 'trumpsIncluded' }), 0, { type: 'callFriends', friends: [{ card: 'AS', ordinal: 1 }] }))).toBe('ok');
    const called = game.applyMove(calling(), 0, { type: 'callFriends', friends: [{ card: 'AH', ordinal: 2 }] });
    expect(called.ok && called.events).toEqual([{ type: 'friendsCalled', seat: 0, friends: [{ card: 'AH', ordinal: 2 }] }]); // the caller named, for the log
    const s = ok(called);
    expect([s.phase, s.turn]).toEqual(['playing', 0]);
    expect(game.viewFor(s, SPECTATOR).public.friendCalls).toEqual([{ card: 'AH', ordinal: 2, seat: -1 }]);
  });
  it('while the starter calls, the view says what he may call: the faces, the ordinals and how many calls', () => {
    // The starter holds both aces of hearts: the engine lets him call one all the same.
    const s = { ...playing({ options: { mode: 'findingFriends', friends: 2 }, hands: [['AH', 'AH', '3C'], ['4C'], ['5D'], ['6D'], ['7D']], level: '2', trumpSuit: 'S' }), phase: 'calling' as const };
    const callable = game.viewFor(s, 0).public.callable!;
    expect(callable.ordinals).toEqual([1, 2]);
    expect(callable.calls).toBe(2);
    // No trump: no spade, no 2, no joker; the other suits A down to 3, spades first.
    expect(callable.cards).toHaveLength(36);
    expect(callable.cards.slice(0, 3)).toEqual(['AH', 'KH', 'QH']);
    expect(callable.cards.filter((f) => f.endsWith('S') || f.startsWith('2') || f.endsWith('J'))).toEqual([]);
    expect(callable.cards).toContain('AH');
    expect(code(game.applyMove(s, 0, { type: 'callFriends', friends: [{ card: 'AH', ordinal: 2 }, { card: 'KD', ordinal: 1 }] }))).toBe('ok');
    // Public: the same for every seat and a spectator; only while calling.
    for (const viewer of [1, SPECTATOR]) expect(game.viewFor(s, viewer).public.callable).toEqual(callable);
    expect(game.viewFor({ ...s, phase: 'playing' }, 0).public.callable).toBeNull();
    expect(game.viewFor(playing({ hands: [['AH'], ['KH'], ['QH'], ['JH']] }), 0).public.callable).toBeNull();
  });
  it('the callable faces and ordinals are exactly what a call accepts, under every friend-card policy and trump', () => {
    const every = standardDeck({ jokers: true });
    for (const friendCards of ['nonTrump', 'trumpsIncluded', 'noHighest', 'noPoints'] as const) {
      for (const [level, trumpSuit] of [['2', 'S'], ['A', 'H'], ['7', null], ['', null]] as const) {
        const s = { ...playing({ options: { mode: 'findingFriends', friends: 2, friendCards }, hands: [['AH', 'AH', '3C'], ['4C'], ['5D'], ['6D'], ['7D']], level, trumpSuit }), phase: 'calling' as const };
        const { cards, ordinals, calls } = game.viewFor(s, 0).public.callable!;
        const call = (card: string, ordinal: number) => {
          const other = cards.find((f) => f !== card)!;
          return code(game.applyMove(s, 0, { type: 'callFriends', friends: [{ card, ordinal }, { card: other, ordinal: 1 }].slice(0, calls) }));
        };
        for (const face of every) {
          if (cards.includes(face)) for (const ordinal of ordinals) expect(call(face, ordinal), `${friendCards} ${level}${trumpSuit}: ${face} ${ordinal}`).toBe('ok');
          else expect(call(face, 1), `${friendCards} ${level}${trumpSuit}: ${face}`).toBe('tractor/friend-card');
        }
        expect(call(cards[0]!, 0)).toBe('tractor/bad-ordinal');
        expect(call(cards[0]!, ordinals.length + 1)).toBe('tractor/bad-ordinal');
        expect(code(game.applyMove(s, 0, { type: 'callFriends', friends: [{ card: cards[0], ordinal: 1 }] }))).toBe('tractor/friend-count');
        // The listed calls are a few of these.
        for (const move of game.legalMoves(s, 0)) {
          if (move.type !== 'callFriends') continue;
          for (const f of move.friends) expect(cards.includes(f.card) && ordinals.includes(f.ordinal)).toBe(true);
        }
      }
    }
  });
  it('whoever plays the called copy joins the declarers at once', () => {
    let s = ok(game.applyMove(calling(), 0, { type: 'callFriends', friends: [{ card: 'AH', ordinal: 2 }] }));
    s = ok(play(s, 0, ['AH']));
    expect(s.declarers).toEqual([true, false, false, false, false]);
    s = ok(play(s, 1, ['AH']));
    expect(s.declarers).toEqual([true, true, false, false, false]);
    expect(s.friendCalls[0]!.seat).toBe(1);
  });
  it('a declarer playing the called card uses it up, unless no double joining is set', () => {
    const first = (o: Partial<TractorOptions>) => ok(play(ok(game.applyMove(calling(o), 0, { type: 'callFriends', friends: [{ card: 'AH', ordinal: 1 }] })), 0, ['AH']));
    expect(first({}).friendCalls[0]!.seat).toBe(0);
    const waiting = first({ friendJoin: 'noDoubleJoin' });
    expect(waiting.friendCalls[0]!.seat).toBe(-1);
    expect(ok(play(waiting, 1, ['AH'])).declarers[1]).toBe(true);
  });
  it("a hidden friend's failed throw counts against the declarers once the friend is found (against the attackers under throwPenaltySide: 'atThrow')", () => {
    // Five players, 10 points a failed throw; the starter (seat 0) called the first A♣, which seat 2 holds.
    const hand = (throwPenaltySide: TractorOptions['throwPenaltySide']) => {
      let s = playing({
        options: { mode: 'findingFriends', throwPenalty: 'tenPerAttempt', throwPenaltySide },
        seats: 5,
        leader: 2,
        hands: [['4D', '4S', '3H'], ['6D', 'JD', 'QD'], ['AH', 'JH', 'AC'], ['QH', '7D', '6S'], ['3D', '8D', '7S']],
      });
      s.friendCalls = [{ card: 'AC', ordinal: 1, seat: -1 }];
      s.friendSeen = [0];
      const points: number[] = [];
      const plays: [number, string[]][] = [[2, ['AH', 'JH']], [3, ['QH']], [4, ['3D']], [0, ['3H']], [1, ['6D']], [3, ['7D']], [4, ['8D']], [0, ['4D']], [1, ['JD']], [2, ['AC']], [1, ['QD']], [2, ['AH']], [3, ['6S']], [4, ['7S']], [0, ['4S']]];
      for (const [seat, cards] of plays) {
        s = ok(play(s, seat, cards));
        if (s.phase === 'playing') points.push(game.viewFor(s, SPECTATOR).public.attackerPoints);
      }
      return { s, points };
    };
    // The throw fails (seat 3's Q♥ beats the J♥): J♥ is played; seat 2 then plays the A♣ and is found.
    const found = hand('handEnd');
    expect(found.s.declarers).toEqual([true, false, true, false, false]);
    expect(found.points.slice(0, 1)).toEqual([-10]); // an attacker's failure, as far as anyone knows
    expect(found.points.slice(9, 10)).toEqual([10]); // found: it was a declarer's
    expect(found.s.result!.attackerPoints).toBe(10);
    const asThrown = hand('atThrow');
    expect(asThrown.s.result!.attackerPoints).toBe(-10);
    expect(asThrown.s.result!.steps).toBeGreaterThan(found.s.result!.steps);
  });
  it('a winning starter left alone rises one extra level and starts again', () => {
    const s = playing({ options: { mode: 'findingFriends' }, hands: [['AH'], ['3H'], ['4H'], ['5H'], ['6H']], kitty: ['3C'] });
    s.friendCalls = [{ card: 'AD', ordinal: 1, seat: -1 }];
    s.friendSeen = [0];
    let next = s;
    for (const [seat, card] of [[0, 'AH'], [1, '3H'], [2, '4H'], [3, '5H'], [4, '6H']] as const) next = ok(play(next, seat, [card]));
    expect(next.result).toMatchObject({ declarersWon: true, steps: 4, nextStarter: 0 });
    expect(next.levels).toEqual([4, 0, 0, 0, 0]);
  });
});

describe('views, setup and malformed moves', () => {
  it('hides hands and the undealt deck; shows counts and declarations', () => {
    const s = game.setup(tractorOptions.parse({}), 4, 'v');
    const dealt = ok(game.applyMove(ok(game.applyMove(s, SYSTEM, { type: 'deal' })), SYSTEM, { type: 'deal' }));
    const spectator = game.viewFor(dealt, SPECTATOR);
    expect(spectator.private).toBeNull();
    expect(spectator.public.deckCount).toBe(106);
    expect(spectator.public.handCounts.reduce((a, b) => a + b, 0)).toBe(2);
    const drawer = s.nextDrawer;
    expect(game.viewFor(dealt, drawer).private!.hand).toHaveLength(1);
    expect(JSON.stringify(spectator)).not.toContain('.0');
  });
  it('a hand is shown trumps first (jokers, level cards, trump suit) and says how many trumps lead it', () => {
    const s = playing({ hands: [['3H', 'BJ', '2C', 'AS', 'KD', '2S', '5S'], ['4D'], ['5D'], ['6D']], level: '2', trumpSuit: 'S' });
    const mine = game.viewFor(s, 0).private!;
    expect(mine.trumps).toBe(5);
    expect(mine.hand.slice(0, 5)).toEqual(['BJ', '2S', '2C', 'AS', '5S']);
    expect(mine.hand.slice(5)).toEqual(['3H', 'KD']);
    // No trump suit (jokers declared): the jokers and every level card; the no-trump level: the jokers alone.
    const noSuit = game.viewFor(playing({ hands: [['3H', 'SJ', '2C', 'AS', '2H', '5S'], ['4D'], ['5D'], ['6D']], level: '2', trumpSuit: null }), 0).private!;
    expect(noSuit.hand.slice(0, noSuit.trumps)).toEqual(['SJ', '2C', '2H']);
    expect(noSuit.hand.slice(noSuit.trumps)).toEqual(['AS', '5S', '3H']);
    const noTrumpLevel = game.viewFor(playing({ hands: [['2C', 'BJ', 'AS', 'SJ'], ['4D'], ['5D'], ['6D']], level: '', trumpSuit: null }), 0).private!;
    expect(noTrumpLevel.hand.slice(0, noTrumpLevel.trumps)).toEqual(['BJ', 'SJ']);
    expect(noTrumpLevel.hand.slice(noTrumpLevel.trumps)).toEqual(['AS', '2C']);
  });
  it('resampling hidden cards leaves a seat’s view unchanged', () => {
    const s = playing({ hands: [['AH', '3D'], ['KH', '4D'], ['QH', '5D'], ['JH', '6D']], kitty: ['7C', '8C'] });
    for (const viewer of [SPECTATOR, 0, 1]) expect(game.viewFor(game.resample!(s, viewer, randomSource('r')), viewer)).toEqual(game.viewFor(s, viewer));
  });
  it('sizes: 2 decks and a kitty of 8 at 4 players, 3 decks and 6 at 6; fixed teams need an even table', () => {
    const four = game.setup(tractorOptions.parse({}), 4, 's');
    const six = game.setup(tractorOptions.parse({}), 6, 's');
    expect([four.deck.length, four.kittySize, six.deck.length, six.kittySize]).toEqual([108, 8, 162, 6]);
    expect(game.validateSetup!(tractorOptions.parse({}), 5)?.code).toBe('tractor/seats');
    expect(game.validateSetup!(tractorOptions.parse({ mode: 'findingFriends' }), 5)).toBeNull();
    expect(game.teams!(six)).toEqual([0, 1, 0, 1, 0, 1]);
    expect(game.systemDelayMs!(four, four.options)).toBe(150);
  });
  it('rejects malformed and out-of-turn moves with codes', () => {
    const s = playing({ hands: [['AH'], ['KH'], ['QH'], ['JH']] });
    expect(code(game.applyMove(s, 0, null))).toBe('core/malformed-move');
    expect(code(game.applyMove(s, 0, { type: 'fly' }))).toBe('tractor/unknown-move');
    expect(code(game.applyMove(s, 1, { type: 'play', cards: ['KH'] }))).toBe('core/not-your-turn');
    expect(code(game.applyMove(s, 0, { type: 'play', cards: ['XX'] }))).toBe('tractor/malformed');
    expect(code(game.applyMove(s, 0, { type: 'play', cards: [] }))).toBe('tractor/empty-play');
    expect(code(game.applyMove(s, 0, { type: 'deal' }))).toBe('tractor/system-move');
    const d = dealing({ deck: ['3C', '4C', '5C', '6C', '7C', '8C', '9C', '10C', 'JC', 'QC'], hands: [['2H'], [], [], []] });
    expect(code(game.applyMove(d, 0, { type: 'deal' }))).toBe('tractor/system-move');
  });
});

describe('the bot', () => {
  const ask = (s: TractorState, seat: number) => game.bot(game.viewFor(s, seat), game.legalMoves(s, seat), randomSource('bot'), seat);

  it('never takes its declaration back, and declares early only with a long suit behind it', () => {
    // Seat 0 holds the level 2 of spades and two more spades while the deal runs: it waits.
    let s = dealing({ options: { bidTakeback: true }, deck: ['5C', '6C'], hands: [['2S', '3S', '4S'], [], [], []], level: '2' });
    expect(game.legalMoves(s, 0)).toContainEqual({ type: 'declare', card: '2S', count: 1 });
    expect(ask(s, 0)).toBeNull();
    // With a long suit it declares; then its one move is taking it back, which it never plays.
    s = dealing({ options: { bidTakeback: true }, deck: ['5C', '6C'], hands: [['2S', '3S', '4S', '5S', '6S'], [], [], []], level: '2' });
    expect(ask(s, 0)).toEqual({ type: 'declare', card: '2S', count: 1 });
    s = ok(game.applyMove(s, 0, { type: 'declare', card: '2S', count: 1 }));
    expect(game.legalMoves(s, 0)).toEqual([{ type: 'takeBackBid' }]);
    expect(ask(s, 0)).toBeNull();
  });

  it('plays a deal of bots as the room drives them (each bot asked after every move) with nothing taken back', () => {
    let s = game.setup(tractorOptions.parse({ bidTakeback: true }), 4, 'bots-deal');
    const events: string[] = [];
    for (let step = 0; step < 2000 && s.phase !== 'playing'; step++) {
      let moved = false;
      for (let seat = 0; seat < 4 && !moved; seat++) {
        const move = game.legalMoves(s, seat).length ? ask(s, seat) : null;
        if (!move) continue;
        const r = ok(game.applyMove(s, seat, move));
        s = r;
        moved = true;
        events.push(move.type);
      }
      if (moved) continue;
      const [system] = game.legalMoves(s, SYSTEM);
      if (!system) {
        const [actor] = game.activeActors(s).filter((a) => a !== SYSTEM);
        s = ok(game.applyMove(s, actor!, ask(s, actor!)!));
      } else s = ok(game.applyMove(s, SYSTEM, system));
    }
    expect(s.phase).toBe('playing');
    expect(events).not.toContain('takeBackBid');
  });
});

