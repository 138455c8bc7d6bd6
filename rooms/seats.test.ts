/**
 * A private table's invite code when Redis is away as the table is made: a fake table whose presence refuses
 * every command until the test says Redis is back.
 */
import { describe, expect, it } from 'vitest';
import { Seats } from './seats.ts';
import { INVITES_KEY } from './settings.ts';
import type { Table } from './table.ts';

function fakeTable() {
  const redis = { up: false, hashes: new Map<string, string>() };
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
      hset: async (key: string, field: string, value: string) => void (away(), redis.hashes.set(`${key} ${field}`, value)),
    },
    journal: { saveMeta: () => void saved.push(seats.invite) },
  };
  const seats = new Seats(table as unknown as Table);
  return { seats, redis, entries, saved };
}

describe('a private table made while Redis is away', () => {
  it('is invite-only without a code, and draws one, shown to its seats and journaled, once Redis is back', async () => {
    const { seats, redis, entries, saved } = fakeTable();
    await expect(seats.makePrivate()).rejects.toThrow('Redis away');
    expect([seats.inviteOnly, seats.invite]).toEqual([true, '']);
    redis.up = true;
    expect(await seats.putBackInvite()).toBe(true); // what redis-restore.ts does once Redis is back
    expect(seats.invite).toMatch(/^[A-Z2-9]{10}$/);
    expect(entries.map((e) => e.invite)).toEqual([seats.invite, seats.invite]);
    expect(saved).toEqual([seats.invite]);
    expect(JSON.parse(redis.hashes.get(`${INVITES_KEY} ${seats.invite}`)!)).toEqual({ roomId: 'room', game: 'high-card' });
  });
});
