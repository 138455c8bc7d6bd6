/** Tractor in a real room: schema shape, a whole match with bots, four clients through a full hand, private hands and kitty. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import { matchMaker, type Client as ServerClient } from '@colyseus/core';
import { game } from '../src/games/tractor/index.ts';
import { tractorRoomState } from '../schema/tractor.ts';
import { TractorRoom } from './tractor.ts';
import { checkSchemaShape } from '../test/helpers/schema-shape.ts';
import { startServer, type TestServer } from '../test/helpers/server.ts';
import { playUntilOver } from '../test/helpers/play.ts';
import { adopt, joinAsPlayer, joinAsSpectator, mine, state, type Player } from '../test/helpers/clients.ts';
import { waitFor } from '../test/helpers/ports.ts';

const fast = { dealDelayMs: 0, declareWindowMs: 0, handEndDelayMs: 0, handLimit: 1 };

const cardsPlayed = (table: { tricks: { plays: { cards: string[] }[] }[] }) =>
  Array.from(table.tricks).reduce((sum, trick) => sum + Array.from(trick.plays).reduce((n, p) => n + p.cards.length, 0), 0);

let server: TestServer;
beforeAll(async () => (server = await startServer({}, { tractor: TractorRoom })));
afterAll(() => server.close());

describe('tractor room', () => {
  it('mirrors every view into the schema', () => {
    expect(checkSchemaShape(game, tractorRoomState, { games: 2, seats: [4, 6], options: { handLimit: 1 } })).toBeGreaterThan(0);
    expect(checkSchemaShape(game, tractorRoomState, { games: 1, seats: [5], options: { handLimit: 1, mode: 'findingFriends' } })).toBeGreaterThan(0);
  });

  it('plays a whole hand with a human and bots', async () => {
    const human = await joinAsPlayer(server.ws, 'tractor', { seats: 4, bots: 3, options: fast }, 'create');
    await playUntilOver(human, 60_000);
    const final = state(human);
    expect(final.result.standings.length).toBe(4);
    expect(cardsPlayed(final.table)).toBe(100);
    // The kitty is shown at the end only when the attackers took the last trick.
    const lastTrick = final.table.tricks.at(-1)!;
    expect(Array.from(final.table.kittyShown)).toHaveLength(final.table.declarers[lastTrick.winner] ? 0 : 8);
  });

  it('a player whose join starts the game decodes the table the server holds, though the deal changed it before its first patch', async () => {
    // The join starts the game (the table's lists are new, not sent yet), the client confirms at once and gets the
    // whole state, and the first card is dealt before the next patch: each of five players must see four hands.
    for (let table = 0; table < 5; table++) {
      const human = await joinAsPlayer(server.ws, 'tractor', { seats: 4, bots: 3, options: fast }, 'create');
      await waitFor(() => state(human).table.deckCount < 90, 5000, 'cards dealt');
      expect(Array.from(state(human).table.handCounts as number[]), `table ${table}`).toHaveLength(4);
      await human.room.leave();
    }
  });

  it('a player taking its seat back decodes its hand as the server holds it, though it changed before its first patch', async () => {
    const human = await joinAsPlayer(server.ws, 'tractor', { seats: 4, bots: 3, options: { ...fast, declareWindowMs: 60_000 } }, 'create');
    await waitFor(() => mine(human).view.hand.length >= 5, 5000, 'cards dealt');
    const { roomId } = human.room;
    const room = matchMaker.getLocalRoomById(roomId) as unknown as {
      sendFullState(client: ServerClient): void;
      state: { private: Map<string, { view: { hand: string[] & { toArray(): string[] } } }> };
    };
    const hand = () => room.state.private.get(String(human.seat))!.view.hand;
    await human.room.leave();
    // The seat's hand changes in place right after the returning player's whole state is encoded, before its first patch.
    const sendFullState = room.sendFullState;
    room.sendFullState = (client) => {
      sendFullState(client);
      hand()[0] = hand()[0] === 'AS' ? 'KS' : 'AS';
    };
    const back = await adopt(await new Client(server.ws).joinById(roomId, { seatToken: human.seatToken }));
    await waitFor(() => mine(back).view.hand[0] === hand()[0], 3000, 'the change patched');
    expect(Array.from(mine(back).view.hand as string[])).toEqual(hand().toArray());
    await back.room.leave();
  });

  it('four real clients play a full hand; hands stay private and a spectator sees only the table', async () => {
    const first = await joinAsPlayer(server.ws, 'tractor', { seats: 4, options: { ...fast, dealDelayMs: 5, declareWindowMs: 200 } }, 'create');
    const others = await Promise.all([1, 2, 3].map(async () => adopt(await new Client(server.ws).joinById(first.room.roomId, {}))));
    const players: Player[] = [first, ...others];
    const spectator = await joinAsSpectator(server.ws, first.room.roomId);
    await waitFor(() => state(first).status === 'playing', 5000, 'game started');
    const play = Promise.all(players.map((p) => playUntilOver(p, 60_000)));
    await waitFor(() => state(first).table.phase === 'burying' || state(first).table.phase === 'playing', 30_000, 'kitty picked up');
    const starter = players.find((p) => p.seat === state(first).table.starter)!;
    await waitFor(() => mine(starter).view.kitty.length === 8, 3000, 'kitty shown to its starter');
    for (const p of players.filter((q) => q !== starter)) expect(Array.from(mine(p).view.kitty as string[])).toHaveLength(0);
    await play;
    expect(cardsPlayed(state(first).table)).toBe(100);
    for (const p of players) expect(Array.from((state(p).private as Map<string, unknown>).keys())).toEqual([String(p.seat)]);
    const watcher = spectator.state as { private?: Map<string, unknown>; table: { tricks: { plays: { cards: string[] }[] }[] } };
    expect(watcher.private?.size ?? 0).toBe(0);
    expect(cardsPlayed(watcher.table)).toBe(100);
  });
});
