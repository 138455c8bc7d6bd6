/** The room class of every game, keyed by game id (= room name). */
import type { EngineRoomClass } from './engine-room.ts';
import { FastTrackRoom } from './fast-track.ts';
import { GreatWesternTrailRoom } from './great-western-trail.ts';
import { ReadySetBetRoom } from './ready-set-bet.ts';
import { TacRoom } from './tac.ts';
import { TractorRoom } from './tractor.ts';

export const gameRooms: Record<string, EngineRoomClass> = {
  'fast-track': FastTrackRoom,
  tractor: TractorRoom,
  'great-western-trail': GreatWesternTrailRoom,
  'ready-set-bet': ReadySetBetRoom,
  tac: TacRoom,
};
