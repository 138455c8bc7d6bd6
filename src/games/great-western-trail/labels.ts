/**
 * Building and auxiliary actions in words, for the public view: an `action` move names a local action by
 * its position on the building (`1.0`: the second action, its first choice; `risk`: the risk action), an
 * `aux` move by its number; `buildings` describes every building in play (actions, craftsmen, hand and fee,
 * VP). Clients show these texts and need no copy of the building tiles.
 */
import type { Effect, PrivateBuilding } from './data/buildings.ts';
import { FEES } from './data/board.ts';
import { NEUTRAL_BUILDINGS, PRIVATE_BUILDINGS, RISK_EFFECTS } from './data/buildings.ts';
import { BREED_NAMES } from './names.ts';
import { engineAuxTerms, tileBuilding } from './rules.ts';
import type { GwtOptions, GwtState } from './types.ts';

/** Which stations 9b reaches (option `upgrade9b`): its words say so. */
type Upgrade9b = GwtOptions['upgrade9b'];

const certificates = (n: number) => `+${n} certificate${n === 1 ? '' : 's'}`;

export function effectText(e: Effect, upgrade9b: Upgrade9b = 'atOrBehind'): string {
  switch (e.k) {
    case 'discard': {
      const gains = [e.money ? `+$${e.money}` : '', e.certs ? certificates(e.certs) : '', e.engine ? `engine ${e.engine} forward` : ''].filter(Boolean);
      return `discard 1 ${BREED_NAMES[e.breed] ?? e.breed} → ${gains.join(', ')}`;
    }
    case 'discardPair':
      return `discard a pair of one breed → +$${e.money}`;
    case 'discardAny': {
      const gains = [e.money ? `+$${e.money}` : '', e.certs ? certificates(e.certs) : '', e.objectiveToHand ? 'take 1 objective card into your hand' : ''].filter(Boolean);
      return `discard 1 cattle card → ${gains.join(', ')}`;
    }
    case 'discardObjective':
      return `discard 1 objective card → ${certificates(e.certs)}`;
    case 'hire':
      return e.mod === 0 ? 'hire 1 worker' : e.mod > 0 ? `hire 1 worker (costs $${e.mod} more)` : `hire 1 worker ($${-e.mod} cheaper)`;
    case 'build':
      return `place a building ($${e.perCraftsman} per craftsman)`;
    case 'cert':
      return certificates(1);
    case 'objective':
      return 'take 1 objective card';
    case 'engine':
      return typeof e.n === 'number'
        ? `move your engine up to ${e.n} forward`
        : e.n === 'engineers'
          ? 'move your engine forward up to 1 space per engineer'
          : 'move your engine forward up to 1 space per own building in a forest';
    case 'teepee':
      return 'trade with the Indians (take a teepee)';
    case 'payEngine':
      return `pay $${e.cost} → move your engine up to ${e.max} forward`;
    case 'aux':
      return 'one auxiliary action of your player board, single or double';
    case 'buy':
      return 'buy cattle';
    case 'hazard':
      return `pay $${e.cost} → remove a hazard`;
    case 'money':
      return typeof e.amount === 'number' ? `+$${e.amount}` : e.amount === 'forest' ? '+$2 per own building in a forest' : '+$1 per engineer';
    case 'teepeePairs':
      return '+2 certificates and +$2 per pair of teepees (green and blue)';
    case 'move':
      return `move your cattleman up to ${e.n} step${e.n === 1 ? '' : 's'}`;
    case 'extraDelivery':
      return 'extraordinary delivery';
    case 'certMax':
      return 'certificates to your maximum';
    case 'engineBackMoney':
      return 'move your engine exactly 1 back → +$3';
    case 'drawCowboys':
      return 'draw up to 1 card per cowboy, then discard as many';
    case 'copy':
      return 'use the local actions of an adjacent building';
    case 'upgradeBehind':
      return upgrade9b === 'behind' ? 'upgrade a station behind your engine' : 'upgrade a station where your engine stands or behind it';
  }
}

/** The local actions of the tile at a location, keyed as `action` moves name them. */
export function localActionTexts(tile: string, risk: 'jersey' | 'any' | '', upgrade9b: Upgrade9b = 'atOrBehind'): { id: string; text: string }[] {
  const groups = tile.startsWith('n:') ? NEUTRAL_BUILDINGS[tile.slice(2)] : tile.startsWith('p:') ? PRIVATE_BUILDINGS[tileBuilding(tile)]?.actions : undefined;
  const out = (groups ?? []).flatMap((group, g) => group.map((effect, a) => ({ id: `${g}.${a}`, text: effectText(effect, upgrade9b) })));
  if (risk) out.push({ id: 'risk', text: `risk action: ${effectText(RISK_EFFECTS[risk])}` });
  return out;
}

