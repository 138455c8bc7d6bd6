/** Legal moves and their effects. A turn is a sequence of small moves; sub-choices wait on `turn.stack`. */
import type { Actor, GameEvent, MoveResult } from '../../core/game.ts';
import { accept, guardMove, isMoveShape, reject, sameMove } from '../../core/game.ts';
import { nextSeat } from '../../core/seats.ts';
import { CATTLE_PRICES, CITIES, CITY_DATA, CITY_PAIRS, STATIONS, STATION_MASTER_DATA } from './data/board.ts';
import type { City } from './data/board.ts';
import { NEUTRAL_BUILDINGS, PRIVATE_BUILDINGS, RISK_EFFECTS, SLOT_BONUS } from './data/buildings.ts';
import type { ActionGroups, Effect } from './data/buildings.ts';
import { CATTLE, OBJECTIVES, isCattle } from './data/cards.ts';
import { WORKERS, isWorker } from './data/tiles.ts';
import type { Worker } from './data/tiles.ts';
import { EDGES, KANSAS_CITY, NEUTRAL_SPACES, RISK_ACTIONS, START, TEEPEE_SPACES, hazardSpaces, predecessors, teepeeValue } from './data/trail.ts';
import { HAZARD_TYPES } from './data/trail.ts';
import {
  buildOptions, canUpgrade, certificateLimit, certificateSpends, discOptions, drawCards, endsBefore, engineAuxTerms, engineReach, forestBuildings, gain,
  gainCertificates, handLimit, hireOptions, incomeValue, isLocation, moveCard, pay, payFees, placeSmallTile, placeWorker,
  routeFee, routes, smallTileSpace, stationAt, stationPosition, stepLimit, takeDisc, takeObjective, tileBuilding, tileOwner, transportCost,
} from './rules.ts';
import { localActionTexts } from './labels.ts';
import { GAME_ID } from './types.ts';
import type { GwtMove, GwtState, Session, Step } from './types.ts';

export function activeActors(state: GwtState): Actor[] {
  return state.over ? [] : [state.current];
}

export function legalMoves(state: GwtState, actor: Actor): GwtMove[] {
  if (state.over || actor !== state.current) return [];
  const step = state.turn.stack.at(-1);
  if (!step) return phaseMoves(state);
  const moves = stepMoves(state, step);
  // Objective cards "before or after any action" (original rules document): the Kansas City visit is phase B's action,
  // so on arriving, before its first sub-phase; between its sub-phases only by house rule (mid-action).
  const kansasCityStep = state.turn.session === null && ['foresight', 'income', 'deliver'].includes(step.kind);
  if (kansasCityStep && (state.options.objectivesInKansasCity || !kansasCityBegun(state, step))) moves.push(...objectivePlays(state));
  return moves;
}

/**
 * Whether a sub-phase of the Kansas City visit has been carried out. Arriving sets `kansasCityBegun` false; a state
 * kept before it existed (a snapshot taken mid-visit) lacks it, and the table tells: the visit has begun once the
 * income is taken or a foresight column before the current step shows an empty space. Every visit ends refilling
 * the foresight, so such a space was taken from, or its stack ran dry: then it counts as begun too, as every visit
 * did before cards could be played on arriving.
 */
function kansasCityBegun(state: GwtState, step: Step): boolean {
  if (state.turn.kansasCityBegun !== undefined) return state.turn.kansasCityBegun;
  if (step.kind === 'deliver') return true;
  const before = step.kind === 'foresight' ? step.column : 3;
  return state.foresight.slice(0, 2 * before).includes('');
}

function objectivePlays(state: GwtState): GwtMove[] {
  return distinct(state.players[state.current]!.hand.filter((c) => c in OBJECTIVES)).map((card) => ({ type: 'playObjective', card }));
}

const MOVE_TYPES = new Set([
  'place', 'move', 'action', 'aux', 'endTurn', 'playObjective', 'skip', 'engine', 'upgrade', 'disc', 'claimMaster', 'takeHazard',
  'takeTeepee', 'hire', 'discard', 'build', 'buyCattle', 'refillMarket', 'remove', 'takeObjective', 'draw', 'copy', 'upgradeStation',
  'foresight', 'income', 'deliver',
]);

