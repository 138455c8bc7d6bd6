/**
 * A closed table of every game is let go of, through the real rooms and real clients: a player with bots who
 * moves, a spectator who comes and goes, the player leaving (the table closes when its wait for them runs out),
 * and a game played to its end. Whatever the process keeps for every table must not keep the table itself.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import { startServer, type TestServer } from './helpers/server.ts';
import { joinAsPlayer, joinAsSpectator, state, type Player } from './helpers/clients.ts';
import { playSome, playUntilOver, SMALL_TABLES as TABLES } from './helpers/play.ts';
import { sleep, waitFor } from './helpers/ports.ts';


let server: TestServer;
beforeAll(async () => {
  // A table waits RECONNECT_SECONDS for a player who left a game: a second here. (The wait for a join's confirmation
  // is let go of with its client: it held the client, and so its table, 10 s from the join.)
  server = await startServer({ RECONNECT_SECONDS: '1' });
});
afterAll(async () => {
  await server.close();
});

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const collected = new Set<string>();
const watch = new FinalizationRegistry<string>((label) => collected.add(label));

/** Watches the table's room object; returns the room id. */
function watchTable(player: Player, label: string) {
  const roomId = player.room.roomId;
  watch.register(matchMaker.getLocalRoomById(roomId)!, label);
  return roomId;
}

/** The labels of the watched tables not collected after a few forced collections, a few turns apart. */
async function stillHeld(labels: string[]) {
  for (let i = 0; i < 20 && labels.some((l) => !collected.has(l)); i++) {
    collectGarbage();
    await sleep(20);
  }
  return labels.filter((l) => !collected.has(l));
}

// (Side by side: the game played to its end takes most of the time.)
describe.concurrent('closed tables of every game', () => {
  it('are let go of once the player left, after moves and a spectator', async ({ expect }) => {
    const ids = await Promise.all(
      TABLES.map(async ({ game, seats, options }) => {
        const player = await joinAsPlayer(server.ws, game, { seats, bots: seats - 1, options }, 'create');
        const roomId = watchTable(player, game);
        await waitFor(() => state(player).status === 'playing', 5000, `${game} started`);
        await playSome(player, 3, 3000);
        const spectator = await joinAsSpectator(server.ws, roomId);
        await sleep(50);
        await spectator.leave();
        await player.room.leave();
        return roomId;
      }),
    );
    await waitFor(() => ids.every((id) => !matchMaker.getLocalRoomById(id)), 5000, 'the tables closed');
    expect(await stillHeld(TABLES.map((t) => t.game))).toEqual([]);
  });

  it('is let go of once its game is over and its player gone', async ({ expect }) => {
    const { game, seats, options } = TABLES.find((t) => t.game === 'tractor')!;
    const player = await joinAsPlayer(server.ws, game, { seats, bots: seats - 1, options: { ...options, handLimit: 1 } }, 'create');
    const roomId = watchTable(player, `${game} over`);
    await playUntilOver(player, 30_000);
    await player.room.leave();
    await waitFor(() => !matchMaker.getLocalRoomById(roomId), 5000, 'the table closed');
    expect(await stillHeld([`${game} over`])).toEqual([]);
  });
});
