import { defineEngineRoom } from './engine-room.ts';
import { game } from '../src/games/ready-set-bet/index.ts';
import { readySetBetRoomState } from '../schema/ready-set-bet.ts';

export const ReadySetBetRoom = defineEngineRoom(game, readySetBetRoomState);
