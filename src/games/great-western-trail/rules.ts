/** State queries and small mutations shared by the move handlers (all mutate the fresh copy they are given). */
import { shuffled } from '../../core/rng.ts';
import {
  CERTIFICATE_STEPS, CITY_DATA, DARK_DISCS, FEES, HAND_DISC_COST, JOB_ROW_COST, LAST_SPACE, MARKET_SIZE, SIGNALS, STATIONS,
  STEP_BASE, STEP_DISC_BONUS, STEP_DISC_MONEY, TURNOUT_AFTER, YELLOW_ARROW_ROWS,
} from './data/board.ts';
import type { City, Disc } from './data/board.ts';
import { PRIVATE_BUILDINGS } from './data/buildings.ts';
import { CATTLE, isCattle } from './data/cards.ts';
import { hazardHand, hazardType, isHazard, isWorker } from './data/tiles.ts';
import { EDGES, FOREST_SPACES, KANSAS_CITY, PRIVATE_SPACES, TEEPEE_SPACES, hazardSpaces } from './data/trail.ts';
import type { GwtState, PlayerState } from './types.ts';

// ---------- money ----------

export function gain(state: GwtState, seat: number, amount: number): void {
  state.players[seat]!.money += amount;
  state.ledger.paidOut += amount;
}

export function pay(state: GwtState, seat: number, amount: number): void {
  state.players[seat]!.money -= amount;
  state.ledger.paidIn += amount;
}

// ---------- player board ----------

export function certificateLimit(p: PlayerState): number {
  if (p.discs.includes('cert4')) return 3;
  return p.discs.includes('cert6') ? 4 : 6;
}

/** Moves the temporary certificate marker `k` steps along 0-1-2-3-4-6, capped by the limit. */
export function gainCertificates(p: PlayerState, k: number): void {
  const limit = certificateLimit(p);
  let i = CERTIFICATE_STEPS.indexOf(p.certificates);
  for (let n = 0; n < k && CERTIFICATE_STEPS[i + 1] !== undefined && CERTIFICATE_STEPS[i + 1]! <= limit; n++) i++;
  p.certificates = CERTIFICATE_STEPS[i]!;
}

/** Amounts of temporary certificates that can be spent (the marker must land on a printed space). */
export function certificateSpends(p: PlayerState): number[] {
  return CERTIFICATE_STEPS.filter((s) => s <= p.certificates).map((s) => p.certificates - s).sort((a, b) => a - b);
}

export function stepLimit(state: GwtState, p: PlayerState): number {
  let limit = STEP_BASE[state.playerCount]!;
  if (!p.discs.includes('step1')) limit += STEP_DISC_BONUS[state.playerCount]!;
  if (!p.discs.includes('step2')) limit += 1;
  return limit;
}

export function handLimit(p: PlayerState): number {
  return 4 + (p.discs.includes('hand1') ? 0 : 1) + (p.discs.includes('hand2') ? 0 : 1);
}

export const isDarkDisc = (d: Disc): boolean => DARK_DISCS.includes(d);

/**
 * Discs the player may place on a city or station: white spaces take white discs (dark ones only when no white
 * disc is left); hand-limit discs need $5 (`extraMoney` counts money the placement itself brings).
 * When nothing on the board can be used, discs on stations (other than `exceptStation`) may be moved: `station:<i>`.
 */
export function discOptions(state: GwtState, seat: number, darkSpace: boolean, extraMoney: number, exceptStation: number): string[] {
  const p = state.players[seat]!;
  const white = p.discs.filter((d) => !isDarkDisc(d));
  const usable = darkSpace || white.length === 0 ? p.discs : white;
  const affordable = usable.filter((d) => !d.startsWith('hand') || p.money + extraMoney >= HAND_DISC_COST);
  const distinct = [...new Set(affordable)];
  if (distinct.length > 0) return distinct;
  return state.stations.flatMap((s, i) => (i !== exceptStation && s.discs.includes(seat) ? [`station:${i}`] : []));
}

/** Takes a disc off the board (or off a station) and applies what clearing its space does. */
export function takeDisc(state: GwtState, seat: number, disc: string): void {
  const p = state.players[seat]!;
  if (disc.startsWith('station:')) {
    const s = state.stations[Number(disc.slice(8))]!;
    s.discs.splice(s.discs.indexOf(seat), 1);
    return;
  }
  p.discs.splice(p.discs.indexOf(disc as Disc), 1);
  const money = discMoney(disc);
  if (money.gain) gain(state, seat, money.gain);
  if (money.cost) pay(state, seat, money.cost);
}

