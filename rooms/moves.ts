/**
 * Moves: the intake of clients' move requests and the one place any actor's move is applied —
 * engine, journal, events, timers.
 *
 * The trust boundary: a client's move is bounded (depth, size, no cycles, no 64-bit integers) before
 * anything walks it, then reduced to its canonical form (the game's move shapes: only the fields the
 * game defines). Only the canonical move reaches the engine, the journal, the broadcast and the record.
 *
 * Log lines written during play name a move by its outline only (type and field names): a move's values
 * may name a player's cards, and a log reader must not learn hands before the end (as with the seed).
 * Moves the engine threw on or a bot got wrong are kept whole for the `game over` line.
 */
import type { Client } from '@colyseus/core';
import { EXPECT_SEQ_FIELD, canonicalMove, CoreErrors, type Actor, type GameEvent, type MoveBase, type MoveError } from '../src/core/game.ts';
import { jsonProblem, type JsonLimits } from '../src/server/json-bounds.ts';
import { boundedField, warnClientFault } from '../src/server/client-faults.ts';
import { flushWritesSoon } from '../src/server/coalesce-writes.ts';
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
  internal: 'core/internal',
  serverClosing: 'core/server-closing',
  staleMove: 'core/stale-move',
  gameStarted: 'core/game-started',
  noFreeSeat: 'core/no-free-seat',
  malformedRequest: 'core/malformed-request',
  recordTooLarge: 'core/record-too-large',
} as const;

/** The context Colyseus hands a message handler: a request has an `id` and is answered by `reject` or a return. */
export type MessageContext = { id?: number; reject(reason: unknown): unknown };

/** Refuses a client's message with a coded reason: a request is rejected; a fire-and-forget send gets an `error` message. */
export function refuse(client: Client, ctx: MessageContext | null, reason: { code: string; message: string; seq?: number }) {
  if (ctx?.id === undefined) client.send('error', reason);
  return ctx?.reject(reason);
}

/** What a client's move may be before it is even read: moves are small (a play of a few dozen cards). */
export const MOVE_LIMITS: JsonLimits = { depth: 6, nodes: 1000 };

export type Applied = { ok: true; events: GameEvent[]; stored: Promise<boolean> | null } | { ok: false; error: MoveError };

/** Moves of a game kept for its `game over` line, at most. */
const FAULTY_MOVES_KEPT = 8;

export class Moves {
  private readonly room: Table;
  /** Canonical moves the engine threw on, or a bot's refused moves: logged whole once the game is over. */
  readonly faulty: { seq: number; actor: Actor; move: unknown; code: string }[] = [];

  constructor(room: Table) {
    this.room = room;
  }

  /** A client's `move` message: refused with a coded reason, or applied and acknowledged. */
  handle(client: Client, move: unknown, ctx: MessageContext) {
    const room = this.room;
    const gameId = room.game.id;
    const started = performance.now();
    const seat = room.seats.seatOf(client);
    const answer = (error: MoveError) => {
      movesTotal.inc({ game: gameId, result: 'rejected', reason: error.code });
      moveSeconds.observe({ game: gameId }, (performance.now() - started) / 1000);
      // Where the table stood when it refused: the events of the moves before may still be on their way.
      return refuse(client, ctx, { ...error, seq: room.journal.seq });
    };
    if (seat === null) return answer({ code: RoomErrors.notSeated, message: 'Spectators cannot move.' });
    if (room.state.status === 'waiting') return answer({ code: RoomErrors.notStarted, message: 'The game has not started: seats are still free.' });
    const problem = jsonProblem(move, MOVE_LIMITS);
    if (problem) {
      this.clientFault(seat, `the move holds ${problem}`, move);
      return answer({ code: RoomErrors.malformedMove, message: `Refused unread: the move holds ${problem}.` });
    }
    const stale = this.staleness(move);
    if (stale) return answer(stale);
    if (room.handingOver) return answer({ code: RoomErrors.serverClosing, message: 'This server is handing the game over; rejoin with your seat token.' });
    const result = this.apply(seat, move);
    if (!result.ok) {
      if (result.error.code === RoomErrors.malformedMove || result.error.code === RoomErrors.unknownMove) this.clientFault(seat, result.error.message, move);
      return answer(result.error);
    }
    room.timers.playerMoved(seat); // the player is here: back to the whole turn clock
    room.journal.playerMoved();
    const reply = { ok: true, seq: room.journal.seq, events: result.events };
    const done = () => {
      movesTotal.inc({ game: gameId, result: 'accepted', reason: '' });
      moveSeconds.observe({ game: gameId }, (performance.now() - started) / 1000);
      return reply;
    };
    // Durable by default: the mover hears "accepted" once Redis holds the move (unless Redis is away,
    // in which case the game goes on and the journal catches up). The answer leaves with the Redis reply
    // that released it, not at the end of a turn spent on other tables' moves. A move Redis refused
    // because a peer owns the game now is not in the game that goes on: the mover is told to send it there.
    if (result.stored && roomSettings.durability === 'sync') {
      return result.stored.then((kept) => {
        flushWritesSoon();
        return kept ? done() : answer({ code: RoomErrors.serverClosing, message: 'This game was taken over by another server; the move was not kept. Rejoin with your seat token and send it there.' });
      });
    }
    return done();
  }

