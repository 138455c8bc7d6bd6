import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration refused at start', () => {
  it('refuses a message limit of 0: Colyseus would cut every client off at its second message in a second', () => {
    expect(() => loadConfig({ MAX_MESSAGES_PER_SECOND: '0' })).toThrow(/MAX_MESSAGES_PER_SECOND/);
    expect(loadConfig({ MAX_MESSAGES_PER_SECOND: '1' }).MAX_MESSAGES_PER_SECOND).toBe(1);
  });

  it('refuses a largest message of 0 bytes: the WebSocket server reads 0 as no bound at all', () => {
    expect(() => loadConfig({ MAX_PAYLOAD_BYTES: '0' })).toThrow(/MAX_PAYLOAD_BYTES/);
    expect(loadConfig({ MAX_PAYLOAD_BYTES: '1' }).MAX_PAYLOAD_BYTES).toBe(1);
  });

  it('refuses a public address with a scheme: clients put ws:// or wss:// before it themselves', () => {
    expect(() => loadConfig({ PUBLIC_ADDRESS: 'wss://games.example.com/p1' })).toThrow(/PUBLIC_ADDRESS/);
    expect(() => loadConfig({ PUBLIC_ADDRESS: 'http://10.0.0.5:2567' })).toThrow(/PUBLIC_ADDRESS/);
    for (const address of ['games.example.com/p1', '10.0.0.5:2567', 'localhost:2567/p2', '[::1]:2567']) {
      expect(loadConfig({ PUBLIC_ADDRESS: address }).publicAddress).toBe(address);
    }
  });

  it('takes a Redis URL only as redis:// or rediss://: ioredis read http://host:6379 as the Unix socket //host:6379', () => {
    for (const url of ['http://redis.internal:6379', 'redis.internal:6379', '10.0.0.5:6379']) {
      expect(() => loadConfig({ REDIS_URL: url })).toThrow(/REDIS_URL/);
    }
    for (const url of ['redis://redis.internal:6379', 'rediss://user:secret@redis.example.com:6380/0']) {
      expect(loadConfig({ REDIS_URL: url }).REDIS_URL).toBe(url);
    }
  });

  it('refuses a durable wait of 0 ms (every sync move would go on undurably) and an empty listening address (every interface)', () => {
    expect(() => loadConfig({ DURABILITY_ACK_TIMEOUT_MS: '0' })).toThrow(/DURABILITY_ACK_TIMEOUT_MS/);
    expect(loadConfig({ DURABILITY_ACK_TIMEOUT_MS: '1' }).DURABILITY_ACK_TIMEOUT_MS).toBe(1);
    expect(() => loadConfig({ HOST: '' })).toThrow(/HOST/);
    expect(loadConfig({ HOST: '127.0.0.1' }).HOST).toBe('127.0.0.1');
  });
});

describe('settings that name a port, a time or a count no one could use', () => {
  it('refuses PORT 0 (and an empty one, read as 0): the system would pick a port no health check, proxy or PUBLIC_ADDRESS knows', () => {
    expect(() => loadConfig({ PORT: '0' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '' })).toThrow(/PORT/);
    expect(loadConfig({ PORT: '1' }).PORT).toBe(1);
    expect(loadConfig({}).PORT).toBe(2567);
  });

  it('refuses a record retention of 0 hours (a record kept one second) or of part of an hour', () => {
    expect(() => loadConfig({ RECORD_RETENTION_HOURS: '0' })).toThrow(/RECORD_RETENTION_HOURS/);
    expect(() => loadConfig({ RECORD_RETENTION_HOURS: '0.0001' })).toThrow(/RECORD_RETENTION_HOURS/);
    expect(loadConfig({ RECORD_RETENTION_HOURS: '1' }).RECORD_RETENTION_HOURS).toBe(1);
    expect(loadConfig({}).RECORD_RETENTION_HOURS).toBe(168);
  });

  it("checks Colyseus' own COLYSEUS_SEAT_RESERVATION_TIME: a positive number of seconds its timers can hold", () => {
    // Colyseus reads Number(value || 15): 0, a negative or a non-number lapsed every reservation at once.
    for (const bad of ['0', '-5', 'abc', '', '2147484']) {
      expect(() => loadConfig({ COLYSEUS_SEAT_RESERVATION_TIME: bad }), bad).toThrow(/COLYSEUS_SEAT_RESERVATION_TIME/);
    }
    for (const [good, seconds] of [['15', 15], ['0.5', 0.5], ['2147483', 2147483]] as const) {
      expect(loadConfig({ COLYSEUS_SEAT_RESERVATION_TIME: good }).COLYSEUS_SEAT_RESERVATION_TIME).toBe(seconds);
    }
    expect(loadConfig({}).COLYSEUS_SEAT_RESERVATION_TIME).toBeUndefined(); // Colyseus' 15
  });
});

describe('a setting set but empty', () => {
  it('is refused, naming it, where empty means nothing: a number read it as 0 (no limit, no spectator)', () => {
    for (const name of ['RATE_LIMIT_HTTP_PER_SECOND', 'MAX_SPECTATORS', 'MAX_CONNECTIONS', 'WARM_UP_MS', 'PUBLIC_ADDRESS', 'HOST', 'LOG_LEVEL']) {
      for (const value of ['', '  ']) expect(() => loadConfig({ [name]: value }), `${name}="${value}"`).toThrow(new RegExp(`${name}: empty`));
    }
    expect(() => loadConfig({ MAX_SPECTATORS: '', PORT: 'abc' })).toThrow(/MAX_SPECTATORS: empty[^]*PORT: /); // every problem at once
  });

  it('keeps its meaning where it has one: RATE_LIMIT_EXEMPT empty exempts no address', () => {
    expect(loadConfig({ RATE_LIMIT_EXEMPT: '' }).RATE_LIMIT_EXEMPT).toEqual([]);
  });
});

describe('a setting that becomes a timer', () => {
  it('is refused past what a Node timer holds (2^31 - 1 ms): a longer timer fires at once', () => {
    const bounds: [string, number][] = [
      ['RECONNECT_SECONDS', 2147483], // a dropped player's seat let go at once
      ['RECONNECT_SECONDS_BEFORE_START', 2147483],
      ['SHUTDOWN_GRACE_SECONDS', 2147483 - 15], // the hard stop comes 15 s after the grace: every SIGTERM one
      ['DURABILITY_ACK_TIMEOUT_MS', 2 ** 31 - 1],
      ['HEARTBEAT_MS', Math.floor((2 ** 31 - 1) / 4)], // the invite sweep waits four beats
      ['VERIFY_TIMEOUT_MS', 2 ** 31 - 1],
      ['COLYSEUS_SEAT_RESERVATION_TIME', 2147483],
    ];
    for (const [name, most] of bounds) {
      expect(loadConfig({ [name]: String(most) })[name as keyof ReturnType<typeof loadConfig>], name).toBe(most);
      expect(() => loadConfig({ [name]: String(most + 1) }), name).toThrow(new RegExp(name));
    }
  });
});
