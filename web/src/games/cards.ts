/** Playing cards as the servers name them (`10H`, `AS`, `BJ` big joker, `SJ` small joker), drawn as chips. */
import { h } from '../dom.ts';

const SUITS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

const rankOf = (face: string) => face.slice(0, -1);
const suitOf = (face: string) => face.slice(-1);

export function cardText(face: string): string {
  if (face === 'BJ') return 'Big joker';
  if (face === 'SJ') return 'Small joker';
  if (/^JO?K/i.test(face)) return 'Joker';
  const suit = SUITS[suitOf(face)];
  return suit ? `${rankOf(face)}${suit}` : face;
}

const isRed = (face: string) => face === 'BJ' || suitOf(face) === 'H' || suitOf(face) === 'D';

/** A card chip; `key` makes it clickable (data-key); `label` names it for a screen reader where the card alone does not say enough. */
export function cardChip(face: string, key: string | null, extra = '', label = cardText(face)) {
  return h('button', { type: 'button', class: `chip card${isRed(face) ? ' red' : ''}${extra ? ` ${extra}` : ''}`, 'data-key': key, 'aria-label': label }, cardText(face));
}
