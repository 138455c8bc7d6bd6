/**
 * client/rejoin.ts, the seat-token rejoin every client uses after a crash or a deploy: how long it keeps
 * asking, which answers end it at once (the table gone, the token refused) and which it waits out.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REJOIN_TIMEOUT_MS, RejoinError, rejoinSeat } from '../client/rejoin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { adopt, joinAsPlayer } from './helpers/clients.ts';
import { waitFor } from './helpers/ports.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A fetch that answers every seat request as a server whose Redis is away would, counting the requests. */
function storeAway(retryAfter?: string) {
  const asked: number[] = [];
  vi.stubGlobal('fetch', async () => {
    asked.push(Date.now());
    const headers = { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) };
    return new Response(JSON.stringify({ code: 'core/store-unavailable', message: 'The game store is unreachable for a moment; retry shortly.' }), { status: 503, headers });
  });
  return asked;
}

describe('rejoinSeat', () => {
  it('keeps asking for a minute by default: as long as the server holds the seat, and past a lone process replaced in a deploy', async () => {
    vi.useFakeTimers();
    const asked = storeAway();
    const start = Date.now();
    const retried: string[] = [];
    const outcome = rejoinSeat('ws://parlor.invalid', { roomId: 'AbCdEf123', seatToken: 'token-of-seat-0' }, { onRetry: (p) => retried.push(p.code) }).then(
      () => null,
      (err: unknown) => err,
    );
    await vi.advanceTimersByTimeAsync(59_000);
    expect(asked.at(-1)! - start).toBeGreaterThanOrEqual(58_500); // still asking after 59 s
    expect(retried.every((code) => code === 'core/store-unavailable')).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    const err = (await outcome) as RejoinError;
    expect(err).toBeInstanceOf(RejoinError);
    expect(err).toMatchObject({ code: 'core/store-unavailable', definite: false });
    expect(asked.at(-1)! - start).toBeLessThan(REJOIN_TIMEOUT_MS);
  });

  it("waits as long as the server's Retry-After asks between attempts", async () => {
    vi.useFakeTimers();
    const asked = storeAway('2');
    const outcome = rejoinSeat('ws://parlor.invalid', { roomId: 'AbCdEf123', seatToken: 'token-of-seat-0' }, { timeoutMs: 10_000 }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(11_000);
    await outcome;
    expect(asked.length).toBe(5); // at 0, 2, 4, 6 and 8 s (not every 250 ms)
  });

  it('gives up at once when the table is gone or the token is not one of its seats', async () => {
    const ada = await joinAsPlayer(server.ws, 'high-card', { seats: 2, name: 'Ada' }, 'create');
    const roomId = ada.room.roomId;
    const retried: string[] = [];
    const refused = await rejoinSeat(server.ws, { roomId, seatToken: 'not-a-token-of-this-table' }, { onRetry: (p) => retried.push(p.code) }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'core/bad-seat-token', definite: true });
    expect(retried).toEqual([]);
    // The token itself still brings its seat back.
    const back = await adopt(await rejoinSeat(server.ws, { roomId, seatToken: ada.seatToken }));
    expect(back.seat).toBe(ada.seat);
    await back.room.leave();
    await waitFor(async () => (await fetch(`${server.http}/api/tables?ids=${roomId}`).then((r) => r.json())).length === 0, 5000, 'the table closed');
    const gone = await rejoinSeat(server.ws, { roomId, seatToken: back.seatToken }, { onRetry: (p) => retried.push(p.code) }).catch((e: unknown) => e);
    expect(gone).toMatchObject({ code: 'core/unknown-room', definite: true });
    expect(retried).toEqual([]);
  });
});
