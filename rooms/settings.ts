/**
 * Process-wide settings the rooms read. Colyseus instantiates rooms itself, so the server fills this
 * object once at start (src/server/app.ts) instead of passing it to each room.
 */
import { createHash } from 'node:crypto';
import { pino, type Logger } from 'pino';
import type { GameStore } from '../src/server/game-store.ts';

/**
 * MAX_GAME_MOVES by default: about 2.7 times the longest game the engines were seen to play (37,056 moves, an
 * 8-seat Tractor match in random play: docs/operations.md), so no real game reaches it, and low enough that the
 * record of a game stopped there (~4.3 MB) is one POST /api/verify takes (6 MiB).
 */
export const DEFAULT_MAX_GAME_MOVES = 100_000;

export interface RoomSettings {
  reconnectSeconds: number;
  /** How long a dropped player's seat is held before the game starts (at most reconnectSeconds). */
  reconnectSecondsBeforeStart: number;
  /** How long a joining client has to confirm its join (the SDK does at once) before it is closed. */
  joinConfirmMs: number;
  maxSpectators: number;
  /** Of those, one address's (guest seats carry the address they were asked from); 0: no such cap. */
  maxSpectatorsPerAddress: number;
  /** Turn clock of a table whose options name none (0: no clock). */
  defaultTurnSeconds: number;
  /** Turn clock of a seat whose clock ran out, until its player moves again (see Timers.away). */
  awayTurnSeconds: number;
  botDelayMs: number;
  maxMessagesPerSecond: number;
  /** Moves a game may have: the move that reaches it ends the game without a winner (moves.ts). */
  maxGameMoves: number;
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
  reconnectSecondsBeforeStart: 15,
  joinConfirmMs: 10_000,
  maxSpectators: 32,
  maxSpectatorsPerAddress: 4,
  defaultTurnSeconds: 300,
  awayTurnSeconds: 15,
  botDelayMs: 700,
  maxMessagesPerSecond: 30,
  maxGameMoves: DEFAULT_MAX_GAME_MOVES,
  shutdownGraceSeconds: 30,
  logger: pino({ level: 'silent' }),
  store: null,
  durability: 'sync',
};

/**
 * How long a seat is held for its player who is away (a dropped connection, a recovered table's player not back
 * yet): RECONNECT_SECONDS during the game; before the start at most RECONNECT_SECONDS_BEFORE_START, after which
 * the seat is free again and the table goes on filling (a held seat delays the start).
 */
export function seatHoldSeconds(status: string): number {
  const { reconnectSeconds, reconnectSecondsBeforeStart } = roomSettings;
  return status === 'waiting' ? Math.min(reconnectSeconds, reconnectSecondsBeforeStart) : reconnectSeconds;
}

/** Room ids this process is recovering right now: only these may be created with the `recover` option. */
export const recoveries = new Set<string>();

/** Where private tables' invite codes live: presence, so any process can resolve them. */
export const INVITES_KEY = 'parlor:invites';

/**
 * The table queue's presence keys for one table configuration (src/server/queue.ts): its ticket counter,
 * each group's room and claims, and the seats of its tables that came free before the start (a
 * reservation never used, a player who left), which the next queued player takes first.
 */
export function queueKeys(game: string, tableKey: string) {
  const base = `parlor:queue:${game}:${createHash('sha256').update(tableKey).digest('hex').slice(0, 16)}`;
  return { counter: base, group: (n: number) => `${base}:g${n}`, vacancies: `${base}:vacant` };
}