/** What clearing a disc's space brings or costs: $3 for the first step-limit disc, $5 to pay for a hand-limit disc. */
export function discMoney(disc: string): { gain: number; cost: number } {
  return { gain: disc === 'step1' ? STEP_DISC_MONEY : 0, cost: disc.startsWith('hand') ? HAND_DISC_COST : 0 };
}

// ---------- cards ----------

/** Draws up to `n` cards; the discard pile is shuffled into a new draw pile only when the draw pile is empty. */
export function drawCards(state: GwtState, p: PlayerState, n: number): number {
  let drawn = 0;
  while (drawn < n) {
    if (p.deck.length === 0) {
      if (p.discard.length === 0) break;
      p.deck = shuffled(state.rng, p.discard);
      p.discard = [];
    }
    p.hand.push(p.deck.pop()!);
    drawn++;
  }
  return drawn;
}

/** An income's value: the hand's breeding value, the permanent certificates added (absent: all) and the temporary ones spent. */
export function incomeValue(p: PlayerState, move: { certificates: number; permanent?: number }): number {
  return handBreedingValue(p.hand) + (move.permanent ?? p.permanentCertificates) + move.certificates;
}

export function handBreedingValue(hand: readonly string[]): number {
  const breeds = new Map<string, number>();
  for (const c of hand) if (isCattle(c)) breeds.set(CATTLE[c]!.breed, CATTLE[c]!.breedingValue);
  return [...breeds.values()].reduce((a, b) => a + b, 0);
}

export function moveCard(from: string[], to: string[], card: string): void {
  from.splice(from.indexOf(card), 1);
  to.push(card);
}

/** Takes an objective card from the display (refilled from the stack) or the top of the stack. */
export function takeObjective(state: GwtState, card: string): string {
  if (card === 'stack') return state.objectiveStack.pop()!;
  state.objectiveDisplay.splice(state.objectiveDisplay.indexOf(card), 1);
  if (state.objectiveStack.length > 0) state.objectiveDisplay.push(state.objectiveStack.pop()!);
  return card;
}

export function refillMarket(state: GwtState): void {
  while (state.market.length < MARKET_SIZE[state.playerCount]! && state.marketDeck.length > 0) state.market.push(state.marketDeck.pop()!);
}

// ---------- trail ----------

export const isLocation = (state: GwtState, space: string): boolean => space === KANSAS_CITY || (state.trail[space] ?? '') !== '';

/** Owner seat of a private building tile `p:<seat>:<id>`, or -1. */
export function tileOwner(tile: string): number {
  return tile.startsWith('p:') ? Number(tile.split(':')[1]) : -1;
}
export function tileBuilding(tile: string): string {
  return tile.split(':').at(-1)!;
}

/** Fee a player owes for passing or stopping on `space`, and to whom (-1 = bank). */
export function feeAt(state: GwtState, seat: number, space: string): { amount: number; to: number } {
  const tile = state.trail[space] ?? '';
  const fees = FEES[state.playerCount]!;
  if (tile.startsWith('h:')) return { amount: fees[hazardHand(tile.slice(2))], to: -1 };
  if (tile.startsWith('t:')) return { amount: tile === 't:green' ? fees.green : fees.black, to: -1 };
  const owner = tileOwner(tile);
  if (owner < 0 || owner === seat) return { amount: 0, to: -1 };
  const hand = PRIVATE_BUILDINGS[tileBuilding(tile)]!.hand;
  const amount = (hand === 'green' || hand === 'both' ? fees.green : 0) + (hand === 'black' || hand === 'both' ? fees.black : 0);
  return { amount, to: owner };
}

/** Every route of 1..max locations forward from `from` (each a list of the locations stepped on), deduplicated. */
export function routes(state: GwtState, from: string, max: number): string[][] {
  const found = new Map<string, string[]>();
  const walk = (space: string, path: string[]) => {
    for (const next of EDGES[space] ?? []) {
      if (!isLocation(state, next)) {
        walk(next, path);
        continue;
      }
      const route = [...path, next];
      found.set(route.join('>'), route);
      if (route.length < max && next !== KANSAS_CITY) walk(next, route);
    }
  };
  walk(from, []);
  return [...found.values()];
}

export function routeFee(state: GwtState, seat: number, route: readonly string[]): number {
  return route.reduce((sum, space) => sum + feeAt(state, seat, space).amount, 0);
}

