/** Rounds (deal, announce, exchange), the end of the game, the master cards, table sizes and the view. */
import { describe, expect, it } from 'vitest';
import { SPECTATOR, SYSTEM, recordedOptions } from '../../core/game.ts';
import { randomSource } from '../../core/rng.ts';
import { game, options } from './index.ts';
import { activeActors, exchangePartner, legalMoves } from './moves.ts';
import { errorOf, play, table, where } from './scenario.ts';
import { deckFor, setup } from './setup.ts';
import { byCardOrder, type Card, type TacMove, type TacState } from './types.ts';

const H = (i: number) => 64 + i;
const fresh = (seats = 4, opts = {}) => setup(options.parse(opts), seats, 'flow');
/** Ends the round by force (hands to the discard) and deals the next one. */
const redeal = (s: TacState) => play({ ...s, phase: 'deal', discard: [...s.discard, ...s.hands.flat()], hands: s.hands.map(() => []) }, SYSTEM, { type: 'deal' });
/** Every seat gives the first card of each of its hands. */
function exchangeAll(s: TacState): TacState {
  while (s.phase === 'exchange') {
    const seat = activeActors(s)[0]!;
    s = play(s, seat, legalMoves(s, seat)[0]!);
  }
  return s;
}

describe('the deck and the deal', () => {
  it('has 100 cards, 104 with the master cards; six colours drop two 12s (and a 9 and a 10 without master cards)', () => {
    const count = (cards: Card[], card: Card) => cards.filter((c) => c === card).length;
    const base = deckFor(4, false);
    expect(base.length).toBe(100);
    expect([count(base, '1'), count(base, '7'), count(base, '13'), count(base, 'tac'), count(base, 'trickster'), count(base, '12')]).toEqual([9, 8, 9, 4, 7, 7]);
    expect(base.includes('angel')).toBe(false);
    expect(deckFor(4, true).length).toBe(104);
    expect(deckFor(6, true).length).toBe(102);
    expect(deckFor(6, false).length).toBe(96);
  });

  it('starts with a deal by the system; five cards each, then the exchange for everybody at once', () => {
    const s0 = fresh();
    expect(activeActors(s0)).toEqual([SYSTEM]);
    const s = play(s0, SYSTEM, { type: 'deal' });
    expect(s.hands.map((h) => h.length)).toEqual([5, 5, 5, 5]);
    expect(s.deck.length).toBe(80);
    expect(s.phase).toBe('exchange');
    expect(activeActors(s)).toEqual([0, 1, 2, 3]);
  });

  it('announces who holds a 1 or 13; without the announce option nobody does', () => {
    const s = play(fresh(), SYSTEM, { type: 'deal' });
    expect(s.canOpen).toEqual(s.hands.map((h) => h.includes('1') || h.includes('13')));
    const quiet = play(fresh(4, { announce: false }), SYSTEM, { type: 'deal' });
    expect(quiet.canOpen).toEqual([false, false, false, false]);
  });

  it('the master deck deals 5, 5, 5, 5, then 6 before the reshuffle; the base deck 5 five times', () => {
    let s = play(fresh(4, { master: true }), SYSTEM, { type: 'deal' });
    const sizes = [s.hands[0]!.length];
    for (let i = 0; i < 5; i++) {
      s = redeal(s);
      sizes.push(s.hands[0]!.length);
    }
    expect(sizes).toEqual([5, 5, 5, 5, 6, 5]);
    let b = play(fresh(), SYSTEM, { type: 'deal' });
    for (let i = 0; i < 4; i++) b = redeal(b);
    expect([b.hands[0]!.length, b.deck.length]).toEqual([5, 0]);
  });

  it('six colours: 5, 5, 6 (base) and 6, 6, 5 (master)', () => {
    let s = play(fresh(6), SYSTEM, { type: 'deal' });
    const sizes = [s.hands[0]!.length];
    for (let i = 0; i < 2; i++) sizes.push((s = redeal(s)).hands[0]!.length);
    expect(sizes).toEqual([5, 5, 6]);
    let m = play(fresh(6, { master: true }), SYSTEM, { type: 'deal' });
    const msizes = [m.hands[0]!.length];
    for (let i = 0; i < 2; i++) msizes.push((m = redeal(m)).hands[0]!.length);
    expect(msizes).toEqual([6, 6, 5]);
  });

  it('the dealer moves on each round and the player to its left leads', () => {
    let s = exchangeAll(play(fresh(), SYSTEM, { type: 'deal' }));
    expect([s.dealer, s.turn]).toEqual([3, 0]);
    s = exchangeAll(redeal(s));
    expect([s.dealer, s.turn]).toEqual([0, 1]);
  });

  it('a new deal forgets the last card: no interaction between rounds', () => {
    const s = redeal(table({ last: { card: '5', colour: 0, before: null } }));
    expect(s.last).toBeNull();
  });
});

