/** The shape of each Great Western Trail move: what the room keeps of a client's move (core MoveShapes). */
import { z } from 'zod';
import type { MoveShapes } from '../../core/game.ts';
import { bare, bool, id, ids, int, num } from '../../core/move-fields.ts';
import { CITIES } from './data/board.ts';
import { WORKERS } from './data/tiles.ts';
import type { GwtMove } from './types.ts';

const card = z.object({ card: id });
const space = z.object({ space: id });

export const moveShapes: MoveShapes<GwtMove> = {
  place: space,
  move: z.object({ path: ids }),
  action: z.object({ action: id, cards: ids.optional() }),
  aux: z.object({ aux: int, double: bool }),
  endTurn: bare,
  playObjective: card,
  skip: bare,
  engine: z.object({ to: num }), // half steps exist (4.5)
  upgrade: bare,
  disc: z.object({ disc: id }),
  claimMaster: z.object({ worker: z.enum(WORKERS) }),
  takeHazard: space,
  takeTeepee: space,
  hire: z.object({ slot: int }),
  discard: card,
  build: z.object({ building: id, space: id }),
  buyCattle: z.object({ cards: ids, cowboys: int }),
  refillMarket: bare,
  remove: card,
  takeObjective: card,
  draw: z.object({ count: int }),
  copy: space,
  upgradeStation: z.object({ station: int }),
  foresight: z.object({ pick: int }),
  income: z.object({ certificates: int, permanent: int.optional() }),
  deliver: z.object({ city: z.enum(CITIES) }),
};
