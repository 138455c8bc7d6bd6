/** Final scoring in the 11 categories of the scoring pad (rules digest §16.1, §14, §12.5). */
import { CITY_DATA, CITY_PAIRS, STATIONS, STATION_MASTER_DATA, STEP_DISC_VP } from './data/board.ts';
import type { City, MasterCount } from './data/board.ts';
import { PRIVATE_BUILDINGS } from './data/buildings.ts';
import { CATTLE, OBJECTIVES, STARTING_OBJECTIVES, TASKS, isCattle } from './data/cards.ts';
import type { Task } from './data/cards.ts';
import { hazardVp } from './data/tiles.ts';
import { buildingsOnTrail } from './rules.ts';
import type { GwtState } from './types.ts';

export const CATEGORIES = [
  'money', 'buildings', 'cities', 'stations', 'hazards', 'cattle', 'objectives', 'stationMasters', 'workers', 'playerBoard', 'jobToken',
] as const;
export type Category = (typeof CATEGORIES)[number];

export function cityPoints(cities: Record<City, number>, kansasCityVp: number): number {
  let vp = 0;
  for (const [city, n] of Object.entries(cities) as [City, number][]) vp += n * (city === 'kansasCity' ? kansasCityVp : CITY_DATA[city].vp);
  for (const pair of CITY_PAIRS) if (cities[pair.cities[0]] > 0 && cities[pair.cities[1]] > 0) vp += pair.vp;
  return vp;
}

/** What a player owns towards objective tasks. */
export function taskResources(state: GwtState, seat: number): Record<Task, number> {
  const p = state.players[seat]!;
  const cattle = [...p.hand, ...p.deck, ...p.discard].filter(isCattle).map((c) => CATTLE[c]!.breedingValue);
  return {
    B: buildingsOnTrail(state, seat).length,
    S: state.stations.filter((s) => s.discs.includes(seat)).length,
    G: p.teepees.filter((t) => t === 'green').length,
    BL: p.teepees.filter((t) => t === 'blue').length,
    H: p.hazards.length,
    C3: cattle.filter((v) => v === 3).length,
    C4: cattle.filter((v) => v === 4).length,
    C5: cattle.filter((v) => v === 5).length,
    SF: p.cities.sanFrancisco,
  };
}

/** How one objective card counted at the end: met (+its VP), unmet (its penalty) or left out (0). */
export interface ObjectiveCount {
  card: string;
  /** Played into the objective area (it counts, met or not); otherwise still in the hand, deck or discard pile. */
  played: boolean;
  /** A starting objective: dealt into the objective area at setup (it counts as played), with no penalty if unmet. */
  starting: boolean;
  counted: 'met' | 'unmet' | 'leftOut';
  vp: number;
}

/**
 * Best total of objective cards plus station master 3 (3 VP per 2 cards in the objective area): played cards
 * always count (+VP when fulfilled, otherwise the penalty); unplayed ones in the deck may be added or left out.
 * Each owned item fulfils one task of one card; the allocation that maximises the total is chosen. `cards` says how
 * each card counted in it: played ones first (in the order played), then the rest by code. That order, not the
 * hidden one of the hand and deck, settles which of two cards scoring alike is met, so the listing shown at the end
 * tells nothing of where a card lay.
 */
