/**
 * Process-wide settings the rooms read. Colyseus instantiates rooms itself, so the server fills this
 * object once at start (src/server/app.ts) instead of passing it to each room.
 */
import { pino, type Logger } from 'pino';
import type { GameStore } from '../src/server/game-store.ts';

export interface RoomSettings {
  reconnectSeconds: number;
  maxSpectators: number;
  botDelayMs: number;
  maxMessagesPerSecond: number;
  /** After SIGTERM, how long a running game may go on before its players are disconnected. */
  shutdownGraceSeconds: number;
  logger: Logger;
  /** Durable games on Redis (null without Redis). */
  store: GameStore | null;
  /** 'sync': acknowledge a move once Redis has it; 'async': at once. */
  durability: 'sync' | 'async';
}

export const roomSettings: RoomSettings = {
  reconnectSeconds: 60,
  maxSpectators: 32,
  botDelayMs: 700,
  maxMessagesPerSecond: 30,
  shutdownGraceSeconds: 30,
  logger: pino({ level: 'silent' }),
  store: null,
  durability: 'sync',
};

/** Room ids this process is recovering right now: only these may be created with the `recover` option. */
export const recoveries = new Set<string>();

/** Where private tables' invite codes live: presence, so any process can resolve them. */
export const INVITES_KEY = 'parlor:invites';
