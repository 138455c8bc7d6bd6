/**
 * Seats and sessions: who holds which seat, seat tokens, guests (spectators and token holders), bots
 * that fill or take over seats. The only place session ids exist. (A private table's code: invite-code.ts.)
 */
import { randomBytes } from 'node:crypto';
import { ClientState, CloseCode, ServerError, ErrorCode, type Client, type ClientPrivate } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import type { Seat } from '../src/core/game.ts';
import { JoinOptions } from './join-options.ts';
import { RoomErrors } from './moves.ts';
import { queueKeys, roomSettings, seatHoldSeconds } from './settings.ts';
import type { StoredMeta } from './journal.ts';
import type { Table } from './table.ts';
import { seatHoldLapsed } from '../src/server/unused-reservations.ts';

export interface SeatRecord {
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
  /** Its player asked to start now with bots in the free seats (fillWithBots); not kept in the journal. */
  startNow: boolean;
}

/**
 * A seat is taken while a bot plays it or a player holds its token: here, dropped, left to its bot during the game,
 * or awaited at a recovered table (a session always comes with a token; before the start a leaver's token goes).
 */
export function seatTaken(r: SeatRecord): boolean {
  return r.bot || r.token !== '';
}

type Reservations = Record<string, [unknown, unknown, boolean?, boolean?]>;
/** A seated client's userData: its seat, and the address its reservation was given to (null: not counted). */
type SeatedClient = { seat: Seat; reservedBy: Promise<string | null> };

/** Pending reservations one seat token may hold at once (a reclaim retried, not a flood). */
const MAX_PENDING_PER_TOKEN = 3;
/** The join's refusals of who may never take a seat here, also given instead of a reservation (see refusalOf). */
const BAD_SEAT_TOKEN = 'core/bad-seat-token: no seat at this table has that token';
const INVITE_REQUIRED = 'core/invite-required: this table is private; join with its invite code (`invite`), or watch as a spectator';
/** A WebSocket's readyState while open (a client's, as Colyseus' transport gives it). */
const WS_OPEN = 1;
/** Colyseus' RoomInternalState.DISPOSING: a closing room takes nobody. */
const DISPOSING = 2;
/** Seats offered back to the table queue per table configuration at most (the oldest are dropped; each is tried once). */
export const MAX_OFFERED_SEATS = 256;
/** How long offered seats are kept (with Redis): the tables waiting for them close long before. */
const OFFERED_SEATS_TTL_SECONDS = 600;

export class Seats {
  records: SeatRecord[] = [];
  /** Set while Colyseus makes a reservation this room has already admitted (see reachedMax). */
  private admitted = false;
  /** Session ids of new players' reservations not yet used: one that lapses frees its seat. */
  private readonly promised = new Set<string>();
  /** Joined clients whose confirmation is awaited, with the wait that closes them (awaitConfirmation). */
  private readonly unconfirmed = new Map<Client, ReturnType<typeof setTimeout>>();

  private readonly room: Table;

  constructor(room: Table) {
    this.room = room;
  }

  /** The table's seats at creation: the last `bots` seats are bots; a recovered table keeps its tokens, names and bots. */
  init(seats: number, bots: number, stored?: StoredMeta['seats']) {
    for (let seat = 0; seat < seats; seat++) {
      const saved = stored?.[seat];
      const isBot = saved?.bot ?? seat >= seats - bots; // (a seat filled with bots later says so)
      this.records.push({ token: saved?.token ?? '', name: saved?.name ?? (isBot ? `Bot ${seat + 1}` : ''), sessionId: null, vacated: false, bot: isBot, connected: false, startNow: false });
    }
  }

  /**
   * The seat a client holds: the one it took, while that seat's record still names its session. A holder
   * whose seat was taken back with its token is closed, but a connection that does not answer the close
   * still delivers what it sends until the socket goes (up to ws' close timeout): it moves for no seat.
   */
  seatOf(client: Client): Seat | null {
    const seat = (client.userData as { seat: Seat | null } | undefined)?.seat ?? null;
    return seat !== null && this.records[seat]?.sessionId === client.sessionId ? seat : null;
  }

  /** A seat the bot drives: created as a bot, or left by its player during the game. */
  botDriven(seat: Seat): boolean {
    const r = this.records[seat]!;
    return r.bot || r.vacated;
  }

