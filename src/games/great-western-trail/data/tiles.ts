/** Small tiles of the Kansas City supply: workers, hazards, teepees (rules digest §11.1, §15). */
import type { HazardType } from './trail.ts';

export const WORKERS = ['cowboy', 'craftsman', 'engineer'] as const;
export type Worker = (typeof WORKERS)[number];

export const isWorker = (tile: string): tile is Worker => (WORKERS as readonly string[]).includes(tile);
export const isTeepee = (tile: string): boolean => tile === 'green' || tile === 'blue';
export const isHazard = (tile: string): boolean => !isWorker(tile) && !isTeepee(tile);

/** Hazard tiles are `<type>-<hand><vp>`: `flood-g4` is a flood with a green hand worth 4 VP. */
export function hazardType(tile: string): HazardType {
  return tile.split('-')[0] as HazardType;
}
export function hazardHand(tile: string): 'green' | 'black' {
  return tile.split('-')[1]!.startsWith('g') ? 'green' : 'black';
}
export function hazardVp(tile: string): number {
  return Number(tile.split('-')[1]!.slice(1));
}

const repeat = (code: string, n: number) => Array.from({ length: n }, () => code);

const hazardsOf = (type: HazardType) => [`${type}-g4`, `${type}-g4`, `${type}-g3`, `${type}-b3`, `${type}-g2`, `${type}-b2`];

/** The three face-down stacks. `cowboysInStack2` is 11 (default) or 12 (the alternative split; stack 3 gets the rest of 18). */
export function supplyStacks(cowboysInStack2: number): string[][] {
  return [
    [...hazardsOf('flood'), ...hazardsOf('drought'), ...hazardsOf('rockfall'), ...repeat('green', 9), ...repeat('blue', 8)],
    [...repeat('cowboy', cowboysInStack2), ...repeat('craftsman', 11), ...repeat('engineer', 11)],
    [...repeat('cowboy', 18 - cowboysInStack2), ...repeat('craftsman', 7), ...repeat('engineer', 7), ...repeat('green', 2), ...repeat('blue', 3)],
  ];
}
