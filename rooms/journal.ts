/**
 * The journal: the move log that makes a game replayable, its record once over, and its durable copy on
 * Redis (when configured) that lets a peer rebuild the table after this process dies.
 */
import { matchMaker } from '@colyseus/core';
import { SYSTEM, canonicalJson, recordedOptions, type Actor, type AnyGame } from '../src/core/game.ts';
import { recordedGenerator, seedFor, type Generator } from '../src/core/rng.ts';
import { SHORT_RECORD_SECONDS, type RoomJournal, type StoredGame } from '../src/server/game-store.ts';
import type { TableConfig } from './join-options.ts';
import { roomSettings } from './settings.ts';
import { letGo } from './shutdown.ts';
import type { EventsMessage, Table } from './table.ts';

/** Stored beside the journal so a peer can rebuild the table. */
export interface StoredMeta {
  game: string;
  table: TableConfig;
  seed: string;
  /** The generator the seed drives (absent in journals written before it was named: `xoshiro128**`). */
  rng?: Generator;
  status: string;
  /** The private table's invite code ('' at a public table, and at a private one before its code was drawn). */
  invite: string;
  /** A private table (absent in journals written before it was kept: private if it has an invite code). */
  private?: boolean;
  /** `bot`: the seat is a bot's (absent in journals written before seats could be filled with bots after creation: the last `table.bots` seats are). */
  seats: { token: string; name: string; bot?: boolean }[];
  /** The address charged for the table (absent in journals written before it was kept), so a peer that takes the table over charges it too. */
  creator?: string | null;
  /** A player (not a bot) has made a move (left out by journals written before it: taken as yes). */
  playersMoved?: boolean;
  /** The table queue opened the table (absent: it did not, or the journal was written before it was kept). */
  queued?: boolean;
}

/** Whether the stored table is private: as the journal says, or (written before it said so) by its invite code. */
export function storedPrivate(meta: Pick<StoredMeta, 'private' | 'invite'>): boolean {
  return meta.private ?? Boolean(meta.invite);
}

/**
 * The largest record (as JSON text) the `record` request answers: well within what a connection may have waiting
 * (MAX_UNSENT_BYTES, 4 MiB) once encoded, and above the longest real game's (an 8-seat Tractor match of 37,056 moves,
 * about 2 MB). Larger ones (a game stopped at the move limit) are served by `GET /api/records/:roomId`.
 */
export const RECORD_REPLY_CHARS = 3 * 1024 * 1024;

export interface LoggedMove {
  actor: Actor;
  move: unknown;
}

export interface GameRecord {
  game: string;
  roomId: string;
  options: unknown;
  seats: number;
  seed: string;
  rng: Generator;
  moves: LoggedMove[];
}

/**
 * A stored game as it was played: a journal written before one of its game's options existed gets that
 * option's former rule (`legacyOptions`), or its default where that plays as the game did before, kept in
 * the table's options from then on, and is replayed from its first move, since a snapshot's state still
 * lacks the option.
 */
export function asPlayed(game: AnyGame, stored: StoredGame<StoredMeta>): StoredGame<StoredMeta> {
  const played = recordedOptions(game, stored.meta.table.options);
  const parsed = game.options.safeParse(played); // as a record is verified: every option present
  const options = parsed.success ? parsed.data : played;
  if (canonicalJson(options) === canonicalJson(stored.meta.table.options)) return stored;
  return { ...stored, meta: { ...stored.meta, table: { ...stored.meta.table, options } }, snapshot: null };
}

/**
 * The engine state after the stored moves: from the latest snapshot, then the moves after it, whose `events`
 * messages go to `shown` (the table's history, as a process that ran them would have kept it).
 */
export function replayStored(game: AnyGame, stored: StoredGame<StoredMeta>, shown?: (message: EventsMessage) => void): unknown {
  let state = stored.snapshot?.state ?? game.setup(stored.meta.table.options, stored.meta.table.seats, seedFor(stored.meta.seed, recordedGenerator(stored.meta.rng)));
  let seq = stored.snapshot?.seq ?? 0;
  for (const { actor, move } of stored.moves.slice(seq)) {
    const r = game.applyMove(state, actor, move);
    if (!r.ok) throw new Error(`stored move ${JSON.stringify(move)} no longer applies: ${r.error.code}`);
    state = r.state;
    seq++;
    // The move's events as the table was sent them (Moves.apply announces a move that has some).
    if (shown && r.events.length) shown({ seq, actor, events: r.events });
  }
  return state;
}