  /**
   * A seated player would rather start now than wait for others (`fillWithBots`, `agree` false withdraws
   * the wish). Once every seated player wishes it, every free seat not promised to a player
   * joining now is a bot's from here on, as if the table had been created with it (the game starts once
   * the promised seats are taken too), and the table leaves matchmaking for good. One player cannot fill a
   * table of strangers with bots: each of them agrees or leaves. Lowest seats stay free: a joining player
   * takes the lowest free seat. Returns the seats filled, the seats still to agree, or why neither.
   */
  fillWithBots(client: Client, agree: boolean): { seats: Seat[]; waitingFor: Seat[] } | { code: string; message: string } {
    const room = this.room;
    const mine = this.seatOf(client);
    if (mine === null) return { code: RoomErrors.notSeated, message: 'Only a seated player may fill the table with bots.' };
    if (room.handingOver || room.closing || this.disposing()) return { code: RoomErrors.serverClosing, message: 'This table is closing or moving to another server.' };
    if (room.state.status === 'over') return { code: RoomErrors.gameOver, message: 'The game has ended.' };
    if (room.state.status !== 'waiting') return { code: RoomErrors.gameStarted, message: 'The game has started: every seat is taken.' };
    this.records[mine]!.startNow = agree;
    room.projection.syncSeats();
    if (!agree) return { seats: [], waitingFor: this.notAgreed() };
    return this.fillIfAgreed() ?? { seats: [], waitingFor: this.notAgreed() };
  }

  /** The game started: wishes to start now are moot. */
  forgetWishes() {
    for (const r of this.records) r.startNow = false;
    this.room.projection.syncSeats();
  }

  /** Whether every seated player's wish just filled the free seats with bots. */
  private filledByWishes(): boolean {
    const filled = this.fillIfAgreed();
    return filled !== null && !('code' in filled);
  }

  /** Seated players who have not asked to start now (one whose connection dropped too: it may come back). */
  private notAgreed(): Seat[] {
    return this.records.flatMap((r, seat) => (r.sessionId !== null && !r.startNow ? [seat] : []));
  }

  /**
   * Fills the free seats with bots when every seated player asked to (at least one is seated): after a
   * wish, and after a player who had not agreed left. Null while someone has not agreed.
   */
  private fillIfAgreed(): { seats: Seat[]; waitingFor: Seat[] } | { code: string; message: string } | null {
    const room = this.room;
    if (room.state.status !== 'waiting' || room.handingOver || room.closing || this.disposing()) return null;
    if (this.notAgreed().length > 0 || !this.records.some((r) => r.sessionId !== null)) return null;
    const free = this.records.flatMap((s, seat) => (seatTaken(s) ? [] : [seat]));
    const promised = this.pending().filter((opts) => this.kindOf(opts) === 'player').length;
    const seats = free.slice(promised);
    if (seats.length === 0) return { code: RoomErrors.noFreeSeat, message: 'Every free seat is promised to a player joining now.' };
    for (const seat of seats) Object.assign(this.records[seat]!, { bot: true, name: `Bot ${seat + 1}` });
    room.log.info({ seats }, 'free seats filled with bots');
    room.journal.saveMeta();
    // The wishes stand until the game starts (startIfFull forgets them): a seat that comes free again meanwhile (a
    // player away who does not come back, a promised reservation that lapses) is a bot's too.
    room.projection.syncSeats();
    this.syncLock(); // out of matchmaking
    room.startIfFull();
    return { seats, waitingFor: [] };
  }

  /**
   * Some seat became a bot's after creation (fillWithBots): the table is its players' own from then on, out
   * of matchmaking and the queue even if a seat comes free again — else a stranger asking for a table
   * without bots would be seated at one and started at once. The players still there fill it again.
   */
  private filledWithBots(): boolean {
    const { seats, bots } = this.room.table;
    return this.records.some((r, seat) => r.bot && seat < seats - bots);
  }

  /** A player holds a seat here now (connected, or dropped and held for a reconnection). */
  playerHere(): boolean {
    return this.records.some((r) => r.sessionId !== null);
  }

