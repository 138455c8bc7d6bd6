/**
 * The game store on a private Redis, without a server: which games a beat claims from dead peers, and
 * how the journal appends of one event-loop turn reach Redis.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import type { Counter } from 'prom-client';
import { GameStore, RESUMED_OWNER, givenUpGames, resumeGivenUp, type GameStoreOptions } from '../src/server/game-store.ts';
import { fencedTotal, heartbeatLapsesTotal, journalRewritesTotal, redisErrorsTotal, takeoversTotal } from '../src/server/metrics.ts';
import { OLDEST_REDIS, startRedis, watchCommands, type CommandWatch, type RedisHandle } from './helpers/redis.ts';
import { sleep, waitFor } from './helpers/ports.ts';
import { execFile } from 'node:child_process';

let redis: RedisHandle;
let reader: Redis;
let commands: CommandWatch;
const stores: GameStore[] = [];
beforeAll(async () => {
  redis = await startRedis();
  reader = new Redis(redis.url);
  commands = await watchCommands(redis.url);
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.stop()));
  // Redis 6.2 refuses what came later (EXPIRE's NX, added in 7.0, aborted a whole finish there); the tests' Redis is newer.
  expect(commands.newerThan(OLDEST_REDIS)).toEqual([]);
  await reader.flushall();
});
afterAll(async () => {
  commands.stop();
  reader.disconnect();
  await redis.stop();
});

function store(processId: string, options: Partial<GameStoreOptions> = {}) {
  const s = new GameStore({
    redisUrl: redis.url,
    processId,
    logger: pino({ level: 'silent' }),
    mode: 'sync',
    ackTimeoutMs: 5000,
    snapshotEvery: 100,
    retentionSeconds: 60,
    heartbeatMs: 100,
    ...options,
  });
  stores.push(s);
  return s;
}

async function liveGame(roomId: string, owner: string) {
  await reader.hset(`parlor:game:${roomId}`, { meta: JSON.stringify({ game: 'high-card' }), owner, epoch: '0' });
  await reader.sadd('parlor:live', roomId);
}

/** How many times Redis ran these commands since its statistics were last reset (inside scripts and transactions too). */
async function commandCalls(...names: string[]) {
  const stats = await reader.info('commandstats');
  return names.reduce((sum, name) => sum + Number(new RegExp(`cmdstat_${name}:calls=(\\d+)`).exec(stats)?.[1] ?? 0), 0);
}

/** A counter's total over the series with these labels (this process's /metrics). */
async function counted(counter: Counter<string>, labels: Record<string, string> = {}) {
  const { values } = await counter.get();
  return values.filter((v) => Object.entries(labels).every(([k, x]) => v.labels[k] === x)).reduce((sum, v) => sum + v.value, 0);
}

/** A journal of a new game holding one stored move; `sent` is what it would rebuild from. */
async function withOneMove(s: GameStore, roomId: string) {
  const journal = s.open(roomId, { game: 'high-card' });
  const sent = [{ actor: 0, move: { n: 1 } }];
  journal.rebuild = () => ({ meta: { game: 'high-card' }, moves: sent });
  expect(await journal.append(sent[0]!, () => null)).toBe(true);
  return { journal, sent };
}

/** Runs `then` after each transaction of the store's is answered, before its caller sees the replies. */
function afterEachTransaction(s: GameStore, then: () => Promise<unknown> | void) {
  const multi = s.redis.multi.bind(s.redis);
  s.redis.multi = ((...args: Parameters<typeof multi>) => {
    const tx = multi(...args);
    const exec = tx.exec.bind(tx);
    tx.exec = async () => {
      const replies = await exec();
      await then();
      return replies;
    };
    return tx;
  }) as typeof s.redis.multi;
}

const readsProcessed = async () => Number(/total_reads_processed:(\d+)/.exec(await reader.info('stats'))![1]);

