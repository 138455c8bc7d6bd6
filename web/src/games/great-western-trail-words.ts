/**
 * Great Western Trail's codes in the words of the printed game: cards, tiles, trail spaces, discs,
 * cities, stations and station masters. Presentation only — what a card or space says, never whether
 * a move is legal or what it scores (the server's legal moves and outcome say that).
 */

export const words = (k: string) => k.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Cattle cards: breed, breeding value, victory points as printed. */
const CATTLE: Record<string, [string, number, number]> = {
  jersey: ['Jersey', 1, 0],
  guernsey: ['Guernsey', 2, 0],
  dutchbelt: ['Dutch Belt', 2, 0],
  angus: ['Black Angus', 2, 0],
  holstein: ['Holstein', 3, 1],
  brownswiss: ['Brown Swiss', 3, 2],
  ayrshire: ['Ayrshire', 3, 3],
  highland3: ['West Highland', 4, 3],
  highland4: ['West Highland', 4, 4],
  highland5: ['West Highland', 4, 5],
  longhorn5: ['Texas Longhorn', 5, 5],
  longhorn6: ['Texas Longhorn', 5, 6],
  longhorn7: ['Texas Longhorn', 5, 7],
};

/** Objective cards as printed: the action when played, the tasks (one icon each), VP, and the penalty if unmet. */
const OBJECTIVES: Record<string, [string, string, number, number]> = {
  START_34B: ['', 'C3 C4 B', 3, 0],
  START_SSG: ['', 'S S G', 3, 0],
  START_BBH: ['', 'B B H', 3, 0],
  START_BLHH: ['', 'BL H H', 3, 0],
  GAIN2_BBLBL: ['gain2', 'B BL BL', 3, 2],
  GAIN2_BGBL: ['gain2', 'B G BL', 3, 2],
  GAIN2_4HH: ['gain2', 'C4 H H', 3, 2],
  GAIN2_SSH: ['gain2', 'S S H', 3, 2],
  GAIN2_333B: ['gain2', 'C3 C3 C3 B', 4, 2],
  DRAW_BBH: ['draw3', 'B B H', 3, 2],
  DRAW_SGBL: ['draw3', 'S G BL', 3, 2],
  DRAW_5H: ['draw3', 'C5 H', 3, 2],
  DRAW_SGG: ['draw3', 'S G G', 3, 2],
  DRAW_333S: ['draw3', 'C3 C3 C3 S', 4, 2],
  ENGINE_44SG: ['engine2', 'C4 C4 S G', 5, 3],
  ENGINE_345: ['engine2', 'C3 C4 C5', 5, 3],
  ENGINE_BBGG: ['engine2', 'B B G G', 5, 3],
  ENGINE_BBLHH: ['engine3', 'B BL H H', 5, 3],
  ENGINE_SSHH: ['engine3', 'S S H H', 5, 3],
  MOVE_BBHH: ['move3', 'B B H H', 5, 2],
  MOVE_SSBLBL: ['move3', 'S S BL BL', 5, 2],
  MOVE_345: ['move3', 'C3 C4 C5', 5, 2],
  MOVE_34HH: ['move3', 'C3 C4 H H', 5, 2],
  MOVE_SSBB: ['move3', 'S S B B', 5, 2],
  AUX_SF: ['aux', 'SF', 5, 3],
};
const OBJECTIVE_ACTION: Record<string, string> = {
  gain2: '+$2',
  draw3: 'draw up to 3 cards, then discard as many',
  engine2: 'engine up to 2 forward',
  engine3: 'engine up to 3 forward',
  move3: 'cattleman up to 3 steps (no fees, no action there)',
  aux: 'a single or double auxiliary action',
};
const TASK: Record<string, (n: number) => string> = {
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

export const isObjective = (card: string) => card in OBJECTIVES;

/** An objective card's face: what it asks, its VP and penalty, and its action when played. */
export function objectiveText(card: string): string {
  const o = OBJECTIVES[card];
  if (!o) return words(card);
  const [action, tasks, vp, penalty] = o;
  const counts = new Map<string, number>();
  for (const t of tasks.split(' ')) counts.set(t, (counts.get(t) ?? 0) + 1);
  const asks = [...counts].map(([t, n]) => TASK[t]?.(n) ?? t).join(', ');
  return `${asks} → ${vp} VP${penalty ? ` (−${penalty} if unmet)` : ''}${action ? ` · played: ${OBJECTIVE_ACTION[action] ?? action}` : ''}`;
}

/** Any card of a deck: a cattle card by breed, breeding value and VP, or an objective card by its face. */
export function cardName(card: string): string {
  const c = CATTLE[card];
  if (c) return `${c[0]}, value ${c[1]}${c[2] ? `, ${c[2]} VP` : ''}`;
  return isObjective(card) ? `objective: ${objectiveText(card)}` : words(card);
}

/** Hazard tiles are `<kind>-<hand><vp>` (`flood-g4`: a flood, green-hand fee, 4 VP). */
function hazardName(tile: string): string | null {
  const m = /^(flood|drought|rockfall)-([gb])(\d+)$/.exec(tile);
  return m ? `${m[1]}, ${m[2] === 'g' ? 'green' : 'black'} hand, ${m[3]} VP` : null;
}

/** A Kansas City supply tile: a worker, a hazard or a teepee. */
export function tileName(tile: string): string {
  if (tile === 'green' || tile === 'blue') return `${tile} teepee`;
  return hazardName(tile) ?? words(tile);
}

/** What stands on a trail location: `n:A` neutral building A, `p:1:3a` seat 1's 3a, `h:…` hazard, `t:…` teepee. */
export function content(code: string): { text: string; owner: number | null; kind: string } {
  if (!code) return { text: '', owner: null, kind: 'empty' };
  const [kind, a = '', b = ''] = code.split(':');
  if (kind === 'n') return { text: `building ${a}`, owner: null, kind: 'neutral' };
  if (kind === 'p') return { text: `building ${b}`, owner: Number(a), kind: 'private' };
  if (kind === 'h') return { text: hazardName(a) ?? words(a), owner: null, kind: 'hazard' };
  if (kind === 't') return { text: tileName(a), owner: null, kind: 'teepee' };
  return { text: code, owner: null, kind: 'other' };
}

export const TRAIL_START = 'START';
export const TRAIL_END = 'KANSAS_CITY';

/** A trail space's name on the board: `FLOOD-2` flood 2, `TEEPEE--3` teepee −3, `A-1` as printed. */
export function spaceName(space: string): string {
  if (space === TRAIL_START || space === '') return 'the start';
  if (space === TRAIL_END) return 'Kansas City';
  const teepee = /^TEEPEE-(-?\d+)$/.exec(space);
  if (teepee) return `teepee ${teepee[1]!.replace('-', '−')}`;
  if (/^(FLOOD|DROUGHT|ROCKFALL|INDIAN-TRADE)-/.test(space)) return words(space).replace('indian', 'Indian');
  return space;
}

/**
 * The trail as printed, start to Kansas City: neutral buildings in order and, between them, the routes
 * side by side (`to` where a route does not simply lead to the next stage). Layout only: legal routes
 * come from the server's moves.
 */
export type Route = { name: string; spaces: string[]; to?: string };
export const TRAIL_LAYOUT: (string | Route[])[] = [
  TRAIL_START,
  'A',
  [
    { name: 'buildings', spaces: ['A-1', 'A-2', 'A-3'] },
    { name: 'flood', spaces: ['FLOOD-1', 'FLOOD-2', 'FLOOD-3', 'FLOOD-4', 'FLOOD-RISK-1', 'FLOOD-RISK-2'] },
  ],
  'B',
  [
    { name: 'buildings', spaces: ['B-1', 'B-2', 'B-3'] },
    { name: 'drought', spaces: ['DROUGHT-1', 'DROUGHT-2', 'DROUGHT-3', 'DROUGHT-4', 'DROUGHT-RISK-1'] },
  ],
  'C',
  [
    { name: 'buildings', spaces: ['C-1-1', 'C-1-2'], to: 'E' },
    { name: 'building', spaces: ['C-2'], to: 'D or the Indian trade' },
  ],
  [
    { name: 'neutral', spaces: ['D'] },
    { name: 'Indian trade', spaces: ['TEEPEE-1', 'TEEPEE-2', 'TEEPEE-4', 'TEEPEE-6', 'TEEPEE-8', 'TEEPEE-10', 'INDIAN-TRADE-RISK-1', 'INDIAN-TRADE-RISK-2'] },
  ],
  'E',
  [
    { name: 'buildings', spaces: ['E-1', 'E-2'] },
    { name: 'rockfall', spaces: ['ROCKFALL-1', 'ROCKFALL-2', 'ROCKFALL-3', 'ROCKFALL-4', 'ROCKFALL-RISK-1', 'ROCKFALL-RISK-2'] },
  ],
  'F',
  [
    { name: '', spaces: ['F-1'] },
    { name: '', spaces: ['F-2'] },
  ],
  'G',
  [
    { name: '', spaces: ['G-1'] },
    { name: '', spaces: ['G-2'] },
  ],
  TRAIL_END,
];
/** The three negative teepee spaces lie beside the trail, not on it. */
export const BESIDE_TRAIL = ['TEEPEE--3', 'TEEPEE--2', 'TEEPEE--1'];

const CITY_NAMES: Record<string, [string, number]> = {
  kansasCity: ['Kansas City', 0],
  topeka: ['Topeka', 1],
  wichita: ['Wichita', 4],
  coloradoSprings: ['Colorado Springs', 6],
  santaFe: ['Santa Fe', 8],
  albuquerque: ['Albuquerque', 10],
  elPaso: ['El Paso', 12],
  sanDiego: ['San Diego', 14],
  sacramento: ['Sacramento', 16],
  sanFrancisco: ['San Francisco', 18],
};
/** A delivery city with the value printed on its crest. */
export const cityName = (city: string): string => (CITY_NAMES[city] ? `${CITY_NAMES[city][0]} (${CITY_NAMES[city][1]})` : words(city));

/** Stations 1–10 as printed: upgrade cost and VP; the turnout of stations 1–9 branches off after this railroad space. */
export const STATIONS: { cost: number; vp: number; after: number }[] = [
  { cost: 2, vp: 1, after: 4 },
  { cost: 2, vp: 1, after: 7 },
  { cost: 4, vp: 2, after: 10 },
  { cost: 4, vp: 2, after: 13 },
  { cost: 6, vp: 3, after: 16 },
  { cost: 8, vp: 5, after: 21 },
  { cost: 7, vp: 6, after: 25 },
  { cost: 6, vp: 7, after: 29 },
  { cost: 5, vp: 8, after: 33 },
  { cost: 3, vp: 9, after: 39 },
];

/** Where an engine stands: a railroad space, or the turnout (n + 0.5) of a station. */
export function engineName(position: number): string {
  if (Number.isInteger(position)) return `space ${position}`;
  const station = STATIONS.findIndex((s) => s.after === Math.floor(position));
  return station >= 0 ? `the turnout of station ${station + 1}` : `space ${position}`;
}

/** Station master tiles 1–5: what taking one gives at once, and what it scores at the end. */
const MASTERS: Record<number, string> = {
  1: '+$2 now; 1 VP per worker at the end',
  2: 'a permanent certificate; 3 VP per 2 certificates',
  3: 'a free hazard or teepee now; 3 VP per 2 objective cards',
  4: 'a permanent certificate; 3 VP per 2 hazards',
  5: 'a permanent certificate; 3 VP per green-and-blue teepee pair',
};
export const masterName = (master: number): string => `station master ${master}${MASTERS[master] ? `: ${MASTERS[master]}` : ''}`;

/** The 14 disc spaces of a player board: what lifting the disc frees. Dark discs go only on dark city and station spaces. */
const DISCS: Record<string, string> = {
  aux1: 'auxiliary action 1',
  aux2: 'auxiliary action 2',
  aux3a: 'auxiliary action 3, first disc',
  aux3b: 'auxiliary action 3, second disc',
  aux4a: 'auxiliary action 4, first disc',
  aux4b: 'auxiliary action 4, second disc',
  aux5a: 'auxiliary action 5, first disc',
  aux5b: 'auxiliary action 5, second disc',
  cert4: 'certificate limit 4',
  cert6: 'certificate limit 6',
  step1: 'step limit up, +$3',
  step2: 'step limit +1, +3 VP at the end',
  hand1: 'hand limit +1 (first disc), costs $5',
  hand2: 'hand limit +1 (second disc), costs $5',
};
export const DARK_DISCS = ['cert6', 'step1', 'step2', 'hand1', 'hand2'];
/** A disc by the player-board space it leaves, or the station it comes back from (`station:3`). */
export function discName(disc: string): string {
  const station = /^station:(\d+)$/.exec(disc);
  if (station) return `the disc on station ${Number(station[1]) + 1}`;
  return DISCS[disc] ? `${DISCS[disc]}${DARK_DISCS.includes(disc) ? ' (dark)' : ''}` : words(disc);
}

/** The phase and the pending sub-step, as the status line says them. */
export const PHASES: Record<string, string> = { A: 'moving', B: 'acting at a location', KC: 'in Kansas City' };
export const PENDING: Record<string, string> = {
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
  discard: 'cards to discard',
  remove: 'cards to remove',
  objective: 'an objective card',
  aux: 'an auxiliary action',
  draw: 'cards to draw',
  move: 'a move',
  copy: 'a building to copy',
  upgradeBehind: 'a station behind the engine',
  foresight: 'a foresight tile',
  income: 'the income',
  deliver: 'a city to deliver to',
};

/** The scoring pad's categories (the outcome's `breakdown` keys). */
export const SCORE_CATEGORIES: Record<string, string> = {
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
