/** The only redaction site: VIP offers and unshown VIP cards are private; deck orders are secret. */
import type { RandomSource, View, Viewer } from '../../core/game.ts';
import { SPECTATOR } from '../../core/game.ts';
import { seedRng, shuffled } from '../../core/rng.ts';
import { BOARD_SPACES, COLOR_SPACES, FINISH, HORSE_BONUS, HORSE_COLOR, HORSES, RACES, RED_LINE_HORSES, exoticCard, exoticSpaces, propCard } from './data/board.ts';
import { keepToken, vipDesign } from './data/vip.ts';
import { ascending, availableTokens, betsFromFirstRoll, crossedCount, hostBetsFirst, isBettor } from './race.ts';
import { cloneState, sameItems } from './clone.ts';
import { winningBets } from './settlement.ts';
import type { BoardSpaceView, PlayerState, PrivateView, PublicView, State, VipCardView } from './types.ts';

/** The printed board as clients see it: built once, the same (static) list in every view. */
const BOARD: readonly BoardSpaceView[] = [...BOARD_SPACES, ...COLOR_SPACES].map((sp) => ({
  id: sp.id,
  kind: sp.kind,
  horse: sp.kind === 'color' ? '' : sp.id.slice(sp.id.indexOf('-') + 1, sp.id.lastIndexOf('-')),
  label: sp.label,
  multiplier: sp.multiplier,
  penalty: sp.penalty,
}));

/** An empty list shared by every view (frozen): the room's mirror skips it from patch to patch. */
const NONE = Object.freeze([]) as unknown as number[];

type PropView = PublicView['props'][number];
type ExoticView = PublicView['exotics'][number];
const propViews = new Map<string, PropView>();
const exoticViews = new Map<string, ExoticView>();

/**
 * A printed card as clients see it, built once and shared (frozen) by every view that shows it: the
 * same object from patch to patch, which the room's mirror skips instead of walking it again.
 */
function propView(id: string): PropView {
  let v = propViews.get(id);
  if (!v) {
    const c = propCard(id);
    v = Object.freeze({ id, ahead: c.ahead, behind: Object.freeze([...c.behind]) as string[], multiplier: c.multiplier, penalty: c.penalty });
    propViews.set(id, v);
  }
  return v;
}

/** An Exotic Finish card on the table in race `race` (1-based), open for bets or not; see propView. */
function exoticView(id: string, race: number, open: boolean): ExoticView {
  const key = `${id}/${race}/${open}`;
  let v = exoticViews.get(key);
  if (!v) {
    const c = exoticCard(id);
    const spaces = Object.freeze(exoticSpaces(c).map((sp) => sp.id)) as string[];
    v = Object.freeze({ id, name: c.name, text: c.text, race, multiplier: c.multiplier, penalty: c.penalty, open, spaces });
    exoticViews.set(key, v);
  }
  return v;
}

type HorseView = PublicView['horses'][number];
type PlayerView = PublicView['players'][number];
const horseViews = new WeakMap<readonly number[], readonly HorseView[]>();
const playerViews = new WeakMap<PlayerState, PlayerView>();
const privateViews = new WeakMap<PlayerState, PrivateView>();

/** One horse at one position, built once (a roll moves one horse: the others keep their objects). */
const horseAt = HORSES.map((horse, h) => Array.from({ length: FINISH + 1 }, (_, position) => Object.freeze({ horse, color: HORSE_COLOR[h]!, bonus: HORSE_BONUS[h]!, position })));

/** The horses at these positions: the same (frozen) list for the same positions array; see propView. */
function horsesView(positions: readonly number[]): HorseView[] {
  let v = horseViews.get(positions);
  if (!v) {
    v = Object.freeze(HORSES.map((horse, h) => horseAt[h]![positions[h]!] ?? Object.freeze({ horse, color: HORSE_COLOR[h]!, bonus: HORSE_BONUS[h]!, position: positions[h]! })));
    horseViews.set(positions, v);
  }
  return v as HorseView[];
}

/**
 * A seat's public part: the same (frozen) object while its player object and its tokens left are the
 * same (the engine keeps an unchanged player's object from state to state: clone.ts keepUnchanged).
 */
