/** The shape of each Ready Set Bet move: what the room keeps of a client's move (core MoveShapes). */
import { z } from 'zod';
import type { MoveShapes } from '../../core/game.ts';
import { bare, id, int } from '../../core/move-fields.ts';
import type { Move } from './types.ts';

export const moveShapes: MoveShapes<Move> = {
  roll: bare,
  bet: z.object({ space: id, token: int }),
  pass: bare,
  ready: bare,
  keepVip: z.object({ card: id }),
  continue: bare,
};
