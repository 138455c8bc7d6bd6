/** Card identity, effective suits and the order index that trick play compares. */
import type { Suit } from '../../core/cards/index.ts';
import { BIG_JOKER, RANKS, SMALL_JOKER, isJoker, rankOf, standardDeck, suitOf } from '../../core/cards/index.ts';

/** The trump of a hand: rank null on the no-trump level, suit null when no suit is trump. */
export interface Trump {
  rank: string | null;
  suit: Suit | null;
}

/** An effective suit: a plain suit letter, or T for the whole trump suit. */
export type EffSuit = Suit | 'T';

/** The face of a card id: `10H.1` → `10H`. Identical faces form pairs whatever deck they came from. */
export function faceOf(id: string): string {
  const dot = id.indexOf('.');
  return dot < 0 ? id : id.slice(0, dot);
}

/** Every card of `decks` packs with both jokers, each id tagged with its deck. */
export function fullPack(decks: number): string[] {
  return Array.from({ length: decks }, (_, d) => standardDeck({ jokers: true }).map((face) => `${face}.${d}`)).flat();
}

export function pointsOf(card: string): number {
  const rank = rankOf(faceOf(card));
  return rank === '5' ? 5 : rank === '10' || rank === 'K' ? 10 : 0;
}

export function sumPoints(cards: readonly string[]): number {
  return cards.reduce((sum, card) => sum + pointsOf(card), 0);
}

export function effSuit(face: string, trump: Trump): EffSuit {
  if (isJoker(face) || rankOf(face) === trump.rank) return 'T';
  const suit = suitOf(face)!;
  return suit === trump.suit ? 'T' : suit;
}

/**
 * Strength inside an effective suit: 0.. for plain ranks with the trump rank left out (so A is 11 and the
 * ranks either side of the level touch), 12 off-suit level cards, 13 the trump-suit level card (all level
 * cards when no suit is trump), 14 small joker, 15 big joker. Equal index = equal strength.
 */
export function ord(face: string, trump: Trump): number {
  if (face === BIG_JOKER) return 15;
  if (face === SMALL_JOKER) return 14;
  const rank = rankOf(face);
  if (rank === trump.rank) return trump.suit === null || suitOf(face) === trump.suit ? 13 : 12;
  const i = RANKS.indexOf(rank as (typeof RANKS)[number]);
  return trump.rank !== null && RANKS.indexOf(trump.rank as (typeof RANKS)[number]) < i ? i - 1 : i;
}

const SUIT_ORDER: Record<EffSuit, number> = { T: 0, S: 1, H: 2, C: 3, D: 4 };

/** Display order: trumps first, then suits, strongest first. */
export function sortFaces(faces: readonly string[], trump: Trump): string[] {
  return faces
    .slice()
    .sort((a, b) => SUIT_ORDER[effSuit(a, trump)] - SUIT_ORDER[effSuit(b, trump)] || ord(b, trump) - ord(a, trump) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Whether the bury restriction lets a card go to the kitty (restricted cards go only when nothing else is left). */
export function buryAllowed(face: string, restriction: 'none' | 'noPoints' | 'noPointsOrTrumps', trump: Trump): boolean {
  if (restriction === 'none') return true;
  return pointsOf(face) === 0 && (restriction === 'noPoints' || effSuit(face, trump) !== 'T');
}

/** Takes one card of each face from `ids`; null when a face is missing. */
export function takeFaces(ids: readonly string[], faces: readonly string[]): { taken: string[]; rest: string[] } | null {
  const rest = ids.slice();
  const taken: string[] = [];
  for (const face of faces) {
    const i = rest.findIndex((id) => faceOf(id) === face);
    if (i < 0) return null;
    taken.push(rest[i]!);
    rest.splice(i, 1);
  }
  return { taken, rest };
}