export function applyMove(state: GwtState, actor: Actor, move: unknown): MoveResult<GwtState> {
  // An endTurn after the turn ended by itself (a client that still ends every turn itself): said why, not only "not now".
  if (state.options.endTurn === 'auto' && !state.over && actor !== state.current && isMoveShape(move) && move.type === 'endTurn') {
    return reject(`${GAME_ID}/turn-ended`, 'There is no turn of yours to end: a turn ends by itself once nothing is left to do in it.');
  }
  const guard = guardMove(activeActors(state), actor, move);
  if (guard) return guard;
  if (!isMoveShape(move) || !MOVE_TYPES.has(move.type)) return reject(`${GAME_ID}/unknown-move`, 'No such move in Great Western Trail.');
  const legal = legalMoves(state, actor);
  if (!legal.some((m) => sameMove(m, move))) {
    if (!legal.some((m) => m.type === move.type)) return reject(`${GAME_ID}/wrong-step`, `A "${move.type}" move is not expected at this point of the turn.`);
    return reject(`${GAME_ID}/illegal-${move.type}`, `This "${move.type}" is not allowed now (a requirement is not met).`);
  }
  const next = structuredClone(state) as GwtState;
  // Every move is public table information (discards and purchases are face up); income also reveals the hand.
  const events: GameEvent[] = [{ ...move, seat: actor, ...taken(state, move as GwtMove) }];
  // Sorted: in the order held, the last cards drawn would show, and with the public discards earlier hands.
  if (move.type === 'income') events.push({ type: 'handRevealed', seat: actor, hand: [...state.players[actor as number]!.hand].sort() });
  perform(next, move as GwtMove);
  // The job market's last space filled (the red arrow): the game's end is triggered, by the seat that filled it. The
  // log said only "Last round." and then who won: not what had ended the game, nor who had.
  if (state.endTrigger < 0 && next.endTrigger >= 0) events.push({ type: 'endTriggered', seat: next.endTrigger });
  const seat = actor as number;
  const moneyMoved = next.players[seat]!.money - state.players[seat]!.money;
  // The income's amount (the hand's breeds and the certificates), a disc's (Kansas City's $6, the step-limit disc's $3,
  // the hand-limit disc's −$5), a teepee's (its space's value), a local action's (a rate's: "+$2 per own building in a
  // forest"), an engine move's (the $3 of a move back): the log can say what was taken, not only that it was.
  if (AMOUNTED.has(move.type)) events[0]!.amount = moneyMoved;
  // A move that gives temporary certificates says how far they rose (none at the limit, two for the track's one space
  // from 4 to 6, what "certificates to your maximum" came to): a local action that gives some, auxiliary action 3's
  // engine move back for them, a Jersey discarded for a hired worker's bonus (its `bonus` from taken, with its money).
  const back = state.turn.stack.at(-1);
  const givesThem =
    (move.type === 'action' && givesCertificates(actionEffect(state.turn.session!, (move as Extract<GwtMove, { type: 'action' }>).action))) ||
    (move.type === 'engine' && back?.kind === 'engineBack' && (back.reward === 'cert1' || back.reward === 'cert2')) ||
    events[0]!.bonus !== undefined;
  if (givesThem) events[0]!.certificatesGained = next.players[seat]!.certificates - state.players[seat]!.certificates;
  if (events[0]!.bonus !== undefined) events[0]!.amount = moneyMoved;
  // What a move paid (a worker hired, a building placed, cattle bought, a delivery's transport, a route's fees, a
  // hazard, a station upgraded): the log can say the price, not only the move.
  if (PRICED.has(move.type)) events[0]!.cost = state.players[seat]!.money - next.players[seat]!.money;
  // Phase C's draw, counted (never which cards): the hand's size is on the table.
  if (move.type === 'endTurn') events[0]!.drawn = next.players[seat]!.hand.length - state.players[seat]!.hand.length;
  const [turnOf, overBefore] = [next.current, next.over];
  const handBefore = next.players[turnOf]!.hand.length;
  normalize(next);
  // A turn normalize ended (a Kansas City visit's last step; with endTurn: auto, nothing left but ending it): said as
  // an ended turn is, with phase C's draw.
  if (next.current !== turnOf || next.over !== overBefore) events.push({ type: 'endTurn', seat: turnOf, drawn: next.players[turnOf]!.hand.length - handBefore });
  return accept(next, events);
}

/**
 * With `endTurn: auto`, phase B where ending the turn is all that is left, judged on public facts alone: the moves
 * the hand allows (a local action's discard, an objective card's play) count as open while the cards the table
 * cannot place (hand, deck, the discard pile under its top, as `resample` re-deals them) hold one that would allow
 * them, so the turn ending by itself never tells the table what the hand lacks.
 */
function onlyEndTurnLeft(state: GwtState): boolean {
  if (state.over || state.options.endTurn !== 'auto' || state.turn.phase !== 'B' || state.turn.stack.length > 0) return false;
  const p = state.players[state.current]!;
  const unseen = p.hand.length === 0 ? [] : [...p.hand, ...p.deck, ...p.discard.slice(0, -1)];
  const asSeen = { ...state, players: state.players.with(state.current, { ...p, hand: unseen }) };
  const moves = phaseMoves(asSeen);
  return moves.length === 1 && moves[0]!.type === 'endTurn';
}

/** Whether a local action moves the temporary certificates (its event says by how much: `certificatesGained`). */
const givesCertificates = (effect: Effect): boolean => ('certs' in effect && Boolean(effect.certs)) || effect.k === 'cert' || effect.k === 'teepeePairs' || effect.k === 'certMax';

/** Moves whose event says the money they moved, signed (`amount`). */
const AMOUNTED = new Set(['income', 'disc', 'takeTeepee', 'action', 'engine']);
/** Moves whose event says the money they paid (`cost`). */
const PRICED = new Set(['hire', 'build', 'buyCattle', 'deliver', 'move', 'takeHazard', 'upgrade', 'upgradeStation']);

/**
 * What a move took, as it stood before the move, for its event: the log is read once the move has changed the table
 * (the foresight tile, the worker, the hazard or teepee gone from where they lay; another building's actions offered),
 * and a page that joins later reads the whole game's events on the table of now. An action's `text` is the local
 * action's words as the view offers them to the player (`session.actions`); an upgrade's `station` and a station
 * master's `master` are those of the step the move answers.
 */
function taken(state: GwtState, move: GwtMove): Record<string, string | number> {
  const step = state.turn.stack.at(-1);
  switch (move.type) {
    case 'action': {
      const session = state.turn.session!;
      return { text: localActionTexts(session.tile, session.risk, state.options.upgrade9b).find((a) => a.id === move.action)!.text };
    }
    case 'foresight': {
      // Where the tile goes: a worker to the job market, a hazard or teepee to its trail space ('' when none is free:
      // it leaves the game).
      const tile = state.foresight[(step as { column: number }).column * 2 + move.pick]!;
      return { tile, to: isWorker(tile) ? 'jobMarket' : smallTileSpace(state, tile) };
    }
    case 'hire':
      return { worker: state.jobMarket[move.slot]! };
    case 'takeHazard':
    case 'takeTeepee':
      return { tile: state.trail[move.space]!.slice(2) };
    case 'upgrade':
      return { station: (step as { station: number }).station };
    case 'disc': {
      // Where the disc went: the city delivered to, or the station upgraded.
      const at = step as Extract<Step, { kind: 'disc' }>;
      return at.city !== '' ? { city: at.city } : { station: at.station };
    }
    case 'claimMaster':
      return { master: state.stations[(step as { station: number }).station]!.master };
    case 'discard':
      // A Jersey discarded for a hired worker's bonus: which bonus (jerseyCert1, jerseyMoney2, jerseyCert2, jerseyMoney4).
      return step?.kind === 'jersey' ? { bonus: step.bonus } : {};
    case 'skip':
      // The step passed (the view's `names.steps`): a log said only "skips".
      return step ? { step: step.kind } : {};
    default:
      return {};
  }
}

