/**
 * A table's journal on a private Redis whose writes are held up (CLIENT PAUSE): what the table is told
 * about durability while moves wait for Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { GameStore } from '../src/server/game-store.ts';
import { redisErrorsTotal } from '../src/server/metrics.ts';
import { startRedis, type RedisHandle } from '../test/helpers/redis.ts';
import { waitFor } from '../test/helpers/ports.ts';
import { TableJournal, storedPrivate } from './journal.ts';
import { roomSettings } from './settings.ts';
import type { EventsMessage, Table } from './table.ts';

let redis: RedisHandle;
let reader: Redis;
let store: GameStore;
beforeAll(async () => {
  redis = await startRedis();
  reader = new Redis(redis.url);
  const silent = pino({ level: 'silent' });
  store = new GameStore({ redisUrl: redis.url, processId: 'me', logger: silent, mode: 'sync', ackTimeoutMs: 100, snapshotEvery: 100, retentionSeconds: 60, heartbeatMs: 1000 });
  roomSettings.store = store;
});
afterAll(async () => {
  roomSettings.store = null;
  await store.stop();
  reader.disconnect();
  await redis.stop();
});

/** What the journal reads of a table, and the events it announces. */
function fakeTable(roomId = 'durability', inviteOnly = false) {
  const announced: EventsMessage[] = [];
  const table = {
    roomId,
    game: { id: 'high-card' },
    table: { seats: 2, options: {} },
    seed: 'seed',
    state: { status: 'playing' },
    seats: { records: [] },
    inviteCode: { code: '', required: inviteOnly },
    creator: null,
    queued: false,
    log: pino({ level: 'silent' }),
    announce: (message: EventsMessage) => void announced.push(message),
  };
  return { table: table as unknown as Table, durability: () => announced.flatMap((m) => m.events).filter((e) => e.type === 'durability') };
}

/** A new journal of a fake table, its opening write stored. */
async function openJournal() {
  const { table, durability } = fakeTable();
  const journal = new TableJournal(table);
  journal.open();
  await journal.drained();
  return { journal, durability };
}

const journalRefusals = async () => (await redisErrorsTotal.get()).values.find((v) => v.labels.operation === 'journal')?.value ?? 0;

/** While Redis refuses every write (out of memory): a seat changes hands, its write refused and retried; then `meanwhile`. */
async function seatChangeRefused(journal: TableJournal, meanwhile: () => Promise<void> = async () => undefined) {
  const before = await journalRefusals();
  await reader.config('SET', 'maxmemory', '1');
  try {
    journal.saveMeta();
    await waitFor(async () => (await journalRefusals()) > before, 3000, 'the write refused');
    await meanwhile();
  } finally {
    await reader.config('SET', 'maxmemory', '0');
  }
}

describe('table journal', () => {
  it('tells the table once that its moves are not stored, however many were waiting, and again only after they were', async () => {
    const { journal, durability } = await openJournal();
    const outage = async (moves: number) => {
      await reader.call('CLIENT', 'PAUSE', '400', 'WRITE'); // longer than the 100-ms wait of a sync answer
      const answers = Array.from({ length: moves }, (_, n) => journal.append(n % 2, { n }, null));
      expect(await Promise.all(answers)).toEqual(answers.map(() => true)); // each answered without Redis
      await waitFor(() => durability().length % 2 === 0, 3000, 'the journal caught up');
    };
    await outage(3); // three moves on their way when Redis stopped taking writes
    expect(durability()).toEqual([
      { type: 'durability', durable: false },
      { type: 'durability', durable: true },
    ]);
    await outage(2); // the next episode is told again
    expect(durability()).toEqual([false, true, false, true].map((durable) => ({ type: 'durability', durable })));
    expect(await reader.llen('parlor:moves:durability')).toBe(5);
  });

  it('says nothing of durability when only a write no move waited for was retried', async () => {
    const { journal, durability } = await openJournal();
    await seatChangeRefused(journal);
    expect(await journal.drained()).toBe(true);
    expect(durability()).toEqual([]);
  });

  it('tells the table its moves are not stored when they come while a refused write keeps the journal behind', async () => {
    const { journal, durability } = await openJournal();
    await seatChangeRefused(journal, async () => {
      expect(await journal.append(0, { n: 1 }, null)).toBeNull(); // answered at once, not stored
      expect(durability()).toEqual([{ type: 'durability', durable: false }]);
    });
    await waitFor(() => durability().length === 2 || null, 3000, 'the journal caught up');
    expect(durability()[1]).toEqual({ type: 'durability', durable: true });
  });
});

describe('stored meta', () => {
  it('says a private table is private from its first save, before its invite code is drawn', async () => {
    const { table } = fakeTable('private-table', true);
    const journal = new TableJournal(table);
    journal.open();
    await journal.drained();
    const meta = JSON.parse((await reader.hget('parlor:game:private-table', 'meta'))!);
    expect(meta).toMatchObject({ invite: '', private: true });
    expect(storedPrivate(meta)).toBe(true);
  });

  it('reads a journal written before it said so as private when it has an invite code', () => {
    expect(storedPrivate({ invite: 'ABCDEFGHJK' })).toBe(true);
    expect(storedPrivate({ invite: '' })).toBe(false);
    expect(storedPrivate({ invite: '', private: false })).toBe(false);
  });
});
