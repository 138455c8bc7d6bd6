/**
 * The one generic room: drives any engine of the contract (src/core/game.ts) for real clients.
 *
 * It owns everything that is not a rule: seats ↔ sessions (the only place session ids exist), seat
 * tokens, spectators, private tables with invite codes, the turn clock and the bots that take over a
 * stalled or empty seat, SYSTEM moves on the room clock, structured move errors, the move log that makes
 * a game replayable, and the projection of engine views into the delta-synced schema.
 *
 * A game's room file is a few lines: `defineEngineRoom(game, RoomState)`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Room, ServerError, ErrorCode, type Client, type AuthContext, type Delayed } from '@colyseus/core';
import { StateView, type Schema, type MapSchema, type ArraySchema } from '@colyseus/schema';
import { SPECTATOR, SYSTEM, isMoveShape, CoreErrors, type Actor, type AnyGame, type GameEvent, type MoveError, type Seat } from '../src/core/game.ts';
import { randomSource } from '../src/core/rng.ts';
import { mirror } from '../schema/mirror.ts';
import { SeatState } from '../schema/common.ts';
import { liveRooms, moveSeconds, movesTotal } from '../src/server/metrics.ts';
import { JoinOptions, tableConfig, type TableConfig } from './join-options.ts';
import { INVITES_KEY, recoveries, roomSettings } from './settings.ts';
import type { RoomJournal, StoredGame } from '../src/server/game-store.ts';

/** Errors of the room itself (the engine's are `<game-id>/…`). */
export const RoomErrors = {
  ...CoreErrors,
  notSeated: 'core/not-seated',
  notStarted: 'core/not-started',
  engineError: 'core/engine-error',
  unknownMessage: 'core/unknown-message',
  serverClosing: 'core/server-closing',
} as const;

interface SeatRecord {
  token: string;
  name: string;
  /** Session of the human holding the seat (also while it is dropped and may reconnect), else null. */
  sessionId: string | null;
  /** A human left for good during the game: the bot plays until someone returns with the token. */
  vacated: boolean;
  /** Filled by a bot at creation. */
  bot: boolean;
  /** The holder's socket is open (false while it may reconnect). */
  connected: boolean;
}

/** Stored beside the journal so a peer can rebuild the table. */
export interface StoredMeta {
  game: string;
  table: TableConfig;
  seed: string;
  status: string;
  invite: string;
  seats: { token: string; name: string }[];
}

export interface GameRecord {
  game: string;
  roomId: string;
  options: unknown;
  seats: number;
  seed: string;
  moves: { actor: Actor; move: unknown }[];
}

type SchemaClass = new () => Schema;
type PrivateSeat = Schema & { seat: number; seatToken: string; legalMoves: ArraySchema<string>; view: Schema };
type AnyState = Schema & {
  game: string;
  status: string;
  invite: string;
  seedCommitment: string;
  seed: string;
  seats: ArraySchema<Schema & { name: string; taken: boolean; connected: boolean; bot: boolean; team: number }>;
  activeSeats: ArraySchema<number>;
  turnDeadline: number;
  result: Schema;
  table: Schema;
  private: MapSchema<PrivateSeat>;
};

