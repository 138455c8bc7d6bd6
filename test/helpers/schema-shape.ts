/**
 * Plays seeded random games and mirrors every public and private view into the game's room state
 * classes: catches any drift between an engine's views and its schema without opening a socket.
 */
import type { Schema } from '@colyseus/schema';
import { SPECTATOR, type AnyGame } from '../../src/core/game.ts';
import { pick, randomSource } from '../../src/core/rng.ts';
import { mirror } from '../../schema/mirror.ts';

export function checkSchemaShape(
  game: AnyGame,
  schemas: { RoomState: new () => Schema; SeatPrivate: new () => Schema },
  config: { games: number; seats: number[]; options?: unknown; maxSteps?: number; seed?: string },
): number {
  let mirrored = 0;
  for (let i = 0; i < config.games; i++) {
    const seats = config.seats[i % config.seats.length]!;
    const random = randomSource(`${config.seed ?? 'shape'}#${i}`);
    let state = game.setup(game.options.parse(config.options ?? {}), seats, `${config.seed ?? 'shape'}#${i}`);
    const room = new schemas.RoomState() as Schema & { table: Schema };
    const privates = Array.from({ length: seats }, () => new schemas.SeatPrivate() as Schema & { view: Schema });
    for (let step = 0; step < (config.maxSteps ?? 5000); step++) {
      mirror(room.table, game.viewFor(state, SPECTATOR).public, 'table');
      for (let seat = 0; seat < seats; seat++) mirror(privates[seat]!.view, game.viewFor(state, seat).private ?? {}, `private[${seat}]`);
      mirrored++;
      const actors = game.activeActors(state);
      if (actors.length === 0) break;
      // A seat listed beside SYSTEM may have no legal move (its move is optional).
      const actor = pick(random, actors.filter((a) => game.legalMoves(state, a).length > 0));
      const r = game.applyMove(state, actor, pick(random, game.legalMoves(state, actor)));
      if (!r.ok) throw new Error(`legal move rejected: ${r.error.code}`);
      state = r.state;
    }
  }
  return mirrored;
}
