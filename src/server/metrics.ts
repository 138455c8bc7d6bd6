/** Prometheus metrics (GET /metrics). One registry per process. */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'parlor_' }); // event-loop lag, memory, CPU, handles

/** Live rooms report themselves here so the gauges read current numbers at scrape time. */
export const liveRooms = new Set<{ gameId: string; clientCount(): number }>();

new Gauge({
  name: 'parlor_rooms',
  help: 'Game rooms hosted by this process, per game',
  labelNames: ['game'],
  registers: [registry],
  collect() {
    this.reset();
    for (const room of liveRooms) this.inc({ game: room.gameId });
  },
});

new Gauge({
  name: 'parlor_clients',
  help: 'Connected clients (players and spectators) on this process, per game',
  labelNames: ['game'],
  registers: [registry],
  collect() {
    this.reset();
    for (const room of liveRooms) this.inc({ game: room.gameId }, room.clientCount());
  },
});

export const movesTotal = new Counter({
  name: 'parlor_moves_total',
  help: 'Moves handled, by game, result (accepted/rejected) and rejection reason',
  labelNames: ['game', 'result', 'reason'],
  registers: [registry],
});

export const moveSeconds = new Histogram({
  name: 'parlor_move_handling_seconds',
  help: 'Time from reading a move to answering it (with DURABILITY=sync, until Redis stored it)',
  labelNames: ['game'],
  // Fine between 5 and 100 ms, where a durable answer's wait for Redis lies on a loaded server.
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.075, 0.1, 0.25, 1],
  registers: [registry],
});

export const journalPending = new Gauge({
  name: 'parlor_journal_pending_moves',
  help: 'Accepted moves not yet stored in Redis (grows while Redis is unreachable)',
  registers: [registry],
});

export const journalSeconds = new Histogram({
  name: 'parlor_journal_append_seconds',
  help: 'Time from accepting a move to Redis storing it',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2, 10],
  registers: [registry],
});

export const takeoversTotal = new Counter({
  name: 'parlor_takeovers_total',
  help: 'Games of a stopped process claimed here, by game and result (recovered/failed)',
  labelNames: ['game', 'result'],
  registers: [registry],
});

export const fencedTotal = new Counter({
  name: 'parlor_fenced_total',
  help: 'Game copies closed here because another process had taken the game over (this one stalled)',
  registers: [registry],
});

export const heartbeatLapsesTotal = new Counter({
  name: 'parlor_heartbeat_lapses_total',
  help: 'Times this process found its Redis heartbeat gone (Redis restarted or away, or this process stalled, past its life) and put back what Redis lost',
  registers: [registry],
});

export const journalRewritesTotal = new Counter({
  name: 'parlor_journal_rewrites_total',
  help: 'Games whose journal was written again whole because Redis had lost it or came back older',
  registers: [registry],
});

export const redisErrorsTotal = new Counter({
  name: 'parlor_redis_errors_total',
  help: 'Errors on the game store’s Redis connection, by operation (connection, heartbeat: a beat’s round, journal: a write retried)',
  labelNames: ['operation'],
  registers: [registry],
});
