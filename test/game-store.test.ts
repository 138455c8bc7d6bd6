/**
 * The game store on a private Redis, without a server: which games a beat claims from dead peers, and
 * how the journal appends of one event-loop turn reach Redis.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { GameStore } from '../src/server/game-store.ts';
import { startRedis, type RedisHandle } from './helpers/redis.ts';
import { waitFor } from './helpers/ports.ts';

let redis: RedisHandle;
let reader: Redis;
const stores: GameStore[] = [];
beforeAll(async () => {
  redis = await startRedis();
  reader = new Redis(redis.url);
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.stop()));
  await reader.flushall();
});
afterAll(async () => {
  reader.disconnect();
  await redis.stop();
});

function store(processId: string, commitWaitMs = 0) {
  const s = new GameStore({
    redisUrl: redis.url,
    processId,
    logger: pino({ level: 'silent' }),
    mode: 'sync',
    ackTimeoutMs: 5000,
    commitWaitMs,
    snapshotEvery: 100,
    retentionSeconds: 60,
    heartbeatMs: 100,
  });
  stores.push(s);
  return s;
}

async function liveGame(roomId: string, owner: string) {
  await reader.hset(`parlor:game:${roomId}`, { meta: JSON.stringify({ game: 'high-card' }), owner, epoch: '0' });
  await reader.sadd('parlor:live', roomId);
}

const readsProcessed = async () => Number(/total_reads_processed:(\d+)/.exec(await reader.info('stats'))![1]);

describe('game store', () => {
  it('claims only the games whose owner stopped beating, one at a time, each recovered before the next is claimed', async () => {
    await reader.set('parlor:proc:alive', '1');
    await liveGame('mine', 'me');
    await liveGame('peer', 'alive');
    await liveGame('orphan-1', 'dead');
    await liveGame('orphan-2', 'dead');
    await reader.sadd('parlor:live', 'no-hash'); // listed, but its game is gone: nothing to claim

    const recovered: string[] = [];
    const ownersAtRecovery: (string | null)[][] = [];
    const me = store('me');
    me.start(async (roomId, game) => {
      expect(game).toBe('high-card');
      ownersAtRecovery.push(await Promise.all(['orphan-1', 'orphan-2'].map((id) => reader.hget(`parlor:game:${id}`, 'owner'))));
      recovered.push(roomId);
    });
    await waitFor(() => recovered.length === 2, 5000, 'both orphans recovered');

    expect(recovered.sort()).toEqual(['orphan-1', 'orphan-2']);
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

  it('sends the journal appends of one turn, from every room, in one write, and acknowledges each once stored', async () => {
    const s = store('me');
    const journals = Array.from({ length: 20 }, (_, i) => s.open(`room-${i}`, { game: 'high-card' }));
    await Promise.all(journals.map((j) => j.drained()));
    const before = await readsProcessed();

    const acks = journals.map((j, i) => j.append({ actor: 0, move: { type: 'play', card: i } }, () => null));
    expect(await Promise.all(acks)).toEqual(journals.map(() => true));

    // One read for the 20 appends, one for the INFO that counts them.
    expect((await readsProcessed()) - before).toBe(2);
    for (let i = 0; i < 20; i++) expect(await reader.lrange(`parlor:moves:room-${i}`, 0, -1)).toEqual([JSON.stringify({ actor: 0, move: { type: 'play', card: i } })]);
  });

  it.each([
    ['awaited', 0],
    ['in the turn commit', 1000],
  ])('rewrites the game when a reply disagrees with the journal, then resends every move still unconfirmed (%s)', async (_, commitWaitMs) => {
    const s = store('me', commitWaitMs);
    if (commitWaitMs) await waitFor(() => s.turnCommit!.ready, 5000, 'the turn commit connected');
    const journal = s.open('gap', { game: 'high-card' });
    const sent = [{ actor: 0, move: { n: 1 } }];
    journal.rebuild = () => ({ meta: { game: 'high-card' }, moves: sent });
    expect(await journal.append(sent[0]!, () => null)).toBe(true);
    // Redis now holds a move this journal never sent (a batch stored twice): the next reply's length is off.
    await reader.rpush('parlor:moves:gap', JSON.stringify({ actor: 9, move: 'stray' }));
    await reader.call('CLIENT', 'PAUSE', '200', 'WRITE'); // writes (the journal's script) wait unanswered for 200 ms
    sent.push({ actor: 1, move: { n: 2 } });
    const second = journal.append(sent[1]!, () => null); // on its way, unanswered
    await new Promise((r) => setImmediate(r));
    sent.push({ actor: 0, move: { n: 3 } });
    const third = journal.append(sent[2]!, () => null); // waits for the second's reply
    expect(await Promise.all([second, third])).toEqual([true, true]);
    await journal.drained();
    expect(await reader.lrange('parlor:moves:gap', 0, -1)).toEqual(sent.map((m) => JSON.stringify(m)));
    expect(await reader.hget('parlor:game:gap', 'owner')).toBe('me');
  });

  describe('the turn commit (sync durability)', () => {
    /**
     * Whether the promise settled before the end of the turn it was made in: an immediate queued after the
     * appends runs after the turn's commit (queued at the first append) and before any later I/O.
     */
    async function answeredInTurn<T>(promise: Promise<T>): Promise<{ value: T; inTurn: boolean }> {
      let turnOver = false;
      setImmediate(() => (turnOver = true));
      const value = await promise;
      return { value, inTurn: !turnOver };
    }

    it('stores every room’s appends of a turn in one write and answers them in that same turn', async () => {
      const s = store('me', 1000);
      await waitFor(() => s.turnCommit!.ready, 5000, 'the turn commit connected');
      const journals = Array.from({ length: 20 }, (_, i) => s.open(`room-${i}`, { game: 'high-card' }));
      await Promise.all(journals.map((j) => j.drained()));
      const before = await readsProcessed();

      const acks = Promise.all(journals.map((j, i) => j.append({ actor: 0, move: { type: 'play', card: i } }, () => null)));
      // The process waited for Redis at the end of the turn, and the answers came before it ended.
      expect(await answeredInTurn(acks)).toEqual({ value: journals.map(() => true), inTurn: true });

      expect((await readsProcessed()) - before).toBe(2); // the 20 appends, and the INFO that counts them
      for (let i = 0; i < 20; i++) expect(await reader.lrange(`parlor:moves:room-${i}`, 0, -1)).toEqual([JSON.stringify({ actor: 0, move: { type: 'play', card: i } })]);
    });

    it('stops waiting after its bound: the turn goes on, the answer comes with the reply, the moves stay in order', async () => {
      const s = store('me', 5);
      await waitFor(() => s.turnCommit!.ready, 5000, 'the turn commit connected');
      const journal = s.open('slow', { game: 'high-card' });
      await journal.drained();
      await reader.call('CLIENT', 'PAUSE', '300', 'WRITE'); // Redis answers the script after 300 ms
      const moves = [1, 2, 3].map((n) => ({ actor: 0, move: { n } }));
      const first = journal.append(moves[0]!, () => null);
      const waited = answeredInTurn(first);
      await new Promise((r) => setImmediate(r)); // the first is on its way: the next two wait behind it
      const rest = moves.slice(1).map((m) => journal.append(m, () => null));

      expect(await waited).toEqual({ value: true, inTurn: false });
      expect(await Promise.all(rest)).toEqual([true, true]);
      await journal.drained();
      expect(await reader.lrange('parlor:moves:slow', 0, -1)).toEqual(moves.map((m) => JSON.stringify(m)));
    });

    it('leaves the appends to the main connection while its own is down, and takes them again once it is back', async () => {
      const s = store('me', 1000);
      await waitFor(() => s.turnCommit!.ready, 5000, 'the turn commit connected');
      const journal = s.open('flaky', { game: 'high-card' });
      await journal.drained();
      await reader.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes'); // drops both store connections
      const moves = [1, 2].map((n) => ({ actor: 0, move: { n } }));
      expect(await journal.append(moves[0]!, () => null)).toBe(true); // via the main connection's reconnect
      await waitFor(() => s.turnCommit!.ready, 5000, 'the turn commit reconnected');
      expect(await answeredInTurn(journal.append(moves[1]!, () => null))).toEqual({ value: true, inTurn: true });
      expect(await reader.lrange('parlor:moves:flaky', 0, -1)).toEqual(moves.map((m) => JSON.stringify(m)));
    });
  });
});
