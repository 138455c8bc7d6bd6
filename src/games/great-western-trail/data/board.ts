/** Fixed board data: job market, railroad, cities, station masters, player-board discs (rules digest §8, §10, §12, §13). */

/** Hiring cost of each job-market row, top to bottom. */
export const JOB_ROW_COST = [6, 6, 7, 5, 7, 9, 6, 8, 10, 6, 5, 4];
/** 0-based rows whose arrival (over a yellow arrow) refills the cattle market. */
export const YELLOW_ARROW_ROWS = [6, 9];

/** Step limit and fees per hand by player count. */
export const STEP_BASE: Record<number, number> = { 2: 3, 3: 3, 4: 4 };
export const STEP_DISC_BONUS: Record<number, number> = { 2: 1, 3: 2, 4: 2 };
export const FEES: Record<number, { green: number; black: number }> = { 2: { green: 2, black: 2 }, 3: { green: 2, black: 1 }, 4: { green: 1, black: 2 } };
export const MARKET_SIZE: Record<number, number> = { 2: 7, 3: 10, 4: 13 };

/** Cattle market prices: breeding value, cowboys used, price, cards bought. */
export const CATTLE_PRICES = [
  { bv: 3, cowboys: 1, price: 6, cards: 1 },
  { bv: 3, cowboys: 2, price: 3, cards: 1 },
  { bv: 3, cowboys: 3, price: 5, cards: 2 },
  { bv: 4, cowboys: 1, price: 12, cards: 1 },
  { bv: 4, cowboys: 3, price: 6, cards: 1 },
  { bv: 4, cowboys: 5, price: 8, cards: 2 },
  { bv: 5, cowboys: 2, price: 12, cards: 1 },
  { bv: 5, cowboys: 4, price: 6, cards: 1 },
];

/** Railroad: spaces 0..39; a turnout between n and n+1 is the position n + 0.5. */
export const LAST_SPACE = 39;
/** Space after which each station's turnout branches off (stations 1..9); station 10 is space 39. */
export const TURNOUT_AFTER = [4, 7, 10, 13, 16, 21, 25, 29, 33];
export const STATIONS = [
  { cost: 2, vp: 1, dark: false },
  { cost: 2, vp: 1, dark: false },
  { cost: 4, vp: 2, dark: false },
  { cost: 4, vp: 2, dark: false },
  { cost: 6, vp: 3, dark: true },
  { cost: 8, vp: 5, dark: true },
  { cost: 7, vp: 6, dark: true },
  { cost: 6, vp: 7, dark: true },
  { cost: 5, vp: 8, dark: true },
  { cost: 3, vp: 9, dark: true },
];
/** Crosses sit between s and s+1 for each s here; each costs $1 of transport. */
export const SIGNALS = [3, 4, 5, 7, 9, 10, 11, 13, 15, 16, 17];

export const CITIES = ['kansasCity', 'topeka', 'wichita', 'coloradoSprings', 'santaFe', 'albuquerque', 'elPaso', 'sanDiego', 'sacramento', 'sanFrancisco'] as const;
export type City = (typeof CITIES)[number];
export const CITY_DATA: Record<City, { value: number; dark: boolean; repeatable: boolean; vp: number; money: number }> = {
  kansasCity: { value: 0, dark: false, repeatable: true, vp: 0, money: 6 }, // VP by option: +6 (rules document) or -6 (printed)
  topeka: { value: 1, dark: false, repeatable: false, vp: 0, money: 0 },
  wichita: { value: 4, dark: false, repeatable: false, vp: 0, money: 0 },
  coloradoSprings: { value: 6, dark: false, repeatable: false, vp: 0, money: 0 },
  santaFe: { value: 8, dark: false, repeatable: false, vp: 0, money: 0 },
  albuquerque: { value: 10, dark: true, repeatable: false, vp: 0, money: 0 },
  elPaso: { value: 12, dark: true, repeatable: false, vp: 0, money: 0 },
  sanDiego: { value: 14, dark: false, repeatable: false, vp: 0, money: 0 },
  sacramento: { value: 16, dark: true, repeatable: false, vp: 6, money: 0 },
  sanFrancisco: { value: 18, dark: true, repeatable: true, vp: 9, money: 0 },
};
/** Bonus of adjacent city pairs, active when the player has a disc on both. */
export const CITY_PAIRS: { cities: [City, City]; vp: number; objective: boolean }[] = [
  { cities: ['topeka', 'wichita'], vp: -3, objective: true },
  { cities: ['wichita', 'coloradoSprings'], vp: -1, objective: false },
  { cities: ['coloradoSprings', 'santaFe'], vp: 0, objective: true },
  { cities: ['santaFe', 'albuquerque'], vp: 0, objective: true },
  { cities: ['albuquerque', 'elPaso'], vp: 6, objective: false },
  { cities: ['elPaso', 'sanDiego'], vp: 8, objective: false },
  { cities: ['sanDiego', 'sacramento'], vp: 4, objective: false },
];

/** The 14 disc spaces of a player board. White discs go anywhere; dark ones only on dark spaces. */
export const DISCS = ['aux1', 'aux2', 'aux3a', 'aux3b', 'aux4a', 'aux4b', 'aux5a', 'aux5b', 'cert4', 'cert6', 'step1', 'step2', 'hand1', 'hand2'] as const;
export type Disc = (typeof DISCS)[number];
export const DARK_DISCS: readonly Disc[] = ['cert6', 'step1', 'step2', 'hand1', 'hand2'];
/** Removing a hand-limit disc costs $5. */
export const HAND_DISC_COST = 5;
/** Removing the first step-limit disc gives $3. */
export const STEP_DISC_MONEY = 3;
/** VP at the end while the second step-limit disc is off the player board. */
export const STEP_DISC_VP = 3;

/** Temporary certificate track (there is no 5). */
export const CERTIFICATE_STEPS = [0, 1, 2, 3, 4, 6];

/** Station masters 1..5: immediate reward and end-game scoring (rules digest §12.5). */
export const STATION_MASTERS = [1, 2, 3, 4, 5];
/** What a station master scores at the end: `vp` for every `per` items counted. */
export type MasterCount = 'workers' | 'certificates' | 'objectives' | 'hazards' | 'teepeePairs';
export interface StationMaster {
  /** Taking it: money from the bank, a permanent certificate, or a free hazard or teepee. */
  now: { money: number } | { permanentCertificate: true } | { hazardOrTeepee: true };
  vp: number;
  per: number;
  /** Workers, certificates (temporary and permanent), objective cards in the objective area, hazards, green-and-blue teepee pairs. */
  of: MasterCount;
}
export const STATION_MASTER_DATA: Record<number, StationMaster> = {
  1: { now: { money: 2 }, vp: 1, per: 1, of: 'workers' },
  2: { now: { permanentCertificate: true }, vp: 3, per: 2, of: 'certificates' },
  3: { now: { hazardOrTeepee: true }, vp: 3, per: 2, of: 'objectives' },
  4: { now: { permanentCertificate: true }, vp: 3, per: 2, of: 'hazards' },
  5: { now: { permanentCertificate: true }, vp: 3, per: 1, of: 'teepeePairs' },
};
