/**
 * Plays seeded random games and mirrors every public and private view into the game's room state
 * classes: catches any drift between an engine's views and its schema without opening a socket. Each
 * step is encoded and decoded as a client decodes it, and what the client holds must equal the state.
 */
import { Encoder, Reflection, type Decoder, type Schema } from '@colyseus/schema';
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
    const wires = [room, ...privates].map(clientOf);
    for (let step = 0; step < (config.maxSteps ?? 5000); step++) {
      mirror(room.table, game.viewFor(state, SPECTATOR).public, 'table');
      for (let seat = 0; seat < seats; seat++) mirror(privates[seat]!.view, game.viewFor(state, seat).private ?? {}, `private[${seat}]`);
      for (const wire of wires) wire.check(`${game.id} game ${i} step ${step}`);
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

/** A client's decoder of one state: after each patch, what the client holds must be what the server holds. */
function clientOf(state: Schema) {
  const encoder = new Encoder(state);
  const client = Reflection.decode(Reflection.encode(encoder)) as Decoder;
  client.decode(encoder.encodeAll());
  encoder.discardChanges();
  return {
    check(where: string) {
      client.decode(encoder.encode());
      encoder.discardChanges();
      const held = JSON.stringify(client.state.toJSON());
      const { private: _perView, ...shared } = state.toJSON() as Record<string, unknown>; // (seats' entries travel by view)
      const truth = JSON.stringify(shared);
      if (held !== truth) throw new Error(`${where}: a client decodes ${held.slice(0, 300)}… where the state is ${truth.slice(0, 300)}…`);
    },
  };
}
