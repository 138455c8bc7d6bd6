/**
 * The printed components: horses, the betting board, the colour bets, the Exotic Finish and Prop Bet
 * decks. Static data, never part of the state; the state refers to cards and spaces by id.
 */

/** The nine horses, top row of the board first. The two-number horses move on either sum. */
export const HORSES = ['2/3', '4', '5', '6', '7', '8', '9', '10', '11/12'] as const;
export type Horse = (typeof HORSES)[number];
export type HorseColor = 'blue' | 'orange' | 'red' | 'black';

export const HORSE_COLOR: readonly HorseColor[] = ['blue', 'blue', 'orange', 'red', 'black', 'red', 'orange', 'blue', 'blue'];
/** Extra spaces on a repeated roll, printed left of each start space (7 has none). */
export const HORSE_BONUS: readonly number[] = [3, 3, 2, 1, 0, 1, 2, 3, 3];

/** Index in HORSES of the horse a dice sum (2..12) moves. */
export function horseOfSum(sum: number): number {
  if (sum <= 3) return 0;
  if (sum >= 11) return 8;
  return sum - 3;
}

export const FINISH = 15;
export const RACES = 4;
/** Bettors at one table besides the host (the rules speak of 8- and 9-player games: a host and 8 bettors). */
export const MAX_BETTORS = 8;
/** "No more bets" once this many horses are past the red line. */
export const RED_LINE_HORSES = 3;
export const PROPS_PER_RACE = 5;
export const EXOTIC_SPACES_PER_CARD = 3;

export const BASE_TOKENS: readonly number[] = [2, 3, 3, 4, 5];
/** At 7–8 bettors each player returns one of the two 3 tokens to the box. */
export const SMALL_TABLE_TOKENS: readonly number[] = [2, 3, 4, 5];

export type BetKind = 'win' | 'place' | 'show' | 'color' | 'prop' | 'exotic';

/** Final positions and rank of every horse (index as HORSES), ranks per the chosen tie convention. */
export interface RaceResult {
  positions: readonly number[];
  ranks: readonly number[];
}

export interface SpaceInfo {
  id: string;
  kind: BetKind;
  label: string;
  multiplier: number;
  penalty: number;
  wins(result: RaceResult, propTieWins: boolean): boolean;
}

/** [multiplier, penalty] per space, left to right: Show A, Show B, Place A, Place B, Win A, Win B, Win C. */
const GRID: readonly (readonly [number, number])[][] = [
  [[4, 4], [4, 3], [5, 4], [5, 3], [7, 2], [8, 2], [9, 2]],
  [[3, 1], [3, 0], [4, 1], [4, 0], [5, 1], [6, 0], [7, 0]],
  [[2, 3], [2, 0], [2, 2], [3, 2], [4, 2], [4, 0], [5, 0]],
  [[1, 2], [1, 0], [2, 5], [2, 4], [3, 2], [3, 1], [3, 0]],
  [[1, 3], [1, 1], [2, 6], [2, 5], [3, 4], [3, 3], [3, 2]],
  [[1, 2], [1, 0], [2, 5], [2, 4], [3, 2], [3, 1], [3, 0]],
  [[2, 3], [2, 0], [2, 2], [3, 2], [4, 2], [4, 0], [5, 0]],
  [[3, 1], [3, 0], [4, 1], [4, 0], [5, 1], [6, 0], [7, 0]],
  [[4, 4], [4, 3], [5, 4], [5, 3], [7, 2], [8, 2], [9, 2]],
];
const GRID_COLUMNS: readonly { kind: 'show' | 'place' | 'win'; letter: string; maxRank: number }[] = [
  { kind: 'show', letter: 'a', maxRank: 3 },
  { kind: 'show', letter: 'b', maxRank: 3 },
  { kind: 'place', letter: 'a', maxRank: 2 },
  { kind: 'place', letter: 'b', maxRank: 2 },
  { kind: 'win', letter: 'a', maxRank: 1 },
  { kind: 'win', letter: 'b', maxRank: 1 },
  { kind: 'win', letter: 'c', maxRank: 1 },
];
const KIND_NAME = { show: 'Show', place: 'Place', win: 'Win' } as const;

