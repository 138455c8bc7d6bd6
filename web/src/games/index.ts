/** Each game's board; any other game gets the generic one. */
import type { GameBoard } from '../types.ts';
import { generic } from './generic.ts';
import { readySetBet } from './ready-set-bet.ts';
import { tractor } from './tractor.ts';
import { fastTrack } from './fast-track.ts';
import { tac } from './tac.ts';
import { greatWesternTrail } from './great-western-trail.ts';

export { describeEventGeneric } from './generic.ts';

const boards: Record<string, GameBoard> = {
  'ready-set-bet': readySetBet,
  tractor,
  'fast-track': fastTrack,
  tac,
  'great-western-trail': greatWesternTrail,
};

export const boardFor = (game: string): GameBoard => boards[game] ?? generic;
