/**
 * The printed game's words for the codes a view carries, built once from the engine's own data (cards,
 * tiles, trail, board) and shared, frozen, by every view: clients name a code by looking it up here and
 * keep no copy of the game's components. Public information only: what the game box shows.
 */
import type { City, Disc, MasterCount } from './data/board.ts';
import {
  CITIES, CITY_DATA, DARK_DISCS, DISCS, HAND_DISC_COST, LAST_SPACE, STATION_MASTERS, STATION_MASTER_DATA, STATIONS,
  STEP_DISC_MONEY, STEP_DISC_VP, TURNOUT_AFTER,
} from './data/board.ts';
import type { ObjectiveAction, Task } from './data/cards.ts';
import { CATTLE, OBJECTIVES } from './data/cards.ts';
import { WORKERS, hazardHand, hazardType, hazardVp, isTeepee, isWorker, supplyStacks } from './data/tiles.ts';
import { EDGES, HAZARD_TYPES, KANSAS_CITY, RISK_ACTIONS, START, TEEPEE_SPACES, spaceKind, teepeeValue } from './data/trail.ts';
import type { Category } from './scoring.ts';
import type { Step } from './types.ts';

/** A code's words, and its kind (`cattle`/`objective`, `hazard`/`teepee`/`worker`, a trail space's kind, `dark`/`white`). */
export interface Name {
  text: string;
  kind: string;
}
/** Routes side by side between two locations every route passes; `to`: where a route leads when not to the next stage. */
export interface TrailRoute {
  name: string;
  spaces: string[];
  to: string[];
}
export interface Names {
  /** Every cattle and objective card. */
  cards: Record<string, Name>;
  /** Every Kansas City supply tile: hazards, teepees, workers. */
  tiles: Record<string, Name>;
  /** Every trail space (START and KANSAS_CITY included). */
  spaces: Record<string, Name>;
  /** The trail from START to Kansas City, stage by stage: one route of one location, or routes side by side. */
  trail: { routes: TrailRoute[] }[];
  /** Teepee spaces that lie beside the trail, not on it. */
  besideTrail: string[];
  /** Delivery cities with the value on their crest. */
  cities: Record<string, Name>;
  /** What placing a disc in a city pays at once (Kansas City's $6); cities that pay nothing are left out. */
  cityPayments: Record<string, number>;
  /** The 14 disc spaces of a player board: what lifting the disc frees; kind `dark` or `white`. */
  discs: Record<string, Name>;
  /** Stations 1–10 as printed: upgrade cost, VP, and the railroad space after which the turnout branches off. */
  stations: { cost: number; vp: number; turnout: number }[];
  /** Station masters by number: what taking one gives at once and what it scores at the end. */
  stationMasters: Record<string, Name>;
  /** The view's `phase`: the turn's phase as the rulebook names it. */
  phases: Record<'A' | 'B' | 'KC', string>;
  /** The view's `pending`: the step a player is choosing now. */
  steps: Record<Step['kind'], string>;
  /** The scoring pad's rows: the outcome's `breakdown` keys, in the pad's order. */
  scoring: Record<Category, string>;
}

const PHASES: Names['phases'] = { A: 'moving', B: 'acting at a location', KC: 'in Kansas City' };

const STEPS: Names['steps'] = {
  engine: 'an engine move',
  engineBack: 'an engine move back',
  upgrade: 'a station upgrade',
  disc: 'a disc to place',
  master: 'the station master',
  hazard: 'a hazard to remove',
  teepee: 'a teepee to take',
  hire: 'a worker to hire',
  jersey: 'a Jersey bonus',
  build: 'a building to place',
  buy: 'cattle to buy',
  // One card a move: the view's `pendingCount` says how many the step asks for.
  discard: 'a card to discard',
  remove: 'a card to remove',
  objective: 'an objective card',
  aux: 'an auxiliary action',
  draw: 'how many cards to draw',
  move: 'a move',
  copy: 'a building to copy',
  upgradeBehind: 'a station at or behind the engine',
  foresight: 'a foresight tile',
  income: 'the income',
  deliver: 'a city to deliver to',
};

