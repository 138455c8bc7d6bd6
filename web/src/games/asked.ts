/** What the marble games' move panel asks for, from the listed moves and the parts you picked (no rules). */
import type { BoardContext, GameBoard, Move } from '../types.ts';
import { faceOfKey } from './cards.ts';
import { count } from './generic.ts';

/** What the panel asks when none of your cards can move a marble. */
export const NO_CARD_MOVES = 'No card of yours can move a marble: choose one to discard.';

/** The 7 split under way, `n` steps left: "7: 3 steps left". */
export const sevenLeft = (n: number) => `7: ${count(n, 'step')} left`;

/**
 * A card to play, then a marble; once a card is picked (`card:…` selected, played by some listed move) a marble to
 * move, or, where its moves name none (a skip, a Devil), the move offered below; a card whose every move is a discard
 * says so (Fast Track's K♦ that moves no marble: "choose its move below" over "Discard it?" read as a play).
 */
export function cardThenMarble(board: GameBoard, ctx: BoardContext, cardName: (card: string) => string): string {
  const keysOf = ctx.moves.map((m) => board.keys(m, ctx));
  const card = (ctx.selected ?? []).find((k) => k.startsWith('card:') && keysOf.some((keys) => keys.includes(k)));
  if (!card) return 'Choose a card to play, then a marble.';
  const its = ctx.moves.filter((_, i) => keysOf[i]!.includes(card));
  if (its.every((m) => m.type === 'discard')) return `${cardName(faceOfKey(card))}: it can only be discarded.`;
  const marble = keysOf.some((keys) => keys.includes(card) && keys.some((k) => k.startsWith('marble:') || k.startsWith('apron:')));
  return `${cardName(faceOfKey(card))}: ${marble ? 'now choose a marble' : 'choose its move below'}.`;
}

/** The chooser's question for a card thrown away because it can move nothing: not "Play it?" (null for other moves). */
export const discardQuestion = (move: Move): string | null => (move.type === 'discard' ? 'Discard it?' : null);
