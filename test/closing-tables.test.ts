/**
 * Tables a process closes (at a stop, or once only spectators are left waiting): nothing of them is left for
 * players or peers to stumble on, and a stopping process takes no new queue tickets.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Client, type SeatReservation } from '@colyseus/sdk';
import { Redis } from 'ioredis';
import { spawnServer, type ServerProcess } from './helpers/process.ts';
import { adopt, joinAsSpectator, state } from './helpers/clients.ts';
import { waitFor } from './helpers/ports.ts';
import { startRedis, type RedisHandle } from './helpers/redis.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { playUntilOver } from './helpers/play.ts';

const started: ServerProcess[] = [];
let redis: RedisHandle | null = null;
let inProcess: TestServer | null = null;
afterAll(async () => {
  await Promise.all(started.map((p) => p.stop('SIGKILL')));
  await redis?.stop();
  await inProcess?.close();
});

async function spawn(env: Record<string, string> = {}) {
  const p = await spawnServer({ SHUTDOWN_GRACE_SECONDS: '2', ...env });
  started.push(p);
  return p;
}

async function post(p: { http: string }, path: string, body: object) {
  const res = await fetch(`${p.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as SeatReservation & { code?: string } };
}

describe('a stopping process', () => {
  it('refuses a seat reservation at a table it closed, taken before the stop and used after, and exits without waiting for it', async () => {
    const p = await spawn();
    const creator = await adopt(await new Client(p.ws).create('high-card', { seats: 3 }));
    const reserved = await post(p, `/matchmake/joinById/${creator.room.roomId}`, {});
    expect(reserved.status).toBe(200);
    let closedWith = 0;
    creator.room.onLeave((code) => (closedWith = code));
    const stopping = Date.now();
    const exit = p.stop('SIGTERM');
    await waitFor(() => closedWith === 4001, 3000, 'the waiting table closed');
    // Used now, the reservation would seat its player at the closed table, which would then hold the process
    // (and the player, alone at a table nobody can find) until it is killed.
    const late = new Client(p.ws).consumeSeatReservation(reserved.body);
    await expect(late.then((room) => room.leave())).rejects.toBeDefined();
    expect(await exit).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(8000); // not the reservation's 15 s, nor the grace period's hard stop
  });

  it('exits on SIGTERM when whatever read its log has gone (a log collector restarted): the last lines are dropped, not retried for ever', async () => {
    const p = await spawn({ LOG_LEVEL: 'info' }); // the stop's own lines are info: logged as the process exits
    p.child.stdout!.destroy(); // the reading end closes: every write of the log now fails (EPIPE)
    expect(await Promise.race([p.stop('SIGTERM'), new Promise((resolve) => setTimeout(() => resolve('still running'), 8000))])).toBe(0);
  });

  it('drops the unused reservations of a running table it closes when its game ends, and of one it closes at the end of the grace period', async () => {
    const p = await spawn({ SHUTDOWN_GRACE_SECONDS: '3' });
    const idle = await adopt(await new Client(p.ws).create('high-card', { seats: 2, bots: 1 })); // never moves: closed at the grace's end
    const ending = await adopt(await new Client(p.ws).create('high-card', { seats: 2, bots: 1, options: { handSize: 1 } }));
    await waitFor(() => state(idle).status === 'playing' && state(ending).status === 'playing', 3000, 'playing');
    const watch = (player: typeof idle) => post(p, `/api/rooms/${player.room.roomId}/seat`, { spectator: true });
    const [idleWatcher, endingWatcher] = [await watch(idle), await watch(ending)];
    expect([idleWatcher.status, endingWatcher.status]).toEqual([200, 200]);
    let closedWith = 0;
    ending.room.onLeave((code) => (closedWith = code));
    const stopping = Date.now();
    const exit = p.stop('SIGTERM');
    await waitFor(() => ending.events.some((e) => e.events.some((ev) => ev.type === 'serverClosing')), 3000, 'serverClosing');
    await playUntilOver(ending, 5000);
    await waitFor(() => closedWith === 4001, 3000, 'the finished table closed');
    // Used now, the reservation would seat its holder at the closed table, which would then hold the process.
    const late = new Client(p.ws).consumeSeatReservation(endingWatcher.body);
    await expect(late.then((room) => room.leave())).rejects.toBeDefined();
    // The idle table closes once the grace is over, its reservation (15 s) dropped with it: the process exits then.
    expect(await exit).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(8000);
  });

  it('answers the table queue 503 core/server-closing at once while its running games finish', async () => {
    const p = await spawn();
    const player = await adopt(await new Client(p.ws).create('high-card', { seats: 3, bots: 2 }));
    await waitFor(() => state(player).status === 'playing', 3000, 'playing');
    const exit = p.stop('SIGTERM');
    await waitFor(() => player.events.some((e) => e.events.some((ev) => ev.type === 'serverClosing')), 3000, 'serverClosing');
    const queued = await post(p, '/api/queue/high-card', { seats: 2 });
    expect([queued.status, queued.body.code]).toEqual([503, 'core/server-closing']);
    expect(await exit).toBe(0);
  });

  it('does not write back, unlocked, the listing of a waiting table it closed (peers would send players there)', async () => {
    redis = await startRedis();
    const p = await spawn({ REDIS_URL: redis.url });
    const creator = await adopt(await new Client(p.ws).create('high-card', { seats: 3 }));
    const roomId = creator.room.roomId;
    const watcher = new Redis(redis.url);
    const monitor = await watcher.monitor();
    const listingWrites: string[] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[1] === 'roomcaches' && args[2] === roomId && /^(hset|hdel)$/i.test(args[0]!)) listingWrites.push(args[0]!.toLowerCase());
    });
    try {
      expect(await p.stop('SIGTERM')).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 200)); // (the monitor's last lines)
      const removed = listingWrites.indexOf('hdel');
      expect(removed).toBeGreaterThanOrEqual(0);
      expect(listingWrites.slice(removed).filter((w) => w === 'hset')).toEqual([]);
    } finally {
      monitor.disconnect();
      watcher.disconnect();
    }
  });
});

describe('a waiting table its players left, closed once only spectators stayed', () => {
  it('refuses a seat reservation taken before it closed and used after, instead of seating its player alone at a table nobody finds', async () => {
    inProcess = await startServer({ RECONNECT_SECONDS: '1' });
    const creator = await adopt(await new Client(inProcess.ws).create('high-card', { seats: 3 }));
    const roomId = creator.room.roomId;
    const watcher = await joinAsSpectator(inProcess.ws, roomId);
    let watcherClosedWith = 0;
    watcher.onLeave((code) => (watcherClosedWith = code));
    await creator.room.leave();
    const reserved = await post(inProcess, `/matchmake/joinById/${roomId}`, {});
    expect(reserved.status).toBe(200); // still open to players: its spectators wait a while for one
    await waitFor(() => watcherClosedWith === 1000, 5000, 'the table closed its spectators');
    const late = new Client(inProcess.ws).consumeSeatReservation(reserved.body);
    await expect(late.then((room) => room.leave())).rejects.toBeDefined();
  });
});