const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Builds the Colyseus room class for one game. */
export function defineEngineRoom(game: AnyGame, schemas: { RoomState: SchemaClass; SeatPrivate: SchemaClass }) {
  return class EngineRoom extends Room {
    declare state: AnyState;
    readonly gameId = game.id;
    table!: TableConfig;
    seed = '';
    engineState: unknown;
    seatRecords: SeatRecord[] = [];
    moveLog: { actor: Actor; move: unknown }[] = [];
    seq = 0;
    /** One pending timer per actor: SYSTEM's next chance move, a bot's move, or a human's turn clock. */
    timers = new Map<Actor, { timer: Delayed; deadline: number; kind: 'system' | 'bot' | 'clock' }>();
    botRandom = randomSource(randomBytes(8).toString('hex'));
    log = roomSettings.logger;
    /** Set while a seat reservation is being decided: guests (spectators, token holders) skip the seat count. */
    reservingGuest = false;
    /** The process is shutting down: close the table as soon as its game ends. */
    closing = false;
    /** Moves were applied since the views were last projected into the synced state. */
    projectionStale = false;
    /** Redis journal of this game (null without Redis). */
    journal: RoomJournal | null = null;
    /** Shutting down with the game journaled: a peer takes it over, so it must not be forgotten. */
    handingOver = false;

    /** Runs in the matchmaking request, before any room is found or created: bad options fail fast. */
    static override async onAuth(_token: string, options: Record<string, unknown>, _ctx: AuthContext) {
      const parsed = JoinOptions.safeParse(options ?? {});
      if (!parsed.success) {
        throw new ServerError(ErrorCode.APPLICATION_ERROR, `core/bad-options: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      }
      if (parsed.data.spectator || parsed.data.seatToken) return true;
      const table = tableConfig(game, parsed.data);
      if ('problem' in table) throw new ServerError(ErrorCode.APPLICATION_ERROR, `core/bad-options: ${table.problem}`);
      options.table = table.key; // joinOrCreate filters on it: same size, same rules
      return true;
    }

    override async onCreate(options: JoinOptions & { recover?: string }) {
      // A game of a dead process, claimed by this one: same room id, state rebuilt from the journal.
      const stored = options.recover && recoveries.has(options.recover) ? await roomSettings.store?.load<StoredMeta>(options.recover) : null;
      const table = stored ? stored.meta.table : tableConfig(game, JoinOptions.parse(options));
      if ('problem' in table) throw new ServerError(ErrorCode.APPLICATION_ERROR, `core/bad-options: ${table.problem}`);
      this.table = table;
      this.log = roomSettings.logger.child({ roomId: this.roomId, game: game.id });
      this.maxClients = table.seats + roomSettings.maxSpectators;
      this.maxMessagesPerSecond = roomSettings.maxMessagesPerSecond;
      this.seed = stored?.meta.seed ?? randomBytes(16).toString('hex');
      this.engineState = stored ? this.replay(stored) : game.setup(table.options, table.seats, this.seed);

      this.state = new schemas.RoomState() as AnyState;
      this.state.game = game.id;
      this.state.seedCommitment = seedCommitment(this.seed); // provably fair: the seed is fixed before any move
      const teams = game.teams?.(this.engineState);
      for (let seat = 0; seat < table.seats; seat++) {
        const isBot = seat >= table.seats - table.bots;
        const saved = stored?.meta.seats[seat];
        this.seatRecords.push({ token: saved?.token ?? '', name: saved?.name ?? (isBot ? `Bot ${seat + 1}` : ''), sessionId: null, vacated: false, bot: isBot, connected: false });
        const seatState = new SeatState();
        seatState.team = teams?.[seat] ?? -1;
        this.state.seats.push(seatState);
        const privateSeat = new schemas.SeatPrivate() as PrivateSeat;
        privateSeat.seat = seat;
        this.state.private.set(String(seat), privateSeat);
      }

      this.onMessage('move', (client, move, ctx) => this.handleMove(client, move, ctx));
      this.onMessage('legalMoves', (client) => {
        const seat = this.seatOf(client);
        return seat === null || this.state.status !== 'playing' ? [] : game.legalMoves(this.engineState, seat);
      });
      // The full record (options, seed, every move) once the game is over: enough to verify it independently.
      this.onMessage('record', (_client, _payload, ctx) =>
        this.state.status === 'over' ? this.record() : ctx.reject({ code: 'core/game-not-over', message: 'The record is published when the game is over.' }),
      );
      this.onMessage('*', (client, type) => {
        client.send('error', { code: RoomErrors.unknownMessage, message: `No message type "${String(type)}"; use request("move", …).` });
      });

      this.setMetadata({ table: table.key, seats: table.seats, game: game.id });
      this.guardReservations();
      liveRooms.add(this);
      if (stored) {
        this.resume(stored);
      } else {
        this.journal = roomSettings.store?.open(this.roomId, this.meta()) ?? null;
        if (options.private) void this.makePrivate();
        this.syncSeats();
        this.startIfFull();
      }
      this.watchJournal();
    }

    /** The engine state after the stored moves: from the latest snapshot, then the moves after it. */
    private replay(stored: StoredGame<StoredMeta>) {
      let state = stored.snapshot?.state ?? game.setup(stored.meta.table.options, stored.meta.table.seats, stored.meta.seed);
      for (const { actor, move } of stored.moves.slice(stored.snapshot?.seq ?? 0)) {
        const r = game.applyMove(state, actor, move);
        if (!r.ok) throw new Error(`stored move ${JSON.stringify(move)} no longer applies: ${r.error.code}`);
        state = r.state;
      }
      return state;
    }

    /** Picks up a recovered game: players get RECONNECT_SECONDS to come back with their seat tokens. */
    private resume(stored: StoredGame<StoredMeta>) {
      this.moveLog = stored.moves;
      this.seq = stored.moves.length;
      this.journal = roomSettings.store!.resume(this.roomId, this.seq);
      if (stored.meta.invite) {
        this.state.invite = stored.meta.invite;
        void this.setPrivate(true);
      }
      this.state.status = stored.meta.status === 'waiting' ? 'waiting' : 'playing';
      this.autoDispose = false; // nobody is connected yet: wait for the players
      this.clock.setTimeout(() => {
        this.seatRecords.forEach((r) => {
          if (r.token && r.sessionId === null && this.state.status === 'playing') r.vacated = true;
        });
        this.autoDispose = true;
        if (this.clients.length === 0) void this.disconnect();
        this.syncSeats();
        this.reconcileTimers();
      }, roomSettings.reconnectSeconds * 1000);
      this.log.info({ moves: this.seq, fromSnapshot: stored.snapshot?.seq ?? 0 }, 'game recovered');
      this.syncSeats();
      this.syncGame();
      this.reconcileTimers();
    }

    private watchJournal() {
      if (!this.journal) return;
      this.journal.rebuild = () => ({ meta: this.meta(), moves: this.moveLog });
      this.journal.onFenced = () => {
        // This process stalled and a peer took the game over: step aside, clients rejoin there.
        this.log.warn('game owned by another process now; closing this copy');
        // The listing is keyed by room id, which the live copy on the peer shares: point this copy's
        // listing elsewhere so disposing it does not delete the peer's.
        (this as unknown as { _listing: { roomId: string } })._listing.roomId = `${this.roomId}~fenced`;
        this.broadcast('events', { seq: this.seq, actor: SYSTEM, events: [{ type: 'serverClosing', graceSeconds: 0, handover: true }] });
        void this.disconnect(4001);
      };
      this.journal.onCaughtUp = () => {
        this.log.info('journal caught up');
        this.broadcast('events', { seq: this.seq, actor: SYSTEM, events: [{ type: 'durability', durable: true }] });
      };
    }

    /** What the journal keeps besides the moves: enough to rebuild the table elsewhere. */
    meta(): StoredMeta {
      return {
        game: game.id,
        table: this.table,
        seed: this.seed,
        status: this.state.status,
        invite: this.state.invite,
        seats: this.seatRecords.map((r) => ({ token: r.token, name: r.name })),
      };
    }

    clientCount() {
      return this.clients.length;
    }

    // ── seats ────────────────────────────────────────────────────────────────────────────────────────

    /**
     * Player seats, not clients, decide when a table is full: the room locks (and leaves matchmaking)
     * once every seat is taken or promised, while spectators and seat-token holders still get in.
     */
    override hasReachedMaxClients(): boolean {
      const guest = this.reservingGuest;
      this.reservingGuest = false; // one-shot: later checks (locking) count player seats again
      const total = this.clients.length + Object.keys(this.reservations()).length;
      if (total >= this.maxClients) return true;
      if (guest) return false;
      if (!this.table || !this.state) return false; // still in onCreate
      if (this.state.status !== 'waiting') return true;
      const pendingPlayers = Object.values(this.reservations()).filter(([opts, , consumed]) => !consumed && isPlayerJoin(opts)).length;
      return this.seatRecords.filter((s) => s.sessionId !== null || s.bot).length + pendingPlayers >= this.table.seats;
    }

    private reservations(): Record<string, [unknown, unknown, boolean?, boolean?]> {
      return (this as unknown as { _reservedSeats: Record<string, [unknown, unknown, boolean?, boolean?]> })._reservedSeats ?? {};
    }

    /** Lets the seat count know whether the reservation being made is a guest's (see hasReachedMaxClients). */
    private guardReservations() {
      const self = this as unknown as { _reserveSeat: (sessionId: string, opts: unknown, ...rest: unknown[]) => Promise<boolean> };
      const reserve = self._reserveSeat.bind(this);
      self._reserveSeat = (sessionId, opts, ...rest) => {
        this.reservingGuest = !isPlayerJoin(opts);
        return reserve(sessionId, opts, ...rest);
      };
    }

    override onJoin(client: Client, options: JoinOptions) {
      const opts = JoinOptions.parse(options ?? {});
      if (opts.spectator) {
        client.userData = { seat: null };
        return;
      }
      let seat: Seat;
      if (opts.seatToken) {
        seat = this.seatRecords.findIndex((s) => s.token === opts.seatToken);
        if (seat < 0) throw new ServerError(ErrorCode.APPLICATION_ERROR, 'core/bad-seat-token: no seat at this table has that token');
        const holder = this.seatRecords[seat]!.sessionId;
        if (holder && this.clients.getById(holder)) {
          this.clients.getById(holder)!.leave(4000, 'core/seat-reclaimed');
        }
      } else {
        seat = this.seatRecords.findIndex((s) => s.sessionId === null && !s.bot && !s.token);
        if (seat < 0 || this.state.status !== 'waiting') throw new ServerError(ErrorCode.APPLICATION_ERROR, 'core/table-full: no free seat at this table');
        this.seatRecords[seat]!.token = randomBytes(18).toString('base64url');
      }
      const record = this.seatRecords[seat]!;
      record.sessionId = client.sessionId;
      record.vacated = false;
      record.connected = true;
      record.name = opts.name ?? record.name ?? `Player ${seat + 1}`;
      if (!record.name) record.name = `Player ${seat + 1}`;
      client.userData = { seat };
      client.view = new StateView();
      client.view.add(this.state.private.get(String(seat))!);
      this.state.private.get(String(seat))!.seatToken = record.token;
      client.send('seat', { seat, seatToken: record.token });
      this.log.info({ seat, sessionId: client.sessionId }, 'seat taken');
      this.journal?.saveMeta(this.meta());
      this.syncSeats();
      this.startIfFull();
      this.reconcileTimers();
    }

    override onDrop(client: Client) {
      const seat = this.seatOf(client);
      if (seat === null) return;
      this.seatRecords[seat]!.connected = false;
      this.syncSeats();
      this.allowReconnection(client, roomSettings.reconnectSeconds).catch(() => {
        /* expired or room closing: onLeave follows */
      });
    }

    override onReconnect(client: Client) {
      const seat = this.seatOf(client);
      if (seat === null) return;
      this.seatRecords[seat]!.connected = true;
      this.syncSeats();
    }

    override onLeave(client: Client) {
      const seat = this.seatOf(client);
      if (seat === null) return;
      const record = this.seatRecords[seat]!;
      if (record.sessionId !== client.sessionId) return; // already reclaimed by a newer session
      if (this.handingOver) return; // the game moves to a peer with everyone's seat as it is
      record.sessionId = null;
      record.connected = false;
      if (this.state.status === 'waiting') {
        record.token = ''; // before the start a leaver simply frees the seat
        record.name = '';
      } else {
        record.vacated = true; // the bot plays; the token brings the player back
      }
      this.log.info({ seat }, 'seat left');
      this.journal?.saveMeta(this.meta());
      this.syncSeats();
      this.reconcileTimers();
    }

    /**
     * SIGTERM: tables still waiting or finished close at once; a running game may go on for the grace
     * period (clients are told) and closes when it ends or the grace runs out.
     */
    override async onBeforeShutdown() {
      this.closing = true;
      if (this.state.status !== 'playing') return this.disconnect(4001);
      if (this.journal && !this.journal.fenced) {
        // Hand over: the game is journaled, so a peer resumes it as soon as this process stops beating;
        // players rejoin there with their seat tokens (client/rejoin.ts).
        this.handingOver = true;
        for (const { timer } of this.timers.values()) timer.clear();
        this.timers.clear();
        await this.journal.drained();
        this.broadcast('events', { seq: this.seq, actor: SYSTEM, events: [{ type: 'serverClosing', graceSeconds: 0, handover: true }] });
        return this.disconnect(4001);
      }
      const graceSeconds = roomSettings.shutdownGraceSeconds;
      this.broadcast('events', { seq: this.seq, actor: SYSTEM, events: [{ type: 'serverClosing', graceSeconds }] });
      this.clock.setTimeout(() => void this.disconnect(4001), graceSeconds * 1000);
    }

    override onDispose() {
      liveRooms.delete(this);
      // Everyone left a running game: forget it. (A crash never gets here; a handover keeps it for a peer.)
      if (this.journal && !this.journal.fenced && !this.handingOver && this.state.status !== 'over') this.journal.abandon();
      for (const { timer } of this.timers.values()) timer.clear();
      if (this.state.invite) {
        return this.presence.hdel(INVITES_KEY, this.state.invite).then(
          () => undefined,
          () => undefined,
        );
      }
    }

    seatOf(client: Client): Seat | null {
      return (client.userData as { seat: Seat | null } | undefined)?.seat ?? null;
    }

    /** A seat the bot drives: created as a bot, or left by its player during the game. */
    botDriven(seat: Seat): boolean {
      const r = this.seatRecords[seat]!;
      return r.bot || r.vacated;
    }

    private async makePrivate() {
      await this.setPrivate(true);
      for (let attempt = 0; attempt < 8; attempt++) {
        const code = Array.from(randomBytes(6), (b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join('');
        const taken = await this.presence.hget(INVITES_KEY, code);
        if (taken) continue;
        await this.presence.hset(INVITES_KEY, code, JSON.stringify({ roomId: this.roomId, game: game.id }));
        this.state.invite = code;
        return;
      }
      this.log.error('no free invite code after 8 attempts');
    }

    private startIfFull() {
      if (this.state.status !== 'waiting') return;
      if (this.seatRecords.some((s) => !s.bot && s.sessionId === null)) return;
      this.state.status = 'playing';
      this.log.info({ seed: this.seed }, 'game started');
      this.journal?.saveMeta(this.meta());
      this.syncGame();
      this.reconcileTimers();
    }

    // ── moves ────────────────────────────────────────────────────────────────────────────────────────

    private handleMove(client: Client, move: unknown, ctx: { id?: number; reject(reason: unknown): unknown }) {
      const started = performance.now();
      const seat = this.seatOf(client);
      const answer = (error: MoveError) => {
        movesTotal.inc({ game: game.id, result: 'rejected', reason: error.code });
        moveSeconds.observe({ game: game.id }, (performance.now() - started) / 1000);
        if (ctx.id === undefined) client.send('error', error); // fire-and-forget send: tell the sender anyway
        return ctx.reject(error);
      };
      if (seat === null) return answer({ code: RoomErrors.notSeated, message: 'Spectators cannot move.' });
      if (this.state.status === 'waiting') return answer({ code: RoomErrors.notStarted, message: 'The game has not started: seats are still free.' });
      if (!isMoveShape(move)) return answer({ code: RoomErrors.malformedMove, message: 'A move is an object with a string "type".' });
      if (this.handingOver) return answer({ code: RoomErrors.serverClosing, message: 'This server is handing the game over; rejoin with your seat token.' });
      const result = this.apply(seat, move);
      if (!result.ok) return answer(result.error);
      const reply = { ok: true, seq: this.seq, events: result.events };
      const done = () => {
        movesTotal.inc({ game: game.id, result: 'accepted', reason: '' });
        moveSeconds.observe({ game: game.id }, (performance.now() - started) / 1000);
        return reply;
      };
      // Durable by default: the mover hears "accepted" once Redis holds the move (unless Redis is away,
      // in which case the game goes on and the journal catches up).
      if (result.stored && roomSettings.durability === 'sync') return result.stored.then(done);
      return done();
    }

    /** Applies one move of any actor; on success updates state, log, clients and timers. */
    apply(actor: Actor, move: unknown): { ok: true; events: GameEvent[]; stored: Promise<void> | null } | { ok: false; error: MoveError } {
      let result;
      try {
        result = game.applyMove(this.engineState, actor, move);
      } catch (err) {
        this.log.error({ err, actor, move }, 'engine threw on a move');
        return { ok: false, error: { code: RoomErrors.engineError, message: 'The server could not apply this move; the game goes on.' } };
      }
      if (!result.ok) return result;
      this.engineState = result.state;
      this.moveLog.push({ actor, move });
      this.seq++;
      const stored = this.journalMove(actor, move);
      this.timers.get(actor)?.timer.clear();
      this.timers.delete(actor);
      this.projectionStale = true; // projected once per patch, however many moves arrive in between
      if (result.events.length) this.broadcast('events', { seq: this.seq, actor, events: result.events });
      this.reconcileTimers();
      return { ok: true, events: result.events, stored };
    }

    /** Appends a move to the journal; resolves when stored (or when the wait is given up: see below). */
    private journalMove(actor: Actor, move: unknown): Promise<void> | null {
      if (!this.journal || this.journal.fenced) return null;
      const wasBehind = this.journal.behind;
      const state = this.engineState;
      const stored = this.journal.append({ actor, move }, () => state);
      if (wasBehind) return null; // Redis is away: do not make every move wait for it; the journal catches up
      return stored.then((ok) => {
        if (!ok && !this.journal!.fenced) {
          this.log.warn('journal behind: Redis is not storing moves; the game goes on in memory');
          this.broadcast('events', { seq: this.seq, actor: SYSTEM, events: [{ type: 'durability', durable: false }] });
        }
      });
    }

    /** The seat's bot picks a move from the seat's own view. */
    private botMove(seat: Seat) {
      const legal = game.legalMoves(this.engineState, seat);
      if (legal.length === 0) return;
      let move;
      try {
        move = game.bot(game.viewFor(this.engineState, seat), legal, this.botRandom, seat);
      } catch (err) {
        this.log.error({ err, seat }, 'bot threw; playing its first legal move');
        move = legal[0];
      }
      const r = this.apply(seat, move);
      if (!r.ok) {
        this.log.error({ seat, move, error: r.error }, 'bot move rejected; playing the first legal move');
        this.apply(seat, legal[0]);
      }
    }

    /**
     * Keeps exactly one timer per actor that must act: SYSTEM after the engine's delay, bot-driven seats
     * after the bot pause, humans after the turn clock (if any). A timer survives other actors' moves,
     * so a bet does not delay the next roll and a simultaneous step does not reset anyone's clock.
     */
    reconcileTimers() {
      const active = this.state.status === 'playing' && !this.handingOver ? game.activeActors(this.engineState) : [];
      for (const [actor, entry] of this.timers) {
        const stale = !active.includes(actor) || (entry.kind === 'clock' && this.botDriven(actor)) || (entry.kind === 'bot' && !this.botDriven(actor));
        if (stale) {
          entry.timer.clear();
          this.timers.delete(actor);
        }
      }
      for (const actor of active) {
        if (this.timers.has(actor)) continue;
        if (actor === SYSTEM) {
          const ms = game.systemDelayMs?.(this.engineState, this.table.options) ?? 0;
          this.schedule(actor, 'system', ms, () => {
            const [move] = game.legalMoves(this.engineState, SYSTEM);
            if (move) this.apply(SYSTEM, move);
          });
        } else if (this.botDriven(actor)) {
          this.schedule(actor, 'bot', roomSettings.botDelayMs, () => this.botMove(actor));
        } else if (this.table.turnSeconds > 0 && !active.includes(SYSTEM)) {
          // (Beside an active SYSTEM a seat's move is optional — a bet during a race, a declaration during
          // the deal — so no clock forces one.)
          this.schedule(actor, 'clock', this.table.turnSeconds * 1000, () => {
            this.broadcast('events', { seq: this.seq, actor, events: [{ type: 'turnTimeout', seat: actor }] });
            this.botMove(actor);
          });
        }
      }
      const clocks = [...this.timers.values()].filter((t) => t.kind === 'clock').map((t) => t.deadline);
      this.state.turnDeadline = clocks.length ? Math.min(...clocks) : 0;
    }

    private schedule(actor: Actor, kind: 'system' | 'bot' | 'clock', ms: number, run: () => void) {
      const timer = this.clock.setTimeout(() => {
        this.timers.delete(actor);
        try {
          run();
        } catch (err) {
          this.log.error({ err, actor, kind }, 'timed action failed');
        }
      }, ms);
      this.timers.set(actor, { timer, deadline: Date.now() + ms, kind });
    }

    // ── projection into the synced state ────────────────────────────────────────────────────────────

    syncSeats() {
      this.seatRecords.forEach((r, seat) => {
        const s = this.state.seats[seat]!;
        s.name = r.name;
        s.taken = r.bot || r.sessionId !== null || r.vacated;
        s.connected = r.bot || r.connected;
        s.bot = this.botDriven(seat);
      });
    }

    /** Colyseus calls this before each patch (every 50 ms): one projection for all moves since the last. */
    override onBeforePatch() {
      if (this.projectionStale) this.syncGame();
    }

    syncGame() {
      this.projectionStale = false;
      const s = this.engineState;
      mirror(this.state.table, game.viewFor(s, SPECTATOR).public);
      const active = game.activeActors(s);
      const seats = active.filter((a: Actor) => a >= 0);
      if (this.state.activeSeats.join() !== seats.join()) {
        this.state.activeSeats.clear();
        this.state.activeSeats.push(...seats);
      }
      for (let seat = 0; seat < this.table.seats; seat++) {
        const mine = this.state.private.get(String(seat))!;
        const created: Schema[] = [];
        mirror(mine.view, game.viewFor(s, seat).private ?? {}, '$', created);
        if (created.length) this.showToSeat(seat, created);
        const legal = active.includes(seat) ? game.legalMoves(s, seat).map((m: unknown) => JSON.stringify(m)) : [];
        mirror(mine, { legalMoves: legal });
      }
      if (active.length === 0 && this.state.status !== 'over') this.finish();
    }

    /** Objects created inside a seat's private view become visible to that seat's client. */
    private showToSeat(seat: Seat, objects: Schema[]) {
      const sessionId = this.seatRecords[seat]!.sessionId;
      const view = sessionId ? this.clients.getById(sessionId)?.view : undefined;
      if (view) for (const obj of objects) view.add(obj);
    }

    private finish() {
      const outcome = game.outcome(this.engineState);
      this.state.status = 'over';
      this.state.seed = this.seed; // reveal: anyone can now replay every die, shuffle and deal
      this.journal?.finish({ ...this.record(), result: outcome });
      if (outcome) {
        mirror(this.state.result, {
          winners: outcome.winners,
          standings: outcome.standings.map((st) => ({ ...st, team: st.team ?? -1 })),
          details: outcome.details ?? '',
        });
      }
      this.log.info({ winners: outcome?.winners, moves: this.moveLog.length }, 'game over');
      this.broadcast('events', { seq: this.seq, actor: SYSTEM, events: [{ type: 'gameOver', winners: outcome?.winners ?? [] }] });
      if (this.closing) this.clock.setTimeout(() => void this.disconnect(4001), 1000);
    }

    /** Everything needed to replay this game: options, seed and every accepted move. */
    record(): GameRecord {
      return { game: game.id, roomId: this.roomId, options: this.table.options, seats: this.table.seats, seed: this.seed, moves: this.moveLog };
    }
  };
}

/** The published commitment to a seed: SHA-256 of its text, hex. */
export function seedCommitment(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

/** Spectators and seat-token holders are guests: they never take a free seat. */
function isPlayerJoin(opts: unknown): boolean {
  const o = (opts ?? {}) as JoinOptions;
  return !o.spectator && !o.seatToken;
}