// ---------- what may be done ----------

function phaseMoves(state: GwtState): GwtMove[] {
  const seat = state.current;
  const p = state.players[seat]!;
  const out: GwtMove[] = [];
  if (state.turn.phase === 'A') {
    if (p.location === '') {
      const spaces = Object.keys(state.trail).filter((s) =>
        state.options.firstTurn === 'neutral' ? (NEUTRAL_SPACES as readonly string[]).includes(s) : /^[np]:/.test(state.trail[s]!),
      );
      out.push(...spaces.map((space) => ({ type: 'place', space }) as GwtMove));
    } else if (isFinalKansasCityTurn(state)) {
      out.push(...routeMoves(state, Number.MAX_SAFE_INTEGER, false, 'only'));
    } else out.push(...routeMoves(state, stepLimit(state, p), false, 'allowed'));
  } else {
    const session = state.turn.session!;
    if (session.local && !session.auxUsed) out.push(...localActionMoves(state, session));
    // Local actions or one auxiliary action; 8b's copy is a local action though the copied tile's list starts afresh.
    const localUsed = state.options.auxAfterCopy === 'never' ? session.acted : session.used.length > 0;
    if (!session.auxUsed && !localUsed) out.push(...auxMoves(state, false));
    if (session.acted || !state.options.requireAction) out.push({ type: 'endTurn' });
  }
  out.push(...objectivePlays(state));
  return out;
}

/**
 * A final turn after the end trigger (original rules document): "in their final turn the players move the cattleman
 * along the trail again to reach Kansas City and carry out its five sub-phases" - so the step limit does not apply.
 */
function isFinalKansasCityTurn(state: GwtState): boolean {
  return state.options.finalTurn === 'kansasCity' && state.endTrigger >= 0 && state.current !== state.endTrigger;
}

/** Cattleman routes; with the "must afford" fee option, unaffordable routes are offered only if nothing else is. */
function routeMoves(state: GwtState, max: number, ignoreFees: boolean, kansasCity: 'allowed' | 'forbidden' | 'only'): GwtMove[] {
  const seat = state.current;
  const p = state.players[seat]!;
  let all = routes(state, p.location, max).filter((r) => kansasCity === 'allowed' || (r.at(-1) === KANSAS_CITY) === (kansasCity === 'only'));
  if (!ignoreFees && state.options.fees === 'mustAfford') {
    const affordable = all.filter((r) => routeFee(state, seat, r) <= p.money);
    if (affordable.length > 0) all = affordable;
  }
  return all.map((path) => ({ type: 'move', path }));
}

function actionGroups(tile: string): ActionGroups {
  if (tile.startsWith('n:')) return NEUTRAL_BUILDINGS[tile.slice(2)]!;
  if (tile.startsWith('p:')) return PRIVATE_BUILDINGS[tileBuilding(tile)]!.actions;
  return [];
}

function localActionMoves(state: GwtState, session: Session): GwtMove[] {
  const out: GwtMove[] = [];
  actionGroups(session.tile).forEach((group, g) => {
    if (session.used.includes(String(g))) return;
    group.forEach((effect, a) => out.push(...effectMoves(state, `${g}.${a}`, effect)));
  });
  if (session.risk !== '' && !session.used.includes('risk')) out.push(...effectMoves(state, 'risk', RISK_EFFECTS[session.risk]));
  return out;
}

const distinct = (cards: readonly string[]) => [...new Set(cards)].sort();

function engineCount(state: GwtState, n: number | 'engineers' | 'forest'): number {
  const p = state.players[state.current]!;
  return n === 'engineers' ? p.workers.engineer : n === 'forest' ? forestBuildings(state, state.current) : n;
}

function canMoveEngine(state: GwtState, forward: boolean, max: number, exact: boolean): boolean {
  if (max < 1) return false;
  const reach = engineReach(state, state.current, forward, max);
  return [...reach.values()].some((counts) => !exact || counts.has(max));
}

