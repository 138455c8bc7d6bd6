/** Every game Parlor hosts. Adding a game: its engine folder, schema/<id>.ts, rooms/<id>.ts, one line here. */
import type { AnyGame } from '../core/game.ts';
import { game as fastTrack } from './fast-track/index.ts';
import { game as greatWesternTrail } from './great-western-trail/index.ts';
import { game as readySetBet } from './ready-set-bet/index.ts';
import { game as tac } from './tac/index.ts';
import { game as tractor } from './tractor/index.ts';

export const games: AnyGame[] = [fastTrack, tractor, greatWesternTrail, readySetBet, tac];

export function findGame(id: string): AnyGame | undefined {
  return games.find((g) => g.id === id);
}
