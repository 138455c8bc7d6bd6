/**
 * How a bet-race bot talks to a server: Parlor through the real @colyseus/sdk, or the floor
 * (loadtest/floor-server.ts) through a bare WebSocket. The bots, their pacing and the checks are the
 * same either way; only these few calls differ.
 */
import { Client, type Room } from '@colyseus/sdk';
import WebSocket from 'ws';
import { readySetBetRoomState } from '../schema/ready-set-bet.ts';
import type { Settlement } from './checks.ts';

export interface GameEvents {
  seq: number;
  events: { type: string; [k: string]: unknown }[];
}

export type OnReply = (ok: boolean, payload: unknown) => void;

/** One bot's connection to its table. */
export interface BotConnection {
  roomId: string;
  onSeat(cb: (seat: number) => void): void;
  /** Called in arrival order, never after a later reply: the checks depend on it. */
  onEvents(cb: (message: GameEvents) => void): void;
  /** The settlement of `race` and the money after it, once the client has them. */
  onSettlement(cb: (race: number, read: () => { settlement: Settlement; money: number[] }) => void): void;
  /** A move request; `onReply` runs while the reply frame is handled (so the last seq seen is exact). */
  request(move: unknown, onReply: OnReply, onClose: () => void): void;
  leave(): Promise<unknown>;
}

export interface Transport {
  name: 'parlor' | 'floor';
  /** Whether a table can be joined through any of the server processes (Parlor's shared matchmaking). */
  joinsAnywhere: boolean;
  create(endpoint: string, seats: number, options: object): Promise<BotConnection>;
  join(endpoint: string, roomId: string): Promise<BotConnection>;
}

/**
 * The SDK's own round-trip primitive: its reply callback runs while the reply frame is decoded, so
 * the last event seq seen then is exact (a promise callback could run after later frames).
 */
type Requester = { sendRequest(type: string, payload: unknown, opts: object, onReply: OnReply, onClose: () => void): number };

function parlorConnection(room: Room): BotConnection {
  return {
    roomId: room.roomId,
    onSeat: (cb) => room.onMessage('seat', ({ seat }: { seat: number }) => cb(seat)),
    onEvents: (cb) => {
      room.onMessage('events', cb);
      room.onMessage('*', () => undefined);
    },
    // The settlement is read from the state patch that follows the `settled` event.
    onSettlement: (cb) =>
      room.onStateChange((state: unknown) => {
        const table = (state as { table?: { settlement?: { race: number; toJSON(): unknown }; players: { money: number }[] } }).table;
        if (!table?.settlement) return;
        cb(table.settlement.race, () => ({ settlement: table.settlement!.toJSON() as Settlement, money: Array.from(table.players, (p) => p.money) }));
      }),
    request: (move, onReply, onClose) => void (room as unknown as Requester).sendRequest('move', move, {}, onReply, onClose),
    leave: () => room.leave(),
  };
}

/**
 * The bots decode into the game's schema classes, as a TypeScript client does (the SDK's typed path),
 * instead of each rebuilding the types from the handshake (which is still sent and read). With 1,600
 * SDK clients in one load-generator process, 1,600 copies of the types made decoding slower and the
 * heap larger (RSS 803 against 512 MB at 200 tables), and while tables joined the load generator's own
 * busy loop was most of the latency it measured. The server's work is the same either way.
 */
const { RoomState } = readySetBetRoomState;

export const parlorTransport: Transport = {
  name: 'parlor',
  joinsAnywhere: true,
  create: async (endpoint, seats, options) => parlorConnection(await new Client(endpoint).create('ready-set-bet', { seats, options, name: 'bot' }, RoomState)),
  join: async (endpoint, roomId) => parlorConnection(await new Client(endpoint).joinById(roomId, { name: 'bot' }, RoomState)),
};

/** A bare WebSocket to the floor server; messages that arrive before a handler is set wait for it. */
async function floorConnection(endpoint: string, hello: object): Promise<BotConnection> {
  const ws = new WebSocket(endpoint);
  const handlers = new Map<string, (m: Record<string, unknown>) => void>();
  const early = new Map<string, Record<string, unknown>[]>();
  const pending = new Map<number, { onReply: OnReply; onClose: () => void }>();
  let nextId = 1;
  const on = (type: string, cb: (m: Record<string, unknown>) => void) => {
    handlers.set(type, cb);
    for (const m of early.get(type) ?? []) cb(m);
    early.delete(type);
  };
  const joined = new Promise<{ roomId: string; seat: number }>((resolve, reject) => {
    ws.on('open', () => ws.send(JSON.stringify(hello)));
    ws.on('error', reject);
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as Record<string, unknown> & { t: string };
      if (m.t === 'joined') return resolve(m as unknown as { roomId: string; seat: number });
      if (m.t === 'error') return reject(new Error(String(m.message)));
      if (m.t === 'reply') {
        const p = pending.get(m.id as number);
        pending.delete(m.id as number);
        return p?.onReply(m.ok as boolean, m.payload);
      }
      const handler = handlers.get(m.t);
      if (handler) handler(m);
      else early.set(m.t, [...(early.get(m.t) ?? []), m]);
    });
    ws.on('close', () => {
      for (const p of pending.values()) p.onClose();
      pending.clear();
    });
  });
  const { roomId, seat } = await joined;
  return {
    roomId,
    onSeat: (cb) => cb(seat),
    onEvents: (cb) => on('events', (m) => cb(m as unknown as GameEvents)),
    onSettlement: (cb) => on('table', (m) => cb(m.race as number, () => ({ settlement: m.settlement as Settlement, money: m.money as number[] }))),
    request: (move, onReply, onClose) => {
      const id = nextId++;
      pending.set(id, { onReply, onClose });
      ws.send(JSON.stringify({ t: 'req', id, move }));
    },
    leave: () =>
      new Promise<void>((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      }),
  };
}

export const floorTransport: Transport = {
  name: 'floor',
  // Floor processes share nothing: a table's players all join the process that holds it.
  joinsAnywhere: false,
  create: (endpoint, seats, options) => floorConnection(endpoint, { t: 'create', seats, options }),
  join: (endpoint, roomId) => floorConnection(endpoint, { t: 'join', roomId }),
};
