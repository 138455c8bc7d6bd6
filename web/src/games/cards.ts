/** Playing cards as the servers name them (`10H`, `AS`, `BJ` big joker, `SJ` small joker), drawn as chips. */
import { h } from '../dom.ts';

const SUITS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const RANK_ORDER = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

export const rankOf = (face: string) => face.slice(0, -1);
export const suitOf = (face: string) => face.slice(-1);
export const isJoker = (face: string) => face === 'BJ' || face === 'SJ' || /^JO?K/i.test(face);

export function cardText(face: string): string {
  if (face === 'BJ') return 'Big joker';
  if (face === 'SJ') return 'Small joker';
  if (/^JO?K/i.test(face)) return 'Joker';
  const suit = SUITS[suitOf(face)];
  return suit ? `${rankOf(face)}${suit}` : face;
}

export const isRed = (face: string) => face === 'BJ' || suitOf(face) === 'H' || suitOf(face) === 'D';

/** A card chip; `key` makes it clickable (data-key). */
export function cardChip(face: string, key: string | null, extra = '') {
  return h('button', { type: 'button', class: `chip card${isRed(face) ? ' red' : ''}${extra ? ` ${extra}` : ''}`, 'data-key': key, 'aria-label': cardText(face) }, cardText(face));
}

/** Rank strength for sorting a hand for display: 2 … A. */
export const rankIndex = (face: string) => RANK_ORDER.indexOf(rankOf(face));
