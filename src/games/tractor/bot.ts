/** A modest player: declares its longest suit, buries cheap cards, leads strong units, wins tricks cheaply and feeds points to its partner. */
import type { RandomSource, Seat, View } from '../../core/game.ts';
import type { Suit } from '../../core/cards/index.ts';
import type { Trump } from './cards.ts';
import { effSuit, ord, pointsOf } from './cards.ts';
import { decompose, trickWinner } from './combos.ts';
import type { TractorMove, TractorPrivate, TractorPublic } from './types.ts';

/** Cards of its suit (the declaring ones included) a bot wants behind a declaration while the deal runs. */
const EARLY_SUPPORT = 5;

export function bot(view: View<TractorPublic, TractorPrivate>, legal: TractorMove[], _random: RandomSource, seat: Seat): TractorMove | null {
  const pub = view.public;
  const hand = view.private?.hand ?? [];
  const trump: Trump = { rank: pub.trumpRank || null, suit: (pub.trumpSuit || null) as Suit | null };
  const plays = legal.filter((m): m is Extract<TractorMove, { type: 'play' }> => m.type === 'play');
  const declares = legal.filter((m): m is Extract<TractorMove, { type: 'declare' }> => m.type === 'declare');
  if (declares.length > 0) {
    // While cards are still dealt it declares only with a long suit behind it, and in the last window
    // whatever it can: silence does not tell the table it holds no level card.
    const best = bestDeclaration(declares, hand);
    return pub.phase !== 'dealing' || support(best, hand) + best.count >= EARLY_SUPPORT ? best : null;
  }
  // A declaration is never taken back: beside the deal that is its only other move, so none now.
  const choices = legal.filter((m) => m.type !== 'takeBackBid');
  if (choices.length === 0) return null;
  // Burying, calling friends, system steps: the first listed (cheapest) choice.
  if (plays.length === 0) return choices[0]!;
  if (pub.trick.length === 0) return chooseLead(plays, trump);
  return chooseFollow(plays, pub, seat, trump);
}

/** Cards of the suit a declaration would make trump (jokers count every joker, thrice). */
const support = (m: Extract<TractorMove, { type: 'declare' }>, hand: readonly string[]) =>
  m.card === 'BJ' || m.card === 'SJ' ? hand.filter((f) => f === 'BJ' || f === 'SJ').length * 3 : hand.filter((f) => f.slice(-1) === m.card.slice(-1)).length;

/** The declaration backed by the most cards of the suit it would make trump. */
function bestDeclaration(declares: Extract<TractorMove, { type: 'declare' }>[], hand: readonly string[]): Extract<TractorMove, { type: 'declare' }> {
  return declares.reduce((best, m) => (support(m, hand) + m.count > support(best, hand) + best.count ? m : best));
}

const cost = (faces: readonly string[], trump: Trump) => faces.reduce((sum, f) => sum + ord(f, trump) + (effSuit(f, trump) === 'T' ? 16 : 0) + pointsOf(f) * 2, 0);

function chooseLead(plays: Extract<TractorMove, { type: 'play' }>[], trump: Trump): TractorMove {
  // Never a throw: the bot cannot see whether it would stand.
  const units = plays.filter((m) => decompose(m.cards, trump).length === 1);
  const score = (m: Extract<TractorMove, { type: 'play' }>) => {
    const plain = effSuit(m.cards[0]!, trump) !== 'T';
    const top = Math.max(...m.cards.map((f) => ord(f, trump)));
    const strong = top >= 11 || (m.cards.length >= 2 && top >= 9);
    return (plain ? 100 : 0) + (strong ? 50 + m.cards.length * 10 : -top);
  };
  return units.reduce((best, m) => (score(m) > score(best) ? m : best));
}

/** How the bot judges a trick: by the default rules (the view does not carry the table's options). */
const JUDGED_BY = { throwEvaluation: 'largestUnit', throwUnits: 'pairs' } as const;

function chooseFollow(plays: Extract<TractorMove, { type: 'play' }>[], pub: TractorPublic, seat: Seat, trump: Trump): TractorMove {
  const trick = pub.trick.map((p) => ({ cards: p.cards }));
  const winnerNow = pub.trick[trickWinner(trick, trump, JUDGED_BY)]!.seat;
  // Partners: fixed teams, or in finding friends the sides revealed so far.
  const partnerWinning = pub.declarers[winnerNow] === pub.declarers[seat];
  const wins = (m: Extract<TractorMove, { type: 'play' }>) => trickWinner([...trick, { cards: m.cards }], trump, JUDGED_BY) === trick.length;
  const cheapest = (list: Extract<TractorMove, { type: 'play' }>[], value: (m: Extract<TractorMove, { type: 'play' }>) => number) =>
    list.reduce((best, m) => (value(m) < value(best) ? m : best));
  if (partnerWinning) return cheapest(plays, (m) => cost(m.cards, trump) - m.cards.reduce((s, f) => s + pointsOf(f), 0) * 4);
  const winning = plays.filter(wins);
  if (winning.length > 0) return cheapest(winning, (m) => cost(m.cards, trump));
  return cheapest(plays, (m) => cost(m.cards, trump));
}
