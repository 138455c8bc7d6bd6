import { defineEngineRoom } from './engine-room.ts';
import { game } from '../src/games/great-western-trail/index.ts';
import { greatWesternTrailRoomState } from '../schema/great-western-trail.ts';

export const GreatWesternTrailRoom = defineEngineRoom(game, greatWesternTrailRoomState);
