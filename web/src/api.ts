/** The server's HTTP API as the client uses it (docs/PROTOCOL.md), and where its WebSocket is. */
import { Client, type Room } from '@colyseus/sdk';
import { joinQueue } from '../../client/queue.ts';
import { noteServerDate } from './server-clock.ts';

export const endpoint = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;
export const client = new Client(endpoint);

export interface GameInfo {
  id: string;
  name: string;
  seats: { min: number; max: number; default: number };
  options: JsonSchema;
  defaults: Record<string, unknown>;
  /** The table's own options (seats, bots, turnSeconds, private): ranges, defaults and descriptions. */
  tableOptions?: JsonSchema;
}

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
  /** The option's name for people (its label in the create form, in place of one made from its key). */
  title?: string;
  /** What the option does, in a sentence (shown under it in the create form). */
  description?: string;
  /** The other options' values the option has an effect under, all of them (the create form disables it under others). */
  appliesWhen?: Record<string, unknown>;
  properties?: Record<string, JsonSchema>;
  /** A game's options only: the table sizes some options' values allow, each bound holding under all its `when` values. */
  seatsWhen?: { when: Record<string, unknown>; min?: number; max?: number }[];
}

export interface TableListing {
  roomId: string;
  game: string;
  seats: number;
  clients: number;
  /** A new player may take a seat. */
  open: boolean;
  /** The game has begun (it stays so once over). */
  started: boolean;
  /** The game is over (the result and the record can still be seen there). */
  over: boolean;
  /** Invite only: a new player takes a seat there only with its code. */
  private: boolean;
  /** The seats that must act now (absent from a server before it). */
  acting?: number[];
}

/**
 * A table's id as the server makes them (letters, digits, `_` and `-`). One from a link is checked before the page
 * puts it in a URL: Colyseus' client joins at `/matchmake/joinById/<id>` as it is given, `..` or `?` included.
 */
export const isRoomId = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);
/** An invite code as a link carries it: letters and digits (anything else, a malformed escape included, is none). */
export const isInviteCode = (code: string) => /^[A-Za-z0-9]{1,32}$/.test(code);

/** A refusal from the server: `code` is namespaced (`core/…`, `<game>/…`). */
export class ApiError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * `fetch`, with the answer's `Date` noted as the server's clock (server-clock.ts). Never from the browser's cache: a
 * kept answer's `Date` is the time it was first served (and the API's answers are live: tables, seats, games).
 */
async function fetchFromServer(input: string, init?: RequestInit): Promise<Response> {
  const sentAt = Date.now();
  const res = await fetch(input, { ...init, cache: 'no-store' });
  noteServerDate(res.headers.get('date'), sentAt, Date.now());
  return res;
}

/** Asks the server for its clock alone (server-clock.ts, recheckServerClock): its cheapest answer, the health check's. */
export const checkServerClock = () => fetchFromServer('/health').then((res) => res.body?.cancel());

async function json<T>(res: Response): Promise<T> {
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(body.code ?? `http/${res.status}`, body.message ?? res.statusText);
  return body as T;
}

let gamesCache: Promise<GameInfo[]> | null = null;
export const games = () =>
  (gamesCache ??= fetchFromServer('/api/games')
    .then((r) => json<GameInfo[]>(r))
    .catch((err: unknown) => {
      gamesCache = null; // a failed answer is not kept: the next call asks again
      throw err;
    }));
/** The public tables, open ones first, then running, then finished, newest first in each; with `ids`, those tables, private ones included (absent: closed). */
export const tables = (ids?: string[]) =>
  fetchFromServer(ids ? `/api/tables?ids=${ids.map(encodeURIComponent).join(',')}` : '/api/tables').then((r) => json<TableListing[]>(r));
export const invite = (code: string) => fetchFromServer(`/api/invites/${encodeURIComponent(code.trim())}`).then((r) => json<{ roomId: string; game: string }>(r));

export const post = <T>(path: string, body: unknown) =>
  fetchFromServer(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => json<T>(r));

/**
 * A finished game's record: the table's `record` answer (`ask`), or, for one too large to send at the table (a game
 * stopped at the move limit: `core/record-too-large`), the stored one `GET /api/records/:roomId` serves.
 */
export async function gameRecord(roomId: string, ask: () => Promise<unknown>): Promise<unknown> {
  try {
    return await ask();
  } catch (err) {
    if ((err as { reason?: { code?: unknown } })?.reason?.code !== 'core/record-too-large') throw err;
    return fetchFromServer(`/api/records/${encodeURIComponent(roomId)}`).then((r) => json<unknown>(r));
  }
}

/** Reads a refusal (a rejected request, a matchmaking error) as `code: message`. */
export function reason(err: unknown): string {
  // The words are for people; the code (kept for programs) only when there are none.
  const e = err as { reason?: { code?: string; message?: string }; code?: unknown; message?: string };
  if (e?.reason?.code) return e.reason.message || e.reason.code;
  if (typeof e?.code === 'string') return (e.message ?? '').replace(CODE_PREFIX, '') || e.code;
  return (e?.message ?? String(err)).replace(CODE_PREFIX, '');
}

/** "core/unknown-room: " before a matchmaking error's words. */
const CODE_PREFIX = /^[a-z-]+\/[a-z0-9-]+:\s*/;

/** The seat this browser holds at a table (kept across reloads). */
export interface SeatTicket {
  roomId: string;
  seat: number;
  seatToken: string;
  game: string;
  /** When the seat was last taken (ms since epoch; set by `seats.set`). */
  at?: number;
}

