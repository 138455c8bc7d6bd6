/**
 * The one generic room: drives any engine of the contract (src/core/game.ts) for real clients.
 *
 * Each job has its own module, so "where is X decided" is one step away:
 *   seats.ts       seats ↔ sessions, seat tokens, guests, bots in seats, seats offered to the queue
 *   invite-code.ts  a private table's invite code: drawn, published, shown to its players, who may sit by it
 *   reclaim-wait.ts  how long a table stays open for players who are away (a recovered game, the last one gone)
 *   timers.ts      SYSTEM moves on the room clock, bot moves, turn clocks
 *   moves.ts       move requests from clients and applying any actor's move
 *   requests.ts    the other requests: legal moves, the record, the latest events, starting now with bots
 *   journal.ts     the move log, the record, the durable Redis journal and recovery replay
 *   projection.ts  engine views into the delta-synced schema
 *   history.ts     the latest events messages sent, for a client arriving mid-game
 *   shared-frames.ts  one handshake per game, one patch frame for the clients with no private change
 *   patch-clock.ts  one process-wide timer that sends every table's patches, passing quiet tables by
 *   shutdown.ts    SIGTERM handover or grace, letting a game go to a peer (handover, fenced copy), disposal
 * This file wires them into a Colyseus room and owns the table's life: created, started, over.
 *
 * A game's room file is a few lines: `defineEngineRoom(game, RoomState)`.
 */
import { randomBytes } from 'node:crypto';
import { ClientState, CloseCode, Protocol, Room, ServerError, ErrorCode, type Client, type ClientPrivate, type AuthContext } from '@colyseus/core';
import { Encoder, type Schema } from '@colyseus/schema';
import { SYSTEM, type AnyGame } from '../src/core/game.ts';
import { recordedGenerator, seedFor, type Generator } from '../src/core/rng.ts';
import { SeatState } from '../schema/common.ts';
import { liveRooms } from '../src/server/metrics.ts';
import { boundedField, dueLine, PROTOCOL_CODE_MASK, readableFrame, warnClientFault } from '../src/server/client-faults.ts';
import { reservationTaken } from '../src/server/unused-reservations.ts';
import { commitmentOf } from '../src/server/verify.ts';
import type { StoredGame } from '../src/server/game-store.ts';
import { JoinOptions, tableConfig, type TableConfig } from './join-options.ts';
import { recoveries, roomSettings } from './settings.ts';
import { InviteCode } from './invite-code.ts';
import { listingNotWritten, Seats } from './seats.ts';
import { Timers } from './timers.ts';
import { Moves, RoomErrors, refuse, type MessageContext } from './moves.ts';
import { TableJournal, asPlayed, replayStored, storedPrivate, type StoredMeta } from './journal.ts';
import { Projection } from './projection.ts';
import { shareHandshake, shareUnchangedViews, type SchemaSerializing } from './shared-frames.ts';
import { detachColyseusTimer, fromNow, nextTimerIn, startPatching, stopPatching, wake as wakeTable } from './patch-clock.ts';
import { beforeShutdown, close, dispose } from './shutdown.ts';
import { ReclaimWait } from './reclaim-wait.ts';
import { ActingListing } from './acting-listing.ts';
import { EventHistory } from './history.ts';
import { serveRequests } from './requests.ts';
import type { EventsMessage, PrivateSeat, Table, TableState } from './table.ts';

// Whole-state encodes of the larger games (Great Western Trail) exceed the 8 KiB default buffer: every game's room,
// and a table without one (offline-table.ts: the warm-up, the projection benchmark), encodes with 64 KiB.
Encoder.BUFFER_SIZE = 64 * 1024;

export { RoomErrors } from './moves.ts';
export type { StoredMeta, GameRecord } from './journal.ts';

/** The frames a client that has not confirmed its join may send: the confirmation, or leaving. */
const CONFIRMING = new Set<number>([Protocol.JOIN_ROOM, Protocol.LEAVE_ROOM]);
type SchemaClass = new () => Schema;

/** When each connection's current one-second window of messages ends, by the wall clock (see countedByWallClock). */
const messageWindowEnds = new WeakMap<Client, number>();

