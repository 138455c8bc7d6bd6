/**
 * Moves: the intake of clients' move requests and the one place any actor's move is applied —
 * engine, journal, events, timers.
 */
import type { Client } from '@colyseus/core';
import { isMoveShape, CoreErrors, type Actor, type GameEvent, type MoveError } from '../src/core/game.ts';
import { moveSeconds, movesTotal } from '../src/server/metrics.ts';
import { roomSettings } from './settings.ts';
import type { Table } from './table.ts';

/** Errors of the room itself (the engine's are `<game-id>/…`). */
export const RoomErrors = {
  ...CoreErrors,
  notSeated: 'core/not-seated',
  notStarted: 'core/not-started',
  engineError: 'core/engine-error',
  unknownMessage: 'core/unknown-message',
  serverClosing: 'core/server-closing',
} as const;

export type Applied = { ok: true; events: GameEvent[]; stored: Promise<void> | null } | { ok: false; error: MoveError };

export class Moves {
  private readonly room: Table;

  constructor(room: Table) {
    this.room = room;
  }

  /** A client's `move` message: refused with a coded reason, or applied and acknowledged. */
  handle(client: Client, move: unknown, ctx: { id?: number; reject(reason: unknown): unknown }) {
    const room = this.room;
    const gameId = room.game.id;
    const started = performance.now();
    const seat = room.seats.seatOf(client);
    const answer = (error: MoveError) => {
      movesTotal.inc({ game: gameId, result: 'rejected', reason: error.code });
      moveSeconds.observe({ game: gameId }, (performance.now() - started) / 1000);
      if (ctx.id === undefined) client.send('error', error); // fire-and-forget send: tell the sender anyway
      return ctx.reject(error);
    };
    if (seat === null) return answer({ code: RoomErrors.notSeated, message: 'Spectators cannot move.' });
    if (room.state.status === 'waiting') return answer({ code: RoomErrors.notStarted, message: 'The game has not started: seats are still free.' });
    if (!isMoveShape(move)) return answer({ code: RoomErrors.malformedMove, message: 'A move is an object with a string "type".' });
    if (room.handingOver) return answer({ code: RoomErrors.serverClosing, message: 'This server is handing the game over; rejoin with your seat token.' });
    const result = this.apply(seat, move);
    if (!result.ok) return answer(result.error);
    const reply = { ok: true, seq: room.journal.seq, events: result.events };
    const done = () => {
      movesTotal.inc({ game: gameId, result: 'accepted', reason: '' });
      moveSeconds.observe({ game: gameId }, (performance.now() - started) / 1000);
      return reply;
    };
    // Durable by default: the mover hears "accepted" once Redis holds the move (unless Redis is away,
    // in which case the game goes on and the journal catches up).
    if (result.stored && roomSettings.durability === 'sync') return result.stored.then(done);
    return done();
  }

  /** Applies one move of any actor; on success updates state, log, clients and timers. */
  apply(actor: Actor, move: unknown): Applied {
    const room = this.room;
    let result;
    try {
      result = room.game.applyMove(room.engineState, actor, move);
    } catch (err) {
      room.log.error({ err, actor, move }, 'engine threw on a move');
      return { ok: false, error: { code: RoomErrors.engineError, message: 'The server could not apply this move; the game goes on.' } };
    }
    if (!result.ok) return result;
    room.engineState = result.state;
    const stored = room.journal.append(actor, move, result.state);
    room.timers.moved(actor);
    room.projection.stale = true; // projected once per patch, however many moves arrive in between
    if (result.events.length) room.broadcast('events', { seq: room.journal.seq, actor, events: result.events });
    room.timers.reconcile();
    return { ok: true, events: result.events, stored };
  }
}
