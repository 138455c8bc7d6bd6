/**
 * A table without a room (the server's warm-up, the projection benchmark): each seat's view encodes the seat's own
 * private entry, as a room's does, so what they warm and time is what a room sends.
 */
import { describe, expect, it } from 'vitest';
import { Decoder } from '@colyseus/schema';
import { game } from '../src/games/tractor/index.ts';
import { gameRooms } from './index.ts';
import { botStep, encodePatch, openOfflineTable } from './offline-table.ts';
import { games } from '../src/games/index.ts';
import { standardTableSizes } from '../src/core/game.ts';
import { randomSource } from '../src/core/rng.ts';

describe('an offline table', () => {
  it("encodes each seat's own private entry in that seat's view, and no other seat's", () => {
    const t = openOfflineTable(game, 4, { dealDelayMs: 0 }, 'offline-views');
    const random = randomSource('offline-views');
    for (let i = 0; i < 40; i++) botStep(t, random); // cards dealt: hands to hide
    t.projection.syncGame();
    const { RoomState } = gameRooms[game.id]!.schemas;
    const seen = t.views.map((view) => {
      const it = { offset: 0 };
      t.encoder.encode(it);
      const frame = t.encoder.encodeView(view, it.offset, it);
      const decoder = new Decoder(new RoomState());
      decoder.decode(frame);
      return [...(decoder.state as unknown as { private: Map<string, { seat: number; view: { hand: string[] } }> }).private.values()];
    });
    for (const [seat, entries] of seen.entries()) {
      expect(entries.map((e) => e.seat)).toEqual([seat]);
      expect(entries[0]!.view.hand.length).toBeGreaterThan(0);
    }
  });
});

describe("every game's views in the room's schema", () => {
  // A view field the schema lacks throws in the mirror at the first projection carrying it: some fields appear only
  // late (a game's final scoring), so each game is played by its bots to the end, projected and encoded every move.
  // Tractor's one hand (a whole game climbs every level: thousands of tricks) ends with its final scoring too.
  const options: Record<string, unknown> = { tractor: { handLimit: 1, dealDelayMs: 0 } };
  it.each(games.map((g) => [g.id, g] as const))('%s: from the deal to the end', (_id, g) => {
    const t = openOfflineTable(g, standardTableSizes(g)[0]!, options[g.id] ?? {}, `views-to-the-end/${g.id}`);
    const random = randomSource(`views-to-the-end/${g.id}`);
    let moves = 0;
    for (let step = 0; step < 20_000; step++) {
      const stepped = botStep(t, random);
      if (stepped === 'over') break;
      if (stepped === 'none') continue;
      t.projection.syncGame();
      encodePatch(t);
      moves++;
    }
    expect(g.activeActors(t.engineState)).toEqual([]); // over within the steps
    expect(moves).toBeGreaterThan(0);
  });
});