/** The five auxiliary actions, single and double, as this game's options make them. */
export function auxiliaryTexts(state: GwtState): { aux: number; single: string; double: string }[] {
  const engine = (aux: number, level: number) => {
    const t = engineAuxTerms(state, aux, level)!;
    const move = `engine ${t.exact ? 'exactly' : 'up to'} ${t.spaces} ${t.forward ? 'forward' : 'back'}`;
    if (aux === 3) return `pay $${t.cost}, ${move} → ${certificates(level)}`;
    if (aux === 4) return `pay $${t.cost} → ${move}`;
    const cards = `${level} card${level === 1 ? '' : 's'} of your hand`;
    return `${move} → ${state.options.auxiliary5Cards === 'discarded' ? `discard ${cards}` : `remove ${cards} from the game`}`;
  };
  return [1, 2, 3, 4, 5].map((aux) => {
    const text = (level: number) => (aux === 1 ? `+$${level}` : aux === 2 ? `draw ${level}, then discard ${level}` : engine(aux, level));
    return { aux, single: text(1), double: text(2) };
  });
}

/** A building in words, for the public view's `buildings` (static per game: the same frozen object in every view). */
export interface BuildingText {
  /** `neutral` (A–G) or `private` (1a–10b). */
  kind: string;
  /** Its local actions, one entry per action; a choice of several is joined by " or ". */
  actions: string[];
  /** Craftsmen it takes to build (0 for a neutral building). */
  craftsmen: number;
  /** The hands printed on it: `none`, `green`, `black` or `both`; another player passing or stopping there pays the fee. */
  feeHand: string;
  /** That fee at this table's player count ($0 without a hand). */
  fee: number;
  /** Victory points it scores at the end. */
  vp: number;
  /** The whole in one line: "+$2 per own building in a forest · 1 craftsman · green hand: fee $2 · 1 VP". */
  text: string;
}

const groupText = (group: Effect[], upgrade9b: Upgrade9b): string => group.map((e) => effectText(e, upgrade9b)).join(' or ');

/** "green hand: fee $2", "green and black hands: fee $3", "no fee". */
function handText(hand: PrivateBuilding['hand'], fee: number): string {
  if (hand === 'none') return 'no fee';
  return `${hand === 'both' ? 'green and black hands' : `${hand} hand`}: fee $${fee}`;
}

function buildingText(code: string, playerCount: number, upgrade9b: Upgrade9b): BuildingText {
  const neutral = NEUTRAL_BUILDINGS[code];
  if (neutral) {
    const actions = neutral.map((group) => groupText(group, upgrade9b));
    return { kind: 'neutral', actions, craftsmen: 0, feeHand: 'none', fee: 0, vp: 0, text: actions.join('; ') };
  }
  const b = PRIVATE_BUILDINGS[code]!;
  const fees = FEES[playerCount] ?? { green: 0, black: 0 };
  const fee = (b.hand === 'green' || b.hand === 'both' ? fees.green : 0) + (b.hand === 'black' || b.hand === 'both' ? fees.black : 0);
  const actions = b.actions.map((group) => groupText(group, upgrade9b));
  const craftsmen = `${b.craftsmen} ${b.craftsmen === 1 ? 'craftsman' : 'craftsmen'}`;
  return { kind: 'private', actions, craftsmen: b.craftsmen, feeHand: b.hand, fee, vp: b.vp, text: `${actions.join('; ')} · ${craftsmen} · ${handText(b.hand, fee)} · ${b.vp} VP` };
}

/** Built once per player count, choice of sides and `upgrade9b`, frozen: every view of a game carries the same object. */
const buildingsInPlay = new Map<string, Readonly<Record<string, BuildingText>>>();

/**
 * The buildings of a game in words, keyed by their code as the trail (`n:A`, `p:0:3a`) and the players' `buildings`
 * name them: the neutral buildings A–G and the private buildings of the sides in play (`sides`, the same for everyone).
 */
export function buildingTexts(playerCount: number, sides: readonly string[], upgrade9b: Upgrade9b = 'atOrBehind'): Readonly<Record<string, BuildingText>> {
  const key = `${playerCount}:${sides.join(',')}:${upgrade9b}`;
  let texts = buildingsInPlay.get(key);
  if (!texts) {
    const out: Record<string, BuildingText> = {};
    for (const code of [...Object.keys(NEUTRAL_BUILDINGS), ...sides]) {
      const text = buildingText(code, playerCount, upgrade9b);
      Object.freeze(text.actions);
      out[code] = Object.freeze(text);
    }
    texts = Object.freeze(out);
    buildingsInPlay.set(key, texts);
  }
  return texts;
}
