/** Great Western Trail in a real room: schema shape and a whole game with a human and bots. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { game } from '../src/games/great-western-trail/index.ts';
import { greatWesternTrailRoomState } from '../schema/great-western-trail.ts';
import { GreatWesternTrailRoom } from './great-western-trail.ts';
import { checkSchemaShape } from '../test/helpers/schema-shape.ts';
import { startServer, type TestServer } from '../test/helpers/server.ts';
import { playWithBots } from '../test/helpers/play.ts';

// The helper's human retries a stale move at once until the state syncs; lift the flood limit so it is not kicked.
let server: TestServer;
beforeAll(async () => (server = await startServer({ BOT_DELAY_MS: '1', MAX_MESSAGES_PER_SECOND: '100000' }, { 'great-western-trail': GreatWesternTrailRoom })));
afterAll(() => server.close());

describe('great-western-trail room', () => {
  it('mirrors every view into the schema', () => {
    expect(checkSchemaShape(game, greatWesternTrailRoomState, { games: 3, seats: [2, 3, 4], maxSteps: 8000 })).toBeGreaterThan(100);
  });

  // About 400 moves, each waiting for a room clock tick: roughly 25 s, the longest game of the room tests.
  it('plays a whole game with a human and a bot', async () => {
    const { final } = await playWithBots(server.ws, 'great-western-trail', { seats: 2, timeoutMs: 55_000 });
    expect(final.status).toBe('over');
    expect(final.result.standings.length).toBe(2);
    expect(final.table.over).toBe(true);
  });
});