export class TableJournal {
  /** Every accepted move, in order. */
  moves: LoggedMove[] = [];
  /** Accepted moves so far (the `seq` clients see in events and replies). */
  seq = 0;
  /** The Redis journal of this game (null without Redis). */
  link: RoomJournal | null = null;
  /** A player (not a bot, not the server) has made a move: the game's record is worth keeping its whole retention. */
  private playersMoved = false;
  /** The table was told its moves are not being stored (`durable: false`), and not yet that they are again. */
  private toldUndurable = false;

  private readonly room: Table;

  constructor(room: Table) {
    this.room = room;
  }

  /** A new table: journal it from the start. */
  open() {
    this.link = roomSettings.store?.open(this.room.roomId, this.meta()) ?? null;
    this.watch();
  }

  /** A recovered table: carry on the stored journal. */
  resume(stored: StoredGame<StoredMeta>) {
    this.moves = stored.moves;
    this.seq = stored.moves.length;
    this.playersMoved = stored.meta.playersMoved ?? true;
    this.link = roomSettings.store!.resume(this.room.roomId, this.seq);
    this.watch();
  }

  /** Durable on Redis and not fenced off by a peer that took the game over. */
  get owned(): boolean {
    return this.link !== null && !this.link.fenced;
  }

  /** Null, unless this process has just woken from a stall: then the ownership check to wait for (GameStore.wokenUnsure). */
  wokenUnsure(): Promise<void> | null {
    return this.owned ? (roomSettings.store?.wokenUnsure() ?? null) : null;
  }

  /** What the journal keeps besides the moves: enough to rebuild the table elsewhere. */
  meta(): StoredMeta {
    const room = this.room;
    return {
      game: room.game.id,
      table: room.table,
      seed: room.seed,
      rng: room.rng,
      status: room.state.status,
      invite: room.inviteCode.code,
      private: room.inviteCode.required,
      seats: room.seats.records.map((r) => ({ token: r.token, name: r.name, bot: r.bot })),
      creator: room.creator,
      queued: room.queued,
      playersMoved: this.playersMoved,
    };
  }

  /** A player's own move was accepted (the first one is stored: the record will be worth keeping). */
  playerMoved() {
    if (this.playersMoved) return;
    this.playersMoved = true;
    this.saveMeta();
  }

  saveMeta() {
    this.link?.saveMeta(this.meta());
  }

  /**
   * Logs an accepted move. Resolves when Redis stored it, or when the wait is given up (Redis away: the
   * journal catches up), to true; to false when the move will never be stored because a peer owns the
   * game now (this process stalled and was fenced off): the game that goes on does not have it.
   */
  append(actor: Actor, move: unknown, stateAfter: unknown): Promise<boolean> | null {
    this.moves.push({ actor, move });
    this.seq++;
    const link = this.link;
    if (!link || link.fenced) return null;
    const wasBehind = link.behind;
    const stored = link.append({ actor, move }, () => stateAfter);
    if (wasBehind) {
      // Redis is away: do not make every move wait for it; the journal catches up. Told after the move's own events.
      if (!this.toldUndurable) queueMicrotask(() => this.tellUndurable());
      return null;
    }
    return stored.then((ok) => {
      if (ok) return true;
      if (link.fenced) return false;
      this.tellUndurable();
      return true;
    });
  }

  /**
   * Moves are acknowledged that Redis does not hold: told once however many there are (each move waiting for
   * Redis when it went away gives its wait up), and whatever held the journal up first (a write no move waited for).
   */
  private tellUndurable() {
    if (this.toldUndurable || !this.link || this.link.fenced || !this.link.behind) return;
    this.toldUndurable = true;
    this.room.log.warn('journal behind: Redis is not storing moves; the game goes on in memory');
    this.room.announce({ seq: this.seq, actor: SYSTEM, events: [{ type: 'durability', durable: false }] });
  }