const SCORING: Names['scoring'] = {
  money: 'Money',
  buildings: 'Buildings',
  cities: 'Cities',
  stations: 'Stations',
  hazards: 'Hazards',
  cattle: 'Cattle',
  objectives: 'Objective cards',
  stationMasters: 'Station masters',
  workers: 'Workers',
  playerBoard: 'Player board',
  jobToken: 'Job market token',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** `coloradoSprings` → `Colorado Springs`. */
const titleWords = (code: string) => code.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/** Breeds by their code in the cattle data. */
export const BREED_NAMES: Record<string, string> = {
  jersey: 'Jersey',
  guernsey: 'Guernsey',
  dutchbelt: 'Dutch Belt',
  angus: 'Black Angus',
  holstein: 'Holstein',
  brownswiss: 'Brown Swiss',
  ayrshire: 'Ayrshire',
  highland: 'West Highland',
  longhorn: 'Texas Longhorn',
};

/** An objective card's task icons, counted. */
const TASK_WORDS: Record<Task, (n: number) => string> = {
  B: (n) => plural(n, 'own building'),
  S: (n) => plural(n, 'station'),
  G: (n) => plural(n, 'green teepee'),
  BL: (n) => plural(n, 'blue teepee'),
  H: (n) => plural(n, 'hazard'),
  C3: (n) => `${plural(n, 'cattle card')} of value 3`,
  C4: (n) => `${plural(n, 'cattle card')} of value 4`,
  C5: (n) => `${plural(n, 'cattle card')} of value 5`,
  SF: (n) => plural(n, 'disc in San Francisco', 'discs in San Francisco'),
};
/** An objective card's immediate action when played (moves.ts carries them out). */
const OBJECTIVE_ACTION_WORDS: Record<ObjectiveAction, string> = {
  none: '',
  gain2: '+$2',
  draw3: 'draw up to 3 cards, then discard as many',
  engine2: 'engine up to 2 forward',
  engine3: 'engine up to 3 forward',
  move3: 'cattleman up to 3 steps (no fees, no action there)',
  aux: 'one auxiliary action of your player board, single or double',
};

/** "2 own buildings, 1 hazard → 3 VP (−2 if unmet) · played: +$2". */
export function objectiveText(code: string): string {
  const card = OBJECTIVES[code]!;
  const counts = new Map<Task, number>();
  for (const t of card.tasks) counts.set(t, (counts.get(t) ?? 0) + 1);
  const asks = [...counts].map(([t, n]) => TASK_WORDS[t](n)).join(', ');
  const action = OBJECTIVE_ACTION_WORDS[card.action];
  // A starting objective has no penalty: said, where a card without the penalty's words read as if it were forgotten.
  return `${asks} → ${card.vp} VP (${card.penalty ? `−${card.penalty}` : 'no penalty'} if unmet)${action ? ` · played: ${action}` : ''}`;
}

/** "West Highland, value 4, 5 VP". */
export function cattleText(code: string): string {
  const c = CATTLE[code]!;
  return `${BREED_NAMES[c.breed] ?? c.breed}, value ${c.breedingValue}${c.vp ? `, ${c.vp} VP` : ''}`;
}

/** "flood, green hand, 4 VP"; teepees by colour, workers by trade. */
export function tileText(tile: string): Name {
  if (isTeepee(tile)) return { text: `${tile} teepee`, kind: 'teepee' };
  if (isWorker(tile)) return { text: tile, kind: 'worker' };
  return { text: `${hazardType(tile)}, ${hazardHand(tile)} hand, ${hazardVp(tile)} VP`, kind: 'hazard' };
}

/** A trail space as the board names it: `FLOOD-2` flood 2, `TEEPEE--3` teepee −3, `INDIAN-TRADE-RISK-1`, `A-1` as printed. */
export function spaceText(space: string): string {
  if (space === START) return 'the start';
  if (space === KANSAS_CITY) return 'Kansas City';
  if (TEEPEE_SPACES.includes(space)) return `teepee ${String(teepeeValue(space)).replace('-', '−')}`;
  const risk = /^(.*)-RISK-(\d+)$/.exec(space);
  if (risk && space in RISK_ACTIONS) return `${risk[1]!.toLowerCase().replace(/-/g, ' ').replace('indian', 'Indian')} risk ${risk[2]}`;
  const hazard = /^([A-Z]+)-(\d+)$/.exec(space);
  if (hazard && (HAZARD_TYPES as readonly string[]).includes(hazard[1]!.toLowerCase())) return `${hazard[1]!.toLowerCase()} ${hazard[2]}`;
  return space;
}

const MASTER_COUNT_WORDS: Record<MasterCount, [string, string]> = {
  workers: ['worker', 'workers'],
  certificates: ['certificate', 'certificates'],
  objectives: ['objective card', 'objective cards'],
  hazards: ['hazard', 'hazards'],
  teepeePairs: ['green-and-blue teepee pair', 'green-and-blue teepee pairs'],
};
/** "+$2 now; 1 VP per worker at the end". */
export function stationMasterText(master: number): string {
  const m = STATION_MASTER_DATA[master]!;
  const now = 'money' in m.now ? `+$${m.now.money} now` : 'hazardOrTeepee' in m.now ? 'a hazard (free) or a teepee now' : 'a permanent certificate';
  const [one, many] = MASTER_COUNT_WORDS[m.of];
  return `${now}; ${m.vp} VP per ${m.per === 1 ? one : `${m.per} ${many}`} at the end`;
}

/** What lifting a disc off the player board frees. */
export function discText(disc: Disc): string {
  const aux = /^aux(\d)([ab]?)$/.exec(disc);
  if (aux) {
    if (!aux[2]) return `auxiliary action ${aux[1]}: the double`;
    return `auxiliary action ${aux[1]}, ${aux[2] === 'a' ? 'first' : 'second'} disc (one frees the single, both the double)`;
  }
  const limit = /^(cert|hand|step)(\d)$/.exec(disc)!;
  if (limit[1] === 'cert') return `certificate limit ${limit[2]}`;
  if (limit[1] === 'hand') return `hand limit +1 (${limit[2] === '1' ? 'first' : 'second'} disc), costs $${HAND_DISC_COST}`;
  return limit[2] === '1' ? `step limit up, +$${STEP_DISC_MONEY}` : `step limit +1, +${STEP_DISC_VP} VP at the end`;
}

/**
 * The trail in stages between the locations every route passes (START, the neutral buildings on the main
 * line, Kansas City): between two of them, the chains of spaces that run side by side, a chain ending where
 * routes fork or join. A chain is named by what it holds (a hazard type, the Indian trade, buildings).
 */
export function trailStages(): { routes: TrailRoute[] }[] {
  const spaces = Object.keys(EDGES).filter((s) => reaches(START, s) && reaches(s, KANSAS_CITY));
  const preds = (s: string) => spaces.filter((p) => EDGES[p]!.includes(s));
  const onEveryRoute = spaces.filter((s) => s === START || s === KANSAS_CITY || !reaches(START, KANSAS_CITY, s));
  // Every space reachable from START, in trail order (a space before all that it leads to).
  const order: string[] = [];
  const visit = (s: string) => {
    if (order.includes(s)) return;
    for (const p of preds(s)) visit(p);
    order.push(s);
  };
  for (const s of spaces) visit(s);
  const gates = order.filter((s) => onEveryRoute.includes(s));
  const stages: { routes: TrailRoute[] }[] = [];
  gates.forEach((gate, i) => {
    stages.push({ routes: [{ name: '', spaces: [gate], to: [] }] });
    const next = gates[i + 1];
    if (next === undefined) return;
    const between = new Set(order.filter((s) => reaches(gate, s, next) && s !== gate && reaches(s, next) && s !== next));
    const isHead = (s: string) => preds(s).some((p) => p === gate || EDGES[p]!.length > 1) || preds(s).length > 1;
    const heads = order.filter((s) => between.has(s) && isHead(s));
    const depth = new Map<string, number>();
    const chains = heads.map((head) => {
      const chain = [head];
      let at = head;
      while (EDGES[at]!.length === 1 && between.has(EDGES[at]![0]!) && !isHead(EDGES[at]![0]!)) chain.push((at = EDGES[at]![0]!));
      return chain;
    });
    for (const chain of chains) {
      const from = preds(chain[0]!).filter((p) => p !== gate).map((p) => depth.get(chains.find((c) => c.includes(p))![0]!) ?? 0);
      depth.set(chain[0]!, from.length ? Math.max(...from) + 1 : 0);
    }
    const levels = Math.max(...chains.map((c) => depth.get(c[0]!)!)) + 1;
    for (let level = 0; level < levels; level++) {
      const routes = chains.filter((c) => depth.get(c[0]!) === level);
      const nextHeads = level + 1 < levels ? chains.filter((c) => depth.get(c[0]!) === level + 1).map((c) => c[0]!) : [next];
      stages.push({
        routes: routes.map((chain) => {
          const to = EDGES[chain.at(-1)!]!;
          return { name: routeName(chain), spaces: chain, to: to.every((s) => nextHeads.includes(s)) ? [] : [...to] };
        }),
      });
    }
  });
  return stages;
}

/** Whether `to` can be reached from `from` along the trail (optionally never stepping on `avoid`). */
function reaches(from: string, to: string, avoid?: string): boolean {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const s = stack.pop()!;
    if (s === to) return true;
    if (seen.has(s) || (s === avoid && s !== from)) continue;
    seen.add(s);
    stack.push(...EDGES[s]!);
  }
  return false;
}

