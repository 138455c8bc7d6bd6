/** What the pages tell a person of a refusal: the server's words, not its codes. */
import { describe, expect, it } from 'vitest';

// The module reads the page's address when loaded.
Object.assign(globalThis, { location: { protocol: 'http:', host: 'localhost' } });
const { ApiError, reason } = await import('./api.ts');

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
