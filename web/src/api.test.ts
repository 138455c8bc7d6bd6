/** What the pages tell a person of a refusal: the server's words, not its codes. */
import { afterEach, describe, expect, it, vi } from 'vitest';

// The module reads the page's address when loaded.
Object.assign(globalThis, { location: { protocol: 'http:', host: 'localhost' } });
const { ApiError, checkServerClock, client, gameRecord, isInviteCode, isRoomId, reason, requestFromRecord, seats, tableLikeThis, tableRequests, tables } = await import('./api.ts');
const { forgetServerClock, serverNow } = await import('./server-clock.ts');

describe('reason', () => {
  it("gives a refused request's words, an HTTP refusal's, and a matchmaking error's without its code", () => {
    expect(reason({ reason: { code: 'core/no-free-seat', message: 'Every free seat is promised.' } })).toBe('Every free seat is promised.');
    expect(reason(new ApiError('core/unknown-invite', 'No open table has this invite code.'))).toBe('No open table has this invite code.');
    // Colyseus' matchmaking errors carry a number as code and the server's code in the message.
    expect(reason(Object.assign(new Error('core/unknown-room: No such room.'), { code: 4212 }))).toBe('No such room.');
  });

  it('falls back to the code when there are no words', () => {
    expect(reason({ reason: { code: 'core/internal' } })).toBe('core/internal');
    expect(reason(new ApiError('core/bad-request', ''))).toBe('core/bad-request');
  });
});

describe('gameRecord', () => {
  afterEach(() => vi.unstubAllGlobals());
  const stored = { game: 'tractor', moves: [], moveLimit: 100_000 };
  const fetched: string[] = [];
  const serve = () => vi.stubGlobal('fetch', async (path: string) => (fetched.push(path), new Response(JSON.stringify(stored), { status: 200 })));

  it("takes the table's answer, and a record too large for the table from GET /api/records (a game stopped at the move limit)", async () => {
    serve();
    expect(await gameRecord('Table1', async () => ({ game: 'tac' }))).toEqual({ game: 'tac' });
    expect(fetched).toEqual([]);
    expect(await gameRecord('Table1', () => Promise.reject({ reason: { code: 'core/record-too-large', message: 'Too large.' } }))).toEqual(stored);
    expect(fetched).toEqual(['/api/records/Table1']);
  });

  it('passes any other refusal on', async () => {
    serve();
    await expect(gameRecord('Table1', () => Promise.reject({ reason: { code: 'core/rate-limited' } }))).rejects.toEqual({ reason: { code: 'core/rate-limited' } });
  });
});

describe('seats', () => {
  afterEach(() => vi.unstubAllGlobals());
  const keep = (kept: Record<string, string>) =>
    vi.stubGlobal('localStorage', { getItem: (k: string) => kept[k] ?? null, key: (i: number) => Object.keys(kept)[i] ?? null, get length() { return Object.keys(kept).length; } });

  it("reads a kept ticket, and none from what is not a ticket's shape: the page never reclaims a seat with it", () => {
    const ticket = { roomId: 'Table1', seat: 1, seatToken: 'token', game: 'tac', at: 5 };
    keep({
      'parlor.seat.Table1': JSON.stringify(ticket),
      'parlor.seat.Table2': '5',
      'parlor.seat.Table3': JSON.stringify({ ...ticket, roomId: 'Table3', seat: '1' }),
      'parlor.seat.Table4': JSON.stringify({ ...ticket, roomId: 'Table4', seatToken: { toString: 1 } }),
      'parlor.seat.Table5': JSON.stringify({ ...ticket, roomId: 'Other' }),
      'parlor.seat.Table6': JSON.stringify([ticket]),
      'parlor.seat.Table7': '{',
      'parlor.seat.Table8': JSON.stringify({ ...ticket, roomId: 'Table8', game: 7, at: 'now' }),
    });
    expect(seats.get('Table1')).toEqual(ticket);
    for (const id of ['Table2', 'Table3', 'Table4', 'Table5', 'Table6', 'Table7', 'Table9']) expect(seats.get(id)).toBeNull();
    expect(seats.get('Table8')).toEqual({ roomId: 'Table8', seat: 1, seatToken: 'token', game: '' });
    expect(seats.all().map((t) => t.roomId)).toEqual(['Table1', 'Table8']);
  });
});

describe('isInviteCode', () => {
  it("takes a link's invite code only as letters and digits: a malformed escape is no code (the page watches)", () => {
    expect(isInviteCode('K7QM2XW4PD')).toBe(true);
    expect(isInviteCode('k7qm2xw4pd')).toBe(true);
    for (const code of ['', '%', '%E0%A4%A', 'K7QM 2XW4', 'K7/QM', 'x'.repeat(33)]) expect(isInviteCode(code)).toBe(false);
  });
});

describe('isRoomId', () => {
  it("takes a table's id, not a path or a query a link could carry into the page's requests", () => {
    expect(isRoomId('aB3_x-9Qz')).toBe(true);
    for (const id of ['', '..', '%2e%2e', 'a?b=1', 'a b', 'a.b', 'x'.repeat(65)]) expect(isRoomId(id)).toBe(false);
  });
});

