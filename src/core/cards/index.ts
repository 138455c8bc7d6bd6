/**
 * Playing-card helpers for the French-suited games (Fast Track, Tractor). Cards are short strings so
 * they read well in state, logs and moves: rank then suit, `AS`, `10H`, `7C`, jokers `BJ` (big/red) and
 * `SJ` (small/black). Several identical decks are told apart only where a game needs it.
 */
import type { RngState } from '../rng.ts';
import { shuffled } from '../rng.ts';

export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Suit = (typeof SUITS)[number];
export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];
export const BIG_JOKER = 'BJ';
export const SMALL_JOKER = 'SJ';

/** 52 cards, or 54 with the two jokers, repeated `copies` times. */
export function standardDeck(options: { jokers?: boolean; copies?: number } = {}): string[] {
  const one = SUITS.flatMap((suit) => RANKS.map((rank) => `${rank}${suit}`));
  if (options.jokers) one.push(BIG_JOKER, SMALL_JOKER);
  return Array.from({ length: options.copies ?? 1 }, () => one).flat();
}

export function isJoker(card: string): boolean {
  return card === BIG_JOKER || card === SMALL_JOKER;
}

/** Rank part of a card (`10` of `10H`); jokers return themselves. */
export function rankOf(card: string): string {
  return isJoker(card) ? card : card.slice(0, -1);
}

/** Suit letter of a card; jokers have none (null). */
export function suitOf(card: string): Suit | null {
  return isJoker(card) ? null : (card.slice(-1) as Suit);
}

export function isCard(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  return isJoker(value) || ((RANKS as readonly string[]).includes(rankOf(value)) && (SUITS as readonly string[]).includes(value.slice(-1)));
}

/** A shuffled copy of `cards`, drawn from the game's PRNG. */
export function shuffleDeck(rng: RngState, cards: readonly string[]): string[] {
  return shuffled(rng, cards);
}

/** Deals `perHand` cards to each of `hands` players from the top of `deck`, one at a time round the table. */
export function dealRoundRobin<T>(deck: readonly T[], hands: number, perHand: number): { hands: T[][]; rest: T[] } {
  const out: T[][] = Array.from({ length: hands }, () => []);
  for (let i = 0; i < hands * perHand; i++) out[i % hands]!.push(deck[i]!);
  return { hands: out, rest: deck.slice(hands * perHand) };
}

/** Removes one copy of each of `cards` from `hand`; returns the new hand, or null if a card is missing. */
export function removeCards<T>(hand: readonly T[], cards: readonly T[]): T[] | null {
  const rest = hand.slice();
  for (const card of cards) {
    const i = rest.indexOf(card);
    if (i < 0) return null;
    rest.splice(i, 1);
  }
  return rest;
}

/** Counts of each distinct item, for conservation checks. */
export function multiset<T>(items: Iterable<T>): Map<T, number> {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

/** Multiset equality, for conservation checks. */
export function sameMultiset<T>(a: Iterable<T>, b: Iterable<T>): boolean {
  const ma = multiset(a);
  const mb = multiset(b);
  if (ma.size !== mb.size) return false;
  for (const [k, n] of ma) if (mb.get(k) !== n) return false;
  return true;
}
