/**
 * Process-wide settings the rooms read. Colyseus instantiates rooms itself, so the server fills this
 * object once at start (src/server/app.ts) instead of passing it to each room.
 */
import { pino, type Logger } from 'pino';

export interface RoomSettings {
  reconnectSeconds: number;
  maxSpectators: number;
  botDelayMs: number;
  maxMessagesPerSecond: number;
  /** After SIGTERM, how long a running game may go on before its players are disconnected. */
  shutdownGraceSeconds: number;
  logger: Logger;
}

export const roomSettings: RoomSettings = {
  reconnectSeconds: 60,
  maxSpectators: 32,
  botDelayMs: 700,
  maxMessagesPerSecond: 30,
  shutdownGraceSeconds: 30,
  logger: pino({ level: 'silent' }),
};

/** Where private tables' invite codes live: presence, so any process can resolve them. */
export const INVITES_KEY = 'parlor:invites';
