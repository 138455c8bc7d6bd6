/** What the marble games' move panel asks for, from the listed moves and the parts you picked (no rules). */
import type { BoardContext, GameBoard } from '../types.ts';

/**
 * After a card is picked (`card:…` selected, played by some listed move): a marble to move next, or, where its
 * moves name none (a skip, a Devil), the move offered below. Null while no card is picked.
 */
export function afterCardPicked(board: GameBoard, ctx: BoardContext, cardName: (card: string) => string): string | null {
  const keysOf = ctx.moves.map((m) => board.keys(m, ctx));
  const card = (ctx.selected ?? []).find((k) => k.startsWith('card:') && keysOf.some((keys) => keys.includes(k)));
  if (!card) return null;
  const marble = keysOf.some((keys) => keys.includes(card) && keys.some((k) => k.startsWith('marble:') || k.startsWith('apron:')));
  return `${cardName(card.slice(card.lastIndexOf(':') + 1))}: ${marble ? 'now choose a marble' : 'choose its move below'}.`;
}

/** "1 step", "3 steps". */
export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
