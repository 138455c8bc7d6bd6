/** The room class of every game, keyed by game id (= room name). */
import type { Room } from '@colyseus/core';

export const gameRooms: Record<string, new (...args: never[]) => Room> = {};