/** Pays the fees of a route in order; what cannot be paid is not owed. */
export function payFees(state: GwtState, seat: number, route: readonly string[]): void {
  const p = state.players[seat]!;
  for (const space of route) {
    const fee = feeAt(state, seat, space);
    const paid = Math.min(fee.amount, p.money);
    if (paid === 0) continue;
    if (fee.to < 0) pay(state, seat, paid);
    else {
      p.money -= paid;
      state.players[fee.to]!.money += paid;
    }
  }
}

export function forestBuildings(state: GwtState, seat: number): number {
  return FOREST_SPACES.filter((s) => tileOwner(state.trail[s] ?? '') === seat).length;
}

export function buildingsOnTrail(state: GwtState, seat: number): string[] {
  return PRIVATE_SPACES.filter((s) => tileOwner(state.trail[s] ?? '') === seat).map((s) => tileBuilding(state.trail[s]!));
}

/** The trail space a hazard (the lowest free space of its type) or teepee tile would be placed on, '' when all are full. */
export function smallTileSpace(state: GwtState, tile: string): string {
  return (isHazard(tile) ? hazardSpaces(hazardType(tile)) : TEEPEE_SPACES).find((s) => state.trail[s] === '') ?? '';
}

/** Places a hazard on the lowest free space of its type; returns false when all are full. */
export function placeHazard(state: GwtState, tile: string): boolean {
  const space = smallTileSpace(state, tile);
  if (!space) return false;
  state.trail[space] = `h:${tile}`;
  return true;
}

export function placeTeepee(state: GwtState, tile: string): boolean {
  const space = smallTileSpace(state, tile);
  if (!space) return false;
  state.trail[space] = `t:${tile}`;
  return true;
}

/** Places a hazard or teepee tile from the supply, or removes it from the game when there is no room. */
export function placeSmallTile(state: GwtState, tile: string): void {
  const placed = isHazard(tile) ? placeHazard(state, tile) : placeTeepee(state, tile);
  if (!placed) state.removedTiles.push(tile);
}

// ---------- job market ----------

export const tokenRow = (state: GwtState): number => Math.floor(state.jobFilled / state.playerCount);

/**
 * Once the end is triggered, the seat before whose next turn the game ends: the first player (`finalRound: endOfRound`,
 * the end of the round), or the seat that triggered it (`everyoneOnce`: every other seat has one more turn); -1 before.
 */
export function endsBefore(state: GwtState): number {
  if (state.endTrigger < 0) return -1;
  return state.options.finalRound === 'everyoneOnce' ? state.endTrigger : state.firstPlayer;
}

/** Puts a worker on the next job-market space, moving the token across arrows (cattle refill, game end and its refill). */
export function placeWorker(state: GwtState, tile: string): void {
  state.jobMarket[state.jobFilled] = tile;
  state.jobFilled++;
  if (state.jobFilled % state.playerCount !== 0) return;
  const row = tokenRow(state);
  if (row === JOB_ROW_COST.length) {
    state.endTrigger = state.current;
    state.players[state.current]!.jobToken = true;
    // "The active player fills the market" (original rules document): the cattle market, for the final turns.
    if (state.options.refillMarketAtEnd) refillMarket(state);
  } else if (YELLOW_ARROW_ROWS.includes(row)) refillMarket(state);
}

/** Hireable workers: one slot per (row, type) above the token's row, with the cost after `mod`. */
export function hireOptions(state: GwtState, seat: number, mod: number): { slot: number; cost: number }[] {
  const p = state.players[seat]!;
  const seen = new Set<string>();
  const out: { slot: number; cost: number }[] = [];
  state.jobMarket.forEach((tile, slot) => {
    const row = Math.floor(slot / state.playerCount);
    if (tile === '' || !isWorker(tile) || row >= tokenRow(state) || seen.has(`${row}/${tile}`)) return;
    seen.add(`${row}/${tile}`);
    const cost = Math.max(0, JOB_ROW_COST[row]! + mod);
    if (p.workers[tile] < 6 && p.money >= cost) out.push({ slot, cost });
  });
  return out;
}

// ---------- buildings ----------

