/** What a board is drawn from, to leave it as it is while that has not changed (table.ts, drawBoard). */
import { coarsePointer, phoneWidth } from './dom.ts';
import type { BoardContext, GameBoard } from './types.ts';

/**
 * Everything a board's drawing and the page's marking of its parts read, as text: the context (its names read the
 * seats, the marking the selection), the window's width class and pointer (a board may be drawn for them) and what the
 * board keeps per table (drawnAlso). A frame drawn from the same (a log line, a clock's tick, the answer to a move
 * before its state) need not build the board again: it would come out the same.
 */
export function boardInputs(board: GameBoard, ctx: BoardContext): string {
  const { name: _, ...rest } = ctx;
  return JSON.stringify([rest, phoneWidth(), coarsePointer(), board.drawnAlso?.(ctx) ?? null]);
}