function playerView(state: State, p: PlayerState, seat: number): PlayerView {
  const available = availableTokens(state, seat);
  const bettor = isBettor(state, seat);
  const last = playerViews.get(p);
  if (last && last.seat === seat && last.bettor === bettor && sameItems(last.available, available)) return last;
  const v: PlayerView = Object.freeze({
    seat,
    bettor,
    money: p.money,
    tokens: ascending(p.tokens.slice()),
    available,
    passed: p.passed,
    ready: p.ready,
    drafting: p.offer.length > 0,
    vip: p.vip.filter((h) => h.revealed).map((h) => ({ id: h.card, name: vipDesign(h.card).name, spent: h.spent })),
    hiddenVip: p.vip.filter((h) => !h.revealed).length,
  });
  playerViews.set(p, v);
  return v;
}

function cardView(card: string): VipCardView {
  const d = vipDesign(card);
  return { id: card, name: d.name, text: d.text, duration: d.duration };
}

export function viewFor(state: State, viewer: Viewer): View<PublicView, PrivateView> {
  const currentExotic = state.exotics.length - 1;
  const pub: PublicView = {
    phase: state.phase,
    race: state.race,
    races: RACES,
    hostSeat: state.hostSeat,
    horses: horsesView(state.positions),
    redLine: state.options.redLine,
    crossed: crossedCount(state),
    bettingOpen: state.phase === 'racing' && state.bettingOpen,
    hostBetsFirst: hostBetsFirst(state),
    betsFromFirstRoll: betsFromFirstRoll(state),
    rolls: state.rolls,
    lastRoll: state.lastRoll,
    bonusArmed: state.bonusArmed,
    finish: FINISH,
    redLineHorses: RED_LINE_HORSES,
    board: BOARD,
    bets: state.bets,
    props: state.props.map(propView),
    exotics: state.exotics.map((id, i) => exoticView(id, i + 1, state.options.exoticsPersist || i === currentExotic)),
    players: state.players.map((p, seat) => playerView(state, p, seat)),
    // The breakdown is on the table between races (and at the end), cleared when the next race starts.
    settlement: state.phase === 'racing' ? null : (state.settlements.at(-1) ?? null),
    decks: { props: state.propDeck.length, exotics: state.exoticDeck.length, vip: state.vipDeck.length },
    tieBreak: state.options.tieBreak,
    // What that tie-break counted, once it has ranked: nothing to send while the races run.
    winningBets: state.phase === 'over' && state.options.tieBreak === 'mostWinningBets' ? winningBets(state) : NONE,
  };
  return { public: pub, private: privateView(state, viewer) };
}

/** A seat's own VIP offer and hand (null for a spectator): `viewFor`'s private part alone. */
export function privateView(state: State, viewer: Viewer): PrivateView | null {
  if (viewer === SPECTATOR || viewer < 0 || viewer >= state.seats) return null;
  const me = state.players[viewer]!;
  let v = privateViews.get(me); // depends on the player alone: the same object while the player is
  if (!v) {
    v = Object.freeze({
      offer: me.offer.map(cardView),
      hand: me.vip.map((h) => ({ ...cardView(h.card), race: h.race, revealed: h.revealed, spent: h.spent })),
    });
    privateViews.set(me, v);
  }
  return v;
}

/**
 * Leak probe: re-deals everything `viewer` cannot see — deck orders, the draft discards, other seats'
 * offers and unshown VIP cards, and the dice to come. Unshown held cards are never token cards (those
 * are shown when kept), so they are re-dealt from the other cards only.
 */
export function resample(state: State, viewer: Viewer, random: RandomSource): State {
  const next = cloneState(state);
  const rng = seedRng(`resample/${random()}`);
  next.rng = seedRng(`dice/${random()}`);
  next.propDeck = shuffled(rng, next.propDeck);
  next.exoticDeck = shuffled(rng, next.exoticDeck);

  const others = next.players.filter((_, seat) => seat !== viewer);
  const hidden = others.flatMap((p) => p.vip.filter((h) => !h.revealed));
  const pool = shuffled(rng, [...next.vipDeck, ...next.vipDiscard, ...others.flatMap((p) => p.offer), ...hidden.map((h) => h.card)]);
  for (const h of hidden) {
    const i = pool.findIndex((c) => keepToken(c) === 0);
    h.card = pool.splice(i, 1)[0]!;
  }
  for (const p of others) p.offer = p.offer.map(() => pool.pop()!);
  next.vipDiscard = pool.splice(0, next.vipDiscard.length);
  next.vipDeck = pool;
  return next;
}