function routeName(chain: string[]): string {
  const kinds = chain.map(spaceKind);
  const hazard = chain.find((s) => spaceKind(s) === 'hazard' && !(s in RISK_ACTIONS));
  if (hazard) return hazard.split('-')[0]!.toLowerCase();
  if (kinds.includes('teepee')) return 'Indian trade';
  if (kinds.every((k) => k === 'neutral')) return 'neutral building';
  return chain.length === 1 ? 'building' : 'buildings';
}

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
};

function build(): Names {
  const cards: Record<string, Name> = {};
  for (const code of Object.keys(CATTLE)) cards[code] = { text: cattleText(code), kind: 'cattle' };
  for (const code of Object.keys(OBJECTIVES)) cards[code] = { text: objectiveText(code), kind: 'objective' };
  const tiles: Record<string, Name> = {};
  for (const tile of [...supplyStacks(11).flat(), ...WORKERS].sort()) tiles[tile] ??= tileText(tile);
  const spaces: Record<string, Name> = {};
  for (const space of Object.keys(EDGES)) spaces[space] = { text: spaceText(space), kind: spaceKind(space) };
  const trail = trailStages();
  const onTrail = new Set(trail.flatMap((stage) => stage.routes.flatMap((r) => r.spaces)));
  const cities: Record<string, Name> = {};
  for (const city of CITIES) cities[city] = { text: `${titleWords(city)} (${CITY_DATA[city as City].value})`, kind: CITY_DATA[city as City].dark ? 'dark' : 'white' };
  const cityPayments: Record<string, number> = {};
  for (const city of CITIES) if (CITY_DATA[city as City].money) cityPayments[city] = CITY_DATA[city as City].money;
  const discs: Record<string, Name> = {};
  for (const disc of DISCS) discs[disc] = { text: discText(disc), kind: DARK_DISCS.includes(disc) ? 'dark' : 'white' };
  const stationMasters: Record<string, Name> = {};
  for (const master of STATION_MASTERS) stationMasters[String(master)] = { text: stationMasterText(master), kind: '' };
  return {
    cards,
    tiles,
    spaces,
    trail,
    besideTrail: TEEPEE_SPACES.filter((s) => !onTrail.has(s)),
    cities,
    cityPayments,
    discs,
    stations: STATIONS.map((s, i) => ({ cost: s.cost, vp: s.vp, turnout: TURNOUT_AFTER[i] ?? LAST_SPACE })),
    stationMasters,
    phases: PHASES,
    steps: STEPS,
    scoring: SCORING,
  };
}

/** Built once; every view carries this same frozen object, so a room sends it once. */
export const NAMES: Names = deepFreeze(build());