/** The moves that start one local action (several when the player picks which cards to discard). */
function effectMoves(state: GwtState, action: string, e: Effect): GwtMove[] {
  const seat = state.current;
  const p = state.players[seat]!;
  const one: GwtMove[] = [{ type: 'action', action }];
  switch (e.k) {
    case 'discard':
      return p.hand.includes(e.breed) ? one : [];
    case 'discardPair': {
      const cattle = p.hand.filter(isCattle);
      const pairs = new Set<string>();
      for (let i = 0; i < cattle.length; i++)
        for (let j = i + 1; j < cattle.length; j++)
          if (CATTLE[cattle[i]!]!.breed === CATTLE[cattle[j]!]!.breed) pairs.add([cattle[i]!, cattle[j]!].sort().join(','));
      return [...pairs].sort().map((pair) => ({ type: 'action', action, cards: pair.split(',') }));
    }
    case 'discardAny':
      return distinct(p.hand.filter(isCattle)).map((c) => ({ type: 'action', action, cards: [c] }));
    case 'discardObjective':
      return distinct(p.hand.filter((c) => c in OBJECTIVES)).map((c) => ({ type: 'action', action, cards: [c] }));
    case 'hire':
      return hireOptions(state, seat, e.mod).length > 0 ? one : [];
    case 'build':
      return buildOptions(state, seat, e.perCraftsman).length > 0 ? one : [];
    case 'objective':
      return state.objectiveDisplay.length + state.objectiveStack.length > 0 ? one : [];
    case 'engine':
      return canMoveEngine(state, true, engineCount(state, e.n), false) ? one : [];
    case 'teepee':
      return teepeeMoves(state, false).length > 0 ? one : [];
    case 'payEngine':
      return p.money >= e.cost && canMoveEngine(state, true, e.max, false) ? one : [];
    case 'buy':
      return buyMoves(state).length > 0 ? one : [];
    case 'hazard':
      return hazardMoves(state, e.cost).length > 0 ? one : [];
    case 'move':
      return routeMoves(state, e.n, false, 'allowed').length > 0 ? one : [];
    case 'extraDelivery':
      return canMoveEngine(state, false, 99, false) ? one : [];
    case 'engineBackMoney':
      return canMoveEngine(state, false, 1, true) ? one : [];
    case 'copy':
      return copyTargets(state).length > 0 ? one : [];
    case 'upgradeBehind':
      return upgradeBehindMoves(state).length > 0 ? one : [];
    case 'drawCowboys':
    case 'cert':
    case 'aux':
    case 'money':
    case 'teepeePairs':
    case 'certMax':
      return one;
  }
}

/** Auxiliary actions the player has unlocked and can perform, single (and double where allowed). */
function auxMoves(state: GwtState, allowDouble: boolean): GwtMove[] {
  const p = state.players[state.current]!;
  const out: GwtMove[] = [];
  const cleared = (d: string) => !p.discs.includes(d as never);
  for (let aux = 1; aux <= 5; aux++) {
    // 3–5 have two disc spaces: "while both are occupied the action cannot be used", either one cleared
    // unlocks the single action, both the double.
    const single = aux <= 2 || cleared(`aux${aux}a`) || cleared(`aux${aux}b`);
    const double = aux <= 2 ? cleared(`aux${aux}`) : cleared(`aux${aux}a`) && cleared(`aux${aux}b`);
    for (const level of [1, 2]) {
      if (level === 1 ? !single : !(double && allowDouble)) continue;
      const terms = engineAuxTerms(state, aux, level);
      const ok = !terms || (p.money >= terms.cost && canMoveEngine(state, terms.forward, terms.spaces, terms.exact));
      if (ok) out.push({ type: 'aux', aux, double: level === 2 });
    }
  }
  return out;
}

function teepeeMoves(state: GwtState, free: boolean): GwtMove[] {
  const money = state.players[state.current]!.money;
  return TEEPEE_SPACES.filter((s) => state.trail[s] !== '' && (free || money + teepeeValue(s) >= 0)).map((space) => ({ type: 'takeTeepee', space }));
}

function hazardMoves(state: GwtState, cost: number): GwtMove[] {
  if (state.players[state.current]!.money < cost) return [];
  return HAZARD_TYPES.flatMap((t) => hazardSpaces(t)).filter((s) => state.trail[s] !== '').map((space) => ({ type: 'takeHazard', space }));
}

function buyMoves(state: GwtState): GwtMove[] {
  const p = state.players[state.current]!;
  const unused = p.workers.cowboy - state.turn.cowboysUsed;
  const out: GwtMove[] = [];
  for (const price of CATTLE_PRICES) {
    if (price.cowboys > unused || price.price > p.money) continue;
    const offered = state.market.filter((c) => CATTLE[c]!.breedingValue === price.bv);
    if (price.cards === 1) for (const c of distinct(offered)) out.push({ type: 'buyCattle', cards: [c], cowboys: price.cowboys });
    else {
      const pairs = new Set<string>();
      for (let i = 0; i < offered.length; i++) for (let j = i + 1; j < offered.length; j++) pairs.add([offered[i]!, offered[j]!].sort().join(','));
      for (const pair of [...pairs].sort()) out.push({ type: 'buyCattle', cards: pair.split(','), cowboys: price.cowboys });
    }
  }
  if (unused >= 1 && state.marketDeck.length > 0) out.push({ type: 'refillMarket' });
  return out;
}

/**
 * Buildings directly before or after the current location (8b); another 8b cannot be copied. With the
 * `nearestLocation` option empty spaces are skipped to the nearest location in each direction.
 */
function copyTargets(state: GwtState): string[] {
  const here = state.turn.session!.space;
  const near = (space: string, step: (s: string) => string[]): string[] =>
    step(space).flatMap((s) => (state.options.copyAdjacency === 'direct' || isLocation(state, s) ? [s] : near(s, step)));
  const spaces = [...near(here, predecessors), ...near(here, (s) => EDGES[s] ?? [])];
  return [...new Set(spaces)].filter((s) => {
    const tile = state.trail[s] ?? '';
    return /^[np]:/.test(tile) && tileBuilding(tile) !== '8b';
  });
}

function upgradeBehindMoves(state: GwtState): GwtMove[] {
  const engine = state.players[state.current]!.engine;
  const reaches = (position: number) => position < engine || (position === engine && state.options.upgrade9b === 'atOrBehind');
  return STATIONS.flatMap((_, station) =>
    reaches(stationPosition(station)) && canUpgrade(state, state.current, station) ? [{ type: 'upgradeStation', station } as GwtMove] : [],
  );
}