describe('the exchange', () => {
  it('each player gives one card face down to the partner opposite, all at the same time', () => {
    const s = play(fresh(), SYSTEM, { type: 'deal' });
    const given = s.hands[0]![0]!;
    const t = play(s, 0, { type: 'exchange', card: given });
    // Its event names the colour given to, not the card.
    const r = game.applyMove(s, 0, { type: 'exchange', card: given });
    expect(r.ok && r.events).toEqual([{ type: 'exchangeGiven', colour: 0, to: 2 }]);
    expect(activeActors(t)).toEqual([1, 2, 3]);
    expect(t.hands[2]!.length).toBe(5);
    expect(game.viewFor(t, 2).private!.given).toEqual(['']);
    expect(game.viewFor(t, 0).private!.given).toEqual([given]);
    expect(game.viewFor(t, 1).public.exchangeGiven).toEqual([true, false, false, false]);
    expect(errorOf(t, 0, { type: 'exchange', card: given })).toBe('core/not-your-turn');
    const done = exchangeAll(t);
    expect(done.phase).toBe('play');
    expect(done.hands[2]!.includes(given)).toBe(true);
  });

  it('keeps every hand in card order after the exchange: the received card is not told apart (the Devil sees the hand)', () => {
    const inOrder = (hand: Card[]) => [...hand].sort(byCardOrder);
    for (const seed of ['order-1', 'order-2', 'order-3']) {
      const dealt = play(setup(options.parse({ master: true }), 4, seed), SYSTEM, { type: 'deal' });
      const done = exchangeAll(dealt);
      expect(done.hands.map(inOrder)).toEqual(done.hands);
      // What the receiver got sits where its face sorts, not last (as dealt hands are in the deck's order).
      expect(done.hands.some((hand, c) => hand.at(-1) !== dealt.hands[exchangePartner(dealt, c)]![0])).toBe(true);
    }
  });

  it('refuses other moves during the exchange', () => {
    expect(errorOf(play(fresh(), SYSTEM, { type: 'deal' }), 0, { type: 'discard', card: '5' })).toBe('tac/exchange-first');
  });

  it('two teams of three: the card goes to the left-hand teammate in odd rounds, the right-hand one in even rounds', () => {
    const s = play(fresh(6, { sixTeams: '2x3' }), SYSTEM, { type: 'deal' });
    expect([0, 1, 2, 3, 4, 5].map((c) => exchangePartner(s, c))).toEqual([2, 3, 4, 5, 0, 1]);
    const r2 = redeal(exchangeAll(s));
    expect([0, 1, 2, 3, 4, 5].map((c) => exchangePartner(r2, c))).toEqual([4, 5, 0, 1, 2, 3]);
    expect([0, 1, 2].map((c) => exchangePartner(fresh(6), c))).toEqual([3, 4, 5]);
  });

  it('two players: each plays two colours and gives a card from each of its hands', () => {
    const s = play(fresh(2), SYSTEM, { type: 'deal' });
    expect(activeActors(s)).toEqual([0, 1]);
    const t = play(s, 0, legalMoves(s, 0)[0]!);
    expect(activeActors(t)).toEqual([0, 1]);
    const u = play(t, 0, legalMoves(t, 0)[0]!);
    expect(activeActors(u)).toEqual([1]);
    const mine = game.viewFor(u, 0).private!;
    expect(mine.colours).toEqual([0, 2]);
    expect(mine.cards).toEqual([...u.hands[0]!, ...u.hands[2]!]);
    expect(mine.cardColours).toEqual([...u.hands[0]!.map(() => 0), ...u.hands[2]!.map(() => 2)]);
  });
});