  /** A seat's token holder has a reservation not yet used: a player on their way back. */
  holderComing(): boolean {
    return this.pending().some((opts) => this.kindOf(opts) === 'holder');
  }

  /**
   * Every seat has a player or a bot, and every seated player is here — connected, their join (or reconnection)
   * confirmed: the game may start. A player whose connection dropped holds the seat a short while (holdSeconds),
   * and one who has not confirmed is closed after joinConfirmMs, but the table waits for them to be here (or for
   * the seat to come free): else absent players would start other people's tables, to be played by bots.
   */
  readyToStart(): boolean {
    return this.records.every((s) => s.bot || (s.sessionId !== null && s.connected && this.confirmedHere(s.sessionId)));
  }

  /** The session's client is in the room and has confirmed its join or reconnection. */
  private confirmedHere(sessionId: string): boolean {
    const client = this.room.clients.getById(sessionId);
    return client !== undefined && !this.unconfirmed.has(client);
  }

  /**
   * The client confirmed its join or reconnection (Colyseus sends it the state next): a seated player now here
   * may start the table, which then shows started in that state.
   */
  confirmed(client: Client) {
    // Closed for not confirming in time (awaitConfirmation), a client that does not answer the close still delivers what
    // it sends until its socket goes (up to ws' close timeout): a confirmation then is not one, it stays awaited.
    if (!this.unconfirmed.has(client) || (client as Client & ClientPrivate).readyState !== WS_OPEN) return;
    this.confirmationNotAwaited(client);
    if (this.seatOf(client) !== null) this.room.startIfFull();
  }

  /**
   * What Colyseus asks before and after every reservation. Before a reservation (admission) the answer
   * was already given by the reservation guard (see guardReservations). Otherwise (locking) it is
   * whether no player seat is free: the room leaves matchmaking exactly then.
   */
  reachedMax(): boolean {
    if (this.admitted) {
      this.admitted = false; // one-shot: the next question is Colyseus deciding whether to lock
      return false;
    }
    return !this.playerSeatFree();
  }

  /**
   * A new player could take a seat: the game has not started, the table was not filled with bots, and some
   * seat is neither taken nor promised.
   */
  playerSeatFree(): boolean {
    const room = this.room;
    if (!room.table || !room.state) return true; // still in onCreate
    if (room.state.status !== 'waiting' || this.filledWithBots()) return false;
    const pendingPlayers = this.pending().filter((opts) => this.kindOf(opts) === 'player').length;
    return this.records.filter(seatTaken).length + pendingPlayers < room.table.seats;
  }

  /**
   * Who gets a reservation: a new player while a seat is free; a seat's token holder always (a few
   * pending reservations per token); spectators while fewer than MAX_SPECTATORS watch or are about to; nobody the
   * join would refuse (told why by refusalOf instead: such requests, however many, take no place anyone could have).
   */
  admits(opts: unknown): boolean {
    const kind = this.kindOf(opts);
    if (kind === 'player') return this.playerSeatFree();
    if (kind === 'holder') {
      const token = (opts as JoinOptions).seatToken;
      return this.pending().filter((o) => (o as JoinOptions).seatToken === token).length < MAX_PENDING_PER_TOKEN;
    }
    if (kind === 'refused') return false;
    const watching = this.room.clients.filter((c) => this.seatOf(c) === null);
    const coming = this.pending().filter((o) => this.kindOf(o) === 'spectator');
    if (watching.length + coming.length >= roomSettings.maxSpectators) return false;
    // One address may not take every place: the guest seat names the address it was asked from.
    const watcher = (opts as JoinOptions).watcher;
    if (!watcher || roomSettings.maxSpectatorsPerAddress <= 0) return true;
    const theirs =
      watching.filter((c) => (c.userData as { watcher?: string } | undefined)?.watcher === watcher).length + coming.filter((o) => (o as JoinOptions).watcher === watcher).length;
    return theirs < roomSettings.maxSpectatorsPerAddress;
  }

  /**
   * Why this table refuses a join with these options whoever else comes or goes (a seat token no seat holds, a new
   * player at a private table without its code), as its join would; null when it does not. Asked by the front door
   * once a reservation was refused, to answer with the reason rather than "full".
   */
  refusalOf(opts: unknown): string | null {
    if (this.kindOf(opts) !== 'refused') return null;
    return joinKind(opts) === 'holder' ? BAD_SEAT_TOKEN : INVITE_REQUIRED;
  }

