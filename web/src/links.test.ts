import { describe, expect, it } from 'vitest';
import { copyLink, inviteLink, inviteOnOffer, watchLink } from './links.ts';

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

  it('an invite code is offered only while a new player could sit: before the start, a seat free', () => {
    const seats = (...taken: boolean[]) => taken.map((t) => ({ taken: t }));
    expect(inviteOnOffer('T697Y4UCCZ', 'waiting', seats(true, false))).toBe('T697Y4UCCZ');
    // Every seat taken (by players or bots): nobody else can use it.
    expect(inviteOnOffer('T697Y4UCCZ', 'waiting', seats(true, true))).toBe('');
    // A seat freed again before the start (its player left): offered again.
    expect(inviteOnOffer('T697Y4UCCZ', 'waiting', seats(true, false, true))).toBe('T697Y4UCCZ');
    // Once the game runs or is over no new player sits, whatever the seats say.
    expect(inviteOnOffer('T697Y4UCCZ', 'playing', seats(true, false))).toBe('');
    expect(inviteOnOffer('T697Y4UCCZ', 'over', seats(true, true))).toBe('');
    expect(inviteOnOffer('', 'waiting', seats(true, false))).toBe('');
  });

  it('a spectator link watches, with no code', () => {
    expect(new URL(watchLink(BASE, 'HW7rFGrDo')).hash).toBe('#/watch/HW7rFGrDo');
  });

  it('a link the browser cannot copy is said not copied, to be copied by hand', async () => {
    const link = watchLink(BASE, 'HW7rFGrDo');
    const byHand = `The link was not copied. Copy this link: ${link}`;
    const written: string[] = [];
    expect(await copyLink(link, 'Spectator link copied.', { writeText: async (text) => void written.push(text) })).toBe('Spectator link copied.');
    expect(written).toEqual([link]);
    expect(await copyLink(link, 'Spectator link copied.', undefined)).toBe(byHand);
    expect(await copyLink(link, 'Spectator link copied.', { writeText: () => Promise.reject(new Error('NotAllowedError')) })).toBe(byHand);
  });
});
