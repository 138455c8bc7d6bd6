import { defineEngineRoom } from './engine-room.ts';
import { game } from '../src/games/fast-track/index.ts';
import { fastTrackRoomState } from '../schema/fast-track.ts';

export const FastTrackRoom = defineEngineRoom(game, fastTrackRoomState);
