/** Ready Set Bet in a real room: schema shape, a whole game, simultaneous claims, the red line, spectators, reconnection. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import { game } from '../src/games/ready-set-bet/index.ts';
import { HORSES } from '../src/games/ready-set-bet/data/board.ts';
import { readySetBetRoomState } from '../schema/ready-set-bet.ts';
import { ReadySetBetRoom } from './ready-set-bet.ts';
import { checkSchemaShape } from '../test/helpers/schema-shape.ts';
import { startServer, type TestServer } from '../test/helpers/server.ts';
import { playUntilOver } from '../test/helpers/play.ts';
import { adopt, joinAsPlayer, joinAsSpectator, legalMoves, mine, state, type Player } from '../test/helpers/clients.ts';
import { waitFor } from '../test/helpers/ports.ts';

const fast = { rollIntervalMs: 10, startDelayMs: 0, resultsPauseMs: 0, draftTimeoutMs: 0 };

let server: TestServer;
// A dropped player's seat waits 30 s: a test that drops one waits out a whole race meanwhile (up to 15 s on a busy machine;
// with 5 s the reconnection was refused as expired).
beforeAll(async () => (server = await startServer({ RECONNECT_SECONDS: '30' }, { 'ready-set-bet': ReadySetBetRoom })));
afterAll(() => server.close());

/** `seats` humans at a fresh table. */
async function table(seats: number, options: Record<string, unknown>): Promise<Player[]> {
  const first = await joinAsPlayer(server.ws, 'ready-set-bet', { seats, options }, 'create');
  const others = await Promise.all(Array.from({ length: seats - 1 }, async () => adopt(await new Client(server.ws).joinById(first.room.roomId, {}))));
  const players = [first, ...others];
  await waitFor(() => state(first).status === 'playing' && state(first).table.phase === 'racing', 5000, 'race 1');
  return players;
}

