import { defineEngineRoom } from './engine-room.ts';
import { game } from '../src/games/tac/index.ts';
import { tacRoomState } from '../schema/tac.ts';

export const TacRoom = defineEngineRoom(game, tacRoomState);