describe('tableLikeThis', () => {
  afterEach(() => (vi.unstubAllGlobals(), vi.restoreAllMocks()));
  const storage = () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) });
  };
  const room = (roomId: string) => ({ roomId }) as never;

  it('asks the table queue again after Play now, and remembers the new table as queued', async () => {
    storage();
    const asked: unknown[] = [];
    vi.spyOn(client.http, 'post').mockImplementation(async (path: string, init?: { body?: unknown }) => (asked.push([path, init?.body]), { data: { roomId: 'Next1' } }) as never);
    vi.spyOn(client, 'consumeSeatReservation').mockImplementation(async (r: { roomId: string }) => room(r.roomId));
    const create = vi.spyOn(client, 'create');
    tableRequests.set('Done1', { game: 'fast-track', options: { seats: 2, bots: 0, name: 'Ada' }, queued: true });
    const next = await tableLikeThis(tableRequests.get('Done1')!, 'Ada');
    expect(next.roomId).toBe('Next1');
    expect(asked).toEqual([['/api/queue/fast-track', { seats: 2, bots: 0, name: 'Ada' }]]);
    expect(create).not.toHaveBeenCalled();
    expect(tableRequests.get('Next1')).toEqual({ game: 'fast-track', options: { seats: 2, bots: 0 }, queued: true });
  });

  it('creates a table with the same game and options after a table the lobby created', async () => {
    storage();
    const create = vi.spyOn(client, 'create').mockImplementation(async () => room('Next2'));
    const post = vi.spyOn(client.http, 'post');
    tableRequests.set('Done2', { game: 'tractor', options: { seats: 4, bots: 3, private: true } });
    await tableLikeThis(tableRequests.get('Done2')!, undefined);
    expect(create).toHaveBeenCalledWith('tractor', { seats: 4, bots: 3, private: true, name: undefined });
    expect(post).not.toHaveBeenCalled();
    expect(tableRequests.get('Next2')).toEqual({ game: 'tractor', options: { seats: 4, bots: 3, private: true }, queued: false });
  });
});

describe('requestFromRecord', () => {
  afterEach(() => (vi.unstubAllGlobals(), vi.restoreAllMocks()));
  const record = { game: 'tac', roomId: 'Friend1', options: { teams: true }, seats: 4, seed: 'ab', rng: 'chacha20', moves: [], result: { winners: [0] } };

  it("asks for a table of a joined table's game, seats and game options as its record states them, private if it was: never its code, bots or clock, told to no player", async () => {
    expect(requestFromRecord(record, false)).toEqual({ game: 'tac', options: { seats: 4, options: { teams: true }, private: false } });
    expect(requestFromRecord(record, true)).toEqual({ game: 'tac', options: { seats: 4, options: { teams: true }, private: true } });
    const kept = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) });
    const create = vi.spyOn(client, 'create').mockImplementation(async () => ({ roomId: 'Next3' }) as never);
    await tableLikeThis(requestFromRecord(record, true)!, 'Ada');
    expect(create).toHaveBeenCalledWith('tac', { seats: 4, options: { teams: true }, private: true, name: 'Ada' });
    // The new table offers the same again once its game is over.
    expect(tableRequests.get('Next3')).toEqual({ game: 'tac', options: { seats: 4, options: { teams: true }, private: true }, queued: false });
  });

  it('asks for nothing from an answer that is not a record', () => {
    for (const bad of [null, 'x', {}, { ...record, game: 1 }, { ...record, seats: '4' }, { ...record, options: null }, { ...record, options: [] }]) expect(requestFromRecord(bad, false)).toBeNull();
  });
});

describe("the server's clock", () => {
  afterEach(() => {
    forgetServerClock();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  it("is learnt from the server's own answers the page asks for (the tables): a device five minutes fast counts turn clocks right", async () => {
    const device = Date.UTC(2026, 11, 7, 12, 0, 0, 250);
    vi.useFakeTimers({ now: device });
    const asked: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => (asked.push(init), new Response('[]', { status: 200, headers: { date: new Date(device - 300_000).toUTCString() } })));
    await tables();
    expect(Math.abs(serverNow() - (device - 300_000))).toBeLessThan(1000);
    // Never an answer the browser kept, whose Date is the time it was first served.
    expect(asked).toEqual([expect.objectContaining({ cache: 'no-store' })]);
  });

  it("is checked again with GET /health, the server's cheapest answer, never from the browser's cache", async () => {
    const device = Date.UTC(2026, 11, 7, 12, 0, 0, 250);
    vi.useFakeTimers({ now: device });
    const asked: [string, RequestInit][] = [];
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => (asked.push([path, init]), new Response('{"status":"ok"}', { status: 200, headers: { date: new Date(device + 120_000).toUTCString() } })));
    await checkServerClock();
    expect(Math.abs(serverNow() - (device + 120_000))).toBeLessThan(1000);
    expect(asked).toEqual([['/health', expect.objectContaining({ cache: 'no-store' })]]);
  });
});
