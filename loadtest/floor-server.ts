/**
 * The floor: the bet race served by a bare `ws` server with no framework, to show what a move costs
 * when nothing but the claim and its broadcasts is done. Same engine for the claims (Ready Set Bet's
 * own `applyMove`: earliest claim wins, one token per space, settlement), same SYSTEM roll timer, same
 * `events` broadcast with the room's seq, same reply to the mover. What it does not do is everything
 * Parlor adds on top: no synced state (views, legal moves, schema patches), no seats to reclaim, no
 * matchmaking, no journal. It sends the settlement and the money once per race, as a JSON message,
 * because the bots' checks read them.
 *
 *   PORT=2600 node loadtest/floor-server.ts
 *
 * Wire format (JSON text frames), client → server:
 *   { t: 'create', seats, options }  { t: 'join', roomId }  { t: 'req', id, move }
 * server → client:
 *   { t: 'joined', roomId, seat }  { t: 'events', seq, actor, events }  { t: 'reply', id, ok, payload }
 *   { t: 'table', race, settlement, money }  { t: 'error', message }
 * HTTP: GET /health → { processId }, GET /metrics → the same default process metrics Parlor exports, so
 * the load test samples both servers the same way.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { WebSocketServer, type WebSocket } from 'ws';
import { SYSTEM, type Actor } from '../src/core/game.ts';
import { game } from '../src/games/ready-set-bet/index.ts';
import type { State } from '../src/games/ready-set-bet/types.ts';

const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'parlor_' });
const processId = randomBytes(6).toString('hex');

interface Table {
  id: string;
  seats: number;
  sockets: (WebSocket | null)[];
  state: State;
  options: ReturnType<typeof game.options.parse>;
  seq: number;
  started: boolean;
  moves: { actor: Actor; move: unknown }[];
  timer: NodeJS.Timeout | null;
}

const tables = new Map<string, Table>();
const seatOf = new WeakMap<WebSocket, { table: Table; seat: number }>();

function broadcast(table: Table, message: unknown) {
  const text = JSON.stringify(message); // encoded once, sent to every seat
  for (const ws of table.sockets) if (ws && ws.readyState === ws.OPEN) ws.send(text);
}

/** Applies a move of any actor; broadcasts its events (and the settlement when a race ends). */
function apply(table: Table, actor: Actor, move: unknown) {
  let result;
  try {
    result = game.applyMove(table.state, actor, move);
  } catch {
    return { ok: false as const, error: { code: 'core/engine-error', message: 'The server could not apply this move.' } };
  }
  if (!result.ok) return result;
  table.state = result.state;
  table.moves.push({ actor, move });
  table.seq++;
  if (result.events.length) broadcast(table, { t: 'events', seq: table.seq, actor, events: result.events });
  if (result.events.some((e) => e.type === 'settled')) {
    const s = table.state;
    broadcast(table, { t: 'table', race: s.race, settlement: s.settlements.at(-1), money: s.players.map((p) => p.money) });
  }
  return { ok: true as const, seq: table.seq, events: result.events };
}

/** The SYSTEM roller: one timer per table, the engine's own delays. */
function scheduleSystem(table: Table) {
  if (table.timer || !game.activeActors(table.state).includes(SYSTEM)) return;
  table.timer = setTimeout(() => {
    table.timer = null;
    const [move] = game.legalMoves(table.state, SYSTEM);
    if (move) apply(table, SYSTEM, move);
    if (table.state.phase === 'over') tables.delete(table.id);
    else scheduleSystem(table);
  }, game.systemDelayMs!(table.state, table.options));
}

function seat(ws: WebSocket, table: Table) {
  const free = table.sockets.indexOf(null);
  if (free < 0 || table.started) return ws.send(JSON.stringify({ t: 'error', message: 'core/table-full' }));
  table.sockets[free] = ws;
  seatOf.set(ws, { table, seat: free });
  ws.send(JSON.stringify({ t: 'joined', roomId: table.id, seat: free }));
  if (!table.sockets.includes(null)) {
    table.started = true;
    scheduleSystem(table);
  }
}

function onMessage(ws: WebSocket, text: string) {
  let m: { t?: string; id?: number; seats?: number; options?: unknown; roomId?: string; move?: unknown };
  try {
    m = JSON.parse(text);
  } catch {
    return ws.send(JSON.stringify({ t: 'error', message: 'core/malformed-message' }));
  }
  if (m.t === 'req') {
    const at = seatOf.get(ws);
    const reply = (ok: boolean, payload: unknown) => ws.send(JSON.stringify({ t: 'reply', id: m.id, ok, payload }));
    if (!at) return reply(false, { code: 'core/not-seated', message: 'Join a table first.' });
    if (!at.table.started) return reply(false, { code: 'core/not-started', message: 'Seats are still free.' });
    const r = apply(at.table, at.seat, m.move);
    if (!r.ok) return reply(false, r.error);
    if (at.table.state.phase === 'over') tables.delete(at.table.id);
    return reply(true, { ok: true, seq: r.seq, events: r.events });
  }
  if (m.t === 'create') {
    const seats = Number(m.seats);
    const options = game.options.parse(m.options ?? {});
    if (!Number.isInteger(seats) || seats < game.seats.min || seats > game.seats.max) return ws.send(JSON.stringify({ t: 'error', message: 'core/bad-options' }));
    const id = randomBytes(6).toString('base64url');
    const table: Table = { id, seats, sockets: Array(seats).fill(null), state: game.setup(options, seats, randomBytes(16).toString('hex')), options, seq: 0, started: false, moves: [], timer: null };
    tables.set(id, table);
    return seat(ws, table);
  }
  if (m.t === 'join') {
    const table = tables.get(String(m.roomId));
    if (!table) return ws.send(JSON.stringify({ t: 'error', message: 'core/unknown-room' }));
    return seat(ws, table);
  }
  ws.send(JSON.stringify({ t: 'error', message: 'core/unknown-message' }));
}

const http = createServer((req, res) => {
  if (req.url === '/health') return void res.end(JSON.stringify({ ok: true, processId }));
  if (req.url === '/metrics') {
    void registry.metrics().then((text) => res.end(text));
    return;
  }
  res.statusCode = 404;
  res.end();
});
const wss = new WebSocketServer({ server: http, maxPayload: 16 * 1024 });
wss.on('connection', (ws) => {
  ws.on('message', (data) => onMessage(ws, String(data)));
  ws.on('close', () => {
    const at = seatOf.get(ws);
    if (!at) return;
    at.table.sockets[at.seat] = null;
    if (at.table.sockets.every((s) => s === null)) {
      if (at.table.timer) clearTimeout(at.table.timer);
      tables.delete(at.table.id);
    }
  });
});
http.listen(Number(process.env.PORT ?? 2600), process.env.HOST ?? '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
