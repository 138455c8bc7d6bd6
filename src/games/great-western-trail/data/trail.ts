/** The trail: a directed graph from START to Kansas City (rules digest §4). */

export const START = 'START';
export const KANSAS_CITY = 'KANSAS_CITY';

export type SpaceKind = 'start' | 'neutral' | 'private' | 'hazard' | 'teepee' | 'kc';

/** Forward edges of every trail space. The three negative teepee spaces lie off the trail. */
export const EDGES: Record<string, string[]> = {
  START: ['A'],
  A: ['A-1', 'FLOOD-1'],
  'A-1': ['A-2'],
  'A-2': ['A-3'],
  'A-3': ['B'],
  'FLOOD-1': ['FLOOD-2'],
  'FLOOD-2': ['FLOOD-3'],
  'FLOOD-3': ['FLOOD-4'],
  'FLOOD-4': ['FLOOD-RISK-1'],
  'FLOOD-RISK-1': ['FLOOD-RISK-2'],
  'FLOOD-RISK-2': ['B'],
  B: ['B-1', 'DROUGHT-1'],
  'B-1': ['B-2'],
  'B-2': ['B-3'],
  'B-3': ['C'],
  'DROUGHT-1': ['DROUGHT-2'],
  'DROUGHT-2': ['DROUGHT-3'],
  'DROUGHT-3': ['DROUGHT-4'],
  'DROUGHT-4': ['DROUGHT-RISK-1'],
  'DROUGHT-RISK-1': ['C'],
  C: ['C-1-1', 'C-2'],
  'C-1-1': ['C-1-2'],
  'C-1-2': ['E'],
  'C-2': ['D', 'TEEPEE-1'],
  D: ['E'],
  'TEEPEE-1': ['TEEPEE-2'],
  'TEEPEE-2': ['TEEPEE-4'],
  'TEEPEE-4': ['TEEPEE-6'],
  'TEEPEE-6': ['TEEPEE-8'],
  'TEEPEE-8': ['TEEPEE-10'],
  'TEEPEE-10': ['INDIAN-TRADE-RISK-1'],
  'INDIAN-TRADE-RISK-1': ['INDIAN-TRADE-RISK-2'],
  'INDIAN-TRADE-RISK-2': ['E'],
  E: ['E-1', 'ROCKFALL-1'],
  'E-1': ['E-2'],
  'E-2': ['F'],
  'ROCKFALL-1': ['ROCKFALL-2'],
  'ROCKFALL-2': ['ROCKFALL-3'],
  'ROCKFALL-3': ['ROCKFALL-4'],
  'ROCKFALL-4': ['ROCKFALL-RISK-1'],
  'ROCKFALL-RISK-1': ['ROCKFALL-RISK-2'],
  'ROCKFALL-RISK-2': ['F'],
  F: ['F-1', 'F-2'],
  'F-1': ['G'],
  'F-2': ['G'],
  G: ['G-1', 'G-2'],
  'G-1': [KANSAS_CITY],
  'G-2': [KANSAS_CITY],
  KANSAS_CITY: [],
  'TEEPEE--3': [],
  'TEEPEE--2': [],
  'TEEPEE--1': [],
};

export const NEUTRAL_SPACES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;

export const HAZARD_TYPES = ['flood', 'drought', 'rockfall'] as const;
export type HazardType = (typeof HAZARD_TYPES)[number];

/** Hazard spaces of a type, in filling order (lowest number first). */
export function hazardSpaces(type: HazardType): string[] {
  return [1, 2, 3, 4].map((n) => `${type.toUpperCase()}-${n}`);
}

/** Teepee spaces in filling order (lowest value first, rules digest §4.3). */
export const TEEPEE_SPACES = ['TEEPEE--3', 'TEEPEE--2', 'TEEPEE--1', 'TEEPEE-1', 'TEEPEE-2', 'TEEPEE-4', 'TEEPEE-6', 'TEEPEE-8', 'TEEPEE-10'];

export function teepeeValue(space: string): number {
  return Number(space.slice('TEEPEE-'.length));
}

/** Private building spaces with a printed risk action for the building's owner (rules digest §4.4). */
export const RISK_ACTIONS: Record<string, 'jersey' | 'any'> = {
  'FLOOD-RISK-1': 'jersey',
  'FLOOD-RISK-2': 'jersey',
  'DROUGHT-RISK-1': 'any',
  'INDIAN-TRADE-RISK-1': 'any',
  'INDIAN-TRADE-RISK-2': 'jersey',
  'ROCKFALL-RISK-1': 'any',
  'ROCKFALL-RISK-2': 'jersey',
};

export const PRIVATE_SPACES = [
  'A-1', 'A-2', 'A-3', 'B-1', 'B-2', 'B-3', 'C-1-1', 'C-1-2', 'C-2', 'E-1', 'E-2', 'F-1', 'F-2', 'G-1', 'G-2',
  ...Object.keys(RISK_ACTIONS),
];

export const FOREST_SPACES = ['B-1', 'C-1-1', 'C-1-2', 'E-1', 'E-2', 'F-2', 'FLOOD-RISK-2', 'ROCKFALL-RISK-2'];

export function spaceKind(space: string): SpaceKind {
  if (space === START) return 'start';
  if (space === KANSAS_CITY) return 'kc';
  if ((NEUTRAL_SPACES as readonly string[]).includes(space)) return 'neutral';
  if (space.startsWith('TEEPEE-')) return 'teepee';
  if (PRIVATE_SPACES.includes(space)) return 'private';
  return 'hazard';
}

/** Spaces directly before `space` on the trail. */
export function predecessors(space: string): string[] {
  return Object.keys(EDGES).filter((from) => EDGES[from]!.includes(space));
}

/** Every board space that can hold a tile (the trail without START and Kansas City). */
export const TILE_SPACES = Object.keys(EDGES).filter((s) => s !== START && s !== KANSAS_CITY);