function stepMoves(state: GwtState, step: Step): GwtMove[] {
  const seat = state.current;
  const p = state.players[seat]!;
  const skip: GwtMove = { type: 'skip' };
  switch (step.kind) {
    case 'engine': {
      const reach = engineReach(state, seat, true, step.max);
      const to = [...reach].filter(([, counts]) => !step.exact || counts.has(step.max)).map(([pos]) => pos);
      return [...to.sort((a, b) => a - b).map((pos) => ({ type: 'engine', to: pos }) as GwtMove), ...(step.exact ? [] : [skip])];
    }
    case 'engineBack': {
      const reach = engineReach(state, seat, false, step.exact || 99);
      const to = [...reach].filter(([, counts]) => !step.exact || counts.has(step.exact)).map(([pos]) => pos);
      return to.sort((a, b) => a - b).map((pos) => ({ type: 'engine', to: pos }));
    }
    case 'upgrade':
      return canUpgrade(state, seat, step.station) ? [{ type: 'upgrade' }, skip] : [];
    case 'disc': {
      const city = step.city;
      const dark = city === '' ? STATIONS[step.station]!.dark : CITY_DATA[city].dark;
      const extra = city === '' ? 0 : CITY_DATA[city].money;
      return discOptions(state, seat, dark, extra, step.station).map((disc) => ({ type: 'disc', disc }));
    }
    case 'master':
      if (state.stations[step.station]!.master === 0) return [];
      return [...WORKERS.filter((w) => p.workers[w] >= 2).map((worker) => ({ type: 'claimMaster', worker }) as GwtMove), skip];
    case 'hazard':
      return [...hazardMoves(state, step.cost), ...(step.orTeepee ? teepeeMoves(state, state.options.stationMasterTeepee === 'free') : []), skip];
    case 'teepee':
      return [...teepeeMoves(state, false), skip];
    case 'hire':
      return [...hireOptions(state, seat, step.mod).map(({ slot }) => ({ type: 'hire', slot }) as GwtMove), skip];
    case 'jersey': {
      const discard: GwtMove[] = p.hand.includes('jersey') ? [{ type: 'discard', card: 'jersey' }] : [];
      return discard.length > 0 || state.options.jerseyBonus === 'always' ? [...discard, skip] : [];
    }
    case 'build':
      return [...buildOptions(state, seat, step.perCraftsman).map(({ building, space }) => ({ type: 'build', building, space }) as GwtMove), skip];
    case 'buy':
      return [...buyMoves(state), skip];
    case 'discard':
      return distinct(p.hand).map((card) => ({ type: 'discard', card }));
    case 'remove':
      return p.hand.length === 0 ? [] : [...distinct(p.hand).map((card) => ({ type: 'remove', card }) as GwtMove), skip];
    case 'objective': {
      const cards: GwtMove[] = distinct(state.objectiveDisplay).map((card) => ({ type: 'takeObjective', card }));
      if (state.objectiveStack.length > 0) cards.push({ type: 'takeObjective', card: 'stack' });
      return cards.length > 0 && step.optional ? [...cards, skip] : cards;
    }
    case 'aux':
      return [...auxMoves(state, true), skip];
    case 'draw':
      return [...Array.from({ length: step.max }, (_, i) => ({ type: 'draw', count: i + 1 }) as GwtMove), skip];
    case 'move':
      return [...routeMoves(state, step.max, step.ignoreFees, step.activate ? 'allowed' : 'forbidden'), skip];
    case 'copy':
      return [...copyTargets(state).map((space) => ({ type: 'copy', space }) as GwtMove), skip];
    case 'upgradeBehind':
      return [...upgradeBehindMoves(state), skip];
    case 'foresight':
      return [0, 1].filter((pick) => {
        const tile = state.foresight[step.column * 2 + pick]!;
        return tile !== '' && !(state.endTrigger >= 0 && isWorker(tile));
      }).map((pick) => ({ type: 'foresight', pick }));
    case 'income': {
      // "به این مجموع میتوانید گواهی موقت و دائمی را اضافه کنید" (you can add temporary and permanent certificates):
      // fewer permanent ones than all (`permanent`, k of them) beside each spend of temporary ones, all of them last.
      const fewer = state.options.permanentCertificates === 'may' ? Array.from({ length: p.permanentCertificates }, (_, k) => k) : [];
      return certificateSpends(p).flatMap((certificates) => [
        ...fewer.map((permanent) => ({ type: 'income', certificates, permanent }) as GwtMove),
        { type: 'income', certificates } as GwtMove,
      ]);
    }
    case 'deliver':
      return CITIES.filter((city) => {
        const data = CITY_DATA[city];
        if (data.value > step.max || (!data.repeatable && p.cities[city] > 0)) return false;
        const transport = step.extraordinary ? 0 : transportCost(state, seat, city);
        return discOptions(state, seat, data.dark, data.money - transport, -1).length > 0;
      }).map((city) => ({ type: 'deliver', city }));
  }
}

// ---------- doing it ----------

/**
 * Drops steps that cannot be taken any more (and, by option, those whose only move is skip), closes the Kansas City
 * visit when its steps are done, and (`endTurn: auto`) ends a turn with nothing left in it but ending it.
 */
function normalize(state: GwtState): void {
  for (;;) {
    if (state.over) return;
    const step = state.turn.stack.at(-1);
    if (step) {
      if (!nothingToChoose(state, step, stepMoves(state, step))) return;
      state.turn.stack.pop();
      continue;
    }
    if (state.turn.phase === 'B' && state.turn.session === null) {
      finishKansasCity(state);
      continue;
    }
    // Phase C follows phase B with nothing to decide: the turn ends as the `endTurn` move would end it.
    if (onlyEndTurnLeft(state)) {
      endTurn(state);
      continue;
    }
    return;
  }
}

/**
 * A step with no move, or (`skipOnlySteps: passed`) with skip its only move. Every such step depends on public
 * facts alone (money, workers, the market, the board, the hand's size), except the Jersey bonus offered with no
 * Jersey in hand: it stays asked, as `jerseyBonus: always` means it to.
 */