describe('game store', () => {
  it('is away only once Redis was reached and lost: not while its first connection is made', async () => {
    const own = await startRedis();
    const s = store('connecting', { redisUrl: own.url });
    stores.pop(); // not stopped as the others are: its Redis is gone by the end
    try {
      expect(s.away).toBe(false); // connecting: a request just after the process listens goes through
      await waitFor(() => s.redis.status === 'ready' || null, 5000, 'the store connected');
      expect(s.away).toBe(false);
      await own.stop();
      await waitFor(() => s.away || null, 5000, 'the store away');
    } finally {
      s.redis.disconnect();
      await own.stop().catch(() => undefined);
    }
  });

  it('tries a claimed game whose recovery failed again, after longer and longer waits, and gives it up after five tries', async () => {
    await liveGame('flaky', 'dead');
    await liveGame('broken', 'dead');
    const tries: Record<string, number[]> = { flaky: [], broken: [] };
    const failed = await counted(takeoversTotal, { game: 'high-card', result: 'failed' });
    const me = store('me', { heartbeatMs: 50 });
    me.start(async (roomId) => {
      tries[roomId]!.push(Date.now());
      if (roomId === 'broken' || tries[roomId]!.length < 3) throw new Error('Redis went away during the replay');
      // Recovered: its journal runs here, as a recovered room's does (a beat that lapses on a busy machine
      // takes a live game of this process without one as a game Redis lists here wrongly).
      me.resume(roomId, 0);
    });
    await waitFor(() => tries.broken!.length === 5 || null, 10_000, 'five tries of the broken game');
    await sleep(1000);
    expect(tries.flaky).toHaveLength(3); // recovered at the third try, not tried again
    expect(tries.broken).toHaveLength(5);
    const waits = tries.broken!.slice(1).map((at, i) => at - tries.broken![i]!);
    // After 1, 2, 4 and 8 beats at least (a try falls on a beat: one due a moment after a beat waits for the next).
    waits.forEach((wait, i) => expect(wait).toBeGreaterThanOrEqual(50 * 2 ** i - 5));
    expect((await counted(takeoversTotal, { game: 'high-card', result: 'failed' })) - failed).toBe(7);
    // Given up: no longer a live game (no process would ever run it), its journal kept; the other one runs here.
    expect(await reader.smembers('parlor:live')).toEqual(['flaky']);
    expect(await reader.hget('parlor:game:broken', 'meta')).not.toBeNull();
    // Marked given up in the same step, which tells it from a running game Redis lost from the live games.
    expect(Number(await reader.hget('parlor:game:broken', 'givenUp'))).toBeGreaterThan(tries.broken![4]! - 1000);
    expect(await reader.hexists('parlor:game:flaky', 'givenUp')).toBe(0);
  });

  it('neither gives up nor marks a game a peer claimed while its last try here ran: it runs there', async () => {
    await liveGame('taken', 'dead');
    await reader.set('parlor:proc:peer', '1', 'PX', 60_000); // the peer beats
    let tries = 0;
    const me = store('me', { heartbeatMs: 50 });
    me.start(async () => {
      // This process stalled during the try, and a peer took the game over meanwhile.
      if (++tries === 5) await reader.hset('parlor:game:taken', 'owner', 'peer');
      throw new Error('the replay failed');
    });
    await waitFor(() => tries === 5 || null, 10_000, 'five tries');
    await sleep(500);
    expect(tries).toBe(5);
    expect(await reader.sismember('parlor:live', 'taken')).toBe(1);
    expect(await reader.hgetall('parlor:game:taken')).not.toHaveProperty('givenUp');
  });

  it('gives up a claimed game whose meta does not parse like any failed recovery, instead of leaving it owned here and run nowhere', async () => {
    await reader.hset('parlor:game:garbled', { meta: '{"game":', owner: 'dead', epoch: '0' });
    await reader.sadd('parlor:live', 'garbled');
    const tried: string[] = [];
    const me = store('me', { heartbeatMs: 50 });
    me.start(async (roomId, game) => {
      tried.push(game);
      throw new Error(`no game ${game}`); // as recovering an unknown game does
    });
    await waitFor(async () => (await reader.sismember('parlor:live', 'garbled')) === 0 || null, 10_000, 'the garbled game given up');
    expect(tried).toEqual(Array(5).fill('(unreadable meta)'));
    expect(await reader.hget('parlor:game:garbled', 'meta')).toBe('{"game":'); // its journal kept, listed by game:resume
  });

  it('resumes a given-up game as a dead process\'s game, claimed at the next beat, and leaves alone any game not given up', async () => {
    await reader.set('parlor:proc:me', '1', 'PX', 60_000); // a live process that gave a game up
    await liveGame('running', 'me');
    await liveGame('orphan', 'dead');
    await reader.hset('parlor:game:given-up', { meta: JSON.stringify({ game: 'high-card' }), owner: 'me', epoch: '1', givenUp: '1700000000000' });
    await reader.rpush('parlor:moves:given-up', '{"actor":0,"move":1}', '{"actor":1,"move":2}');
    await reader.hset('parlor:game:finished', { meta: JSON.stringify({ game: 'high-card' }), owner: 'me', epoch: '0' });
    await reader.set('parlor:record:finished', '{}');
    // Running on a live process, its live entry lost (a Redis come back older); or given up by an earlier version.
    await reader.hset('parlor:game:unlisted', { meta: JSON.stringify({ game: 'high-card' }), owner: 'me', epoch: '0' });

    expect(await givenUpGames(reader)).toEqual([{ roomId: 'given-up', game: 'high-card', moves: 2, owner: 'me', marked: true }]);
    // A meta the servers cannot read (maybe what failed its recoveries) does not hide the others.
    await reader.hset('parlor:game:garbled', { meta: '{"game":', owner: 'me', epoch: '1', givenUp: '1700000000000' });
    expect(await givenUpGames(reader)).toEqual([
      { roomId: 'garbled', game: '(unreadable meta)', moves: 0, owner: 'me', marked: true },
      { roomId: 'given-up', game: 'high-card', moves: 2, owner: 'me', marked: true },
    ]);
    expect((await givenUpGames(reader, true)).map((g) => [g.roomId, g.marked])).toEqual([['garbled', true], ['given-up', true], ['unlisted', false]]);
    await reader.del('parlor:game:garbled');
    expect(await resumeGivenUp(reader, 'running')).toEqual({ outcome: 'running', owner: 'me' });
    expect(await resumeGivenUp(reader, 'orphan')).toEqual({ outcome: 'awaiting', owner: 'dead' });
    expect(await resumeGivenUp(reader, 'finished')).toEqual({ outcome: 'finished', owner: null });
    expect(await resumeGivenUp(reader, 'nothing')).toEqual({ outcome: 'no-journal', owner: null });
    // Not marked: refused (resuming a running game would fence it), unless forced.
    expect(await resumeGivenUp(reader, 'unlisted')).toEqual({ outcome: 'unmarked', owner: 'me' });
    expect(await reader.hget('parlor:game:unlisted', 'owner')).toBe('me');
    expect(await reader.sismember('parlor:live', 'unlisted')).toBe(0);
    expect(await resumeGivenUp(reader, 'unlisted', true)).toEqual({ outcome: 'resumed', owner: 'me' });
    expect(await reader.hget('parlor:game:unlisted', 'owner')).toBe(RESUMED_OWNER);
    await reader.multi().del('parlor:game:unlisted').srem('parlor:live', 'unlisted').exec();
    expect(await reader.hgetall('parlor:game:orphan')).toMatchObject({ owner: 'dead' });

    // Listed live with no owner (a meta alone, as an earlier version could leave): no beat would ever claim it.
    await reader.hset('parlor:game:ownerless', { meta: JSON.stringify({ game: 'high-card' }) });
    await reader.sadd('parlor:live', 'ownerless');
    expect(await resumeGivenUp(reader, 'ownerless')).toEqual({ outcome: 'resumed', owner: null });
    expect(await reader.hget('parlor:game:ownerless', 'owner')).toBe(RESUMED_OWNER);
    await reader.multi().del('parlor:game:ownerless').srem('parlor:live', 'ownerless').exec();

    expect(await resumeGivenUp(reader, 'given-up')).toEqual({ outcome: 'resumed', owner: 'me' });
    expect(await reader.hmget('parlor:game:given-up', 'owner', 'givenUp')).toEqual([RESUMED_OWNER, null]); // live again: no longer marked
    expect(await givenUpGames(reader, true)).toEqual([]);
    // Owned by a process that does not beat: the claim path of a crashed process's games takes it.
    const recovered: string[] = [];
    const peer = store('peer', { heartbeatMs: 50 });
    // (Recovered, its journal runs there, as a recovered room's does: see the five tries above.)
    peer.start(async (roomId) => void (recovered.push(roomId), peer.resume(roomId, 0)));
    await waitFor(() => recovered.includes('given-up') || null, 5000, 'the resumed game recovered');
    expect(await reader.hmget('parlor:game:given-up', 'owner', 'epoch')).toEqual(['peer', '2']);
    expect(await reader.sismember('parlor:live', 'given-up')).toBe(1);
    expect(recovered).not.toContain('running');
  });

  it('lists a given-up game once though SCAN returned its key twice (as it may while Redis resizes its table)', async () => {
    await reader.hset('parlor:game:given-up', { meta: JSON.stringify({ game: 'high-card' }), owner: 'me', epoch: '1', givenUp: '1700000000000' });
    const scan = reader.scan.bind(reader);
    let calls = 0;
    const twice = Object.assign(Object.create(reader) as Redis, {
      // The key in a first batch, then again in the last.
      scan: (async (...args: Parameters<typeof scan>) => (calls++ === 0 ? ['1', ['parlor:game:given-up']] : scan('0', ...(args.slice(1) as [])))) as unknown as typeof scan,
    });
    expect(await givenUpGames(twice)).toEqual([{ roomId: 'given-up', game: 'high-card', moves: 0, owner: 'me', marked: true }]);
    expect(calls).toBe(2);
  });

  it('gives a failing game up again when Redis failed to take it out of the live games: not left owned here, run nowhere', async () => {
    await liveGame('broken', 'dead');
    let tries = 0;
    const me = store('me', { heartbeatMs: 50 });
    const giveUp = me.redis.giveUp.bind(me.redis);
    let refused = 0;
    me.redis.giveUp = ((...args: Parameters<typeof giveUp>) => (refused++ === 0 ? Promise.reject(new Error('Redis went away')) : giveUp(...args))) as typeof giveUp;
    me.start(async () => {
      tries++;
      throw new Error('the replay failed');
    });
    await waitFor(() => refused >= 1 || null, 10_000, 'the first give-up refused');
    // Else it stays live, owned by this process that beats on: no peer claims it, every seat token answered "moving".
    await waitFor(async () => (await reader.sismember('parlor:live', 'broken')) === 0 || null, 5000, 'given up');
    expect(tries).toBeGreaterThan(5);
  });

  it('never tries a game again while an earlier try of it still runs (a replay longer than a beat)', async () => {
    await liveGame('slow', 'dead');
    let tries = 0;
    let running = 0;
    let most = 0;
    const me = store('me', { heartbeatMs: 50 });
    me.start(async () => {
      tries++;
      most = Math.max(most, ++running);
      try {
        if (tries === 1) throw new Error('Redis went away during the replay');
        await sleep(500); // ten beats: the retry is due again at every one of them
      } finally {
        running--;
      }
    });
    await waitFor(() => tries >= 2 || null, 5000, 'the retry begun');
    await sleep(800);
    expect(most).toBe(1); // two copies of one game would both run here, each journaling its moves
    expect(tries).toBe(2);
  });

  it('never tries a game again once a try of it succeeded while a beat was asking Redis whose it is (a slow reply)', async () => {
    await liveGame('slow-reply', 'dead');
    let tries = 0;
    const me = store('me', { heartbeatMs: 50 });
    // Each owner check of a retry answered a beat late: one is still waiting when the second try succeeds.
    const hget = me.redis.hget.bind(me.redis);
    me.redis.hget = (async (...args: Parameters<typeof hget>) => {
      const answer = await hget(...args);
      if (args[1] === 'owner') await sleep(120);
      return answer;
    }) as typeof hget;
    me.start(async () => {
      tries++;
      if (tries === 1) throw new Error('Redis went away during the replay');
      await sleep(200);
    });
    await waitFor(() => tries >= 2 || null, 5000, 'the retry begun');
    await sleep(800);
    expect(tries).toBe(2); // a third would run a second copy of a game already running here
  });

  it('claims only the games whose owner stopped beating, one at a time, each recovered before the next is claimed', async () => {
    await reader.set('parlor:proc:alive', '1');
    await liveGame('mine', 'me');
    await liveGame('peer', 'alive');
    await liveGame('orphan-1', 'dead');
    await liveGame('orphan-2', 'dead');
    await reader.sadd('parlor:live', 'no-hash'); // listed, but its game is gone: nothing to claim

    const recovered: string[] = [];
    const ownersAtRecovery: (string | null)[][] = [];
    const takeovers = await counted(takeoversTotal, { game: 'high-card', result: 'recovered' });
    const me = store('me');
    me.start(async (roomId, game) => {
      expect(game).toBe('high-card');
      ownersAtRecovery.push(await Promise.all(['orphan-1', 'orphan-2'].map((id) => reader.hget(`parlor:game:${id}`, 'owner'))));
      recovered.push(roomId);
    });
    await waitFor(() => recovered.length === 2, 5000, 'both orphans recovered');

    expect(recovered.sort()).toEqual(['orphan-1', 'orphan-2']);
    expect((await counted(takeoversTotal, { game: 'high-card', result: 'recovered' })) - takeovers).toBe(2);
    // The first recovery ran while the other orphan still had its dead owner: a survivor claims one game at
    // a time, so survivors beating at once share a dead peer's games.
    expect(ownersAtRecovery[0]!.filter((o) => o === 'dead')).toHaveLength(1);
    for (const id of ['orphan-1', 'orphan-2']) {
      expect(await reader.hget(`parlor:game:${id}`, 'owner')).toBe('me');
      expect(await reader.hget(`parlor:game:${id}`, 'epoch')).toBe('1');
    }
    expect(await reader.hget('parlor:game:peer', 'owner')).toBe('alive');
    expect(await reader.hget('parlor:game:mine', 'epoch')).toBe('0');
    expect(await reader.exists('parlor:game:no-hash')).toBe(0);
    // Later beats find nothing more to claim, in one script call each however many games are live
    // (5 listed here; about 3 beats in 300 ms).
    await reader.config('RESETSTAT');
    await new Promise((r) => setTimeout(r, 300));
    expect(recovered).toHaveLength(2);
    const scripts = /cmdstat_evalsha:calls=(\d+)/.exec(await reader.info('commandstats'));
    expect(Number(scripts?.[1] ?? 0)).toBeGreaterThan(0);
    expect(Number(scripts![1])).toBeLessThanOrEqual(5);
  });

  it('fences its own copy of a game it claims: the game was another process\'s until the claim, whatever this process\'s last check read', async () => {
    // Beats a second apart: nothing but the round's own claims runs between this process's check and them.
    await liveGame('orphan', 'dead');
    const me = store('me', { heartbeatMs: 1000 });
    const copy = me.open('mine', { game: 'high-card' });
    const fencedAtRecovery: boolean[] = [];
    me.start(async (roomId) => {
      // This process stalled after its check: a peer took 'mine' over meanwhile, and died. Claimed next, in this round.
      if (roomId === 'orphan') await reader.hset('parlor:game:mine', 'owner', 'dead');
      else fencedAtRecovery.push(copy.fenced);
    });
    await waitFor(() => fencedAtRecovery.length || null, 10_000, 'mine claimed back');
    expect(fencedAtRecovery).toEqual([true]);
    expect(await reader.hget('parlor:game:mine', 'owner')).toBe('me');
  });

  it('stores nothing a stale copy sends while its game is being claimed here: the copy is fenced before the claim is sent', async () => {
    await liveGame('orphan', 'dead');
    const me = store('me', { heartbeatMs: 1000 });
    const copy = me.open('taken', { game: 'high-card' });
    await copy.drained();
    const claim = me.redis.claimGame.bind(me.redis);
    // As it wakes, the copy reads a move its clients sent during the stall while the claim is on its way to Redis.
    me.redis.claimGame = (...args: Parameters<typeof claim>) => {
      const claimed = claim(...args);
      if (args[0] === 'parlor:game:taken') void copy.append({ actor: 1, move: 'stale' }, () => null);
      return claimed;
    };
    const recovered: string[] = [];
    me.start(async (roomId) => {
      // This process stalled after its check: a peer took 'taken' over meanwhile, made a move, and died. Claimed next, in this round.
      if (roomId === 'orphan') {
        await reader.hset('parlor:game:taken', 'owner', 'dead');
        await reader.rpush('parlor:moves:taken', '{"actor":0,"move":"the peer\'s"}');
      } else recovered.push(roomId);
    });
    await waitFor(() => recovered.length || null, 10_000, 'the game claimed');
    expect(copy.fenced).toBe(true);
    await new Promise((r) => setTimeout(r, 200)); // (anything the copy sent would be in by now)
    expect(await reader.lrange('parlor:moves:taken', 0, -1)).toEqual(['{"actor":0,"move":"the peer\'s"}']);
    expect(await reader.hget('parlor:game:taken', 'owner')).toBe('me');
  });

  it('claims no game of a live peer after Redis refused writes (out of memory) for longer than a heartbeat lives', async () => {
    await liveGame('of-a', 'a');
    await liveGame('of-b', 'b');
    const recovered: string[] = [];
    const [heartbeatErrors, journalErrors, lapses] = [await counted(redisErrorsTotal, { operation: 'heartbeat' }), await counted(redisErrorsTotal, { operation: 'journal' }), await counted(heartbeatLapsesTotal)];
    const a = store('a');
    const journal = a.open('a-game', { game: 'high-card' });
    await journal.drained();
    a.start(async (roomId) => void recovered.push(roomId));
    await sleep(50); // beating out of step, as processes do: in step, neither would ever find the other's heartbeat gone
    store('b').start(async (roomId) => void recovered.push(roomId));
    await waitFor(async () => (await reader.exists('parlor:proc:a', 'parlor:proc:b')) === 2, 3000, 'both beating');
    expect(await a.caughtUp(1000)).toBe(true);
    // Every write refused for 3 heartbeat lifetimes: both heartbeats lapse while both processes live on.
    await reader.config('SET', 'maxmemory', '1');
    let move: Promise<boolean> | null = null;
    try {
      await waitFor(async () => (await reader.exists('parlor:proc:a', 'parlor:proc:b')) === 0, 3000, 'both heartbeats lapsed');
      move = journal.append({ actor: 0, move: { n: 1 } }, () => null);
      await waitFor(async () => (await counted(redisErrorsTotal, { operation: 'journal' })) > journalErrors, 3000, 'the move refused, counted');
      // Not caught up: a process stopping now would hand its games over without the moves Redis refused.
      expect(await a.caughtUp(300)).toBe(false);
      await sleep(300);
    } finally {
      await reader.config('SET', 'maxmemory', '0');
    }
    expect(await a.caughtUp(3000)).toBe(true);
    await waitFor(async () => (await reader.exists('parlor:proc:a', 'parlor:proc:b')) === 2, 3000, 'both beating again');
    await sleep(600); // two heartbeat lifetimes: a claim would have been made
    expect(recovered).toEqual([]);
    expect([await reader.hget('parlor:game:of-a', 'owner'), await reader.hget('parlor:game:of-b', 'owner')]).toEqual(['a', 'b']);
    expect(await move).toBe(true); // stored once Redis took writes again
    expect(await reader.llen('parlor:moves:a-game')).toBe(1);
    expect((await counted(redisErrorsTotal, { operation: 'heartbeat' })) - heartbeatErrors).toBeGreaterThan(0);
    expect((await counted(heartbeatLapsesTotal)) - lapses).toBe(2); // once each, however many beats were refused
  });

  it('leaves no live game behind once it finished, though its players leave (and change their seats) after the end', async () => {
    const s = store('me');
    const journal = s.open('done', { game: 'high-card', seats: ['ada', 'bo'] });
    expect(await journal.append({ actor: 0, move: { type: 'play' } }, () => null)).toBe(true);
    journal.finish({ result: 'ada wins' });
    journal.saveMeta({ game: 'high-card', seats: ['', 'bo'] });
    await journal.drained();
    expect(await reader.exists('parlor:game:done', 'parlor:moves:done')).toBe(0);
    expect(await reader.sismember('parlor:live', 'done')).toBe(0);
    expect(JSON.parse((await reader.get('parlor:record:done'))!)).toEqual({ result: 'ada wins' });
  });

  it("keeps an address's records the whole retention up to its day's count, an hour at most beyond it", async () => {
    const s = store('me', { recordsPerAddressDay: 2, retentionSeconds: 7 * 86_400 });
    const ttls: number[] = [];
    for (const id of ['by-1', 'by-2', 'by-3']) {
      const journal = s.open(id, { game: 'high-card' });
      journal.finish({ result: id }, Infinity, '203.0.113.9');
      await journal.drained();
      ttls.push(await reader.ttl(`parlor:record:${id}`));
    }
    expect(ttls[0]).toBeGreaterThan(3600);
    expect(ttls[1]).toBeGreaterThan(3600);
    expect(ttls[2]).toBeGreaterThan(0);
    expect(ttls[2]).toBeLessThanOrEqual(3600);
    // Another address has its own count; a record kept an hour anyway (nobody played) counts to none.
    const other = s.open('by-other', { game: 'high-card' });
    other.finish({ result: 'other' }, Infinity, '198.51.100.7');
    const short = s.open('by-short', { game: 'high-card' });
    short.finish({ result: 'short' }, 3600, '198.51.100.7');
    await Promise.all([other.drained(), short.drained()]);
    expect(await reader.ttl('parlor:record:by-other')).toBeGreaterThan(3600);
    expect(await reader.get('parlor:records-by:198.51.100.7')).toBe('1');
    expect(await reader.ttl('parlor:records-by:198.51.100.7')).toBeLessThanOrEqual(86_400);
  });

  it('sends the journal appends of one turn, from every room, in one write, and acknowledges each once stored', async () => {
    const s = store('me', { appendHoldMs: 60_000 }); // however long this turn takes on a busy machine
    const journals = Array.from({ length: 20 }, (_, i) => s.open(`room-${i}`, { game: 'high-card' }));
    await Promise.all(journals.map((j) => j.drained()));
    const before = await readsProcessed();

    const acks = journals.map((j, i) => j.append({ actor: 0, move: { type: 'play', card: i } }, () => null));
    expect(await Promise.all(acks)).toEqual(journals.map(() => true));

    // One read for the 20 appends, one for the INFO that counts them.
    expect((await readsProcessed()) - before).toBe(2);
    for (let i = 0; i < 20; i++) expect(await reader.lrange(`parlor:moves:room-${i}`, 0, -1)).toEqual([JSON.stringify({ actor: 0, move: { type: 'play', card: i } })]);
  });

  it('does not hold a long turn\'s first appends to its end: past the hold, the next append sends them', async () => {
    const s = store('me', { appendHoldMs: 20 }); // 1 ms by default; longer here than a busy machine's pause between two lines
    const journals = Array.from({ length: 4 }, (_, i) => s.open(`long-${i}`, { game: 'high-card' }));
    await Promise.all(journals.map((j) => j.drained()));
    // Writes that leave the Redis connection's socket (a corked socket's buffered writes leave together).
    const stream = s.redis.stream as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
    let writes = 0;
    for (const name of ['_write', '_writev'] as const) {
      const original = stream[name].bind(stream);
      stream[name] = (...args: unknown[]) => {
        writes++;
        return original(...args);
      };
    }
    const move = (i: number) => ({ actor: 0, move: { type: 'play', card: i } });
    const acks = [journals[0]!.append(move(0), () => null), journals[1]!.append(move(1), () => null)];
    expect(writes).toBe(0);
    for (const until = performance.now() + 25; performance.now() < until; ); // a turn busy handling a burst
    acks.push(journals[2]!.append(move(2), () => null));
    expect(writes).toBe(1); // the first two, before the turn is over
    acks.push(journals[3]!.append(move(3), () => null));
    expect(writes).toBe(1); // held again, for at most the hold or the end of the turn
    expect(await Promise.all(acks)).toEqual([true, true, true, true]);
    expect(writes).toBe(2);
    for (let i = 0; i < 4; i++) expect(await reader.lrange(`parlor:moves:long-${i}`, 0, -1)).toEqual([JSON.stringify(move(i))]);
  });

  it('after a stall past its heartbeat, puts back once however many beats queued behind the stalled Redis, and rewrites no game Redis kept', async () => {
    const lines: string[] = [];
    const s = store('stalled', { logger: pino({ level: 'info' }, { write: (line: string) => lines.push(line) }) });
    const journal = s.open('stalled-game', { game: 'high-card' });
    const moves = [0, 1, 2].map((n) => ({ actor: n % 2, move: { n } }));
    journal.rebuild = () => ({ meta: { game: 'high-card' }, moves });
    for (const m of moves) expect(await journal.append(m, () => null)).toBe(true);
    let putBacks = 0;
    const [lapses, rewrites] = [await counted(heartbeatLapsesTotal), await counted(journalRewritesTotal)];
    s.start(async () => undefined, async () => void putBacks++);
    await sleep(250);
    await reader.config('RESETSTAT');
    process.kill(redis.pid!, 'SIGSTOP'); // ten beats of 100 ms wait for it; the 300-ms heartbeat expires meanwhile
    try {
      await sleep(1000);
    } finally {
      process.kill(redis.pid!, 'SIGCONT');
    }
    await waitFor(() => putBacks > 0, 5000, 'the listings put back');
    await journal.drained(); // the game's check (queued with its writes) has run
    await sleep(500);
    expect(putBacks).toBe(1);
    // Paused, Redis kept the game: nothing of it is written again, and no loss is reported.
    expect(await commandCalls('del', 'hset', 'rpush')).toBe(0);
    expect(lines.filter((line) => /had lost|journal rewritten/.test(line))).toEqual([]);
    expect(lines.filter((line) => line.includes('heartbeat had lapsed'))).toHaveLength(1);
    expect([(await counted(heartbeatLapsesTotal)) - lapses, (await counted(journalRewritesTotal)) - rewrites]).toEqual([1, 0]);
    expect(await reader.lrange('parlor:moves:stalled-game', 0, -1)).toEqual(moves.map((m) => JSON.stringify(m)));
    expect(await reader.hget('parlor:game:stalled-game', 'owner')).toBe('stalled');
  });

  it('acknowledges no move past its timeout on waking from a stall before it knows a peer has not taken the game meanwhile', async () => {
    const s = store('me', { ackTimeoutMs: 200 }); // heartbeats of 100 ms: peers take over after 300
    const journal = s.open('woken', { game: 'high-card' });
    expect(await journal.drained()).toBe(true);
    s.start(async () => undefined);
    await sleep(250); // beating
    await reader.set('parlor:proc:peer', 'alive', 'PX', 60_000);
    await reader.hset('parlor:game:woken', 'owner', 'peer'); // the peer took the game while this process was stopped:
    const ack = journal.append({ actor: 0, move: { n: 1 } }, () => null); // it had just applied a move when it stopped
    for (const until = performance.now() + 500; performance.now() < until; ); // stopped past its beats and the move's timeout
    // On waking the overdue timeout runs before Redis' refusal of the write is read: the move must not be given up
    // as "accepted, not yet stored" (acknowledged, and lost with the copy) but refused once the copy is fenced.
    const kept = await ack;
    expect({ kept, fenced: journal.fenced, behind: journal.behind }).toEqual({ kept: false, fenced: true, behind: false });
    expect(await reader.llen('parlor:moves:woken')).toBe(0);
  });

  it('rewrites each game Redis lost or holds older than its journal once its heartbeat is found gone, and no other', async () => {
    const lines: string[] = [];
    const s = store('me', { logger: pino({ level: 'info' }, { write: (line: string) => lines.push(line) }) });
    const played = new Map<string, { actor: number; move: unknown }[]>();
    for (const roomId of ['kept', 'gone', 'older', 'taken']) {
      const journal = s.open(roomId, { game: 'high-card' });
      const moves = [0, 1, 2].map((n) => ({ actor: n % 2, move: { roomId, n } }));
      journal.rebuild = () => ({ meta: { game: 'high-card' }, moves });
      for (const m of moves) expect(await journal.append(m, () => null)).toBe(true);
      played.set(roomId, moves);
    }
    const [rewrites, fenced] = [await counted(journalRewritesTotal), await counted(fencedTotal)];
    s.start(async () => undefined);
    await waitFor(async () => (await reader.exists('parlor:proc:me')) === 1, 3000, 'beating');
    await sleep(150); // past the first beat, which has no earlier heartbeat to find
    // What a Redis back from a restart could hold: one game gone, one without its last move, one taken
    // over by a peer meanwhile (alive: a dead peer's game would be this process's to claim once its claims resume,
    // three beats on, which a loaded machine reached before the checks below), one whole; and this process's heartbeat expired.
    await reader
      .multi()
      .del('parlor:game:gone', 'parlor:moves:gone')
      .srem('parlor:live', 'gone')
      .rpop('parlor:moves:older')
      .hset('parlor:game:taken', 'owner', 'peer')
      .set('parlor:proc:peer', '1', 'PX', 60_000)
      .del('parlor:proc:me')
      .exec();
    await waitFor(() => lines.some((line) => line.includes('had lost this process')), 5000, 'the lost games put back');
    const rewritten = lines.filter((line) => line.includes('journal rewritten')).map((line) => (JSON.parse(line) as { roomId: string }).roomId);
    expect(rewritten.sort()).toEqual(['gone', 'older']);
    expect(JSON.parse(lines.find((line) => line.includes('had lost this process'))!)).toMatchObject({ games: 2 });
    for (const roomId of ['kept', 'gone', 'older']) {
      expect(await reader.lrange(`parlor:moves:${roomId}`, 0, -1)).toEqual(played.get(roomId)!.map((m) => JSON.stringify(m)));
      expect(await reader.hget(`parlor:game:${roomId}`, 'owner')).toBe('me');
      expect(await reader.sismember('parlor:live', roomId)).toBe(1);
    }
    expect(await reader.hget('parlor:game:taken', 'owner')).toBe('peer'); // fenced here, not claimed back
    expect(s.journals.has('taken')).toBe(false);
    expect([(await counted(journalRewritesTotal)) - rewrites, (await counted(fencedTotal)) - fenced]).toEqual([2, 1]);
  });

  it('takes out of the live games one Redis lists as running here that this process does not run (Redis come back older)', async () => {
    const s = store('me');
    const moves = [{ actor: 0, move: { n: 1 } }];
    const journal = s.open('runs', { game: 'high-card' });
    journal.rebuild = () => ({ meta: { game: 'high-card' }, moves });
    expect(await journal.append(moves[0]!, () => null)).toBe(true);
    await reader.set('parlor:proc:alive', '1');
    await liveGame('peer-game', 'alive');
    s.start(async () => undefined);
    await waitFor(async () => (await reader.exists('parlor:proc:me')) === 1, 3000, 'beating');
    await sleep(150); // past the first beat, which has no earlier heartbeat to find
    // What a Redis back from an older snapshot could hold: a game that finished here since, listed as running here.
    await liveGame('finished', 'me');
    await reader.del('parlor:proc:me');
    await waitFor(async () => (await reader.sismember('parlor:live', 'finished')) === 0 || null, 5000, 'the game not run here unlisted');
    expect(await reader.smembers('parlor:live').then((ids) => ids.sort())).toEqual(['peer-game', 'runs']);
    expect(await reader.hget('parlor:game:finished', 'meta')).not.toBeNull(); // its journal kept
  });

  it('rewrites a game whose seats Redis holds older than its journal wrote them, though every move is there', async () => {
    const s = store('me');
    const journal = s.open('seated', { game: 'high-card', seats: ['waiting'] });
    const moves = [{ actor: 0, move: { n: 1 } }];
    const meta = { game: 'high-card', seats: ['token-of-the-player-who-sat-down'] };
    journal.rebuild = () => ({ meta, moves });
    expect(await journal.append(moves[0]!, () => null)).toBe(true);
    journal.saveMeta(meta); // a seat taken between moves
    await journal.drained();
    s.start(async () => undefined);
    await waitFor(async () => (await reader.exists('parlor:proc:me')) === 1, 3000, 'beating');
    await sleep(150); // past the first beat
    // A Redis back from a snapshot taken before the seat was: the moves all there, the meta older; no heartbeat.
    await reader.multi().hset('parlor:game:seated', 'meta', JSON.stringify({ game: 'high-card', seats: ['waiting'] })).del('parlor:proc:me').exec();
    // A peer recovering the game from the older meta would refuse the seated player's token.
    await waitFor(async () => (await reader.hget('parlor:game:seated', 'meta')) === JSON.stringify(meta) || null, 3000, 'the meta put back');
    expect(await reader.lrange('parlor:moves:seated', 0, -1)).toEqual(moves.map((m) => JSON.stringify(m)));
  });

  it('puts back no game a peer owns: the check fences it, and a check a fence dropped answers that nothing was rewritten', async () => {
    const s = store('me');
    const taken = s.open('taken-meanwhile', { game: 'high-card' });
    await taken.drained();
    await reader.hset('parlor:game:taken-meanwhile', 'owner', 'peer'); // what a peer's claim writes
    expect(await taken.restore()).toBe(false);
    expect(taken.fenced).toBe(true);
    expect(await reader.hget('parlor:game:taken-meanwhile', 'owner')).toBe('peer');

    const queued = s.open('queued', { game: 'high-card' });
    await queued.drained();
    await reader.call('CLIENT', 'PAUSE', '1000', 'WRITE');
    void queued.append({ actor: 0, move: { n: 1 } }, () => null); // on its way: the check waits behind it
    const check = queued.restore();
    queued.fence();
    expect(await check).toBe(false);
  });

  it('writes nothing back once fenced while an append was on its way (its reply then disagrees with the emptied journal)', async () => {
    const s = store('me');
    const { journal, sent } = await withOneMove(s, 'forked');
    await reader.call('CLIENT', 'PAUSE', '1000', 'WRITE');
    sent.push({ actor: 1, move: { n: 2 } });
    const second = journal.append(sent[1]!, () => null); // on its way, unanswered
    await new Promise((r) => setImmediate(r));
    const rewrites = await counted(journalRewritesTotal);
    journal.fence(); // a beat found the game a peer's meanwhile
    const claimed = reader.hset('parlor:game:forked', 'owner', 'peer'); // the peer's claim, behind the append
    expect(await second).toBe(false);
    await claimed;
    await sleep(100);
    expect(await reader.hget('parlor:game:forked', 'owner')).toBe('peer');
    // The append landed before the claim (2 moves) or was refused after it (1): clients Redis un-pauses together
    // run in no set order. Either way this copy wrote nothing back.
    expect([1, 2]).toContain(await reader.llen('parlor:moves:forked'));
    expect(await reader.lindex('parlor:moves:forked', 0)).toBe(JSON.stringify(sent[0]));
    expect((await counted(journalRewritesTotal)) - rewrites).toBe(0);
  });

  it('writes no meta over a game a peer owns: a stalled copy whose seats changed as it woke is fenced instead', async () => {
    const s = store('me');
    const journal = s.open('taken', { game: 'high-card', seats: ['ada'] });
    expect(await journal.drained()).toBe(true);
    await reader.hset('parlor:game:taken', { owner: 'peer', meta: JSON.stringify({ game: 'high-card', seats: ['ada', 'bo'] }) }); // the peer's game since
    journal.saveMeta({ game: 'high-card', seats: [] }); // this copy's clients timed out during the stall
    await waitFor(() => journal.fenced || null, 5000, 'the copy fenced');
    expect(JSON.parse((await reader.hget('parlor:game:taken', 'meta'))!)).toEqual({ game: 'high-card', seats: ['ada', 'bo'] });
    // Nor over a game Redis lost: no hash of a meta alone; the next append or put-back writes it whole.
    const lost = s.open('lost', { game: 'high-card' });
    expect(await lost.drained()).toBe(true);
    await reader.del('parlor:game:lost');
    lost.saveMeta({ game: 'high-card', seats: ['ada'] });
    expect(await lost.drained()).toBe(true);
    expect(await reader.exists('parlor:game:lost')).toBe(0);
  });

  it('rewrites no game a peer claimed between its check and the rewrite: the rewrite checks the owner itself', async () => {
    const s = store('me');
    const { journal } = await withOneMove(s, 'claimed');
    await reader.del('parlor:moves:claimed'); // Redis lost the moves: the check will rewrite
    // A peer's claim lands just after the check's reply, before the rewrite.
    afterEachTransaction(s, () => reader.hset('parlor:game:claimed', 'owner', 'peer'));
    expect(await journal.restore()).toBe(false);
    expect(journal.fenced).toBe(true);
    expect(await reader.hget('parlor:game:claimed', 'owner')).toBe('peer');
  });

  it('rewrites nothing once fenced while its check was on its way, even a game the peer then abandoned', async () => {
    const s = store('me');
    const { journal } = await withOneMove(s, 'abandoned');
    // The peer that took the game over saw everyone leave it: its keys are gone, with no record.
    await reader.multi().del('parlor:game:abandoned', 'parlor:moves:abandoned').srem('parlor:live', 'abandoned').exec();
    // A beat fences this copy (it saw the peer's claim) while the check's reply is on its way.
    afterEachTransaction(s, () => journal.fence());
    expect(await journal.restore()).toBe(false);
    expect(await reader.exists('parlor:game:abandoned', 'parlor:moves:abandoned')).toBe(0);
    expect(await reader.sismember('parlor:live', 'abandoned')).toBe(0);
  });

  it('rewrites no game a peer abandoned while this copy stalled or its rewrite was on its way: the mark the abandon left tells it from a game Redis lost', async () => {
    const s = store('me');
    const { journal } = await withOneMove(s, 'left');
    // A peer took the game over, and everyone left it there.
    await reader.hset('parlor:game:left', 'owner', 'peer');
    const peer = store('peer');
    const theirs = peer.resume('left', 1);
    theirs.abandon();
    expect(await theirs.drained()).toBe(true);
    expect(await reader.ttl('parlor:abandoned:left')).toBeGreaterThan(3500);
    // This copy's check finds the game gone, as after Redis lost it, and sends its rewrite.
    expect(await journal.restore()).toBe(false);
    expect(journal.fenced).toBe(true);
    expect(await reader.exists('parlor:game:left', 'parlor:moves:left')).toBe(0);
    expect(await reader.sismember('parlor:live', 'left')).toBe(0);
  });

  it('clears the give-up mark of a game it rewrites: a Redis come back older than a resume no longer shows it running here as given up', async () => {
    const s = store('me');
    const { journal } = await withOneMove(s, 'resumed-here');
    // Redis came back from before the operator resumed it: given up here, marked, not live.
    await reader.multi().hset('parlor:game:resumed-here', 'givenUp', '1700000000000').srem('parlor:live', 'resumed-here').exec();
    expect(await journal.restore()).toBe(true);
    expect(await reader.hmget('parlor:game:resumed-here', 'owner', 'givenUp')).toEqual(['me', null]);
    expect(await reader.sismember('parlor:live', 'resumed-here')).toBe(1);
    expect(await givenUpGames(reader)).toEqual([]);
  });

  it('abandons no game a peer owns: a stalled copy whose last watchers left as it woke deletes nothing and leaves no mark', async () => {
    const s = store('me');
    const { journal } = await withOneMove(s, 'still-played');
    // A peer took the game over while this process stalled; this copy closes before a beat fences it.
    await reader.hset('parlor:game:still-played', 'owner', 'peer');
    journal.abandon();
    expect(await journal.drained()).toBe(true);
    expect(await reader.hget('parlor:game:still-played', 'owner')).toBe('peer');
    expect(await reader.llen('parlor:moves:still-played')).toBe(1);
    expect(await reader.sismember('parlor:live', 'still-played')).toBe(1);
    // No mark: the peer's own rewrite, should Redis lose the game, still writes it back.
    expect(await reader.exists('parlor:abandoned:still-played')).toBe(0);
  });

  it('rewrites no game a peer finished while this process stalled: its record tells it from a game Redis lost', async () => {
    const s = store('me');
    const { journal, sent } = await withOneMove(s, 'finished-elsewhere');
    // What the peer's finish wrote: the record, the live game gone.
    await reader.multi().set('parlor:record:finished-elsewhere', '{}', 'EX', 60).del('parlor:game:finished-elsewhere', 'parlor:moves:finished-elsewhere').srem('parlor:live', 'finished-elsewhere').exec();
    expect(await journal.restore()).toBe(false);
    expect(journal.fenced).toBe(true);
    sent.push({ actor: 1, move: { n: 2 } });
    const late = s.open('finished-late', { game: 'high-card' }); // the same through a move's append
    late.rebuild = () => ({ meta: { game: 'high-card' }, moves: sent });
    expect(await late.append(sent[0]!, () => null)).toBe(true);
    await reader.multi().set('parlor:record:finished-late', '{}', 'EX', 60).del('parlor:game:finished-late', 'parlor:moves:finished-late').srem('parlor:live', 'finished-late').exec();
    expect(await late.append(sent[1]!, () => null)).toBe(false);
    expect(late.fenced).toBe(true);
    expect(await reader.exists('parlor:game:finished-elsewhere', 'parlor:moves:finished-elsewhere', 'parlor:game:finished-late', 'parlor:moves:finished-late')).toBe(0);
    expect(await reader.smembers('parlor:live')).toEqual([]);
  });

  it('rewrites a game of more moves than one call can take as arguments (150,000), whole', async () => {
    const s = store('me');
    const journal = s.open('marathon', { game: 'high-card' });
    const moves = Array.from({ length: 150_000 }, (_, n) => ({ actor: n % 4, move: { n } }));
    journal.rebuild = () => ({ meta: { game: 'high-card' }, moves });
    expect(await journal.drained()).toBe(true);
    // Redis lost it; a spread of every move into one script call threw (too many arguments), retried for good.
    await reader.del('parlor:game:marathon');
    const restored = journal.restore();
    await waitFor(async () => (await reader.llen('parlor:moves:marathon')) === moves.length || null, 20_000, 'the moves written back');
    expect(await restored).toBe(true);
    expect(await reader.lindex('parlor:moves:marathon', -1)).toBe(JSON.stringify(moves.at(-1)));
    expect(await reader.hget('parlor:game:marathon', 'owner')).toBe('me');
  }, 30_000);

  it('rewrites the game when a reply disagrees with the journal, then resends every move still unconfirmed', async () => {
    const s = store('me');
    const rewrites = await counted(journalRewritesTotal);
    const { journal, sent } = await withOneMove(s, 'gap');
    // Redis now holds a move this journal never sent (a batch stored twice): the next reply's length is off.
    await reader.rpush('parlor:moves:gap', JSON.stringify({ actor: 9, move: 'stray' }));
    await reader.call('CLIENT', 'PAUSE', '1000', 'WRITE'); // writes (the journal's script) wait unanswered for a second
    sent.push({ actor: 1, move: { n: 2 } });
    const second = journal.append(sent[1]!, () => null); // on its way, unanswered
    await new Promise((r) => setImmediate(r));
    sent.push({ actor: 0, move: { n: 3 } });
    const third = journal.append(sent[2]!, () => null); // waits for the second's reply
    expect(await Promise.all([second, third])).toEqual([true, true]);
    await journal.drained();
    expect(await reader.lrange('parlor:moves:gap', 0, -1)).toEqual(sent.map((m) => JSON.stringify(m)));
    expect(await reader.hget('parlor:game:gap', 'owner')).toBe('me');
    expect((await counted(journalRewritesTotal)) - rewrites).toBe(1);
  });
});

