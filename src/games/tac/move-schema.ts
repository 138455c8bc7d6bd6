/** The shape of each TAC move: what the room keeps of a client's move (core MoveShapes). */
import { z } from 'zod';
import type { MoveShapes } from '../../core/game.ts';
import { bare, int } from '../../core/move-fields.ts';
import { MASTER_CARDS, NUMBER_CARDS, type TacMove } from './types.ts';

const card = z.enum([...NUMBER_CARDS, 'trickster', 'tac', ...MASTER_CARDS]);

export const moveShapes: MoveShapes<TacMove> = {
  deal: bare,
  exchange: z.object({ card }),
  discard: z.object({ card }),
  enter: z.object({ card, colour: int.optional() }),
  move: z.object({ card, marble: int, to: int }),
  skip: z.object({ card }),
  swap: z.object({ card, a: int, b: int }),
  seven: z.object({ card, marble: int, to: int }),
  step: z.object({ marble: int, to: int }),
  warrior: z.object({ card, marble: int }),
  devil: z.object({ card }),
  fool: z.object({ card }),
};
