import { describe, expect, it } from 'vitest';
import { inviteLink, watchLink } from './links.ts';

// api.ts reads the page's address when loaded.
Object.assign(globalThis, { location: { protocol: 'http:', host: 'localhost' } });
const { isInviteCode, isRoomId } = await import('./api.ts');

const BASE = 'https://games.example.com/';

describe('links', () => {
  it('an invite link opens the table to play with its code, as the route reads it', () => {
    const link = inviteLink(BASE, 'HW7rFGrDo', 'T697Y4UCCZ');
    expect(link).toBe('https://games.example.com/#/table/HW7rFGrDo/T697Y4UCCZ');
    const [, page, roomId, code] = new URL(link).hash.replace(/^#/, '').split('/');
    expect([page, isRoomId(roomId!), isInviteCode(code!)]).toEqual(['table', true, true]);
  });

  it('a spectator link watches, with no code', () => {
    expect(new URL(watchLink(BASE, 'HW7rFGrDo')).hash).toBe('#/watch/HW7rFGrDo');
  });
});