describe('the end of the game', () => {
  const nearlyWon = (hand1: Card[]) =>
    table({
      hands: { 0: ['3'], 1: hand1, 2: ['9'] },
      marbles: { 0: 62, 1: H(1), 2: H(2), 3: H(3), 8: H(0), 9: H(1), 10: H(2), 11: H(3), 4: 20 },
    });

  it('a team wins when all eight of its marbles are home', () => {
    const s = play(nearlyWon(['9']), 0, { type: 'move', card: '3', marble: 0, to: H(0) });
    expect(s.phase).toBe('over');
    expect(activeActors(s)).toEqual([]);
    expect(game.outcome(s)!.winners).toEqual([0, 2]);
    expect(game.outcome(s)!.standings.map((x) => x.rank)).toEqual([1, 2, 1, 2]);
  });

  it('special case: the next player must TAC the winning move when the TAC has a use', () => {
    const s = play(nearlyWon(['tac', '9']), 0, { type: 'move', card: '3', marble: 0, to: H(0) });
    expect([s.phase, s.winPending, s.turn]).toEqual(['play', true, 1]);
    expect(game.outcome(s)).toBeNull();
    expect(legalMoves(s, 1)).toEqual([{ type: 'move', card: 'tac', marble: 4, to: 23 }]);
    expect(errorOf(s, 1, { type: 'discard', card: '9' })).toBe('tac/must-tac-win');
    const t = play(s, 1, { type: 'move', card: 'tac', marble: 4, to: 23 });
    expect([where(t, 0), where(t, 4), t.phase, t.turn]).toEqual([62, 23, 'play', 2]);
  });

  it('a winning move stands when the next player with cards is a partner of the winners (uneven hands after the Devil and the Fool)', () => {
    // Seed: «…для отмены победного Хода ваших соперников» — the TAC cancels the winning move of your opponents.
    const s = play({ ...nearlyWon([]), hands: [['3'], [], ['tac'], ['9']] }, 0, { type: 'move', card: '3', marble: 0, to: H(0) });
    expect([s.phase, s.winPending]).toEqual(['over', false]);
    expect(game.outcome(s)!.winners).toEqual([0, 2]);
  });

  it('a winning move made with a TAC is answered by the next opponent\'s TAC: the card before it is restored and played again', () => {
    // Seed: «Вы обязаны использовать Карту ТАК для отмены победного Хода ваших соперников» with «Использование Карты
    // ТАК после Карты ТАК: … Действие первой Карты ТАК отменяется, и Действие карты, сделанное до розыгрыша первой
    // Карты ТАК, восстанавливается»; «Еще один ТАК после вашего не может быть использован в данной ситуации».
    const s = table({
      hands: { 0: ['3', '9'], 1: ['tac', '9'], 2: ['tac', '9'], 3: ['tac', '9'] },
      marbles: { 0: 40, 8: 50, 4: 14, 5: H(1), 6: H(2), 7: H(3), 12: H(0), 13: H(1), 14: H(2), 15: H(3) },
    });
    const won = play(play(s, 0, { type: 'move', card: '3', marble: 0, to: 43 }), 1, { type: 'move', card: 'tac', marble: 4, to: H(0) });
    expect([won.phase, won.winPending, won.turn]).toEqual(['play', true, 2]);
    expect(legalMoves(won, 2)).toEqual([{ type: 'move', card: 'tac', marble: 8, to: 53 }]);
    const answered = play(won, 2, { type: 'move', card: 'tac', marble: 8, to: 53 });
    expect([where(answered, 0), where(answered, 4), where(answered, 8), answered.winner]).toEqual([43, 14, 53, -1]);
    // No TAC may answer the answer; colour 3 (home, so it moves its partner's marbles) plays on with its 9.
    expect([answered.tacBlocked, answered.turn, legalMoves(answered, 3)]).toEqual([true, 3, [{ type: 'move', card: '9', marble: 4, to: 23 }]]);
  });

  it('no TAC may answer the TAC on a winning move', () => {
    const s = play(nearlyWon(['tac']), 0, { type: 'move', card: '3', marble: 0, to: H(0) });
    const t = play({ ...s, hands: [[], ['tac'], ['tac'], ['9']] }, 1, { type: 'move', card: 'tac', marble: 4, to: 23 });
    expect(t.tacBlocked).toBe(true);
    expect(legalMoves(t, 2)).toEqual([{ type: 'discard', card: 'tac' }]);
  });

  it('the game ends when the next player holds a TAC without a use for the card', () => {
    const s = play({ ...nearlyWon(['tac']), marbles: nearlyWon([]).marbles.map((m, id) => (id === 4 ? { pos: -1, fresh: false } : m)) }, 0, {
      type: 'move', card: '3', marble: 0, to: H(0),
    });
    expect(s.phase).toBe('over');
  });
});