  /**
   * Like joinKind, but a token no seat has, and a new player at a private table without its invite code, are
   * `refused`. A pending reservation's kind is what it is now: one of several reclaims racing is refused at the
   * join once the first spent the token.
   */
  private kindOf(opts: unknown): 'player' | 'holder' | 'spectator' | 'refused' {
    const kind = joinKind(opts);
    if (kind === 'player') return this.room.inviteCode.admits(opts as JoinOptions) ? 'player' : 'refused';
    if (kind !== 'holder') return kind;
    const token = (opts as JoinOptions).seatToken;
    return this.records.some((r) => r.token === token) ? 'holder' : 'refused';
  }

  /**
   * The listing offers the table to joinOrCreate exactly while a player seat is free. A closing table has no
   * listing (Colyseus removed it first): its players leaving it free their seats, and an explicit lock or unlock
   * would write the listing back, unlocked, for peers to send players to until the process's listings are
   * swept (at the end of its shutdown), each such join waiting seconds on a table that takes nobody.
   */
  syncLock() {
    if (this.disposing()) return;
    const room = this.room;
    const free = this.playerSeatFree();
    const listing = (room as unknown as { _listing: { roomId?: string; locked: boolean } })._listing;
    if (!free && !room.locked && listing.roomId === undefined) {
      // Still in onCreate (a recovered game, a table of bots only): Colyseus lists the room as its listing
      // stands once onCreate returns. lock() would write the listing now, under no room id (an entry the
      // lobby shows and nobody can open).
      void (room.lock as (internal: boolean) => Promise<void>).call(room, true); // Colyseus' own form: the flag, no write
      (room as unknown as { _lockedExplicitly: boolean })._lockedExplicitly = true;
      listing.locked = true;
    } else if (!free && !room.locked) void room.lock().catch(listingNotWritten(room));
    else if (free && room.locked) void room.unlock().catch(listingNotWritten(room));
  }

  /** Colyseus is closing the room: it takes nobody and offers nothing. */
  private disposing(): boolean {
    return (this.room as unknown as { _internalState: number })._internalState === DISPOSING;
  }

  /** Options of the reservations not yet used (reconnections excluded: those are seated players). */
  private pending(): unknown[] {
    const reservations = (this.room as unknown as { _reservedSeats: Reservations })._reservedSeats ?? {};
    return Object.values(reservations).filter(([, , consumed, reconnection]) => !consumed && !reconnection).map(([opts]) => opts);
  }

  /**
   * Admission is decided here, by who is asking (see admits); Colyseus only counts clients. A player's
   * reservation that expires unused frees its seat: the listing is brought back in step then.
   */
  guardReservations() {
    const room = this.room as unknown as Table & { _reserveSeat: (sessionId: string, opts: unknown, auth?: unknown, seconds?: number, reconnection?: boolean, ...rest: unknown[]) => Promise<boolean> };
    const reserve = room._reserveSeat.bind(room);
    room._reserveSeat = async (sessionId, opts, auth, seconds, reconnection, ...rest) => {
      if (!reconnection) {
        opts = room.inviteCode.markCreator(opts, joinKind(opts) === 'player'); // (a private table's creator sits without the code)
        const unsure = this.ownershipUnsure();
        if (unsure) await unsure;
        if (this.disposing() || room.handingOver || !this.admits(opts)) return false;
        this.admitted = true; // Colyseus asks reachedMax() next, synchronously: the answer is given
      }
      const reserved = await reserve(sessionId, opts, auth, seconds, reconnection, ...rest);
      if (reserved && room.handingOver) {
        // The table let its game go while Colyseus made this one (a request read before the fence): undone
        // with its wait, as letGo undid the others, or the closing table would wait for it.
        this.dropReservations();
        return false;
      }
      if (reserved && !reconnection && this.kindOf(opts) === 'player') {
        this.promised.add(sessionId);
        room.clock.setTimeout(() => {
          // Unused and gone (Colyseus dropped it when it lapsed): the seat it held is free again. If every seated
          // player's wish to start now still stands (it could fill nothing while every free seat was promised:
          // core/no-free-seat, or a fill waiting for the seat), the free seats go to bots now. A table filled with
          // bots whose players withdrew their wish is offered to nobody and stays locked (offerSeat, syncLock) until
          // they ask again. Any other table offers the seat again.
          if (this.promised.delete(sessionId) && !(sessionId in (room as unknown as { _reservedSeats: Reservations })._reservedSeats) && !this.filledByWishes()) this.offerSeat();
          this.syncLock();
        }, (seconds ?? room.seatReservationTimeout) * 1000 + 50);
      }
      return reserved;
    };
  }