function nothingToChoose(state: GwtState, step: Step, moves: GwtMove[]): boolean {
  if (moves.length === 0) return true;
  return state.options.skipOnlySteps === 'passed' && step.kind !== 'jersey' && moves.length === 1 && moves[0]!.type === 'skip';
}

/** The cattleman arrives at a location: Kansas City's five steps, or phase B there. */
function arrive(state: GwtState, space: string): void {
  const seat = state.current;
  state.players[seat]!.location = space;
  state.turn.phase = 'B';
  if (space === KANSAS_CITY) {
    state.turn.session = null;
    state.turn.kansasCityBegun = false;
    state.turn.stack = [
      { kind: 'deliver', max: 0, extraordinary: false },
      { kind: 'income' },
      { kind: 'foresight', column: 2 },
      { kind: 'foresight', column: 1 },
      { kind: 'foresight', column: 0 },
    ];
    return;
  }
  const tile = state.trail[space]!;
  const own = tileOwner(tile) === seat;
  const local = tile.startsWith('n:') || own;
  state.turn.session = { space, tile, local, risk: own ? (RISK_ACTIONS[space] ?? '') : '', used: [], acted: false, auxUsed: false };
}

function finishKansasCity(state: GwtState): void {
  state.players[state.current]!.location = START;
  state.foresight = state.foresight.map((tile, i) => (tile === '' ? (state.stacks[Math.floor(i / 2)]!.pop() ?? '') : tile));
  endTurn(state);
}

/** Phase C, then the next player (or the end after everyone's final turn). */
function endTurn(state: GwtState): void {
  const p = state.players[state.current]!;
  drawCards(state, p, handLimit(p) - p.hand.length);
  const next = nextSeat(state.current, state.playerCount);
  if (next === endsBefore(state)) {
    state.over = true;
    return;
  }
  state.current = next;
  state.turn = { phase: 'A', session: null, stack: [], cowboysUsed: 0 };
}

function push(state: GwtState, ...steps: Step[]): void {
  state.turn.stack.push(...steps);
}

