/** TAC in a real room: schema shape, a game with bots, and four real clients at one table. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import { game } from '../src/games/tac/index.ts';
import { tacRoomState } from '../schema/tac.ts';
import { TacRoom } from './tac.ts';
import { checkSchemaShape } from '../test/helpers/schema-shape.ts';
import { startServer, type TestServer } from '../test/helpers/server.ts';
import { playWithBots } from '../test/helpers/play.ts';
import { adopt, joinAsPlayer, legalMoves, mine, state, type Player } from '../test/helpers/clients.ts';
import { waitFor } from '../test/helpers/ports.ts';

let server: TestServer;
beforeAll(async () => (server = await startServer({ BOT_DELAY_MS: '1', MAX_MESSAGES_PER_SECOND: '100000' }, { tac: TacRoom })));
afterAll(() => server.close());

/** Four humans at a fresh table. */
async function fourPlayers(options: Record<string, unknown>): Promise<Player[]> {
  const first = await joinAsPlayer(server.ws, 'tac', { seats: 4, options }, 'create');
  const others = await Promise.all([1, 2, 3].map(async () => adopt(await new Client(server.ws).joinById(first.room.roomId, {}))));
  return [first, ...others].sort((x, y) => x.seat - y.seat); // players[i] sits at seat i
}

describe('tac room', () => {
  it('mirrors every view into the schema', () => {
    expect(checkSchemaShape(game, tacRoomState, { games: 2, seats: [4, 2], maxSteps: 3000 })).toBeGreaterThan(100);
    expect(checkSchemaShape(game, tacRoomState, { games: 2, seats: [6, 3], options: { master: true }, maxSteps: 3000 })).toBeGreaterThan(100);
  });

  it('plays a whole game with a human and bots', async () => {
    // A TAC game is long (hundreds of bot moves on the 50 ms room clock): generous bounds for busy machines.
    const { final } = await playWithBots(server.ws, 'tac', { seats: 4, options: { dealDelayMs: 0 }, timeoutMs: 110_000 });
    expect(final.status).toBe('over');
    expect(final.result.standings.length).toBe(4);
    expect(final.table.winner).toBeGreaterThanOrEqual(0);
  }, 120_000);

  it('seats four real clients in two teams, exchanges at once and keeps hands private', async () => {
    const players = await fourPlayers({ dealDelayMs: 0 });
    const a = players[0]!;
    await waitFor(() => state(a).status === 'playing' && state(a).table.phase === 'exchange', 5000, 'exchange');
    expect(Array.from(state(a).seats, (s: { team: number }) => s.team)).toEqual([0, 1, 0, 1]);
    expect(Array.from(state(a).activeSeats)).toEqual([0, 1, 2, 3]);
    for (const p of players) {
      await waitFor(() => mine(p)?.view.cards.length === 5, 5000, 'hand dealt');
      expect(state(p).private.size).toBe(1);
    }
    const gifts = players.map((p) => legalMoves(p)[0]!);
    await Promise.all(players.map((p, i) => p.room.request('move', gifts[i])));
    await waitFor(() => state(a).table.phase === 'play', 5000, 'play');
    expect(state(a).table.turnSeat).toBe(0);
    await waitFor(() => Array.from(mine(players[2]!).view.cards as string[]).includes(gifts[0]!.card as string), 5000, 'gift arrived');
    for (const p of players) expect(p.events.flatMap((e) => e.events.map((x) => x.type))).toContain('exchangeDone');
    // Each seat is told the card it received, in its own private entry only (the events name no card).
    for (const [i, p] of players.entries()) {
      await waitFor(() => Array.from(mine(p).view.received as string[]).join() === gifts[(i + 2) % 4]!.card, 5000, 'received card shown');
      expect(state(p).private.size).toBe(1);
      expect(JSON.stringify(p.events.filter((e) => e.events.some((x) => x.type === 'exchangeDone')))).not.toContain('"card"');
    }
    await expect(players[1]!.room.request('move', legalMoves(players[1]!)[0] ?? { type: 'discard', card: '9' })).rejects.toMatchObject({
      reason: { code: 'core/not-your-turn' },
    });
  });

  it('four real clients play two rounds; every client sees the same events', async () => {
    const players = await fourPlayers({ dealDelayMs: 0 });
    const a = players[0]!;
    await waitFor(() => state(a).status === 'playing', 5000, 'start');
    const until = Date.now() + 15_000;
    while (!(state(a).table.round === 3 && state(a).table.phase === 'exchange')) {
      if (Date.now() > until) throw new Error('two rounds did not finish in time');
      const turn = players.filter((p) => legalMoves(p).length > 0);
      await Promise.allSettled(turn.map((p) => p.room.request('move', legalMoves(p)[0])));
      if (turn.length === 0) await new Promise((r) => setTimeout(r, 5));
    }
    const log = (p: Player) => p.events.map((e) => e.seq).join(',');
    await waitFor(() => players.every((p) => log(p) === log(a)), 5000, 'same events everywhere');
    const types = a.events.flatMap((e) => e.events.map((x) => x.type));
    expect(types.filter((x) => x === 'deal')).toHaveLength(3);
    expect(types).toContain('play');
    const zones = Array.from(state(a).table.marbles as { zone: string }[], (m) => m.zone);
    expect(zones).toHaveLength(16);
    expect(zones.every((z) => ['apron', 'ring', 'home'].includes(z))).toBe(true);
    expect(JSON.stringify(state(a).table)).not.toContain('"cards"');
  });
});