  /**
   * Forgets the seat reservations not yet used, and the wait for them: Colyseus keeps a room with no
   * clients open until its last reservation expires (see shutdown.ts letGo).
   */
  dropReservations() {
    type Timer = ReturnType<typeof setTimeout>;
    const room = this.room as unknown as { _reservedSeats: Reservations; _reservedSeatTimeouts: Record<string, Timer>; _autoDisposeTimeout?: Timer };
    for (const sessionId of Object.keys(room._reservedSeats)) {
      clearTimeout(room._reservedSeatTimeouts[sessionId]);
      delete room._reservedSeatTimeouts[sessionId];
      delete room._reservedSeats[sessionId];
    }
    clearTimeout(room._autoDisposeTimeout);
    room._autoDisposeTimeout = undefined;
  }

  /**
   * Null, unless this process has just woken from a stall long enough for a peer to have taken the game
   * over: then the ownership check to wait for before a seat is promised or taken here (it fences the
   * copy if the game is the peer's now; see GameStore.ownershipUnsure).
   */
  private ownershipUnsure(): Promise<void> | null {
    return this.room.journal.owned ? (roomSettings.store?.ownershipUnsure() ?? null) : null;
  }

  /**
   * Seats a joining client, once this process knows the game is still its own (see ownershipUnsure).
   * `reservedBy`: the address its reservation was given to (front-door.ts; null when not counted), charged if
   * its seat is held for it and it does not come back before the start (leave).
   */
  join(client: Client, options: JoinOptions, reservedBy: Promise<string | null>): void | Promise<void> {
    const unsure = this.ownershipUnsure();
    this.awaitConfirmation(client);
    return unsure ? unsure.then(() => this.seat(client, options, reservedBy)) : this.seat(client, options, reservedBy);
  }

  /**
   * A client that never confirms its join (the SDK does at once) would have everything the table sends it
   * held in memory by Colyseus until it does, without bound, while its socket stays open: it is closed
   * after `joinConfirmMs` (4002 `core/join-unconfirmed`), as a dropped client (its seat token brings it back).
   */
  private awaitConfirmation(client: Client) {
    clearTimeout(this.unconfirmed.get(client));
    // (Still awaited until it is gone, its drop or leave next: until then it is not here, see readyToStart.)
    const wait = setTimeout(() => {
      if (client.state === ClientState.JOINING) client.leave(CloseCode.WITH_ERROR, 'core/join-unconfirmed');
    }, roomSettings.joinConfirmMs).unref();
    this.unconfirmed.set(client, wait);
  }

  /**
   * The client is gone (it left, or dropped): so is the wait for its confirmation, which held it, and through
   * it the table, until it ran out: a table closed meanwhile stayed in memory that long.
   */
  private confirmationNotAwaited(client: Client) {
    clearTimeout(this.unconfirmed.get(client));
    this.unconfirmed.delete(client);
  }