/**
 * Colyseus counts a connection's messages (maxMessagesPerSecond) in one-second windows of the room's clock, which
 * moves only when the table is patched, a quiet table's up to a second late: a window could then last up to two
 * seconds (a client within the limit every second was cut off as a flooder) or end as it began (a flooder had two
 * windows' worth at once). Called before Colyseus reads each message: it opens a window exactly when a second of
 * the wall clock has passed since the last one opened, and counts the message in the current one otherwise.
 */
function countedByWallClock(client: Client) {
  const now = Date.now();
  const opens = now >= (messageWindowEnds.get(client) ?? 0);
  if (opens) messageWindowEnds.set(client, now + 1000);
  (client as Client & ClientPrivate)._messageCountResetsAt = opens ? -Infinity : Infinity;
}

/** The schema encoder's root, as far as waking a table on a change goes. */
type StateRoot = { changes: { next?: unknown }; enqueueChangeTree(tree: unknown, node?: unknown): void };

/**
 * Wakes the table at the first change queued since its last patch. A function of its own, apart from the room's
 * methods: a closure made there would share their scope, and with it the room, whatever it names itself.
 */
function wakeOnStateChange(root: StateRoot, table: WeakRef<{ wake(): void }>) {
  const enqueue = root.enqueueChangeTree.bind(root);
  root.enqueueChangeTree = (tree, node) => {
    if (root.changes.next === undefined) table.deref()?.wake();
    enqueue(tree, node);
  };
}

export type EngineRoomClass = ReturnType<typeof defineEngineRoom>;

