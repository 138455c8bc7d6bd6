/** What the pages tell a person of a refusal: the server's words, not its codes. */
import { afterEach, describe, expect, it, vi } from 'vitest';

// The module reads the page's address when loaded.
Object.assign(globalThis, { location: { protocol: 'http:', host: 'localhost' } });
const { ApiError, gameRecord, reason } = await import('./api.ts');

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
