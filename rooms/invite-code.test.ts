/**
 * A private table's invite code when Redis is away as the table is made, or the table closes as its code is
 * drawn: a fake table whose presence refuses every command until the test says Redis is back, and whose
 * writes the test may hold.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InviteCode } from './invite-code.ts';
import { INVITES_KEY } from './settings.ts';
import type { Table } from './table.ts';

// The withdrawal removes the code from the fake's hash (the real one runs a script on the game store's Redis).
const redisNow = vi.hoisted(() => ({ hashes: new Map<string, string>() }));
vi.mock('../src/server/invites.ts', () => ({
  withdrawInvite: async (code: string, value: string) => {
    if (redisNow.hashes.get(`parlor:invites ${code}`) === value) redisNow.hashes.delete(`parlor:invites ${code}`);
  },
}));

afterEach(() => void vi.useRealTimers());

function fakeTable() {
  const redis = { up: false, hashes: new Map<string, string>(), held: null as Promise<void> | null, publishing: 0 };
  redisNow.hashes = redis.hashes;
  const away = () => {
    if (!redis.up) throw new Error('Redis away');
  };
  const entries = [{ invite: '' }, { invite: '' }];
  const saved: string[] = [];
  const table = {
    roomId: 'room',
    game: { id: 'high-card' },
    log: { error: () => undefined },
    state: { private: new Map(entries.map((e, seat) => [String(seat), e])) },
    setPrivate: async () => undefined,
    presence: {
      hget: async (key: string, field: string) => (away(), redis.hashes.get(`${key} ${field}`) ?? null),
      hset: async (key: string, field: string, value: string) => {
        redis.publishing++;
        await redis.held;
        away();
        redis.hashes.set(`${key} ${field}`, value);
      },
    },
    journal: { saveMeta: () => void saved.push(invite.code) },
  };
  const invite = new InviteCode(table as unknown as Table);
  return { invite, redis, entries, saved };
}

describe('a private table made while Redis is away', () => {
  it('is invite-only without a code, and draws one, shown to its seats and journaled, once Redis is back', async () => {
    const { invite, redis, entries, saved } = fakeTable();
    await expect(invite.makePrivate()).rejects.toThrow('Redis away');
    expect([invite.required, invite.code]).toEqual([true, '']);
    redis.up = true;
    expect(await invite.putBack()).toBe(true); // what redis-restore.ts does once Redis is back
    expect(invite.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(entries.map((e) => e.invite)).toEqual([invite.code, invite.code]);
    expect(saved).toEqual([invite.code]);
    expect(JSON.parse(redis.hashes.get(`${INVITES_KEY} ${invite.code}`)!)).toEqual({ roomId: 'room', game: 'high-card' });
  });
});

describe('a private table whose code could not be drawn (Redis away a moment, its keys kept)', () => {
  it('draws it again, on its own, until it has it: shown to its seats, journaled and published', async () => {
    vi.useFakeTimers();
    const { invite, redis, entries, saved } = fakeTable();
    await expect(invite.makePrivate()).rejects.toThrow('Redis away');
    await vi.advanceTimersByTimeAsync(2000); // still away: tried and failed again meanwhile
    expect(invite.code).toBe('');
    redis.up = true; // back with its keys: nothing calls putBack
    await vi.advanceTimersByTimeAsync(10_000);
    expect(invite.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(entries.map((e) => e.invite)).toEqual([invite.code, invite.code]);
    expect(saved).toEqual([invite.code]);
    expect(JSON.parse(redis.hashes.get(`${INVITES_KEY} ${invite.code}`)!)).toEqual({ roomId: 'room', game: 'high-card' });
    expect(invite.admits({ name: 'Bo', invite: invite.code })).toBe(true);
  });

  it('stops trying once the table closes', async () => {
    vi.useFakeTimers();
    const { invite, redis } = fakeTable();
    await expect(invite.makePrivate()).rejects.toThrow('Redis away');
    await invite.withdraw();
    redis.up = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect([invite.code, redis.hashes.size]).toEqual(['', 0]);
  });
});

describe('a private table that closes while its code is drawn', () => {
  it('withdraws the code the draw publishes after the close', async () => {
    const { invite, redis, saved } = fakeTable();
    redis.up = true;
    let release!: () => void;
    redis.held = new Promise((resolve) => (release = resolve));
    const made = invite.makePrivate();
    await vi.waitFor(() => expect(redis.publishing).toBe(1)); // the draw has looked its code up, and is publishing it
    const closed = invite.withdraw(); // the table closes
    release();
    await Promise.all([made, closed]);
    expect(invite.code).toMatch(/^[A-Z2-9]{10}$/); // published, then withdrawn
    expect(redis.hashes.size).toBe(0);
    expect(saved).toEqual([]); // a closed table's journal is not written again
  });
});

describe("a private table's first reservation", () => {
  it("is its creator's: a player's is marked to sit without the code, a spectator's leaves no mark for whoever comes next", async () => {
    for (const creator of [{ name: 'Ada' }, { spectator: true }]) {
      const { invite, redis } = fakeTable();
      redis.up = true;
      await invite.makePrivate();
      const first = invite.markCreator(creator, !('spectator' in creator));
      expect(first).toEqual('spectator' in creator ? creator : { ...creator, host: true });
      expect(invite.markCreator({ name: 'Eve' }, true)).toEqual({ name: 'Eve' }); // a stranger after: no mark
      expect(invite.admits({ name: 'Eve' })).toBe(false);
      expect(invite.admits({ name: 'Bo', invite: invite.code.toLowerCase() })).toBe(true);
    }
  });
});