describe('a turn', () => {
  it("goes on through a 7's steps and the card after a Devil or a Fool, and a turn that comes back to the same colour at once is a new one", () => {
    // Only red holds cards: a 7 in single steps, then the 2 (red's turn again, the others having none).
    let s = table({ hands: { 0: ['7', '2'], 1: [], 2: [], 3: [] }, marbles: { 0: 10 } });
    expect(game.continuesTurn!(s)).toBe(false);
    s = play(s, 0, { type: 'seven', card: '7', marble: 0, to: 11 });
    for (let to = 12; to <= 17; to++) {
      expect(game.continuesTurn!(s)).toBe(true);
      s = play(s, 0, { type: 'step', marble: 0, to });
    }
    expect([s.turn, activeActors(s), game.continuesTurn!(s)]).toEqual([0, [0], false]);
    const master = { options: { master: true }, marbles: { 0: 10, 4: 20 } };
    expect(game.continuesTurn!(play(table({ ...master, hands: { 0: ['devil'], 1: ['5'] } }), 0, { type: 'devil', card: 'devil' }))).toBe(true);
    expect(game.continuesTurn!(play(table({ ...master, hands: { 0: ['fool', '2'], 1: ['5'] } }), 0, { type: 'fool', card: 'fool' }))).toBe(true);
    expect(game.continuesTurn!(fresh())).toBe(false); // (the deal)
  });
});