  /** A spectator, a token holder taking its seat back, or a new player. */
  private seat(client: Client, options: JoinOptions, reservedBy: Promise<string | null>) {
    const room = this.room;
    // The game lives on at a peer: a seat taken here would get a token the peer never hears of.
    if (room.handingOver) throw new ServerError(ErrorCode.APPLICATION_ERROR, 'core/server-closing: this game is moving to another server; rejoin with your seat token');
    const opts = JoinOptions.parse(options ?? {});
    if (opts.spectator) {
      client.userData = { seat: null, watcher: opts.watcher };
      room.timers.reconcile(); // a game paused for its players goes on when one is back (or, bots only, anyone)
      return;
    }
    let seat: Seat;
    if (opts.seatToken) {
      seat = this.records.findIndex((s) => s.token === opts.seatToken);
      if (seat < 0) throw new ServerError(ErrorCode.APPLICATION_ERROR, BAD_SEAT_TOKEN);
      const holder = this.records[seat]!.sessionId;
      if (holder) this.evict(holder);
    } else {
      if (!room.inviteCode.admits(opts)) throw new ServerError(ErrorCode.APPLICATION_ERROR, INVITE_REQUIRED);
      seat = this.records.findIndex((s) => !seatTaken(s));
      if (seat < 0 || room.state.status !== 'waiting') throw new ServerError(ErrorCode.APPLICATION_ERROR, 'core/table-full: no free seat at this table');
    }
    // A fresh token on every take, reclaims included: a token that brought its seat back is spent (one
    // seen in a log or a shoulder-surfed screen no longer works). The new one is in `seat` and saved below.
    this.records[seat]!.token = randomBytes(18).toString('base64url');
    const record = this.records[seat]!;
    record.sessionId = client.sessionId;
    record.vacated = false;
    record.connected = true;
    record.name = opts.name ?? record.name ?? `Player ${seat + 1}`;
    if (!record.name) record.name = `Player ${seat + 1}`;
    client.userData = { seat, reservedBy } satisfies SeatedClient;
    this.promised.delete(client.sessionId);
    const mine = room.state.private.get(String(seat))!;
    client.view = new StateView();
    client.view.add(mine);
    mine.seatToken = record.token;
    client.send('seat', { seat, seatToken: record.token });
    room.log.info({ seat, sessionId: client.sessionId }, 'seat taken');
    room.journal.saveMeta();
    room.projection.syncSeats();
    room.reclaimWait.seated();
    room.startIfFull();
    room.timers.reconcile();
  }

  /**
   * The seat's token was used by someone else: its holder's connection is closed, and a dropped holder's
   * wait for a reconnection ends — else it could come back beside the new holder, see the seat's new token
   * and private view, and move for the seat.
   */
  private evict(holder: string) {
    const room = this.room as unknown as Table & { _reconnections: Record<string, [sessionId: string, wait: { reject(reason?: unknown): void }]> };
    room.clients.getById(holder)?.leave(4000, 'core/seat-reclaimed');
    for (const [sessionId, wait] of Object.values(room._reconnections)) if (sessionId === holder) wait.reject(false);
  }

  /** The holder's socket closed unexpectedly: keep the seat for a reconnection (seatHoldSeconds; a held seat delays the start: readyToStart). */
  drop(client: Client, allowReconnection: (client: Client, seconds: number) => Promise<unknown>) {
    this.confirmationNotAwaited(client); // a reconnection is another client, awaited anew
    const seat = this.seatOf(client);
    if (seat === null) return;
    this.records[seat]!.connected = false;
    this.room.projection.syncSeats();
    allowReconnection(client, seatHoldSeconds(this.room.state.status)).catch(() => {
      /* expired or room closing: onLeave follows */
    });
  }

  reconnect(client: Client) {
    this.awaitConfirmation(client);
    this.room.timers.reconcile(); // a game paused for its players goes on when one is back (or, bots only, anyone)
    const seat = this.seatOf(client);
    if (seat === null) return;
    this.records[seat]!.connected = true;
    this.room.projection.syncSeats();
    this.room.reclaimWait.seated(); // (a table that filled while this player was away starts once they confirm: confirmed)
  }

  /** The holder left for good: before the start the seat is free again; during the game the bot plays it. */
  leave(client: Client) {
    this.confirmationNotAwaited(client);
    const room = this.room;
    const seat = this.seatOf(client); // (none when a newer session took the seat back)
    if (seat === null) return;
    const record = this.records[seat]!;
    if (room.handingOver) return; // the game moves to a peer with everyone's seat as it is
    // Dropped, and not back before the start when its hold ran out: the seat was kept from others meanwhile.
    const holdLapsed = !record.connected && room.state.status === 'waiting' && !room.closing && !this.disposing();
    record.sessionId = null;
    record.connected = false;
    record.startNow = false;
    if (holdLapsed) this.chargeLapsedHold(client, seat);
    if (room.state.status === 'waiting') {
      record.token = ''; // before the start a leaver simply frees the seat
      record.name = '';
      // Unless the players left had all asked to start now (the free seats go to bots), offered again.
      if (!this.filledByWishes()) this.offerSeat();
    } else {
      record.vacated = true; // the bot plays; the token brings the player back
    }
    room.log.info({ seat }, 'seat left');
    room.journal.saveMeta();
    room.projection.syncSeats();
    room.timers.reconcile();
    this.syncLock(); // a seat freed before the start: back in matchmaking
  }

