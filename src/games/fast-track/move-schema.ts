/** The shape of each Fast Track move: what the room keeps of a client's move (core MoveShapes). */
import { z } from 'zod';
import type { MoveShapes } from '../../core/game.ts';
import { bare, id, int } from '../../core/move-fields.ts';
import type { Move } from './types.ts';

export const moveShapes: MoveShapes<Move> = {
  cut: bare,
  move: z.object({ card: id, marble: id, to: id }),
  split: z.object({ card: id, marble: id, to: id, steps: int }),
  splitRest: z.object({ marble: id, to: id }),
  swap: z.object({ card: id, marble: id, other: id }),
  discard: z.object({ card: id }),
};