describe('master cards', () => {
  it('Angel: puts a marble of the next player on their start', () => {
    const before = table({ options: { master: true }, hands: { 0: ['angel'] } });
    expect(legalMoves(before, 0)).toEqual([{ type: 'enter', card: 'angel', colour: 1 }]); // the move names whose apron
    const s = play(before, 0, { type: 'enter', card: 'angel' });
    expect(where(s, 4)).toBe(16);
    expect(s.marbles[4]!.fresh).toBe(true);
  });

  it('Angel: with nothing in their apron, moves one of their marbles 1 or 13', () => {
    const s = table({ options: { master: true }, hands: { 0: ['angel'] }, marbles: { 4: 20, 5: 21, 6: 30, 7: 40 } });
    const moves = legalMoves(s, 0).map((m) => (m.type === 'move' && m.card === 'angel' ? `${m.marble}>${m.to}` : m.type));
    expect(moves.sort()).toEqual(['4>21', '5>22', '6>31', '7>41', '7>53']);
  });

  it('Angel: for a next player whose marbles are all home, it acts for their partner', () => {
    const s = play(table({ options: { master: true }, hands: { 0: ['angel'] }, marbles: { 4: H(0), 5: H(1), 6: H(2), 7: H(3) } }), 0, { type: 'enter', card: 'angel' });
    expect(where(s, 12)).toBe(48);
  });

  it('Devil: plays a card of the next player for them, with their marbles; their turn is used up', () => {
    const s = play(table({ options: { master: true }, hands: { 0: ['devil'], 1: ['5', '9'] }, marbles: { 4: 20 } }), 0, { type: 'devil', card: 'devil' });
    expect([s.devilTarget, activeActors(s)]).toEqual([1, [0]]);
    expect(game.viewFor(s, 0).private!.devilHand).toEqual(['5', '9']);
    expect(game.viewFor(s, 1).private!.devilHand).toEqual([]);
    expect(legalMoves(s, 0)).toEqual([
      { type: 'move', card: '5', marble: 4, to: 25 },
      { type: 'move', card: '9', marble: 4, to: 29 },
    ]);
    const t = play(s, 0, { type: 'move', card: '9', marble: 4, to: 29 });
    expect([where(t, 4), t.hands[1], t.turn, t.devilTarget]).toEqual([29, ['5'], 2, -1]);
  });

  it('Devil: with nothing playable, one of their cards is discarded', () => {
    const s = play(table({ options: { master: true }, hands: { 0: ['devil'], 1: ['5'] } }), 0, { type: 'devil', card: 'devil' });
    const t = play(s, 0, { type: 'discard', card: '5' });
    expect([t.hands[1], t.turn]).toEqual([[], 2]);
  });

  it("Devil: the events of the victim's card say whose turn played it (`by`); a card played in one's own turn has none", () => {
    const events = (state: TacState, move: TacMove) => {
      const r = game.applyMove(state, state.turn, move);
      if (!r.ok) throw new Error(r.error.code);
      return r.events.filter((e) => ['play', 'tac', 'discard', 'fool'].includes(String(e.type)));
    };
    const master = { options: { master: true }, marbles: { 4: 20, 12: 50 } };
    const devil = (hand: Card[], last: TacState['last'] = null, marbles: Record<number, number> = master.marbles) => {
      const before = table({ ...master, hands: { 0: ['devil'], 1: hand }, marbles });
      return play({ ...before, last: last && { ...last, before: before.marbles } }, 0, { type: 'devil', card: 'devil' });
    };
    expect(events(devil(['5', '9']), { type: 'move', card: '9', marble: 4, to: 29 })).toEqual([{ type: 'play', colour: 1, by: 0, card: '9', as: '9', move: 'move' }]);
    expect(events(devil(['5'], null, {}), { type: 'discard', card: '5' })).toEqual([{ type: 'discard', colour: 1, by: 0, card: '5', skipped: false }]);
    expect(events(devil(['fool']), { type: 'fool', card: 'fool' })).toEqual([
      { type: 'play', colour: 1, by: 0, card: 'fool', as: 'fool', move: 'fool' },
      { type: 'fool', colour: 1, by: 0 },
    ]);
    expect(events(devil(['tac'], { card: '3', colour: 3, before: null }), { type: 'move', card: 'tac', marble: 4, to: 23 })).toEqual([
      { type: 'tac', colour: 1, by: 0, undid: '3', undidColour: 3, skipCancelled: false },
      { type: 'play', colour: 1, by: 0, card: 'tac', as: '3', move: 'move' },
    ]);
    // In one's own turn (a Fool's hand received included) the colour is whose card it is and who played it.
    expect(events(table({ ...master, hands: { 0: ['5'] }, marbles: { 0: 10 } }), { type: 'move', card: '5', marble: 0, to: 15 })).toEqual([{ type: 'play', colour: 0, card: '5', as: '5', move: 'move' }]);
    const fooled = play(table({ ...master, hands: { 0: ['fool', '2'], 1: ['5'] }, marbles: { 0: 10 } }), 0, { type: 'fool', card: 'fool' });
    expect(events(fooled, { type: 'move', card: '5', marble: 0, to: 15 })).toEqual([{ type: 'play', colour: 0, card: '5', as: '5', move: 'move' }]);
  });

  it('Warrior: runs to the next marble clockwise and knocks it out', () => {
    const before = table({ options: { master: true }, hands: { 0: ['warrior'] }, marbles: { 0: 10, 4: 40, 8: 50 } });
    const r = game.applyMove(before, 0, { type: 'warrior', card: 'warrior', marble: 0 });
    if (!r.ok) throw new Error(r.error.code);
    expect([where(r.state, 0), where(r.state, 4), where(r.state, 8)]).toEqual([40, 'apron', 50]);
    // The log can say which marble went where and whom it knocked out.
    expect(r.events.filter((e) => e.type === 'moved' || e.type === 'knockout')).toEqual([{ type: 'moved', marble: 0, from: 10, to: 40 }, { type: 'knockout', marble: 4 }]);
  });

  it("a card's move tells which marble moved from where to where", () => {
    const r = game.applyMove(table({ hands: { 0: ['5'] }, marbles: { 0: 10 } }), 0, { type: 'move', card: '5', marble: 0, to: 15 });
    if (!r.ok) throw new Error(r.error.code);
    expect(r.events).toContainEqual({ type: 'moved', marble: 0, from: 10, to: 15 });
  });

  it('Warrior: alone on the ring, it knocks itself out', () => {
    const s = play(table({ options: { master: true }, hands: { 0: ['warrior'] }, marbles: { 0: 10 } }), 0, { type: 'warrior', card: 'warrior', marble: 0 });
    expect(where(s, 0)).toBe('apron');
  });

  it('Fool: every hand goes to the right-hand neighbour and the same player plays on', () => {
    const s = play(table({ options: { master: true }, hands: { 0: ['fool', '2'], 1: ['5', '6'], 2: ['9'], 3: ['10'] }, marbles: { 0: 10 } }), 0, { type: 'fool', card: 'fool' });
    expect(s.hands).toEqual([['5', '6'], ['9'], ['10'], ['2']]);
    expect([s.turn, s.foolPending]).toEqual([0, true]);
    expect(legalMoves(s, 0)).toContainEqual({ type: 'move', card: '5', marble: 0, to: 15 });
  });

  it('a Fool the Devil plays for its victim passes the hands and uses up the victim\'s turn', () => {
    const s = play(table({ options: { master: true }, hands: { 0: ['devil'], 1: ['fool'], 2: ['9'], 3: ['10'] } }), 0, { type: 'devil', card: 'devil' });
    const t = play(s, 0, { type: 'fool', card: 'fool' });
    expect(t.hands).toEqual([[], ['9'], ['10'], []]);
    expect([t.turn, t.foolPending, t.devilTarget, activeActors(t)]).toEqual([2, false, -1, [2]]);
  });

  it('a TAC after the Fool refers to the card before it', () => {
    const last = { card: '3' as Card, colour: 3, before: null };
    const s = play(table({ options: { master: true }, hands: { 0: ['fool', 'tac'], 1: ['5'] }, marbles: { 0: 10 }, last }), 0, { type: 'fool', card: 'fool' });
    const t = play({ ...s, hands: [['tac'], [], ['9'], ['2']] }, 0, { type: 'move', card: 'tac', marble: 0, to: 13 });
    expect(where(t, 0)).toBe(13);
  });

  it('TAC copies a Warrior: the run and its knock-out are undone, and the TAC player\'s own marble runs', () => {
    const s = play(table({ options: { master: true }, hands: { 0: ['warrior'], 1: ['tac'] }, marbles: { 0: 10, 4: 20, 8: 30 } }), 0, {
      type: 'warrior', card: 'warrior', marble: 0,
    });
    expect([where(s, 0), where(s, 4)]).toEqual([20, 'apron']);
    expect(legalMoves(s, 1)).toEqual([{ type: 'warrior', card: 'tac', marble: 4 }]);
    const t = play(s, 1, { type: 'warrior', card: 'tac', marble: 4 });
    expect([where(t, 0), where(t, 4), where(t, 8)]).toEqual([10, 30, 'apron']);
  });

  it('TAC copies an Angel for the TAC player\'s own next player', () => {
    const s = play(table({ options: { master: true }, hands: { 0: ['angel'], 1: ['tac'] } }), 0, { type: 'enter', card: 'angel' });
    const t = play(s, 1, { type: 'enter', card: 'tac' });
    expect([where(t, 4), where(t, 8)]).toEqual(['apron', 32]);
  });
});