/** Legal placements of private buildings: empty spaces, or replacing a cheaper own building for the difference. */
export function buildOptions(state: GwtState, seat: number, perCraftsman: number): { building: string; space: string; cost: number }[] {
  const p = state.players[seat]!;
  const out: { building: string; space: string; cost: number }[] = [];
  for (const building of p.buildings) {
    const need = PRIVATE_BUILDINGS[building]!.craftsmen;
    for (const space of PRIVATE_SPACES) {
      const tile = state.trail[space]!;
      let craftsmen = need;
      if (tile !== '') {
        if (tileOwner(tile) !== seat) continue;
        const old = PRIVATE_BUILDINGS[tileBuilding(tile)]!.craftsmen;
        if (old >= need) continue;
        craftsmen = need - old;
      }
      const cost = craftsmen * perCraftsman;
      if (p.workers.craftsman >= craftsmen && p.money >= cost) out.push({ building, space, cost });
    }
  }
  return out;
}

// ---------- railroad ----------

const isTurnout = (pos: number): boolean => !Number.isInteger(pos);

/** Station reached from a turnout position (or space 39 = station 10), else -1. */
export function stationAt(pos: number): number {
  if (pos === LAST_SPACE) return STATIONS.length - 1;
  return isTurnout(pos) ? TURNOUT_AFTER.indexOf(pos - 0.5) : -1;
}

/** Position of a station's turnout (space 39 for station 10). */
export function stationPosition(station: number): number {
  return station === STATIONS.length - 1 ? LAST_SPACE : TURNOUT_AFTER[station]! + 0.5;
}

function forwardOf(pos: number): number[] {
  if (pos === LAST_SPACE) return [];
  if (isTurnout(pos)) return [pos + 0.5];
  return TURNOUT_AFTER.includes(pos) ? [pos + 1, pos + 0.5] : [pos + 1];
}

function backwardOf(pos: number): number[] {
  if (pos === 0) return [];
  if (isTurnout(pos)) return [pos - 0.5];
  return TURNOUT_AFTER.includes(pos - 1) ? [pos - 1, pos - 0.5] : [pos - 1];
}

/**
 * Positions reachable by the seat's engine, each with the spaces counted on the way (several routes may count
 * differently). Spaces with another engine (other than space 0) are skipped and not counted; space 39 ends a move.
 */
export function engineReach(state: GwtState, seat: number, forward: boolean, max: number): Map<number, Set<number>> {
  const occupied = new Set(state.players.flatMap((p, i) => (i !== seat && p.engine !== 0 ? [p.engine] : [])));
  const reach = new Map<number, Set<number>>();
  const walk = (pos: number, count: number) => {
    for (const next of forward ? forwardOf(pos) : backwardOf(pos)) {
      if (occupied.has(next)) {
        walk(next, count);
        continue;
      }
      const c = count + 1;
      if (c > max) continue;
      if (!reach.has(next)) reach.set(next, new Set());
      reach.get(next)!.add(c);
      if (next !== LAST_SPACE) walk(next, c);
    }
  };
  walk(state.players[seat]!.engine, 0);
  return reach;
}

/** Transport cost: crosses between the engine and the city (a turnout counts as the space after it by default). */
export function transportCost(state: GwtState, seat: number, city: City): number {
  const pos = state.players[seat]!.engine;
  const at = state.options.turnoutTransport === 'next' ? Math.ceil(pos) : Math.floor(pos);
  const value = CITY_DATA[city].value;
  return SIGNALS.filter((s) => at <= s && s < value).length;
}

export function canUpgrade(state: GwtState, seat: number, station: number): boolean {
  const s = state.stations[station]!;
  const cost = STATIONS[station]!.cost;
  if (s.discs.includes(seat) || state.players[seat]!.money < cost) return false;
  const money = state.players[seat]!.money - cost;
  return discOptions({ ...state, players: state.players.map((p, i) => (i === seat ? { ...p, money } : p)) }, seat, STATIONS[station]!.dark, 0, station).length > 0;
}

/**
 * Cost and engine move of auxiliary actions 3-5 (null for 1 and 2). Doubles follow the original rules document:
 * "pay $2, engine one space back, certificate marker two forward" and "pay $1, engine two spaces forward";
 * the `printedBoard` option doubles requirement and reward of the single ($2, 2 back; $2, up to 2 forward).
 */
export function engineAuxTerms(state: GwtState, aux: number, level: number): { cost: number; forward: boolean; spaces: number; exact: boolean } | null {
  const printed = level === 1 || state.options.doubleAuxiliary === 'printedBoard';
  if (aux === 3) return { cost: level, forward: false, spaces: printed ? level : 1, exact: true };
  if (aux === 4) return { cost: printed ? level : 1, forward: true, spaces: level, exact: level === 1 || !printed };
  if (aux === 5) return { cost: 0, forward: false, spaces: level, exact: true };
  return null;
}