describe('ready-set-bet room', () => {
  it('mirrors every view into the schema', () => {
    expect(checkSchemaShape(game, readySetBetRoomState, { games: 2, seats: [2, 8] })).toBeGreaterThan(0);
    expect(checkSchemaShape(game, readySetBetRoomState, { games: 1, seats: [4], options: { hostMode: 'hostSeat', hostBets: true, tieBreak: 'mostWinningBets' } })).toBeGreaterThan(0);
  });

  it('plays a whole game with a human and bots', async () => {
    const human = await joinAsPlayer(server.ws, 'ready-set-bet', { seats: 4, bots: 3, options: fast }, 'create');
    await playUntilOver(human, 40_000);
    const final = state(human);
    expect(final.status).toBe('over');
    expect(final.result.standings.length).toBe(4);
    expect(final.table.settlement.race).toBe(4);
  });

  it('several players claim the same space at once: exactly one gets it', async () => {
    const players = await table(4, { startDelayMs: 60_000 });
    const claims = await Promise.allSettled(players.map((p) => p.room.request('move', { type: 'bet', space: 'win-7-a', token: 5 })));
    const accepted = claims.filter((c) => c.status === 'fulfilled');
    const rejected = claims.filter((c): c is PromiseRejectedResult => c.status === 'rejected');
    expect(accepted).toHaveLength(1);
    expect(rejected.map((r) => (r.reason as { reason: { code: string } }).reason.code)).toEqual(Array(3).fill('ready-set-bet/space-taken'));
    await waitFor(() => state(players[0]!).table.bets.length === 1, 3000, 'bet synced');
    const winner = state(players[0]!).table.bets[0].seat;
    expect(players.filter((p) => p.seat === winner)).toHaveLength(1);
  });

  it('lists bets as patterns over the public free spaces: expanded, exactly the legal moves; a taken space leaves the one shared set', async () => {
    const players = await table(3, { startDelayMs: 60_000 });
    const spectator = await joinAsSpectator(server.ws, players[0]!.room.roomId);
    const texts = (moves: unknown[]) => moves.map((m) => JSON.stringify(m)).sort();
    const free = (room: { state: unknown }) => [...((room.state as { choices?: Map<string, { values: Map<string, boolean> }> } | undefined)?.choices?.get('freeSpaces')?.values.keys() ?? [])];
    await waitFor(() => free(spectator).length > 0 && players.every((p) => legalMoves(p).length > 0), 3000, 'race synced');
    for (const p of players) {
      const keys = [...(mine(p).legalMoves as Map<string, string>).keys()];
      // One entry per token value and a pass, not one per free space and token.
      expect(keys.length).toBeLessThanOrEqual(6);
      expect(keys.some((k) => k.includes('{"$oneOf":"freeSpaces"}'))).toBe(true);
      expect(texts(legalMoves(p))).toEqual(texts((await p.room.request('legalMoves')) as unknown[]));
    }
    const before = free(spectator).length;
    expect(before).toBeGreaterThan(40);
    // A pattern is not a move.
    const pattern = JSON.parse([...(mine(players[0]!).legalMoves as Map<string, string>).keys()].find((k) => k.includes('$oneOf'))!);
    const refused = await players[0]!.room.request('move', pattern).catch((e: { reason: { code: string } }) => e.reason);
    expect(refused).toMatchObject({ code: 'core/malformed-move' });

    await players[1]!.room.request('move', { type: 'bet', space: 'win-7-a', token: 5 });
    await waitFor(() => free(spectator).length === before - 1, 3000, 'space taken');
    expect(free(spectator)).not.toContain('"win-7-a"');
    for (const p of players) {
      await waitFor(() => !free(p.room).includes('"win-7-a"'), 3000, 'every seat sees the space taken');
      expect(legalMoves(p).some((m) => m.type === 'bet' && m.space === 'win-7-a')).toBe(false);
      expect(texts(legalMoves(p))).toEqual(texts((await p.room.request('legalMoves')) as unknown[]));
    }
  });

  it('refuses bets once the third horse is past the red line, and a spectator watches live', async () => {
    const players = await table(2, { ...fast, resultsPauseMs: 60_000 });
    const spectator = await joinAsSpectator(server.ws, players[0]!.room.roomId);
    await waitFor(() => ((spectator.state as { table?: { rolls: number } }).table?.rolls ?? 0) > 0, 5000, 'spectator sees rolls');
    await waitFor(() => state(players[0]!).table.bettingOpen === false, 10_000, 'no more bets');
    await expect(players[0]!.room.request('move', { type: 'bet', space: 'win-7-b', token: 2 })).rejects.toMatchObject({
      reason: { code: 'ready-set-bet/betting-closed' },
    });
    expect((spectator.state as { private?: Map<string, unknown> }).private?.size ?? 0).toBe(0);
  });

  it('seats a host and eight bettors (9 seats): the eight bet, the host rolls', async () => {
    const listed = (await (await fetch(`${server.http}/api/games`)).json()) as { id: string; seats: { max: number } }[];
    expect(listed.find((g) => g.id === 'ready-set-bet')!.seats.max).toBe(9);
    await expect(new Client(server.ws).create('ready-set-bet', { seats: 9 })).rejects.toThrow(/core\/bad-options: With the server rolling the dice a table has at most 8 seats/);
    const players = await table(9, { hostMode: 'hostSeat' });
    const host = players.find((p) => p.seat === 0)!;
    expect(Array.from(state(host).table.players, (p: { tokens: number[] }) => Array.from(p.tokens))).toEqual([[], ...Array(8).fill([2, 3, 4, 5])]);
    // The host's first roll starts the race: the bettors' bets are refused before it and taken after it.
    await expect(players.find((p) => p.seat !== 0)!.room.request('move', { type: 'bet', space: 'show-7-a', token: 2 })).rejects.toMatchObject({ reason: { code: 'ready-set-bet/race-not-started' } });
    await host.room.request('move', { type: 'roll' });
    await Promise.all(players.filter((p) => p.seat !== 0).map((p) => p.room.request('move', { type: 'bet', space: `show-${HORSES[p.seat]}-a`, token: 2 })));
    for (let i = 0; i < 2; i++) await host.room.request('move', { type: 'roll' });
    await waitFor(() => state(host).table.rolls === 3 && state(host).table.bets.length === 8, 3000, 'rolls and bets synced');
  });

  it("clocks a seated host's roll, never a bet: a bettor who waits is not bet for", async () => {
    const host = await joinAsPlayer(server.ws, 'ready-set-bet', { seats: 3, turnSeconds: 1, options: { hostMode: 'hostSeat', vip: false } }, 'create');
    await Promise.all([1, 2].map(async () => adopt(await new Client(server.ws).joinById(host.room.roomId, {}))));
    await waitFor(() => state(host).table.phase === 'racing', 5000, 'race 1');
    // Nobody moves: the host's clock runs out and its bot rolls, again and again; the bettors are left alone.
    await waitFor(() => state(host).table.rolls >= 2, 6000, 'two rolls by the clock');
    const timedOut = host.events.flatMap((e) => e.events.filter((ev) => ev.type === 'turnTimeout').map((ev) => (ev as unknown as { seat: number }).seat));
    expect(new Set(timedOut)).toEqual(new Set([0]));
    expect(state(host).table.bets.length).toBe(0);
    // The seats say whose clock runs: the host's, not the bettors' listed beside it.
    expect(Array.from(state(host).seats, (s: { clocked: boolean }) => s.clocked)).toEqual([true, false, false]);
    // … and until when, each its own: the host's is the table's earliest.
    const deadlines = Array.from(state(host).seats, (s: { deadline: number }) => s.deadline);
    expect(deadlines.slice(1)).toEqual([0, 0]);
    expect(deadlines[0]).toBeGreaterThan(0);
    expect(deadlines[0]).toBe(state(host).turnDeadline);
    expect(Array.from(state(host).activeSeats)).toEqual([0, 1, 2]);
  });

  it("gives a betting host's bets and first roll one clock: an idle host's bot places them all after one timeout", async () => {
    const host = await joinAsPlayer(server.ws, 'ready-set-bet', { seats: 3, turnSeconds: 1, options: { hostMode: 'hostSeat', hostBets: true, vip: false } }, 'create');
    await Promise.all([1, 2].map(async () => adopt(await new Client(server.ws).joinById(host.room.roomId, {}))));
    await waitFor(() => host.events.some((e) => e.events.some((ev) => ev.type === 'roll')), 10_000, 'the first roll');
    const types = host.events.flatMap((e) => e.events.map((ev) => ev.type));
    const beforeRoll = types.slice(0, types.indexOf('roll'));
    expect(beforeRoll.filter((t) => t === 'bet').length).toBeGreaterThan(1);
    expect(beforeRoll.filter((t) => t === 'turnTimeout')).toHaveLength(1);
  });

  it('hands a dropped player’s seat back mid-race with its tokens on the board', async () => {
    const [a, b] = await table(2, { startDelayMs: 60_000 });
    await b!.room.request('move', { type: 'bet', space: 'place-6-a', token: 4 });
    const token = b!.room.reconnectionToken;
    b!.room.connection.close();
    await waitFor(() => state(a!).seats[b!.seat].connected === false, 3000, 'seat shown disconnected');
    const back = await new Client(server.ws).reconnect(token);
    await waitFor(() => state(a!).seats[b!.seat].connected === true, 3000, 'seat reconnected');
    const view = (back.state as { table: { players: { available: number[] }[] } }).table.players[b!.seat]!;
    expect(Array.from(view.available)).toEqual([2, 3, 3, 5]);
    expect(mine({ ...b!, room: back })).toBeTruthy();
    await expect(back.request('move', { type: 'bet', space: 'place-6-b', token: 4 })).rejects.toMatchObject({ reason: { code: 'ready-set-bet/token-used' } });
  });

  it("says when the server's own step comes: the next roll, the VIP draft's end (a page counts it down)", async () => {
    const [a] = await table(2, { rollIntervalMs: 50, startDelayMs: 0, resultsPauseMs: 0, draftTimeoutMs: 60_000 });
    const racing = state(a!).stepDeadline as number;
    expect(racing).toBeGreaterThan(Date.now() - 1000);
    expect(racing).toBeLessThan(Date.now() + 1000);
    await waitFor(() => state(a!).table.phase === 'vipDraft', 15_000, 'the VIP draft');
    const drafted = Date.now();
    await waitFor(() => (state(a!).stepDeadline as number) > drafted + 50_000, 3000, "the draft's end in the state");
    expect(state(a!).stepDeadline as number).toBeLessThanOrEqual(drafted + 60_000);
  });

  it("gives the VIP draft and the next race's start their own waits, however soon the players ended the step before", async () => {
    const players = await table(2, { rollIntervalMs: 10, startDelayMs: 0, resultsPauseMs: 60_000, draftTimeoutMs: 20_000 });
    const [a] = players;
    await waitFor(() => state(a!).table.phase === 'results' && legalMoves(a!).length > 0, 15_000, "race 1's results");
    for (const p of players) await p.room.request('move', { type: 'ready' }); // long before the 60-s pause is over
    await waitFor(() => state(a!).table.phase === 'vipDraft', 3000, 'the VIP draft');
    const drafted = Date.now();
    await waitFor(() => (state(a!).stepDeadline as number) > drafted, 3000, "the draft's end");
    // Its own 20 s, not what was left of the results pause (it ran out 60 s after the results).
    expect(state(a!).stepDeadline as number).toBeLessThan(drafted + 25_000);
    expect(state(a!).stepDeadline as number).toBeGreaterThan(drafted + 15_000);
    for (const p of players) {
      await waitFor(() => legalMoves(p).length > 0, 3000, 'a VIP offer');
      await p.room.request('move', legalMoves(p)[0]);
    }
    // Race 2's first roll after its own start delay (0), not at the draft's end 20 s on.
    await waitFor(() => state(a!).table.race === 2 && state(a!).table.rolls > 0, 5000, "race 2's first roll");
  });

  it('shows a player who comes back what was dealt to them while they were away (their VIP offer)', async () => {
    const [a, b] = await table(2, { ...fast, draftTimeoutMs: 60_000 });
    const token = b!.room.reconnectionToken;
    b!.room.connection.close();
    await waitFor(() => state(a!).table.phase === 'vipDraft' && mine(a!).view.offer.length > 0, 15_000, 'the VIP draft, dealt while b is away');
    const back = { ...b!, room: await new Client(server.ws).reconnect(token) };
    await waitFor(() => (back.room.state as { private?: unknown } | undefined)?.private !== undefined && legalMoves(back).length > 0, 3000, "b's draft choices");
    const offered = legalMoves(back).map((m) => String((m as Record<string, unknown>).card));
    expect(offered.length).toBeGreaterThan(0);
    await waitFor(() => mine(back).view.offer.length === offered.length, 3000, "b's offer in its private view");
    expect(Array.from(mine(back).view.offer, (c: { id: string }) => c.id).sort()).toEqual([...offered].sort());
  });
});
