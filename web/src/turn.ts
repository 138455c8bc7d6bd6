/** The move panel's first line: whose turn it is and what is asked, in words. */
import type { BoardContext, GameBoard } from './types.ts';

/** The move panel's first line, from the state (`board`: the game's own status words). */
export function turnLine(ctx: BoardContext, board: GameBoard | null): string {
  const mine = ctx.mySeat;
  const status = board?.status?.(ctx) ?? '';
  const line =
    ctx.status === 'waiting'
      ? 'Waiting for every seat to be taken…'
      : ctx.status === 'over'
        ? 'The game is over.'
        : mine === null
          ? `Watching. ${status}`
          : ctx.moves.length
            ? `Your move. ${ctx.seats[mine]?.shortClock ? 'Your clock ran out before: your turns are short until you make a move yourself. ' : ''}${status}`
            : // Listed as active with no legal move: a system step (a deal, a race) runs and seats may join in.
              `Waiting for ${(ctx.active.includes(mine) ? [] : ctx.active).map(ctx.name).join(', ') || ctx.name(-1)}. ${status}`;
  return line.trim();
}