  /**
   * The optional expected position (`expectSeq`, docs/PROTOCOL.md): a move decided on an older table
   * is refused instead of landing on a position its sender never saw.
   */
  private staleness(move: unknown): (MoveError & { seq?: number }) | null {
    if (typeof move !== 'object' || move === null || !Object.hasOwn(move, EXPECT_SEQ_FIELD)) return null;
    const expected = (move as Record<string, unknown>)[EXPECT_SEQ_FIELD];
    if (expected === null || expected === undefined) return null; // sent empty: not asked for
    if (!Number.isSafeInteger(expected) || (expected as number) < 0) {
      return { code: RoomErrors.malformedMove, message: `"${EXPECT_SEQ_FIELD}" is the number of moves the table has seen (a whole number ≥ 0).` };
    }
    const seq = this.room.journal.seq;
    if (expected === seq) return null;
    return { code: RoomErrors.staleMove, message: `The table is at move ${seq}, not ${String(expected)}: look at it again and resend.`, seq };
  }

  /** Applies one move of any actor, in its canonical form; on success updates state, log, clients and timers. */
  apply(actor: Actor, submitted: unknown): Applied {
    const room = this.room;
    // The game's bound (MAX_GAME_MOVES), refused as a game that is over: a counter compare, on every move (bets are many).
    if (room.journal.seq >= roomSettings.maxGameMoves) {
      return { ok: false, error: { code: RoomErrors.gameOver, message: `The game has ended: it reached this server's limit of ${roomSettings.maxGameMoves} moves.` } };
    }
    const canonical = canonicalMove(room.game, submitted);
    if (!canonical.ok) return canonical;
    const move = canonical.move;
    if (!journalable(move)) {
      return { ok: false, error: { code: RoomErrors.malformedMove, message: 'The move cannot be stored as JSON.' } };
    }
    let result;
    try {
      result = room.game.applyMove(room.engineState, actor, move);
    } catch (err) {
      // An engine bug (the move was canonical): an error, but one line per game every few seconds.
      this.keepFaulty(actor, move, RoomErrors.engineError);
      warnClientFault({ warn: (fields: object, message?: string) => room.log.error(fields, message) }, `engine-error:${room.game.id}`, { actor, seq: room.journal.seq, move: moveOutline(move), err, stack: (err as Error)?.stack }, 'engine threw on a move');
      return { ok: false, error: { code: RoomErrors.engineError, message: 'The server could not apply this move; the game goes on.' } };
    }
    if (!result.ok) return result;
    room.engineState = result.state;
    const stored = room.journal.append(actor, move, result.state);
    room.timers.moved(actor);
    room.projection.stale = true; // projected once per patch, however many moves arrive in between
    room.wake();
    if (result.events.length) room.announce({ seq: room.journal.seq, actor, events: result.events });
    room.timers.reconcileSoon();
    if (room.journal.seq === roomSettings.maxGameMoves) room.reachedMoveLimit();
    return { ok: true, events: result.events, stored };
  }

  /** A client sent something no honest client sends: a warning, rate-limited, the move by its outline. */
  private clientFault(seat: number, problem: string, move: unknown) {
    warnClientFault(this.room.log, `malformed-move:${this.room.game.id}`, { roomId: this.room.roomId, seat, problem, move: moveOutline(move) }, 'malformed move refused');
  }

  /** A canonical move that shows a server bug, for the `game over` line (the first few of a game). */
  keepFaulty(actor: Actor, move: MoveBase, code: string) {
    if (this.faulty.length < FAULTY_MOVES_KEPT) this.faulty.push({ seq: this.room.journal.seq, actor, move: boundedField(move), code });
  }
}

/**
 * What a log line written during play may say of a move: its type and field names, not their values
 * (which may name a hand's cards). Anything else by its kind.
 */
export function moveOutline(move: unknown): unknown {
  if (typeof move !== 'object' || move === null) return typeof move;
  if (Array.isArray(move)) return `array of ${move.length}`;
  const type = (move as { type?: unknown }).type;
  const fields = Object.keys(move).filter((k) => k !== 'type');
  return {
    type: typeof type === 'string' ? type.slice(0, 40) : typeof type,
    fields: fields.slice(0, 12).map((k) => k.slice(0, 40)),
    ...(fields.length > 12 ? { more: fields.length - 12 } : {}),
  };
}

/** Canonical moves are JSON by construction; a game's shape that let anything else through must not half-apply it. */
function journalable(move: MoveBase): boolean {
  try {
    JSON.stringify(move);
    return true;
  } catch {
    return false;
  }
}
