/**
 * Seats and sessions: who holds which seat, seat tokens, guests (spectators and token holders), bots
 * that fill or take over seats, and private tables' invite codes. The only place session ids exist.
 */
import { randomBytes } from 'node:crypto';
import { ServerError, ErrorCode, type Client } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import type { Seat } from '../src/core/game.ts';
import { JoinOptions } from './join-options.ts';
import { INVITES_KEY } from './settings.ts';
import type { StoredMeta } from './journal.ts';
import type { Table } from './table.ts';

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
}

type Reservations = Record<string, [unknown, unknown, boolean?, boolean?]>;

const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export class Seats {
  records: SeatRecord[] = [];
  /** Set while a seat reservation is being decided: guests (spectators, token holders) skip the seat count. */
  private reservingGuest = false;

  private readonly room: Table;

  constructor(room: Table) {
    this.room = room;
  }

  /** The table's seats at creation: the last `bots` seats are bots; a recovered table keeps its tokens and names. */
  init(seats: number, bots: number, stored?: StoredMeta['seats']) {
    for (let seat = 0; seat < seats; seat++) {
      const isBot = seat >= seats - bots;
      const saved = stored?.[seat];
      this.records.push({ token: saved?.token ?? '', name: saved?.name ?? (isBot ? `Bot ${seat + 1}` : ''), sessionId: null, vacated: false, bot: isBot, connected: false });
    }
  }

  seatOf(client: Client): Seat | null {
    return (client.userData as { seat: Seat | null } | undefined)?.seat ?? null;
  }

  /** A seat the bot drives: created as a bot, or left by its player during the game. */
  botDriven(seat: Seat): boolean {
    const r = this.records[seat]!;
    return r.bot || r.vacated;
  }

  /** Every seat has a player or a bot: the game may start. */
  allTaken(): boolean {
    return this.records.every((s) => s.bot || s.sessionId !== null);
  }

  /**
   * Player seats, not clients, decide when a table is full: the room locks (and leaves matchmaking)
   * once every seat is taken or promised, while spectators and seat-token holders still get in.
   */
  reachedMax(): boolean {
    const room = this.room;
    const guest = this.reservingGuest;
    this.reservingGuest = false; // one-shot: later checks (locking) count player seats again
    const total = room.clients.length + Object.keys(this.reservations()).length;
    if (total >= room.maxClients) return true;
    if (guest) return false;
    if (!room.table || !room.state) return false; // still in onCreate
    if (room.state.status !== 'waiting') return true;
    const pendingPlayers = Object.values(this.reservations()).filter(([opts, , consumed]) => !consumed && isPlayerJoin(opts)).length;
    return this.records.filter((s) => s.sessionId !== null || s.bot).length + pendingPlayers >= room.table.seats;
  }

  private reservations(): Reservations {
    return (this.room as unknown as { _reservedSeats: Reservations })._reservedSeats ?? {};
  }

  /** Lets the seat count know whether the reservation being made is a guest's (see reachedMax). */
  guardReservations() {
    const self = this.room as unknown as { _reserveSeat: (sessionId: string, opts: unknown, ...rest: unknown[]) => Promise<boolean> };
    const reserve = self._reserveSeat.bind(this.room);
    self._reserveSeat = (sessionId, opts, ...rest) => {
      this.reservingGuest = !isPlayerJoin(opts);
      return reserve(sessionId, opts, ...rest);
    };
  }

  /** Seats a joining client: a spectator, a token holder taking its seat back, or a new player. */
  join(client: Client, options: JoinOptions) {
    const room = this.room;
    const opts = JoinOptions.parse(options ?? {});
    if (opts.spectator) {
      client.userData = { seat: null };
      return;
    }
    let seat: Seat;
    if (opts.seatToken) {
      seat = this.records.findIndex((s) => s.token === opts.seatToken);
      if (seat < 0) throw new ServerError(ErrorCode.APPLICATION_ERROR, 'core/bad-seat-token: no seat at this table has that token');
      const holder = this.records[seat]!.sessionId;
      if (holder && room.clients.getById(holder)) {
        room.clients.getById(holder)!.leave(4000, 'core/seat-reclaimed');
      }
    } else {
      seat = this.records.findIndex((s) => s.sessionId === null && !s.bot && !s.token);
      if (seat < 0 || room.state.status !== 'waiting') throw new ServerError(ErrorCode.APPLICATION_ERROR, 'core/table-full: no free seat at this table');
      this.records[seat]!.token = randomBytes(18).toString('base64url');
    }
    const record = this.records[seat]!;
    record.sessionId = client.sessionId;
    record.vacated = false;
    record.connected = true;
    record.name = opts.name ?? record.name ?? `Player ${seat + 1}`;
    if (!record.name) record.name = `Player ${seat + 1}`;
    client.userData = { seat };
    const mine = room.state.private.get(String(seat))!;
    client.view = new StateView();
    client.view.add(mine);
    mine.seatToken = record.token;
    client.send('seat', { seat, seatToken: record.token });
    room.log.info({ seat, sessionId: client.sessionId }, 'seat taken');
    room.journal.saveMeta();
    room.projection.syncSeats();
    room.startIfFull();
    room.timers.reconcile();
  }

  /** The holder's socket closed unexpectedly: keep the seat for a reconnection. */
  drop(client: Client, allowReconnection: (client: Client, seconds: number) => Promise<unknown>, seconds: number) {
    const seat = this.seatOf(client);
    if (seat === null) return;
    this.records[seat]!.connected = false;
    this.room.projection.syncSeats();
    allowReconnection(client, seconds).catch(() => {
      /* expired or room closing: onLeave follows */
    });
  }

  reconnect(client: Client) {
    const seat = this.seatOf(client);
    if (seat === null) return;
    this.records[seat]!.connected = true;
    this.room.projection.syncSeats();
  }

  /** The holder left for good: before the start the seat is free again; during the game the bot plays it. */
  leave(client: Client) {
    const room = this.room;
    const seat = this.seatOf(client);
    if (seat === null) return;
    const record = this.records[seat]!;
    if (record.sessionId !== client.sessionId) return; // already reclaimed by a newer session
    if (room.handingOver) return; // the game moves to a peer with everyone's seat as it is
    record.sessionId = null;
    record.connected = false;
    if (room.state.status === 'waiting') {
      record.token = ''; // before the start a leaver simply frees the seat
      record.name = '';
    } else {
      record.vacated = true; // the bot plays; the token brings the player back
    }
    room.log.info({ seat }, 'seat left');
    room.journal.saveMeta();
    room.projection.syncSeats();
    room.timers.reconcile();
  }

  /** Seats whose players did not come back after a recovery are played by their bots from now on. */
  vacateAbsent() {
    for (const r of this.records) if (r.token && r.sessionId === null) r.vacated = true;
  }

  /** Makes the table invite-only and publishes a fresh invite code (in presence, so every process resolves it). */
  async makePrivate() {
    const room = this.room;
    await room.setPrivate(true);
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = Array.from(randomBytes(6), (b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join('');
      const taken = await room.presence.hget(INVITES_KEY, code);
      if (taken) continue;
      await room.presence.hset(INVITES_KEY, code, JSON.stringify({ roomId: room.roomId, game: room.game.id }));
      room.state.invite = code;
      return;
    }
    room.log.error('no free invite code after 8 attempts');
  }

  /** Withdraws the invite code when the table closes. */
  async dropInvite() {
    const room = this.room;
    if (!room.state.invite) return;
    await room.presence.hdel(INVITES_KEY, room.state.invite).catch(() => undefined);
  }
}

/** Spectators and seat-token holders are guests: they never take a free seat. */
export function isPlayerJoin(opts: unknown): boolean {
  const o = (opts ?? {}) as JoinOptions;
  return !o.spectator && !o.seatToken;
}
