/** Fast Track in a real room: schema shape, a whole game with bots, private hands, spectators, refused moves. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import { game } from '../src/games/fast-track/index.ts';
import { fastTrackRoomState } from '../schema/fast-track.ts';
import { FastTrackRoom } from './fast-track.ts';
import { checkSchemaShape } from '../test/helpers/schema-shape.ts';
import { startServer, type TestServer } from '../test/helpers/server.ts';
import { playWithBots } from '../test/helpers/play.ts';
import { adopt, joinAsPlayer, joinAsSpectator, legalMoves, mine, state } from '../test/helpers/clients.ts';
import { waitFor } from '../test/helpers/ports.ts';

let server: TestServer;
beforeAll(async () => (server = await startServer({}, { 'fast-track': FastTrackRoom })));
afterAll(() => server.close());

describe('fast-track room', () => {
  it('mirrors every view into the schema', () => {
    expect(checkSchemaShape(game, fastTrackRoomState, { games: 2, seats: [2, 6] })).toBeGreaterThan(0);
    expect(checkSchemaShape(game, fastTrackRoomState, { games: 1, seats: [4], options: { teams: 'pairs' } })).toBeGreaterThan(0);
    expect(checkSchemaShape(game, fastTrackRoomState, { games: 1, seats: [2], options: { coloursPerPlayer: 3 } })).toBeGreaterThan(0);
  });

  it('plays a whole game with a human and bots', async () => {
    const { final } = await playWithBots(server.ws, 'fast-track', { seats: 4, timeoutMs: 45_000 });
    expect(final.result.standings.length).toBe(4);
    expect(final.table.winners.length).toBe(1);
  });

  it("leaves the rest of a turn whose clock ran out to the seat's bot: one turnTimeout a turn, not one a play-again card", async () => {
    // Seat 0's player never moves; its clock (1 s, then the away clock, no longer) runs out on every turn of its.
    const idle = await joinAsPlayer(server.ws, 'fast-track', { seats: 2, bots: 1, turnSeconds: 1, options: { teams: 'none' } }, 'create');
    // Seat 0's turns: each run of its messages (moves and timeouts) that the other seat's moves close.
    const turns = () => {
      const runs: { moves: number; timeouts: number }[] = [];
      let run: { moves: number; timeouts: number } | null = null;
      for (const m of idle.events) {
        if (m.actor !== 0) {
          if (run) runs.push(run);
          run = null;
          continue;
        }
        run ??= { moves: 0, timeouts: 0 };
        if (m.events.some((e) => e.type === 'turnTimeout')) run.timeouts++;
        else run.moves++;
      }
      return runs;
    };
    // A turn of several plays: a play-again card (A, K, Q, J, 6, joker) and the card after it.
    await waitFor(() => turns().some((t) => t.moves >= 2), 40_000, 'a turn of several plays by the clock');
    expect(turns().map((t) => t.timeouts)).toEqual(turns().map(() => 1));
    await idle.room.leave();
  });

  it('keeps hands private, shows the table to a spectator and refuses a card not in hand', async () => {
    const a = await joinAsPlayer(server.ws, 'fast-track', { seats: 2, options: { teams: 'none' } }, 'create');
    const b = await adopt(await new Client(server.ws).joinById(a.room.roomId, {}));
    await waitFor(() => state(a).table?.phase === 'play', 10_000, 'cut done');
    const spectator = await joinAsSpectator(server.ws, a.room.roomId);
    await waitFor(() => (spectator.state as { table?: { phase: string } }).table?.phase === 'play', 3000, 'spectator synced');
    await waitFor(() => mine(a)?.view.hand.length === 5, 3000, 'hand synced');
    expect(state(a).private.size).toBe(1);
    expect((spectator.state as { private?: Map<string, unknown> }).private?.size ?? 0).toBe(0);
    const [mover] = [a, b].filter((p) => state(p).table.turn.seat === p.seat);
    expect(legalMoves(mover!).length).toBeGreaterThan(0);
    const missing = ['2S', '3S', '4S', '5S', '6S', '7S'].find((c) => !Array.from(mine(mover!).view.hand as string[]).includes(c))!;
    await expect(mover!.room.request('move', { type: 'discard', card: missing })).rejects.toMatchObject({ reason: { code: 'fast-track/not-in-hand' } });
  });
});
