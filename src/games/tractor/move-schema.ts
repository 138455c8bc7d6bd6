/** The shape of each Tractor move: what the room keeps of a client's move (core MoveShapes). */
import { z } from 'zod';
import type { MoveShapes } from '../../core/game.ts';
import { bare, id, ids, int, MAX_LIST } from '../../core/move-fields.ts';
import type { TractorMove } from './types.ts';

export const moveShapes: MoveShapes<TractorMove> = {
  deal: bare,
  closeDeclaring: bare,
  endTheft: bare,
  nextHand: bare,
  declare: z.object({ card: id, count: int }),
  takeBackBid: bare,
  bury: z.object({ cards: ids }),
  callFriends: z.object({ friends: z.array(z.object({ card: id, ordinal: int })).max(MAX_LIST) }),
  play: z.object({ cards: ids }),
};