const SEAT_PREFIX = 'parlor.seat.';
const seatKey = (roomId: string) => `${SEAT_PREFIX}${roomId}`;
export const seats = {
  /** The ticket kept for the table, null for none or one not of a ticket's shape (written by another version, or by hand). */
  get(roomId: string): SeatTicket | null {
    let t: Partial<SeatTicket> | null;
    try {
      t = JSON.parse(localStorage.getItem(seatKey(roomId)) ?? 'null');
    } catch {
      return null;
    }
    if (t?.roomId !== roomId || !Number.isInteger(t.seat) || t.seat! < 0 || typeof t.seatToken !== 'string') return null;
    return { roomId, seat: t.seat!, seatToken: t.seatToken, game: typeof t.game === 'string' ? t.game : '', ...(typeof t.at === 'number' ? { at: t.at } : {}) };
  },
  set(ticket: SeatTicket) {
    localStorage.setItem(seatKey(ticket.roomId), JSON.stringify({ ...ticket, at: Date.now() }));
  },
  forget(roomId: string) {
    localStorage.removeItem(seatKey(roomId));
  },
  /** Every seat this browser holds a ticket for (live or not: the lobby checks). */
  all(): SeatTicket[] {
    const out: SeatTicket[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      const ticket = key?.startsWith(SEAT_PREFIX) ? seats.get(key.slice(SEAT_PREFIX.length)) : null;
      if (ticket?.roomId) out.push(ticket);
    }
    return out;
  },
};

/** The table's log lines as this tab last drew them: a reload shows what happened before it, not an empty log. */
const logKey = (roomId: string) => `parlor.log.${roomId}`;
export const savedLog = {
  get(roomId: string): { seq: number; text: string }[] {
    try {
      const lines: unknown = JSON.parse(sessionStorage.getItem(logKey(roomId)) ?? '[]');
      return Array.isArray(lines) ? lines.filter((l) => typeof l?.seq === 'number' && typeof l?.text === 'string') : [];
    } catch {
      return [];
    }
  },
  set(roomId: string, lines: { seq: number; text: string }[]) {
    try {
      sessionStorage.setItem(logKey(roomId), JSON.stringify(lines));
    } catch {
      // Storage full or off: the log still shows, it just starts empty after a reload.
    }
  },
};

/**
 * What this tab asked for when it opened a table from the lobby (its game and create options, the player's name left
 * out): the table's "New table like this" asks for the same. Kept for the tab's life (a reload keeps it).
 */
export interface TableRequest {
  game: string;
  options: Record<string, unknown>;
  /** Asked of the table queue (Play now): the next one is asked of it too, a table with others at once. */
  queued?: boolean;
}
const requestKey = (roomId: string) => `parlor.request.${roomId}`;
export const tableRequests = {
  get(roomId: string): TableRequest | null {
    try {
      const r: Partial<TableRequest> | null = JSON.parse(sessionStorage.getItem(requestKey(roomId)) ?? 'null');
      return typeof r?.game === 'string' && r.options && typeof r.options === 'object' ? { game: r.game, options: r.options, queued: r.queued === true } : null;
    } catch {
      return null;
    }
  },
  set(roomId: string, request: TableRequest) {
    try {
      const { name: _name, ...options } = request.options;
      sessionStorage.setItem(requestKey(roomId), JSON.stringify({ game: request.game, options, queued: request.queued === true }));
    } catch {
      // Storage full or off: the finished table offers the lobby only.
    }
  },
};

/**
 * What a player may ask for again at a finished table this tab did not open from the lobby (joined by an invite link or
 * the table list), from what the server tells its players: the game, its seats and game options as its record states
 * them, and whether it was private (a seated player's `invite` is set there; the new table gets a code of its own).
 * The table's bots and turn clock are told to no client: the new table has no bots (its free seats wait for players,
 * who may start it with bots) and the server's turn clock. Null for an answer that is not a record.
 */
export function requestFromRecord(record: unknown, isPrivate: boolean): TableRequest | null {
  const r = record as { game?: unknown; seats?: unknown; options?: unknown } | null;
  if (typeof r?.game !== 'string' || !Number.isInteger(r.seats) || !r.options || typeof r.options !== 'object' || Array.isArray(r.options)) return null;
  return { game: r.game, options: { seats: r.seats, options: r.options, private: isPrivate } };
}

/**
 * Another table like the one `request` asked for, once its game is over: from the table queue again after Play now
 * (a table with others at once), else created with the same game and options. Remembered as that one was.
 */
export async function tableLikeThis(request: TableRequest, name: string | undefined): Promise<Room> {
  const options = { ...request.options, name };
  const room = request.queued ? await joinQueue(client, request.game, options) : await client.create(request.game, options);
  tableRequests.set(room.roomId, { ...request, options });
  return room;
}

export const playerName = {
  get: () => localStorage.getItem('parlor.name') ?? '',
  set: (name: string) => localStorage.setItem('parlor.name', name),
};

/**
 * The lobby's Name field was beside the invite code the player just joined with (left empty or not): the table page
 * does not ask again. Once, for the next table page of this tab (a link opened later is asked for it).
 */
let askedInLobby = false;
export const nameAsked = {
  set: () => void (askedInLobby = true),
  take: () => {
    const asked = askedInLobby;
    askedInLobby = false;
    return asked;
  },
};