  /**
   * A seat held before the start for a player who did not come back counts against the address its reservation
   * was given to as a lapsed reservation does (src/server/unused-reservations.ts): else one address could join,
   * confirm and drop again and again, keeping tables waiting (each seat held RECONNECT_SECONDS_BEFORE_START) with
   * no connection open and no reservation left unused.
   */
  private chargeLapsedHold(client: Client, seat: Seat) {
    this.room.log.info({ seat, sessionId: client.sessionId }, 'seat held for a dropped player freed before the start');
    void (client.userData as SeatedClient).reservedBy.then((address) => address !== null && seatHoldLapsed(address, client.sessionId));
  }

  /**
   * The wait for a recovered game's players is over: the seats of those who did not come back are played
   * by their bots once the game runs, and free again before it starts (as a leaver's are).
   */
  releaseAbsent() {
    const waiting = this.room.state.status === 'waiting';
    for (const r of this.records) {
      if (r.bot || !r.token || r.sessionId !== null) continue;
      if (!waiting) r.vacated = true;
      else {
        [r.token, r.name] = ['', ''];
        this.offerSeat();
      }
    }
    if (waiting) {
      this.room.journal.saveMeta();
      this.syncLock(); // the freed seats: back in matchmaking
    }
  }

  /**
   * A player seat came free before the start (a reservation never used, a player who left, one who did not
   * come back to a recovered table): a table the queue opened offers it to the next queued player, who
   * takes it before drawing a ticket (src/server/queue.ts); else the queue would never send anyone there
   * again, and the players seated would wait for a joinOrCreate player of the same options. The offer names
   * the table; the seat is reserved as any other (refused if it was taken meanwhile).
   */
  private offerSeat() {
    const room = this.room;
    if (!room.queued || room.handingOver || room.closing || this.disposing() || room.state.status !== 'waiting' || this.filledWithBots()) return;
    const key = queueKeys(room.game.id, room.table.key).vacancies;
    void (async () => {
      const offered = await room.presence.rpush(key, room.roomId);
      if (offered > MAX_OFFERED_SEATS) await room.presence.lpop(key);
      await room.presence.expire(key, OFFERED_SEATS_TTL_SECONDS);
    })().catch((err: unknown) => room.log.warn({ err }, 'could not offer a free seat to the table queue; matchmaking still fills it'));
  }
}

/** A write of the table's listing or invite code refused while Redis is away: the table goes on, and the listing is put back when Redis returns empty. */
export function listingNotWritten(room: Table) {
  return (err: unknown) => room.log.warn({ err: (err as Error)?.message }, 'table listing not written (Redis away); the table goes on');
}

/** A new player, a seat's token holder (whose token is checked at join), or a spectator. */
function joinKind(opts: unknown): 'player' | 'holder' | 'spectator' {
  const o = (opts ?? {}) as JoinOptions;
  if (o.spectator) return 'spectator';
  return typeof o.seatToken === 'string' && o.seatToken ? 'holder' : 'player';
}

/**
 * A `fillWithBots` payload: nothing (or null) asks to start now, `{ agree: boolean }` says which; null when it is neither.
 * Only a map is read as one: a msgpack extension decodes to an object too (a date, a set, an error, bytes), with no
 * keys of its own, which is not an empty map asking to start.
 */
export function startNowWish(payload: unknown): boolean | null {
  if (payload === undefined || payload === null) return true;
  if (typeof payload !== 'object' || Object.getPrototypeOf(payload) !== Object.prototype) return null;
  const keys = Object.keys(payload);
  const agree = (payload as { agree?: unknown }).agree;
  if (keys.length === 0) return true;
  return keys.length === 1 && keys[0] === 'agree' && typeof agree === 'boolean' ? agree : null;
}
