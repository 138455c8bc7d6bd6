import { defineEngineRoom } from './engine-room.ts';
import { game } from '../src/games/tractor/index.ts';
import { tractorRoomState } from '../schema/tractor.ts';

export const TractorRoom = defineEngineRoom(game, tractorRoomState);