describe("whose card a TAC takes back (option tacTakesBack)", () => {
  // Seed, the TAC card: «она отменяет Действие карты, которая была разыграна вашим соперником по правую руку, и игрок,
  // который использовал Карту ТАК может разыграть эту карту для себя» (it cancels the action of the card played by
  // your opponent on your right, and the player who used the TAC may play that card for themselves); again «после
  // Карт 1 или 13, которые были разыграны вашим соперником справа» (after a 1 or 13 played by your opponent on the right).
  //
  // Hands are uneven only after the Devil makes its victim play the Fool (the victim's turn is used up and the hands
  // still move on). Colour 3 plays the Devil, its victim 0 the Fool: 0 gets 1's TAC, 1 gets 2's 9, 2 gets 3's 5, and 3
  // none; 1 and 2 play, 3 has no card, and 0's previous card is its partner 2's 5.
  const uneven = (tacTakesBack?: 'right' | 'previous') => {
    const start = table({
      options: { master: true, ...(tacTakesBack && { tacTakesBack }) },
      hands: { 0: ['fool'], 1: ['tac'], 2: ['9'], 3: ['devil', '5'] },
      marbles: { 0: 10, 4: 20, 8: 40 },
      turn: 3,
    });
    let s = play(play(start, 3, { type: 'devil', card: 'devil' }), 3, { type: 'fool', card: 'fool' });
    expect([s.hands, s.turn]).toEqual([[['tac'], ['9'], ['5'], []], 1]);
    s = play(play(s, 1, { type: 'move', card: '9', marble: 4, to: 29 }), 2, { type: 'move', card: '5', marble: 8, to: 45 });
    expect([s.turn, s.last?.colour]).toEqual([0, 2]);
    return s;
  };

  it('by default only the card of the opponent on your right: not a partner\'s card after uneven hands', () => {
    expect(game.options.parse({}).tacTakesBack).toBe('right');
    const s = uneven();
    expect(legalMoves(s, 0)).toEqual([{ type: 'discard', card: 'tac' }]);
    expect(errorOf(s, 0, { type: 'move', card: 'tac', marble: 0, to: 15 })).toBe('tac/illegal-move');
  });

  it("option previous: the previous card whoever played it, the partner's undone too", () => {
    const s = uneven('previous');
    expect(legalMoves(s, 0)).toEqual([{ type: 'move', card: 'tac', marble: 0, to: 15 }]);
    const t = play(s, 0, { type: 'move', card: 'tac', marble: 0, to: 15 });
    expect([where(t, 0), where(t, 8)]).toEqual([15, 40]);
  });

  it('a discard of the opponent on your right may be copied, and after their discarded TAC the card beneath it (their partner\'s)', () => {
    // Seed: «если ваш соперник сбросил карту без выполнения Действий, то вы можете использовать Карту ТАК и разыграть
    // сброшенную предыдущим игроком карту для своих целей»; «если Карта ТАК используется после сброшенной Карты ТАК, то
    // игрок может использовать лишь функцию/функции карты под сброшенной Картой ТАК».
    const s1 = play(table({ hands: { 0: ['5'], 1: ['tac'], 2: ['tac'] }, marbles: { 0: 10, 8: 40 } }), 0, { type: 'move', card: '5', marble: 0, to: 15 });
    const s2 = play(s1, 1, { type: 'discard', card: 'tac' });
    expect(legalMoves(s2, 2)).toEqual([{ type: 'move', card: 'tac', marble: 8, to: 45 }]);
  });

  it('a TAC the Devil draws from its victim\'s hand takes back the card of the Devil\'s player\'s right-hand opponent', () => {
    const before = table({ options: { master: true }, hands: { 0: ['devil'], 1: ['tac'] }, marbles: { 4: 20, 12: 50 }, turn: 0 });
    const s = play({ ...before, last: { card: '3', colour: 3, before: before.marbles } }, 0, { type: 'devil', card: 'devil' });
    expect(legalMoves(s, 0)).toEqual([{ type: 'move', card: 'tac', marble: 4, to: 23 }]);
  });

  it('a game stored before the option replays under the previous card, whoever played it', () => {
    expect(recordedOptions(game, { master: true })).toMatchObject({ tacTakesBack: 'previous' });
    expect(game.options.parse(recordedOptions(game, { master: true })).tacTakesBack).toBe('previous');
  });
});

