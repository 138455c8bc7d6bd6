/**
 * The `history` request over real WebSockets, with the fixture game (test/fixture/high-card.ts): a client arriving
 * mid-game gets the table's earlier `events` messages, exactly those the others received and nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import { startServer, type TestServer } from './helpers/server.ts';
import { adopt, joinAsPlayer, joinAsSpectator, legalMoves, state, type Player } from './helpers/clients.ts';
import { waitFor } from './helpers/ports.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ RECONNECT_SECONDS: '5' });
});
afterAll(() => server.close());

type Received = Player['events'];
interface History {
  messages: Received;
  complete: boolean;
}

/** What a client of the room received as `events` messages. */
function received(room: Player['room']): Received {
  const list: Received = [];
  room.onMessage('events', (m) => list.push(m));
  return list;
}

describe('history', () => {
  it('gives a spectator and a player arriving mid-game the events the table was sent, each as its own events had them', async () => {
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, name: 'Ada', options: { handSize: 3 } }, 'create');
    // A spectator there from the start: what spectators were told.
    const early = await joinAsSpectator(server.ws, a.room.roomId);
    const watched = received(early);
    const b = await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Bo' }));
    await waitFor(() => legalMoves(a).length > 0 && legalMoves(b).length > 0, 5000, 'deal');
    await a.room.request('move', { type: 'ante', in: true });
    await b.room.request('move', { type: 'ante', in: false });
    await waitFor(() => state(a).table.phase === 'play', 5000, 'play phase');
    const first = state(a).table.turn === a.seat ? a : b;
    await first.room.request('move', legalMoves(first)[0]);
    const seq = 4; // the deal, two antes, one card
    await waitFor(() => watched.at(-1)?.seq === seq && a.events.at(-1)?.seq === seq && b.events.at(-1)?.seq === seq, 5000, 'events received');

    const late = await joinAsSpectator(server.ws, a.room.roomId);
    const told = (await late.request('history')) as History;
    expect(told).toEqual({ messages: watched, complete: true });
    expect(told.messages.map((m) => m.events[0]!.type)).toEqual(['dealt', 'anted', 'anted', 'played']);
    // Nothing a spectator was not told: no ante's answer (hidden: the events say who answered, not how), one card (the played one).
    expect(JSON.stringify(told)).not.toMatch(/"in"/);
    expect(told.messages.flatMap((m) => m.events.filter((e) => 'card' in e))).toHaveLength(1);

    // A player back on a new connection (a reloaded page): what that seat's events were.
    const back = await adopt(await new Client(server.ws).joinById(a.room.roomId, { seatToken: a.seatToken }));
    expect(await back.room.request('history')).toEqual({ messages: a.events, complete: true });
    expect(a.events).toEqual(watched); // (events are the same for every client: the same answer for all)
  });

  it('answers once a second per connection, and the connection goes on', async () => {
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, name: 'Ada' }, 'create');
    expect(await a.room.request('history')).toEqual({ messages: [], complete: true }); // nothing yet: the table waits
    await expect(a.room.request('history')).rejects.toMatchObject({ reason: { code: 'core/rate-limited' } });
    a.room.send('history');
    await waitFor(() => a.errors.length > 0, 3000, 'refusal as an error message');
    expect(a.errors[0]).toMatchObject({ code: 'core/rate-limited' });
    expect(a.room.connection.isOpen).toBe(true);
    // Another connection has its own second.
    const spectator = await joinAsSpectator(server.ws, a.room.roomId);
    expect(await spectator.request('history')).toEqual({ messages: [], complete: true });
  });
});