/** Builds the Colyseus room class for one game. */
export function defineEngineRoom(game: AnyGame, schemas: { RoomState: SchemaClass; SeatPrivate: SchemaClass }) {
  return class EngineRoom extends Room {
    /** The game's synced state and private-seat classes (also what an offline table uses: offline-table.ts). */
    static readonly schemas = schemas;
    declare state: TableState;
    readonly game = game;
    readonly gameId = game.id;
    table!: TableConfig;
    creator: string | null = null;
    queued = false;
    seed = '';
    rng: Generator = 'chacha20';
    engineState: unknown;
    log = roomSettings.logger;
    /** The process is shutting down: close the table as soon as its game ends. */
    closing = false;
    /** Shutting down with the game journaled: a peer takes it over, so it must not be forgotten. */
    handingOver = false;
    /** Colyseus' serializer of this room's state (`_serializer`, set with the state in onCreate). */
    private serializer!: SchemaSerializing;

    readonly seats: Seats = new Seats(this.asTable());
    readonly inviteCode: InviteCode = new InviteCode(this.asTable());
    readonly timers: Timers = new Timers(this.asTable());
    readonly moves: Moves = new Moves(this.asTable());
    readonly journal: TableJournal = new TableJournal(this.asTable());
    readonly projection: Projection = new Projection(this.asTable());
    readonly reclaimWait: ReclaimWait = new ReclaimWait(this.asTable());
    /** Whose turn it is, in the lobby's listing (acting-listing.ts). */
    private readonly acting = new ActingListing((acting) => this.list({ acting }), (run, ms) => this.clock.setTimeout(run, ms));
    /** The latest `events` messages sent, for the `history` request. */
    history = new EventHistory();

    /** Runs in the matchmaking request, before any room is found or created: bad options fail fast. */
    static override async onAuth(_token: string, options: Record<string, unknown>, _ctx: AuthContext) {
      const parsed = JoinOptions.safeParse(options ?? {});
      if (!parsed.success) {
        throw new ServerError(ErrorCode.APPLICATION_ERROR, `core/bad-options: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      }
      // A spectator here creates its table (a join by id with a seat token or as a spectator is the front door's,
      // src/server/guest-seat.ts). A private table's invite code reaches its seated players only: one a spectator
      // creates with a seat for a player would wait for players who could never sit (invite-code.ts). A private
      // table of bots only is watched so.
      if (parsed.data.spectator && parsed.data.private && !parsed.data.seatToken) {
        const table = tableConfig(game, parsed.data);
        if ('problem' in table) throw new ServerError(ErrorCode.APPLICATION_ERROR, `core/bad-options: ${table.problem}`);
        if (table.bots < table.seats) {
          throw new ServerError(ErrorCode.APPLICATION_ERROR, `core/bad-options: a private table with seats for players (seats ${table.seats}, bots ${table.bots}) is created by one of its players: its invite code reaches its seated players only, so nobody could take those seats; create it without spectator: true, or with every seat a bot's to watch bots play`);
        }
      }
      if (parsed.data.spectator || parsed.data.seatToken) return true;
      const table = tableConfig(game, parsed.data);
      if ('problem' in table) throw new ServerError(ErrorCode.APPLICATION_ERROR, `core/bad-options: ${table.problem}`);
      // Else the table would be made (a bot game started), then the player refused: a table of bots only is
      // watched, created by a spectator.
      if (table.bots >= table.seats) throw new ServerError(ErrorCode.APPLICATION_ERROR, `core/bad-options: every seat is a bot's (bots ${table.bots}, seats ${table.seats}); to watch bots play, create the table with spectator: true`);
      options.table = table.key; // joinOrCreate filters on it: same size, same rules
      return true;
    }

    override async onCreate(options: JoinOptions & { recover?: string }) {
      // First, before anything may throw: a table refused here is disposed by Colyseus, and its own patch
      // timer (which calls this room's broadcastPatch) would otherwise outlive it and throw unattended.
      detachColyseusTimer(this);
      // A game of a dead process, claimed by this one: same room id, state rebuilt from the journal.
      const loaded = options.recover && recoveries.has(options.recover) ? await roomSettings.store?.load<StoredMeta>(options.recover) : null;
      const stored = loaded ? asPlayed(game, loaded) : null;
      const table = stored ? stored.meta.table : tableConfig(game, JoinOptions.parse(options));
      if ('problem' in table) throw new ServerError(ErrorCode.APPLICATION_ERROR, `core/bad-options: ${table.problem}`);
      this.table = table;
      this.creator = stored ? (stored.meta.creator ?? null) : (options.creator ?? null);
      this.queued = (stored ? stored.meta.queued : options.queued) ?? false;
      this.log = roomSettings.logger.child({ roomId: this.roomId, game: game.id });
      this.maxClients = table.seats + roomSettings.maxSpectators;
      this.maxMessagesPerSecond = roomSettings.maxMessagesPerSecond;
      this.seed = stored?.meta.seed ?? randomBytes(16).toString('hex');
      if (stored) this.rng = recordedGenerator(stored.meta.rng);
      // A recovered game's history is its moves' events since the snapshot it resumes from: the older ones, and
      // the room's own (a turn's timeout), went with the process that sent them.
      if (stored) this.history = new EventHistory((stored.snapshot?.seq ?? 0) === 0);
      this.engineState = stored ? replayStored(game, stored, (message) => this.history.add(message)) : game.setup(table.options, table.seats, seedFor(this.seed, this.rng));

      this.state = new schemas.RoomState() as TableState;
      this.serializer = (this as unknown as { _serializer: SchemaSerializing })._serializer;
      shareHandshake(this.serializer, schemas.RoomState);
      shareUnchangedViews(this.serializer.encoder);
      this.state.game = game.id;
      this.state.seedCommitment = commitmentOf(this.seed); // provably fair: the seed is fixed before any move
      this.seats.init(table.seats, table.bots, stored?.meta.seats);
      const teams = game.teams?.(this.engineState);
      for (let seat = 0; seat < table.seats; seat++) {
        const seatState = new SeatState();
        seatState.team = teams?.[seat] ?? -1;
        this.state.seats.push(seatState);
        const privateSeat = new schemas.SeatPrivate() as PrivateSeat;
        privateSeat.seat = seat;
        this.state.private.set(String(seat), privateSeat);
      }

      this.guardMessages();
      this.sendFullStatesSettled();
      serveRequests(this.asTable(), () => this.history);

      this.setMetadata({ table: table.key, seats: table.seats, game: game.id, started: false });
      this.seats.guardReservations();
      liveRooms.add(this);
      this.wakeOnActivity();
      startPatching(this);
      if (stored) {
        this.resume(stored);
      } else {
        // Made private before the journal's first save, which says so: a table recovered without its code
        // (not drawn yet, or not saved yet) is private all the same.
        if (options.private) void this.inviteCode.makePrivate().catch(listingNotWritten(this.asTable()));
        this.journal.open();
        this.projection.syncSeats();
        this.startIfFull();
      }
    }

    /** Picks up a recovered game: players get RECONNECT_SECONDS to come back with their seat tokens (reclaim-wait.ts). */
    private resume(stored: StoredGame<StoredMeta>) {
      this.journal.resume(stored);
      if (storedPrivate(stored.meta)) void this.inviteCode.resumePrivate(stored.meta.invite).catch(listingNotWritten(this.asTable()));
      this.state.status = stored.meta.status === 'waiting' ? 'waiting' : 'playing';
      if (this.state.status === 'playing') this.list({ started: true });
      this.reclaimWait.recovered();
      this.log.info({ moves: this.journal.seq, fromSnapshot: stored.snapshot?.seq ?? 0 }, 'game recovered');
      this.seats.syncLock(); // a running game takes no new players: out of matchmaking before anyone asks
      this.projection.syncSeats();
      this.sync();
      this.timers.reconcile();
      // Stored by a process whose limit was higher: ended here before anyone may move.
      if (this.journal.seq >= roomSettings.maxGameMoves) this.reachedMoveLimit();
    }

    clientCount() {
      return this.clients.length;
    }

    /** Why a join with these options would be refused whoever else comes or goes; asked by the front door over the presence once its reservation was refused. */
    refusalOf(options: unknown): string | null {
      return this.seats.refusalOf(options);
    }

    // ── the table's life ─────────────────────────────────────────────────────────────────────────────

    /** The one place a game starts: every seat taken, by a bot or a player who is here (Seats.readyToStart). */
    startIfFull() {
      if (this.state.status !== 'waiting' || this.handingOver || !this.seats.readyToStart()) return;
      this.state.status = 'playing';
      this.seats.forgetWishes();
      // The commitment only: the seed would let a log reader replay every hidden hand. It is logged at the end.
      this.log.info({ seedCommitment: this.state.seedCommitment }, 'game started');
      this.list({ started: true });
      this.seats.syncLock();
      this.journal.saveMeta();
      this.sync();
      this.timers.reconcile();
    }

    /**
     * What the lobby's list says of the table beside its seats: `started` (a locked table has not started when
     * every free seat is promised, or its players filled it with bots and one left), `over` and `acting` (the seats
     * that must act, acting-listing.ts). A copy letting its game go writes nothing. (setMetadata replaces the listing's
     * metadata: spread it.)
     */
    private list(change: { started?: true; over?: true; acting?: number[] }) {
      if (!this.handingOver) void this.setMetadata({ ...this.metadata, ...change }).catch(listingNotWritten(this.asTable()));
    }

    /** Projects the engine state; the game ends when no actor is left. */
    sync() {
      this.state.seq = this.journal.seq;
      if (this.projection.syncGame() && this.state.status !== 'over') this.finish();
      else if (this.state.status === 'playing') this.acting.show(this.projection.activeSeats);
    }

    /**
     * The game reached the server's move limit (MAX_GAME_MOVES) unfinished: it ends as a game over without
     * winners (its engine has no outcome yet), after everyone is told why, and its record says so. Its last
     * move may have ended it anyway: then it finishes as any game.
     */
    reachedMoveLimit() {
      if (this.state.status !== 'playing' || game.activeActors(this.engineState).length === 0) return;
      const moves = this.journal.seq;
      this.journal.stoppedAt = moves;
      this.log.warn({ moves }, 'game stopped at the move limit');
      this.announce({ seq: moves, actor: SYSTEM, events: [{ type: 'moveLimit', limit: moves }] });
      this.finish();
    }

    private finish() {
      const outcome = game.outcome(this.engineState);
      this.state.status = 'over';
      this.state.seed = this.seed; // reveal: anyone can now replay every die, shuffle and deal
      this.journal.finish(outcome);
      if (outcome) this.projection.showResult(outcome);
      // Now public like the seed: moves the engine threw on or a bot got wrong, whole (during play only their outline).
      const faulty = this.moves.faulty.length ? { faultyMoves: this.moves.faulty } : {};
      this.log.info({ winners: outcome?.winners, moves: this.journal.seq, seed: this.seed, ...faulty }, 'game over');
      this.acting.stop();
      this.list({ over: true, acting: [] }); // the lobby's list shows it finished
      this['_events'].emit('finished'); // no longer one of its creator's open tables (front-door.ts), though it stays a while
      this.announce({ seq: this.journal.seq, actor: SYSTEM, events: [{ type: 'gameOver', winners: outcome?.winners ?? [] }] });
      if (this.closing) this.clock.setTimeout(() => void close(this.asTable(), 4001), 1000);
      else this.reclaimWait.overLeft(); // its players gone before the end: its spectators hold it a while only
    }

    // ── Colyseus hooks, each handed to its module ───────────────────────────────────────────────────

    override hasReachedMaxClients(): boolean {
      return this.seats.reachedMax();
    }

    /**
     * Colyseus unlocks a room itself (passing an argument) whenever anyone leaves or a reservation
     * expires, without asking about seats: a spectator leaving a full table would put it back in
     * matchmaking, where every joinOrCreate picks it and fails "already full". It stays locked while
     * no player seat is free; Seats.syncLock unlocks it when one frees up.
     */
    override unlock(...internal: unknown[]): Promise<void> {
      if (internal.length && !this.seats.playerSeatFree()) return Promise.resolve();
      return (super.unlock as (...args: unknown[]) => Promise<void>).apply(this, internal);
    }

    override onJoin(client: Client, options: JoinOptions) {
      const reservedBy = reservationTaken(client.sessionId); // it holds no seat from now on, whatever the join's outcome
      return this.seats.join(client, options, reservedBy);
    }

    override onDrop(client: Client) {
      this.seats.drop(client, (c, s) => Promise.resolve(this.allowReconnection(c, s)));
    }

    override onReconnect(client: Client) {
      this.seats.reconnect(client);
    }

    /**
     * Asked with the token of a connection still open, Colyseus closes that connection and promises its session
     * back, counting on the drop to hold it; only a seat is held (Seats.drop), so a spectator's, or a holder's whose
     * seat was taken back, was closed and then refused at the WebSocket. It is refused at once instead (409
     * core/reconnect-expired), the connection left open.
     */
    override checkReconnectionToken(reconnectionToken: string): string {
      const open = this.clients.find((c) => c.reconnectionToken === reconnectionToken);
      // (Declared `string`, Colyseus' own answers undefined for a token it does not know: matchmaking's 409.)
      if (open && this.seats.seatOf(open) === null) return undefined as unknown as string;
      return super.checkReconnectionToken(reconnectionToken);
    }

    override onLeave(client: Client) {
      this.seats.leave(client);
      this.reclaimWait.left();
    }

    // ── what clients receive, and when ──────────────────────────────────────────────────────────────

    /** `events` messages of moves not yet projected: they go out right after the patch that shows them. */
    private announced: EventsMessage[] = [];

    /**
     * `events` go out right after the next patch (at most 50 ms on), in order, so a client receives a
     * move's events with the state that shows the move, in the same socket write
     * (src/server/coalesce-writes.ts). Sent at once, they cost each client of the table a write per
     * move: a table's bets after a roll arrive over several event-loop turns.
     */
    announce(message: EventsMessage) {
      this.announced.push(message);
      this.wake();
    }

    /**
     * Sends the pending patch and events now, without running the room clock: the table is about to
     * close its connections (a fenced copy must not roll dice the game's owner never rolled).
     */
    flush() {
      this.sendPatch();
    }

    /**
     * The patch clock (patch-clock.ts) runs this every 50 ms while the table has something to do.
     * Returns how long the table is quiet unless woken: nothing pending, only the room clock's next
     * timer to wait for.
     */
    patch(): number {
      this.broadcastPatch();
      if (this.announced.length > 0 || this.projection.stale || !this.nothingToSend()) return 0;
      return nextTimerIn(this.clock);
    }

    /** The table has something to patch: the patch clock looks at it again at its next tick. */
    wake() {
      wakeTable(this);
    }

    /**
     * A joining client's whole state is encoded with nothing pending, and its first patch holds none of it again:
     * the changes not yet patched go to the other clients first, and what its view's additions (its seat's private
     * entry) would send is dropped once the whole state holds it. Sent twice, @colyseus/schema reads an array
     * entry's ADD at an index the client holds already as an insertion when the value changed meanwhile: a player
     * whose join started a Tractor game saw five hand counts once a card was dealt, and one taking its seat back
     * could see cards twice in its hand.
     */
    private sendFullStatesSettled() {
      const room = this as unknown as { sendFullState(client: Client): void };
      const sendFullState = room.sendFullState.bind(this);
      room.sendFullState = (client) => {
        if (this.serializer.encoder.hasChanges) {
          client.state = ClientState.JOINING; // left out of this patch; its events wait for its state in Colyseus' queue
          try {
            this.sendPatch();
          } finally {
            client.state = ClientState.JOINED;
          }
        }
        sendFullState(client);
        client.view?.changes.clear();
      };
    }

    /**
     * A fault of the server's that a client's message reaches must not end the process (Colyseus lets a
     * message handler's throw go uncaught): the client is told, this table and every other one go on, and
     * one line per window is logged. A request is refused so too, its handler's throw or rejection alike:
     * Colyseus would answer it with the error's own name and words, and log its stack at every request.
     * A frame is read as readableFrame gives it: a type that is not UTF-8 with replacement characters, a
     * payload that does not decode as none (a move without one is malformed). Called before any handler is
     * registered.
     */
    private guardMessages() {
      const register = this.onMessage.bind(this) as (type: string | number, ...rest: unknown[]) => unknown;
      (this as unknown as { onMessage: typeof register }).onMessage = (type, ...rest) => {
        const handler = rest.pop() as (...args: unknown[]) => unknown;
        // Nothing more on a message's way than the try: what a failure needs is worked out when one comes.
        const handle = (args: unknown[]) => {
          try {
            const answer = handler(...args);
            return answer instanceof Promise ? answer.catch((err: unknown) => this.messageFailed(args, err)) : answer;
          } catch (err) {
            return this.messageFailed(args, err);
          }
        };
        // Read as this process wakes from a stall long enough for a peer to have taken the game over: handled once it
        // knows (in order: each waits for the same check), so that a copy the peer took refuses what it would apply.
        const guarded = (...args: unknown[]) => {
          const unsure = this.journal.wokenUnsure();
          return unsure ? unsure.then(() => handle(args)) : handle(args);
        };
        return register(type, ...rest, guarded);
      };
      const room = this as unknown as { _onMessage(client: Client, buffer: unknown): unknown };
      const onMessage = room._onMessage.bind(this);
      room._onMessage = (client, buffer) => {
        // Before it confirms its join a client has nothing to say but that (or goodbye): what Colyseus would
        // answer it is held in memory until it confirms, which a hostile one never does.
        if (client.state === ClientState.JOINING && buffer instanceof Uint8Array) {
          const code = buffer[0]! & PROTOCOL_CODE_MASK;
          if (!CONFIRMING.has(code)) return;
          if (code === Protocol.JOIN_ROOM) this.confirmed(client);
        }
        countedByWallClock(client);
        try {
          const read = onMessage(client, buffer instanceof Uint8Array ? this.readable(buffer) : buffer);
          // Past maxMessagesPerSecond Colyseus has just dropped the client, to close it with 4002 and no reason once
          // it has left: closed now with one, a client tells flooding from a join never confirmed (seats.ts).
          if (((client as Client & ClientPrivate)._numMessagesLastSecond ?? 0) > this.maxMessagesPerSecond) client.leave(CloseCode.WITH_ERROR, 'core/rate-limited');
          return read;
        } catch (err) {
          this.messageFailed([client], err);
        }
      };
    }

    /**
     * The client confirmed its join, read before Colyseus sends it the state: a table that waited for it starts, so
     * that state shows it started. A fault of the start's is refused as a handler's is, the join going on: thrown
     * here, outside any handler, it would end the process.
     */
    private confirmed(client: Client) {
      try {
        this.seats.confirmed(client);
      } catch (err) {
        this.messageFailed([client], err);
      }
    }

    /**
     * A client's message (a handler's arguments: the client first, then Colyseus' request context among the rest when
     * it is a request, the one with a `reject`) met a fault of the server's: the client is refused `core/internal`,
     * one line is logged a window.
     */
    private messageFailed([client, ...rest]: unknown[], err: unknown) {
      const ctx = (rest.find((a) => typeof (a as { reject?: unknown } | null)?.reject === 'function') as MessageContext | undefined) ?? null;
      const suppressed = dueLine(`message-failed:${this.roomId}`);
      if (suppressed !== null) this.log.error({ error: boundedField(err), at: (err as Error)?.stack?.split('\n').slice(1, 6).join('\n'), suppressed }, 'handling a client message failed; the table goes on');
      return refuse(client as Client, ctx, { code: RoomErrors.internal, message: 'The server could not handle this message.' });
    }

    private readable(buffer: Uint8Array): Uint8Array {
      const { frame, undecodable } = readableFrame(buffer);
      if (undecodable) warnClientFault(this.log, `bad-message:${this.roomId}`, undecodable, 'client sent a message that does not decode');
      return frame;
    }

    /**
     * Whatever may give a quiet table something to send wakes it: a change to its state (the first
     * one queued since the last patch), a client's message (moves, but also requests the room clock
     * must be current for: Colyseus rate-limits messages by that clock), a new timer on its clock
     * (counted from now, see fromNow).
     *
     * The state's root reaches the table only weakly: the schema library keeps each seat's view's root in a
     * finalization registry until that view is collected, and a view is the table's own (its encoder keeps the
     * last one it wrote), so a root holding the table held every closed table, state and all, for good.
     */
    private wakeOnActivity() {
      wakeOnStateChange((this.serializer.encoder as unknown as { root: StateRoot }).root, new WeakRef(this));
      const room = this as unknown as { _onMessage(client: Client, buffer: unknown): unknown };
      const onMessage = room._onMessage.bind(this);
      room._onMessage = (client, buffer) => {
        this.wake();
        return onMessage(client, buffer);
      };
      const clock = this.clock;
      const setTimeout = clock.setTimeout.bind(clock);
      const setInterval = clock.setInterval.bind(clock);
      clock.setTimeout = (handler, ms, ...args) => {
        this.wake();
        return fromNow(clock, setTimeout(handler, ms, ...args));
      };
      clock.setInterval = (handler, ms, ...args) => {
        this.wake();
        return fromNow(clock, setInterval(handler, ms, ...args));
      };
    }

    /**
     * The room clock (SYSTEM moves, bots, turn clocks) runs first, then all moves since the last
     * patch are projected at once, so a move and its events go out in the same patch.
     */
    override broadcastPatch(): boolean {
      // Woken from a stall long enough for a peer to have taken the game over: no timer runs (a bot's move, a roll,
      // a turn clock) until this process knows whether the game is still its own; the clock catches up then.
      if (this.journal.wokenUnsure()) return this.sendPatch();
      this.timers.settle();
      this.clock.tick();
      return this.sendPatch();
    }

    private sendPatch(): boolean {
      if (this.projection.stale) this.sync();
      this.timers.settle();
      if (this.announced.length === 0 && this.nothingToSend()) return false;
      const shown = this.announced;
      this.announced = [];
      const sent = super.broadcastPatch();
      for (const message of shown) {
        this.broadcast('events', message);
        this.history.add(message);
      }
      return sent;
    }

    patchFailed(err: unknown) {
      this.log.error({ err }, 'patch failed; the table is patched again on the next tick');
    }

    private nothingToSend(): boolean {
      if (this.serializer.encoder.hasChanges) return false;
      const clients = this.clients; // (by index: runs on every patch tick, an iterator is garbage)
      for (let i = 0; i < clients.length; i++) {
        const view = clients[i]!.view;
        if (view && view.changes.size > 0) return false;
      }
      return true;
    }

    override async onBeforeShutdown() {
      return beforeShutdown(this.asTable());
    }

    override onDispose() {
      liveRooms.delete(this);
      stopPatching(this);
      if (!this.state) return; // refused in onCreate before it had a state: nothing was made to undo
      return dispose(this.asTable());
    }

    /** This room as its modules see it. */
    private asTable(): Table {
      return this as unknown as Table;
    }
  };
}