describe('the resume command (npm run game:resume)', () => {
  const run = (...args: string[]): Promise<{ code: number; out: string; err: string }> =>
    new Promise((resolve) => {
      execFile(process.execPath, ['scripts/resume-game.ts', ...args], { env: { ...process.env, REDIS_URL: redis.url } }, (error, out, err) => resolve({ code: error ? Number(error.code) : 0, out, err }));
    });

  it('says its usage for an option it does not know, and exits 2 as for any usage problem', async () => {
    const { code, out, err } = await run('--lsit');
    expect({ code, out }).toEqual({ code: 2, out: '' });
    expect(err).toMatch(/^Unknown option '--lsit'[^\n]*\nusage: npm run game:resume -- \[--force\] <roomId> \[<roomId>…\] \| --list \[--force\]\n$/);
  });

  it('lists and resumes only games marked given up; one without the mark with --force alone', async () => {
    await reader.hset('parlor:game:marked', { meta: JSON.stringify({ game: 'high-card' }), owner: 'p1', epoch: '1', givenUp: '1700000000000' });
    await reader.hset('parlor:game:unlisted', { meta: JSON.stringify({ game: 'tac' }), owner: 'p2', epoch: '0' });
    expect(await run('--list')).toEqual({ code: 0, out: 'marked high-card, 0 moves journaled, last owner p1\n', err: '' });
    expect((await run('--list', '--force')).out).toBe('marked high-card, 0 moves journaled, last owner p1\nunlisted tac, 0 moves journaled, last owner p2, not marked given up\n');
    expect(await run('unlisted')).toEqual({
      code: 1,
      out: '',
      err: 'unlisted: refused: not live, but not marked given up: it may be running, its live entry lost by a Redis come back older (--force resumes it all the same)\n',
    });
    expect(await reader.sismember('parlor:live', 'unlisted')).toBe(0);
    expect(await run('--force', 'unlisted')).toEqual({ code: 0, out: 'unlisted: resumed: the next beat of a live process takes it over\n', err: '' });
    expect(await run('marked')).toEqual({ code: 0, out: 'marked: resumed: the next beat of a live process takes it over\n', err: '' });
    expect(await reader.smembers('parlor:live')).toEqual(expect.arrayContaining(['marked', 'unlisted']));
  });

  it('reads a word beginning with a dash as a room id (Colyseus ids may), and any word after a bare --', async () => {
    for (const id of ['-AbC123xy', '--dashed1']) await reader.hset(`parlor:game:${id}`, { meta: JSON.stringify({ game: 'high-card' }), owner: 'p1', epoch: '1', givenUp: '1700000000000' });
    expect(await run('-AbC123xy')).toEqual({ code: 0, out: '-AbC123xy: resumed: the next beat of a live process takes it over\n', err: '' });
    expect(await run('--force', '--', '--dashed1')).toEqual({ code: 0, out: '--dashed1: resumed: the next beat of a live process takes it over\n', err: '' });
    expect(await reader.smembers('parlor:live')).toEqual(expect.arrayContaining(['-AbC123xy', '--dashed1']));
  });

  it('says what Redis answered when a command fails there, in one line, and exits 2', async () => {
    await reader.set('parlor:game:not-a-hash', 'x'); // a key of another kind where a game's hash would be
    for (const args of [['not-a-hash'], ['--list']]) {
      const { code, out, err } = await run(...args);
      expect({ code, out }).toEqual({ code: 2, out: '' });
      expect(err).toMatch(/^Redis failed: .*WRONGTYPE.*\n$/);
    }
  });
});