/** The 63 horse spaces, ids like `win-7-a`, `show-2/3-b`. */
export const BOARD_SPACES: readonly SpaceInfo[] = HORSES.flatMap((horse, h) =>
  GRID_COLUMNS.map(({ kind, letter, maxRank }, c) => ({
    id: `${kind}-${horse}-${letter}`,
    kind,
    label: `${KIND_NAME[kind]} ${horse}`,
    multiplier: GRID[h]![c]![0],
    penalty: GRID[h]![c]![1],
    wins: (r: RaceResult) => r.ranks[h]! <= maxRank,
  })),
);

const SEVEN = HORSES.indexOf('7');
const winnerColor = (r: RaceResult) => HORSE_COLOR[r.ranks.indexOf(1)];

export const COLOR_SPACES: readonly SpaceInfo[] = [
  { id: 'blue-wins', kind: 'color', label: 'Blue wins', multiplier: 5, penalty: 1, wins: (r) => winnerColor(r) === 'blue' },
  { id: 'orange-wins', kind: 'color', label: 'Orange wins', multiplier: 3, penalty: 1, wins: (r) => winnerColor(r) === 'orange' },
  { id: 'red-wins', kind: 'color', label: 'Red wins', multiplier: 2, penalty: 1, wins: (r) => winnerColor(r) === 'red' },
  { id: 'seven-fifth-or-worse', kind: 'color', label: '7 finishes 5th or worse', multiplier: 4, penalty: 0, wins: (r) => r.ranks[SEVEN]! >= 5 },
];

/** Position of the horse(s) holding `rank`, or null when no horse holds it (a tie above skipped it). */
export function positionAtRank(r: RaceResult, rank: number): number | null {
  const h = r.ranks.indexOf(rank);
  return h < 0 ? null : r.positions[h]!;
}

export interface ExoticCard {
  id: string;
  name: string;
  text: string;
  multiplier: number;
  penalty: number;
  holds(r: RaceResult): boolean;
}

/** Exotic Finish deck (5 cards): one revealed per race; each card has three bet spaces. */
export const EXOTIC_CARDS: readonly ExoticCard[] = [
  {
    id: 'by-a-nose',
    name: 'By a Nose',
    text: 'The 2nd-place horse ends exactly 1 space short of the finish.',
    multiplier: 5,
    penalty: 3,
    holds: (r) => positionAtRank(r, 2) === FINISH - 1,
  },
  {
    id: 'blow-out',
    name: 'Blow Out',
    text: 'The 2nd-place horse ends more than 5 spaces short of the finish.',
    multiplier: 4,
    penalty: 2,
    holds: (r) => FINISH - (positionAtRank(r, 2) ?? FINISH) > 5,
  },
  {
    id: 'tight-race',
    name: 'Tight Race',
    text: 'Every horse moved 6 or more spaces.',
    multiplier: 6,
    penalty: 2,
    holds: (r) => Math.min(...r.positions) >= 6,
  },
  {
    id: 'late-start',
    name: 'Late Start',
    text: 'At least 2 horses moved 3 or fewer spaces.',
    multiplier: 4,
    penalty: 1,
    holds: (r) => r.positions.filter((p) => p <= 3).length >= 2,
  },
  {
    id: 'photo-finish',
    name: 'Photo Finish',
    text: 'The 3rd-place horse ends 3 or fewer spaces short of the finish (no 3rd place after a tie for 2nd).',
    multiplier: 5,
    penalty: 3,
    holds: (r) => {
      const third = positionAtRank(r, 3);
      return third !== null && FINISH - third <= 3;
    },
  },
];

export interface PropCard {
  id: string;
  /** Horse that must finish ahead … */
  ahead: Horse;
  /** … of every one of these. */
  behind: readonly Horse[];
  multiplier: number;
  penalty: number;
}