describe('table sizes and options', () => {
  it('the room waits dealDelayMs before each deal', () => {
    expect(game.systemDelayMs!(fresh(), options.parse({}))).toBe(800);
    expect(game.systemDelayMs!(fresh(), options.parse({ dealDelayMs: 0 }))).toBe(0);
  });

  it('plays 2, 3, 4 or 6; not 5', () => {
    expect(game.validateSetup!(options.parse({}), 5)?.code).toBe('tac/seats');
    expect(game.validateSetup!(options.parse({}), 3)).toBeNull();
  });

  it('teams: partners opposite; two players are one team each; six in three pairs or two teams of three', () => {
    expect(game.teams!(fresh(4))).toEqual([0, 1, 0, 1]);
    expect(game.teams!(fresh(2))).toEqual([0, 1]);
    expect(game.teams!(fresh(3))).toEqual([0, 1, 2]);
    expect(game.teams!(fresh(6))).toEqual([0, 1, 2, 0, 1, 2]);
    expect(game.teams!(fresh(6, { sixTeams: '2x3' }))).toEqual([0, 1, 0, 1, 0, 1]);
  });

  it('the six-colour board has 11 fields between starts (16 as an option)', () => {
    expect([fresh(6).ring, fresh(6).spacing]).toEqual([66, 11]);
    expect(fresh(6, { sixSpacing: 16 }).ring).toBe(96);
    expect(fresh(3).colours).toBe(6);
    expect(fresh(2).colours).toBe(4);
  });

  it('six colours: colour 2 enters at field 22 and its home starts there', () => {
    const s = play(table({ seats: 6, hands: { 2: ['1'] }, turn: 2 }), 2, { type: 'enter', card: '1' });
    expect(where(s, 8)).toBe(22);
    const t = table({ seats: 6, hands: { 2: ['3'] }, turn: 2, marbles: { 8: 21 } });
    expect(legalMoves(t, 2)).toEqual([
      { type: 'move', card: '3', marble: 8, to: 24 },
      { type: 'move', card: '3', marble: 8, to: 66 + 1 },
    ]);
  });

  it('three players: each plays an opposite pair of colours on the six-colour board', () => {
    const s = table({ seats: 3, hands: { 3: ['1'] }, turn: 3 });
    expect(activeActors(s)).toEqual([0]);
    expect(legalMoves(s, 0)).toContainEqual({ type: 'enter', card: '1', colour: 3 });
  });
});

