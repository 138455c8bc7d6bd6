/** Every game Parlor hosts. Adding a game: its engine folder, schema/<id>.ts, rooms/<id>.ts, one line here. */
import type { AnyGame } from '../core/game.ts';

export const games: AnyGame[] = [];

export function findGame(id: string): AnyGame | undefined {
  return games.find((g) => g.id === id);
}