const BLUES: readonly Horse[] = ['2/3', '4', '10', '11/12'];
const ORANGES: readonly Horse[] = ['5', '9'];
const PROP_ROWS: readonly [Horse, readonly Horse[], number, number][] = [
  ['8', ORANGES, 3, 3],
  ['4', ['9'], 2, 1],
  ['8', BLUES, 2, 3],
  ['9', ['8'], 2, 1],
  ['5', ['8'], 3, 3],
  ['4', ['5'], 3, 3],
  ['11/12', ['8'], 4, 3],
  ['9', ['6'], 3, 3],
  ['9', ['7'], 4, 4],
  ['7', BLUES, 2, 6],
  ['2/3', ['5'], 2, 1],
  ['10', ['8'], 3, 2],
  ['11/12', ['9'], 3, 3],
  ['2/3', ['8'], 4, 3],
  ['4', ['6'], 4, 3],
  ['10', ['9'], 2, 1],
  ['5', ['6'], 2, 1],
  ['11/12', ['6'], 3, 2],
  ['11/12', ['5'], 2, 1],
  ['4', ['8'], 3, 2],
  ['6', BLUES, 3, 5],
  ['5', ['7'], 3, 2],
  ['2/3', ['9'], 3, 3],
  ['6', ORANGES, 3, 3],
  ['10', ['5'], 3, 3],
  ['2/3', ['6'], 3, 2],
  ['10', ['6'], 4, 3],
  ['7', ORANGES, 2, 5],
];

/** Prop Bet deck (28 cards, ids `prop-1` … `prop-28`): five face up per race, one bet space each. */
export const PROP_CARDS: readonly PropCard[] = PROP_ROWS.map(([ahead, behind, multiplier, penalty], i) => ({
  id: `prop-${i + 1}`,
  ahead,
  behind,
  multiplier,
  penalty,
}));

/** True when the best of `ahead` is past every horse of `behind` (ties count only when `tieWins`). */
export function finishesAhead(positions: readonly number[], ahead: readonly Horse[], behind: readonly Horse[], tieWins = false): boolean {
  const best = Math.max(...ahead.map((h) => positions[HORSES.indexOf(h)]!));
  const rival = Math.max(...behind.map((h) => positions[HORSES.indexOf(h)]!));
  return tieWins ? best >= rival : best > rival;
}

export function propSpace(card: PropCard): SpaceInfo {
  return {
    id: card.id,
    kind: 'prop',
    label: `Prop: ${card.ahead} ahead of ${card.behind.join(', ')}`,
    multiplier: card.multiplier,
    penalty: card.penalty,
    wins: (r, propTieWins) => finishesAhead(r.positions, [card.ahead], card.behind, propTieWins),
  };
}

export function exoticSpaces(card: ExoticCard): SpaceInfo[] {
  return Array.from({ length: EXOTIC_SPACES_PER_CARD }, (_, i) => ({
    id: `exotic-${card.id}-${i + 1}`,
    kind: 'exotic' as const,
    label: `Exotic: ${card.name}`,
    multiplier: card.multiplier,
    penalty: card.penalty,
    wins: (r: RaceResult) => card.holds(r),
  }));
}

const ALL_SPACES = new Map<string, SpaceInfo>(
  [...BOARD_SPACES, ...COLOR_SPACES, ...PROP_CARDS.map(propSpace), ...EXOTIC_CARDS.flatMap(exoticSpaces)].map((s) => [s.id, s]),
);

/** Any bet space of the game by id (whether or not it is on the table this race). */
export function spaceInfo(id: string): SpaceInfo | undefined {
  return ALL_SPACES.get(id);
}

export function propCard(id: string): PropCard {
  return PROP_CARDS.find((c) => c.id === id)!;
}

export function exoticCard(id: string): ExoticCard {
  return EXOTIC_CARDS.find((c) => c.id === id)!;
}