describe('view and invariants', () => {
  it('shows each seat only its own hands; spectators see none; the public part is shared', () => {
    const s = play(fresh(), SYSTEM, { type: 'deal' });
    const spectator = game.viewFor(s, SPECTATOR);
    expect(spectator.private).toBeNull();
    expect(game.viewFor(s, 1).public).toEqual(spectator.public);
    expect(game.viewFor(s, 1).private).toEqual({ colours: [1], cards: s.hands[1], cardColours: [1, 1, 1, 1, 1], given: [''], received: [''], devilHand: [] });
    expect(spectator.public.handCounts).toEqual([5, 5, 5, 5]);
    expect(JSON.stringify(spectator.public)).not.toContain('"cards"');
  });

  it('shows the card a hand received in the exchange to its own seat only', () => {
    const dealt = play(fresh(), SYSTEM, { type: 'deal' });
    const done = exchangeAll(dealt);
    // exchangeAll gives each hand's first listed card.
    const gave = (c: number) => (legalMoves(dealt, c)[0] as { card: Card }).card;
    expect(done.received).toEqual([gave(2), gave(3), gave(0), gave(1)]);
    expect([0, 1, 2, 3].map((seat) => game.viewFor(done, seat).private!.received)).toEqual([[gave(2)], [gave(3)], [gave(0)], [gave(1)]]);
    // Nobody else's view changes with what a hand received: not the spectator's, not the Devil's player's, not the giver's.
    const devil = play(table({ options: { master: true }, hands: { 0: ['devil'], 1: ['5', '9'] }, patch: { received: [null, '9', null, null] } }), 0, { type: 'devil', card: 'devil' });
    for (const s of [done, devil]) {
      for (const c of [0, 1, 2, 3]) {
        const other = { ...s, received: s.received.map((r, i) => (i === c ? (r === '9' ? '5' : '9') : r)) };
        for (const viewer of [SPECTATOR, 0, 1, 2, 3].filter((v) => v !== c)) expect(game.viewFor(other, viewer)).toEqual(game.viewFor(s, viewer));
      }
    }
    expect(game.viewFor(devil, 0).private!.devilHand).toEqual(['5', '9']);
    expect(game.viewFor(devil, 0).private!.received).toEqual(['']);
    expect(JSON.stringify(game.viewFor(done, SPECTATOR))).not.toContain('received');
  });

  it('keeps the received card for the deal while it is in the hand: not once a card of its face is played, the Fool passes the hands or the next deal comes', () => {
    const s = table({ hands: { 0: ['5', '9'], 1: ['9'] }, marbles: { 0: 10, 4: 30 }, patch: { received: ['9', '9', null, null] } });
    const other = play(s, 0, { type: 'move', card: '5', marble: 0, to: 15 });
    expect(other.received.slice(0, 2)).toEqual(['9', '9']);
    expect(play(other, 1, { type: 'move', card: '9', marble: 4, to: 39 }).received.slice(0, 2)).toEqual(['9', null]);
    expect(play(s, 0, { type: 'move', card: '9', marble: 0, to: 19 }).received[0]).toBeNull();
    const fool = table({ options: { master: true }, hands: { 0: ['fool', '2'], 1: ['5', '6'], 2: ['9'], 3: ['10'] }, marbles: { 0: 10 }, patch: { received: ['2', '6', '9', null] } });
    expect(play(fool, 0, { type: 'fool', card: 'fool' }).received).toEqual([null, null, null, null]);
    const again = redeal(exchangeAll(play(fresh(), SYSTEM, { type: 'deal' })));
    expect([again.phase, again.received]).toEqual(['exchange', [null, null, null, null]]);
    expect(game.viewFor(again, 0).private!.received).toEqual(['']);
  });

  it('resample re-deals what the other hands received with them', () => {
    const done = exchangeAll(play(fresh(), SYSTEM, { type: 'deal' }));
    const other = game.resample!(done, 0, randomSource('resample'));
    expect(other.received[0]).toBe(done.received[0]);
    for (const c of [1, 2, 3]) expect(other.hands[c]).toContain(other.received[c]);
  });

  it('resample re-deals only what the viewer cannot see', () => {
    const s = play(fresh(), SYSTEM, { type: 'deal' });
    const other = game.resample!(s, 0, randomSource('resample'));
    expect(other.hands[0]).toEqual(s.hands[0]);
    expect(other.hands.map((h) => h.length)).toEqual([5, 5, 5, 5]);
    expect([...other.deck, ...other.hands.flat()].sort()).toEqual([...s.deck, ...s.hands.flat()].sort());
    expect(other.hands.slice(1)).not.toEqual(s.hands.slice(1));
    const devil = play(table({ options: { master: true }, hands: { 0: ['devil'], 1: ['5', '9'] } }), 0, { type: 'devil', card: 'devil' });
    expect(game.resample!(devil, 0, randomSource('resample')).hands[1]).toEqual(['5', '9']);
  });

  it('shows marbles by zone and field', () => {
    const v = game.viewFor(table({ marbles: { 0: [0, true], 1: H(2) } }), SPECTATOR).public.marbles;
    expect(v.slice(0, 3)).toEqual([
      { id: 0, colour: 0, zone: 'ring', field: 0, fresh: true },
      { id: 1, colour: 0, zone: 'home', field: 2, fresh: false },
      { id: 2, colour: 0, zone: 'apron', field: -1, fresh: false },
    ]);
  });

  it('conservation: 16 marbles on distinct fields and 100 cards in all', () => {
    expect(game.invariants!(fresh())).toEqual([]);
    const s = table({ marbles: { 0: 5, 4: 9 } });
    expect(game.invariants!(s)).toEqual([]);
    expect(game.invariants!({ ...s, marbles: s.marbles.map((m, id) => (id === 4 ? { pos: 5, fresh: false } : m)) })).toEqual(['two marbles on r5']);
    expect(game.invariants!({ ...s, deck: s.deck.slice(1) })).toEqual(['99 cards instead of 100']);
  });
});
