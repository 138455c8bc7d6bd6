/**
 * A table without a room (the server's warm-up, the projection benchmark): each seat's view encodes the seat's own
 * private entry, as a room's does, so what they warm and time is what a room sends.
 */
import { describe, expect, it } from 'vitest';
import { Decoder } from '@colyseus/schema';
import { game } from '../src/games/tractor/index.ts';
import { gameRooms } from './index.ts';
import { botStep, openOfflineTable } from './offline-table.ts';
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