function perform(state: GwtState, move: GwtMove): void {
  const seat = state.current;
  const p = state.players[seat]!;
  const stack = state.turn.stack;
  const step = stack.at(-1);
  const keepsStep = ['buyCattle', 'refillMarket', 'playObjective'].includes(move.type) || step?.kind === 'discard' || step?.kind === 'remove';
  if (step && !keepsStep) stack.pop();
  switch (move.type) {
    case 'place':
      arrive(state, move.space);
      return;
    case 'move': {
      const activate = !step || (step.kind === 'move' && step.activate);
      if (!(step?.kind === 'move' && step.ignoreFees)) payFees(state, seat, move.path);
      const to = move.path.at(-1)!;
      if (activate) arrive(state, to);
      else p.location = to;
      return;
    }
    case 'action':
      return startAction(state, move.action, move.cards ?? []);
    case 'aux':
      if (!step) {
        state.turn.session!.auxUsed = true;
        state.turn.session!.acted = true;
      }
      return doAux(state, move.aux, move.double ? 2 : 1);
    case 'endTurn':
      return endTurn(state);
    case 'playObjective': {
      moveCard(p.hand, p.objectives, move.card);
      const action = OBJECTIVES[move.card]!.action;
      if (action === 'gain2') gain(state, seat, 2);
      if (action === 'draw3') push(state, { kind: 'draw', max: 3 });
      if (action === 'engine2' || action === 'engine3') push(state, { kind: 'engine', max: action === 'engine2' ? 2 : 3, exact: false });
      if (action === 'move3') push(state, { kind: 'move', max: 3, ignoreFees: true, activate: false });
      if (action === 'aux') push(state, { kind: 'aux' });
      return;
    }
    case 'skip':
      if (step && (step.kind === 'remove' || step.kind === 'discard')) stack.pop();
      return;
    case 'engine':
      return moveEngine(state, step!, move.to);
    case 'upgrade':
      return upgradeStation(state, (step as { station: number }).station);
    case 'upgradeStation':
      return upgradeStation(state, move.station);
    case 'disc':
      return placeDisc(state, step as Extract<Step, { kind: 'disc' }>, move.disc);
    case 'claimMaster': {
      const station = state.stations[(step as { station: number }).station]!;
      const master = station.master;
      station.master = 0;
      p.workers[move.worker]--;
      p.masterWorkers.push(move.worker);
      p.stationMasters.push(master);
      const now = STATION_MASTER_DATA[master]!.now;
      if ('money' in now) gain(state, seat, now.money);
      else if ('hazardOrTeepee' in now) push(state, { kind: 'hazard', cost: 0, orTeepee: true });
      else p.permanentCertificates++;
      return;
    }
    case 'takeHazard': {
      const cost = step?.kind === 'hazard' ? step.cost : 0;
      p.hazards.push(state.trail[move.space]!.slice(2));
      state.trail[move.space] = '';
      pay(state, seat, cost);
      return;
    }
    case 'takeTeepee': {
      p.teepees.push(state.trail[move.space]!.slice(2));
      state.trail[move.space] = '';
      const free = step?.kind === 'hazard' && state.options.stationMasterTeepee === 'free';
      const value = teepeeValue(move.space);
      if (!free && value > 0) gain(state, seat, value);
      if (!free && value < 0) pay(state, seat, -value);
      return;
    }
    case 'hire': {
      const option = hireOptions(state, seat, (step as { mod: number }).mod).find((o) => o.slot === move.slot)!;
      const worker = state.jobMarket[move.slot] as Worker;
      state.jobMarket[move.slot] = '';
      pay(state, seat, option.cost);
      p.workers[worker]++;
      const bonus = SLOT_BONUS[worker][p.workers[worker]];
      if (bonus === 'hazardFree') push(state, { kind: 'hazard', cost: 0, orTeepee: false });
      else if (bonus === 'teepee') push(state, { kind: 'teepee' });
      else if (bonus === 'buildCheap') push(state, { kind: 'build', perCraftsman: 1 });
      else if (bonus === 'hireCheap') push(state, { kind: 'hire', mod: -2 });
      else if (bonus) push(state, { kind: 'jersey', bonus });
      return;
    }
    case 'discard':
      moveCard(p.hand, p.discard, move.card);
      if (step?.kind === 'jersey') {
        if (step.bonus === 'jerseyCert1') gainCertificates(p, 1);
        if (step.bonus === 'jerseyCert2') gainCertificates(p, 2);
        if (step.bonus === 'jerseyMoney2') gain(state, seat, 2);
        if (step.bonus === 'jerseyMoney4') gain(state, seat, 4);
      } else if (step?.kind === 'discard' && --step.count === 0) stack.pop();
      return;
    case 'remove':
      moveCard(p.hand, state.options.auxiliary5Cards === 'discarded' ? p.discard : state.removedCards, move.card);
      if (step?.kind === 'remove' && --step.count === 0) stack.pop();
      return;
    case 'build': {
      const perCraftsman = (step as { perCraftsman: number }).perCraftsman;
      const option = buildOptions(state, seat, perCraftsman).find((o) => o.building === move.building && o.space === move.space)!;
      pay(state, seat, option.cost);
      p.buildings.splice(p.buildings.indexOf(move.building), 1);
      state.trail[move.space] = `p:${seat}:${move.building}`;
      // A building replaced under the cattleman cannot be used this turn.
      const session = state.turn.session;
      if (session && session.space === move.space && session.tile !== state.trail[move.space]) session.local = false;
      return;
    }
    case 'buyCattle': {
      const price = CATTLE_PRICES.find((c) => c.cowboys === move.cowboys && c.bv === CATTLE[move.cards[0]!]!.breedingValue)!;
      pay(state, seat, price.price);
      state.turn.cowboysUsed += move.cowboys;
      for (const card of move.cards) moveCard(state.market, p.discard, card);
      return;
    }
    case 'refillMarket':
      state.turn.cowboysUsed++;
      for (let i = 0; i < 2 && state.marketDeck.length > 0; i++) state.market.push(state.marketDeck.pop()!);
      return;
    case 'takeObjective': {
      const card = takeObjective(state, move.card);
      (step?.kind === 'objective' && step.toHand ? p.hand : p.discard).push(card);
      return;
    }
    case 'draw':
      drawCards(state, p, move.count);
      push(state, { kind: 'discard', count: move.count });
      return;
    case 'copy': {
      const session = state.turn.session!;
      session.tile = state.trail[move.space]!;
      session.used = [];
      session.risk = '';
      return;
    }
    case 'foresight': {
      state.turn.kansasCityBegun = true;
      const column = (step as { column: number }).column;
      const tile = state.foresight[column * 2 + move.pick]!;
      state.foresight[column * 2 + move.pick] = '';
      if (isWorker(tile)) placeWorker(state, tile);
      else placeSmallTile(state, tile);
      return;
    }
    case 'income': {
      state.turn.kansasCityBegun = true;
      const value = incomeValue(p, move);
      p.certificates -= move.certificates;
      gain(state, seat, value);
      // Sorted as the reveal is: in the order held, the public top of the discard pile was the card drawn last.
      p.discard.push(...(state.options.revealedHandOrder === 'sorted' ? [...p.hand].sort() : p.hand));
      p.hand = [];
      const deliver = stack.at(-1);
      if (deliver?.kind === 'deliver') deliver.max = value;
      return;
    }
    case 'deliver':
      if (!(step as { extraordinary: boolean }).extraordinary) pay(state, seat, transportCost(state, seat, move.city));
      push(state, { kind: 'disc', city: move.city, station: -1 });
      return;
  }
}

/** The effect a local action names: `<group>.<choice>` of the tile whose actions are offered, or `risk`. */
export function actionEffect(session: Session, action: string): Effect {
  if (action === 'risk') return RISK_EFFECTS[session.risk as 'jersey' | 'any'];
  const [group, choice] = action.split('.').map(Number);
  return actionGroups(session.tile)[group!]![choice!]!;
}

/** The money a `money` or `teepeePairs` action brings the current player ($2 per pair of teepees, with 2 certificates). */
export function actionMoney(state: GwtState, effect: Extract<Effect, { k: 'money' | 'teepeePairs' }>): number {
  const p = state.players[state.current]!;
  if (effect.k === 'teepeePairs') return 2 * Math.min(p.teepees.filter((t) => t === 'green').length, p.teepees.filter((t) => t === 'blue').length);
  return effect.amount === 'forest' ? 2 * forestBuildings(state, state.current) : effect.amount === 'engineers' ? p.workers.engineer : effect.amount;
}

