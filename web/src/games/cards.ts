/** Playing cards as the servers name them (`10H`, `AS`, `BJ` big joker, `SJ` small joker), drawn as chips. */
import { h } from '../dom.ts';
import type { BoardContext } from '../types.ts';

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

/** The keys of cards, each copy of a face its own part: `card:AS`, then `card:AS/2` (`prefix` before each face). */
export function cardKeys(faces: readonly string[], prefix = 'card:'): string[] {
  const seen = new Map<string, number>();
  return faces.map((face) => {
    const copy = (seen.get(face) ?? 0) + 1;
    seen.set(face, copy);
    return copy === 1 ? `${prefix}${face}` : `${prefix}${face}/${copy}`;
  });
}

/** The face a card's key names, the copy's number left out: `card:AS/2` is an A♠ (`card:2:12/2` a 12, past the last colon). */
export const faceOfKey = (key: string) => key.slice(key.lastIndexOf(':') + 1).split('/')[0]!;

/**
 * Of the keys of copies of a card that make the same moves (two jacks, two 12s), the one picked: the last of them
 * selected, if any. The moves are then that copy's, so the chooser names the card tapped and it alone lights up.
 */
export const pickedCopy = (copies: readonly string[], selected: readonly string[] = []) => selected.findLast((k) => copies.includes(k));

const isRed = (face: string) => face === 'BJ' || suitOf(face) === 'H' || suitOf(face) === 'D';

/** A card chip; `key` makes it clickable (data-key); `label` names it for a screen reader where the card alone does not say enough. */
export function cardChip(face: string, key: string | null, extra = '', label = cardText(face)) {
  return h('button', { type: 'button', class: `chip card${isRed(face) ? ' red' : ''}${extra ? ` ${extra}` : ''}`, 'data-key': key, 'aria-label': label }, cardText(face));
}

/**
 * A card clicked alone is offered to confirm (a card looked at is not played), except where every listed move is a
 * discard (a seat that cannot move): a question every turn of a round asked nothing. Fast Track's and TAC's `confirms`.
 */
export const confirmsCard = (key: string, ctx: BoardContext) => key.startsWith('card:') && !ctx.moves.every((m) => m.type === 'discard');
