/**
 * What the room's modules see of the room: the Colyseus room plus the table's own parts. The modules
 * (seats, timers, moves, journal, projection, shutdown) depend on this shape, not on each other's code.
 */
import type { Room } from '@colyseus/core';
import type { Schema, MapSchema, ArraySchema } from '@colyseus/schema';
import type { Logger } from 'pino';
import type { Actor, AnyGame, GameEvent } from '../src/core/game.ts';
import type { Generator } from '../src/core/rng.ts';
import type { TableConfig } from './join-options.ts';
import type { InviteCode } from './invite-code.ts';
import type { Seats } from './seats.ts';
import type { Timers } from './timers.ts';
import type { Moves } from './moves.ts';
import type { TableJournal } from './journal.ts';
import type { Projection } from './projection.ts';
import type { ReclaimWait } from './reclaim-wait.ts';

export type PrivateSeat = Schema & { seat: number; seatToken: string; invite: string; legalMoves: MapSchema<string>; view: Schema };

export type ChoiceSetState = Schema & { values: MapSchema<boolean> };

/** The synced room state every game shares (schema/common.ts). */
export type TableState = Schema & {
  game: string;
  status: string;
  seedCommitment: string;
  seed: string;
  seats: ArraySchema<Schema & { name: string; taken: boolean; connected: boolean; bot: boolean; team: number; clocked: boolean; deadline: number; shortClock: boolean; startNow: boolean }>;
  activeSeats: ArraySchema<number>;
  turnDeadline: number;
  stepDeadline: number;
  paused: boolean;
  seq: number;
  result: Schema;
  table: Schema;
  choices: MapSchema<ChoiceSetState>;
  private: MapSchema<PrivateSeat>;
};

export type Table = Omit<Room, 'state'> & {
  state: TableState;
  readonly game: AnyGame;
  table: TableConfig;
  /** The address whose matchmaking request created the table (charged for it by the front door); null when the server made it. */
  creator: string | null;
  /** The table queue opened the table: a seat that comes free before the start is offered back to it. */
  queued: boolean;
  seed: string;
  /** The generator the seed drives: `chacha20`, or `xoshiro128**` for a game recovered from a journal written before. */
  rng: Generator;
  engineState: unknown;
  log: Logger;
  /** The process is shutting down: close the table as soon as its game ends. */
  closing: boolean;
  /** The game goes on at a peer (handed over at shutdown, or taken over while this process stalled): it must not be forgotten here. */
  handingOver: boolean;
  readonly seats: Seats;
  readonly inviteCode: InviteCode;
  readonly timers: Timers;
  readonly moves: Moves;
  readonly journal: TableJournal;
  readonly projection: Projection;
  readonly reclaimWait: ReclaimWait;
  /** Starts the game once every seat has a player or a bot. */
  startIfFull(): void;
  /** The game reached the server's move limit unfinished: it ends without winners (engine-room.ts). */
  reachedMoveLimit(): void;
  /** Sends an `events` message to every client with the next patch (see EngineRoom.announce). */
  announce(message: EventsMessage): void;
  /** Sends the pending patch and events now: the table is about to close its connections. */
  flush(): void;
  /** The table has something to patch (patch-clock.ts passes quiet tables by). */
  wake(): void;
};

/** The `events` message (docs/PROTOCOL.md, Events). */
export interface EventsMessage {
  seq: number;
  actor: Actor;
  events: readonly GameEvent[];
}
