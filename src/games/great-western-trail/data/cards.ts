/** Cattle cards and objective cards (rules digest §9, §14). Cards are short codes. */

export interface CattleCard {
  breed: string;
  breedingValue: number;
  vp: number;
}

export const CATTLE: Record<string, CattleCard> = {
  jersey: { breed: 'jersey', breedingValue: 1, vp: 0 },
  guernsey: { breed: 'guernsey', breedingValue: 2, vp: 0 },
  dutchbelt: { breed: 'dutchbelt', breedingValue: 2, vp: 0 },
  angus: { breed: 'angus', breedingValue: 2, vp: 0 },
  holstein: { breed: 'holstein', breedingValue: 3, vp: 1 },
  brownswiss: { breed: 'brownswiss', breedingValue: 3, vp: 2 },
  ayrshire: { breed: 'ayrshire', breedingValue: 3, vp: 3 },
  highland3: { breed: 'highland', breedingValue: 4, vp: 3 },
  highland4: { breed: 'highland', breedingValue: 4, vp: 4 },
  highland5: { breed: 'highland', breedingValue: 4, vp: 5 },
  longhorn5: { breed: 'longhorn', breedingValue: 5, vp: 5 },
  longhorn6: { breed: 'longhorn', breedingValue: 5, vp: 6 },
  longhorn7: { breed: 'longhorn', breedingValue: 5, vp: 7 },
};

export const isCattle = (card: string): boolean => card in CATTLE;

const repeat = (code: string, n: number) => Array.from({ length: n }, () => code);

export const STARTING_DECK = [...repeat('jersey', 5), ...repeat('guernsey', 3), ...repeat('dutchbelt', 3), ...repeat('angus', 3)];

export const MARKET_DECK = [
  ...repeat('holstein', 7), ...repeat('brownswiss', 7), ...repeat('ayrshire', 7),
  ...repeat('highland3', 3), ...repeat('highland4', 3), ...repeat('highland5', 3),
  ...repeat('longhorn5', 2), ...repeat('longhorn6', 2), ...repeat('longhorn7', 2),
];

/** Task icons: B building, S station, G green teepee, BL blue teepee, H hazard, C3/C4/C5 cattle of that value, SF disc in San Francisco. */
export const TASKS = ['B', 'S', 'G', 'BL', 'H', 'C3', 'C4', 'C5', 'SF'] as const;
export type Task = (typeof TASKS)[number];

export type ObjectiveAction = 'none' | 'gain2' | 'draw3' | 'engine2' | 'engine3' | 'move3' | 'aux';

export interface ObjectiveCard {
  action: ObjectiveAction;
  tasks: Task[];
  vp: number;
  penalty: number;
}

const card = (action: ObjectiveAction, tasks: string, vp: number, penalty: number): ObjectiveCard => ({
  action,
  tasks: tasks.split(' ') as Task[],
  vp,
  penalty,
});

export const OBJECTIVES: Record<string, ObjectiveCard> = {
  START_34B: card('none', 'C3 C4 B', 3, 0),
  START_SSG: card('none', 'S S G', 3, 0),
  START_BBH: card('none', 'B B H', 3, 0),
  START_BLHH: card('none', 'BL H H', 3, 0),
  GAIN2_BBLBL: card('gain2', 'B BL BL', 3, 2),
  GAIN2_BGBL: card('gain2', 'B G BL', 3, 2),
  GAIN2_4HH: card('gain2', 'C4 H H', 3, 2),
  GAIN2_SSH: card('gain2', 'S S H', 3, 2),
  GAIN2_333B: card('gain2', 'C3 C3 C3 B', 4, 2),
  DRAW_BBH: card('draw3', 'B B H', 3, 2),
  DRAW_SGBL: card('draw3', 'S G BL', 3, 2),
  DRAW_5H: card('draw3', 'C5 H', 3, 2),
  DRAW_SGG: card('draw3', 'S G G', 3, 2),
  DRAW_333S: card('draw3', 'C3 C3 C3 S', 4, 2),
  ENGINE_44SG: card('engine2', 'C4 C4 S G', 5, 3),
  ENGINE_345: card('engine2', 'C3 C4 C5', 5, 3),
  ENGINE_BBGG: card('engine2', 'B B G G', 5, 3),
  ENGINE_BBLHH: card('engine3', 'B BL H H', 5, 3),
  ENGINE_SSHH: card('engine3', 'S S H H', 5, 3),
  MOVE_BBHH: card('move3', 'B B H H', 5, 2),
  MOVE_SSBLBL: card('move3', 'S S BL BL', 5, 2),
  MOVE_345: card('move3', 'C3 C4 C5', 5, 2),
  MOVE_34HH: card('move3', 'C3 C4 H H', 5, 2),
  MOVE_SSBB: card('move3', 'S S B B', 5, 2),
  AUX_SF: card('aux', 'SF', 5, 3),
};

export const STARTING_OBJECTIVES = ['START_34B', 'START_SSG', 'START_BBH', 'START_BLHH'];
export const GENERAL_OBJECTIVES = [...Object.keys(OBJECTIVES).filter((c) => !c.startsWith('START') && c !== 'AUX_SF'), ...repeat('AUX_SF', 4)];