function startAction(state: GwtState, action: string, cards: string[]): void {
  const seat = state.current;
  const p = state.players[seat]!;
  const session = state.turn.session!;
  const effect = actionEffect(session, action);
  session.used.push(action === 'risk' ? 'risk' : action.split('.')[0]!);
  session.acted = true;
  switch (effect.k) {
    case 'discard':
      moveCard(p.hand, p.discard, effect.breed);
      if (effect.money) gain(state, seat, effect.money);
      if (effect.certs) gainCertificates(p, effect.certs);
      if (effect.engine) push(state, { kind: 'engine', max: effect.engine, exact: false });
      return;
    case 'discardPair':
      for (const c of cards) moveCard(p.hand, p.discard, c);
      gain(state, seat, effect.money);
      return;
    case 'discardAny':
      moveCard(p.hand, p.discard, cards[0]!);
      if (effect.money) gain(state, seat, effect.money);
      if (effect.certs) gainCertificates(p, effect.certs);
      if (effect.objectiveToHand) push(state, { kind: 'objective', toHand: true, optional: true });
      return;
    case 'discardObjective':
      moveCard(p.hand, p.discard, cards[0]!);
      gainCertificates(p, effect.certs);
      return;
    case 'hire':
      return push(state, { kind: 'hire', mod: effect.mod });
    case 'build':
      return push(state, { kind: 'build', perCraftsman: effect.perCraftsman });
    case 'cert':
      return gainCertificates(p, 1);
    case 'objective':
      return push(state, { kind: 'objective', toHand: false, optional: false });
    case 'engine':
      return push(state, { kind: 'engine', max: engineCount(state, effect.n), exact: false });
    case 'teepee':
      return push(state, { kind: 'teepee' });
    case 'payEngine':
      pay(state, seat, effect.cost);
      return push(state, { kind: 'engine', max: effect.max, exact: false });
    case 'aux':
      return push(state, { kind: 'aux' });
    case 'buy':
      return push(state, { kind: 'buy' });
    case 'hazard':
      return push(state, { kind: 'hazard', cost: effect.cost, orTeepee: false });
    case 'money':
      return gain(state, seat, actionMoney(state, effect));
    case 'teepeePairs': {
      const money = actionMoney(state, effect); // $2 and 2 certificates per pair of teepees
      gainCertificates(p, money);
      return gain(state, seat, money);
    }
    case 'move':
      return push(state, { kind: 'move', max: effect.n, ignoreFees: false, activate: true });
    case 'extraDelivery':
      return push(state, { kind: 'engineBack', exact: 0, reward: 'extraDelivery' });
    case 'certMax':
      p.certificates = certificateLimit(p);
      return;
    case 'engineBackMoney':
      return push(state, { kind: 'engineBack', exact: 1, reward: 'money3' });
    case 'drawCowboys':
      return push(state, { kind: 'draw', max: p.workers.cowboy });
    case 'copy':
      return push(state, { kind: 'copy' });
    case 'upgradeBehind':
      return push(state, { kind: 'upgradeBehind' });
  }
}

function doAux(state: GwtState, aux: number, level: number): void {
  const seat = state.current;
  const p = state.players[seat]!;
  if (aux === 1) gain(state, seat, level);
  if (aux === 2) {
    drawCards(state, p, level);
    push(state, { kind: 'discard', count: level });
  }
  const terms = engineAuxTerms(state, aux, level);
  if (!terms) return;
  pay(state, seat, terms.cost);
  if (aux === 3) push(state, { kind: 'engineBack', exact: terms.spaces, reward: level === 1 ? 'cert1' : 'cert2' });
  if (aux === 4) push(state, { kind: 'engine', max: terms.spaces, exact: terms.exact });
  if (aux === 5) push(state, { kind: 'engineBack', exact: terms.spaces, reward: level === 1 ? 'remove1' : 'remove2' });
}

function moveEngine(state: GwtState, step: Step, to: number): void {
  const seat = state.current;
  const p = state.players[seat]!;
  if (step.kind === 'engine') {
    p.engine = to;
    const last = STATIONS.length - 1;
    if (stationAt(to) !== last) {
      if (stationAt(to) >= 0) push(state, { kind: 'upgrade', station: stationAt(to) });
      return;
    }
    // Space 39, original rules document: "the movement stops and it is upgraded automatically" (free, the engine
    // stays). Printed board: station 10 may be upgraded, then the engine must go back and earns $3.
    if (state.options.lastSpace === 'upgradeThenBack') push(state, { kind: 'engineBack', exact: 0, reward: 'end39' }, { kind: 'upgrade', station: last });
    else if (!state.stations[last]!.discs.includes(seat)) push(state, { kind: 'disc', city: '', station: last });
    return;
  }
  if (step.kind !== 'engineBack') return;
  const moved = Math.max(...engineReach(state, seat, false, step.exact || 99).get(to)!);
  p.engine = to;
  const station = stationAt(to);
  if (station >= 0) push(state, { kind: 'upgrade', station });
  switch (step.reward) {
    case 'cert1':
    case 'cert2':
      return gainCertificates(p, step.reward === 'cert1' ? 1 : 2);
    case 'remove1':
    case 'remove2':
      return push(state, { kind: 'remove', count: step.reward === 'remove1' ? 1 : 2 });
    case 'money3':
    case 'end39':
      return gain(state, seat, 3);
    case 'extraDelivery': {
      const uncounted = station >= 0 && state.options.extraordinaryTurnout === 'notCounted' ? 1 : 0;
      return push(state, { kind: 'deliver', max: moved - uncounted, extraordinary: true });
    }
  }
}

function upgradeStation(state: GwtState, station: number): void {
  pay(state, state.current, STATIONS[station]!.cost);
  if (state.stations[station]!.master !== 0) push(state, { kind: 'master', station });
  push(state, { kind: 'disc', city: '', station });
}

function placeDisc(state: GwtState, step: Extract<Step, { kind: 'disc' }>, disc: string): void {
  const seat = state.current;
  const p = state.players[seat]!;
  takeDisc(state, seat, disc);
  if (step.city === '') {
    state.stations[step.station]!.discs.push(seat);
    return;
  }
  const city: City = step.city;
  p.cities[city]++;
  gain(state, seat, CITY_DATA[city].money);
  if (p.cities[city] > 1) return;
  for (const pair of CITY_PAIRS) {
    if (pair.objective && pair.cities.includes(city) && pair.cities.every((c) => p.cities[c] > 0)) {
      push(state, { kind: 'objective', toHand: false, optional: state.options.cityPairObjective === 'may' });
    }
  }
}