  /** The record's JSON length once the game is over (measured at the first `record` request; the record no longer changes). */
  private recordChars: number | null = null;

  /**
   * The finished game's record is larger than a table answers (RECORD_REPLY_CHARS): a game stopped at the move limit
   * has a record of about 4.3 MB at the default MAX_GAME_MOVES (more with a higher limit), which would be encoded on the tables' thread for each request and then close
   * the asker's connection as one that stopped reading (src/server/coalesce-writes.ts).
   */
  tooLargeToAnswer(): boolean {
    return this.recordLength() > RECORD_REPLY_CHARS;
  }

  /** The finished game's record's length as JSON text (what its look-up is charged by). */
  recordLength(): number {
    return (this.recordChars ??= JSON.stringify(this.record()).length);
  }

  /** The game's outcome once it is over (finish). */
  private result: unknown;
  /** The moves at which the game was stopped unfinished, at the server's move limit (null: it was not). */
  stoppedAt: number | null = null;

  /**
   * Everything needed to replay this game: options, seed and every accepted move; and once it is over, its result
   * (null for a game stopped at the move limit, whose record says `moveLimit`: its number of moves).
   */
  record(): GameRecord & { result?: unknown; moveLimit?: number } {
    const room = this.room;
    const record = { game: room.game.id, roomId: room.roomId, options: room.table.options, seats: room.table.seats, seed: room.seed, rng: room.rng, moves: this.moves };
    const stopped = this.stoppedAt === null ? record : { ...record, moveLimit: this.stoppedAt };
    return this.result === undefined ? stopped : { ...stopped, result: this.result };
  }

  /**
   * The game is over: store its record (kept for the retention period). A game no player made a move in (bots
   * only, or a seated player who left it all to the server and the bots) is nobody's to verify later: kept an
   * hour at most, so tables one address opens again and again do not fill Redis with a week of records each;
   * the others count to the address that opened the table (GameLink.finish).
   */
  finish(result: unknown) {
    this.result = result;
    if (this.playersMoved) this.link?.finish(this.record(), Infinity, this.room.creator);
    else this.link?.finish(this.record(), SHORT_RECORD_SECONDS);
  }

  /** Everyone left a running game: forget it. (A crash never gets here; a handover keeps it for a peer.) */
  abandon() {
    if (this.owned) this.link!.abandon();
  }

  /** Resolves once every queued write is in Redis. */
  async drained(timeoutMs?: number): Promise<boolean> {
    return (await this.link?.drained(timeoutMs)) ?? true;
  }

  private watch() {
    const link = this.link;
    const room = this.room;
    if (!link) return;
    link.rebuild = () => ({ meta: this.meta(), moves: this.moves });
    link.onFenced = () => {
      // This process stalled and a peer took the game over: step aside, clients rejoin there.
      room.log.warn('game owned by another process now; closing this copy');
      letGo(room);
      // The listing is keyed by room id, which the live copy on the peer shares: point this copy's
      // listing elsewhere so disposing it does not delete the peer's. One this copy wrote under the room id
      // as it woke (put back while the game was no process's: the peer had ended it) is removed, by the
      // owner-checked removal: the peer's, or any of a game the peer runs, stays.
      void Promise.resolve(matchMaker.driver.remove(room.roomId)).catch(() => undefined);
      (room as unknown as { _listing: { roomId: string } })._listing.roomId = `${room.roomId}~fenced`;
      room.announce({ seq: this.seq, actor: SYSTEM, events: [{ type: 'serverClosing', graceSeconds: 0, handover: true }] });
      room.flush();
      // After this turn's answers: the movers whose moves the fence threw away are told so first.
      setImmediate(() => void room.disconnect(4001));
    };
    link.onCaughtUp = () => {
      room.log.info('journal caught up');
      // Told only after `durable: false` (a write retried while no move waited was never announced).
      if (!this.toldUndurable) return;
      this.toldUndurable = false;
      room.announce({ seq: this.seq, actor: SYSTEM, events: [{ type: 'durability', durable: true }] });
    };
  }
}