export function objectiveScore(state: GwtState, seat: number): { objectives: number; areaCount: number; cards: ObjectiveCount[] } {
  const p = state.players[seat]!;
  const played = p.objectives;
  const optional = [...p.hand, ...p.deck, ...p.discard].filter((c) => c in OBJECTIVES).sort();
  const cards = [...played.map((c) => ({ c, must: true })), ...optional.map((c) => ({ c, must: false }))];
  const perPair = p.stationMasters.includes(3) ? 3 : 0;
  const start = TASKS.map((t) => taskResources(state, seat)[t]);
  type Counted = ObjectiveCount['counted'];
  type Best = { objectives: number; areaCount: number; total: number; how: Counted[] };
  const memo = new Map<string, Best>();
  const best = (i: number, res: number[], count: number): Best => {
    if (i === cards.length) return { objectives: 0, areaCount: count, total: Math.floor(count / 2) * perPair, how: [] };
    const key = `${i}|${res.join(',')}|${count}`;
    const hit = memo.get(key);
    if (hit) return hit;
    const { c, must } = cards[i]!;
    const card = OBJECTIVES[c]!;
    const options: Best[] = [];
    const add = (how: Counted, gainVp: number, nextRes: number[], nextCount: number) => {
      const rest = best(i + 1, nextRes, nextCount);
      options.push({ objectives: rest.objectives + gainVp, areaCount: rest.areaCount, total: rest.total + gainVp, how: [how, ...rest.how] });
    };
    const need = TASKS.map((t) => card.tasks.filter((x) => x === t).length);
    if (need.every((n, k) => res[k]! >= n)) add('met', card.vp, res.map((r, k) => r - need[k]!), count + 1);
    add('unmet', -card.penalty, res, count + 1);
    if (!must) add('leftOut', 0, res, count);
    const pick = options.reduce((a, b) => (b.total > a.total ? b : a));
    memo.set(key, pick);
    return pick;
  };
  const result = best(0, start, 0);
  return {
    objectives: result.objectives,
    areaCount: result.areaCount,
    cards: cards.map(({ c, must }, i) => {
      const counted = result.how[i]!;
      return { card: c, played: must, starting: STARTING_OBJECTIVES.includes(c), counted, vp: counted === 'met' ? OBJECTIVES[c]!.vp : counted === 'unmet' ? 0 - OBJECTIVES[c]!.penalty : 0 };
    }),
  };
}

export function scoreBreakdown(state: GwtState, seat: number): Record<Category, number> {
  const p = state.players[seat]!;
  const { objectives, areaCount } = objectiveScore(state, seat);
  const workerTotal = p.workers.cowboy + p.workers.craftsman + p.workers.engineer;
  const certificates = p.certificates + p.permanentCertificates;
  const teepeePairs = Math.min(p.teepees.filter((t) => t === 'green').length, p.teepees.filter((t) => t === 'blue').length);
  const counted: Record<MasterCount, number> = { workers: workerTotal, certificates, objectives: areaCount, hazards: p.hazards.length, teepeePairs };
  const masterPoints = (m: number) => {
    const master = STATION_MASTER_DATA[m]!;
    return Math.floor(counted[master.of] / master.per) * master.vp;
  };
  const workerVp = (n: number) => (n >= 6 ? 8 : n === 5 ? 4 : 0);
  return {
    money: Math.floor(p.money / 5),
    buildings: buildingsOnTrail(state, seat).reduce((sum, b) => sum + PRIVATE_BUILDINGS[b]!.vp, 0),
    cities: cityPoints(p.cities, state.options.kansasCityVp),
    stations: state.stations.reduce((sum, s, i) => sum + (s.discs.includes(seat) ? STATIONS[i]!.vp : 0), 0),
    hazards: p.hazards.reduce((sum, h) => sum + hazardVp(h), 0),
    cattle: [...p.hand, ...p.deck, ...p.discard].filter(isCattle).reduce((sum, c) => sum + CATTLE[c]!.vp, 0),
    objectives,
    stationMasters: p.stationMasters.reduce((sum, m) => sum + masterPoints(m), 0),
    workers: workerVp(p.workers.cowboy) + workerVp(p.workers.craftsman) + workerVp(p.workers.engineer),
    playerBoard: p.discs.includes('step2') ? 0 : STEP_DISC_VP,
    jobToken: p.jobToken ? 2 : 0,
  };
}

export function totalScore(breakdown: Record<Category, number>): number {
  return CATEGORIES.reduce((sum, c) => sum + breakdown[c], 0);
}
