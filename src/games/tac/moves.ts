/**
 * Turn flow and card effects. Every move is checked against the generated legal list, so the rules live
 * in one place: `cardMoves` says what a card can do for a colour, `applyMove` carries it out.
 */
import type { Actor, GameEvent, MoveResult } from '../../core/game.ts';
import { accept, guardMove, reject, SYSTEM } from '../../core/game.ts';
import { shuffled } from '../../core/rng.ts';
import { dealRoundRobin, removeCards } from '../../core/cards/index.ts';
import {
  APRON,
  destinations,
  eachStraightRun,
  isFinished,
  marblesOf,
  onRing,
  ownerOf,
  placeMarble,
  ringOccupant,
  singleSteps,
  startOf,
  straightRun,
} from './board.ts';
import { dealSchedule, seatOf, teamOf } from './setup.ts';
import { byCardOrder, type Card, type CardMove, type Marble, type TacMove, type TacState } from './types.ts';

const STEP_CARDS: Record<string, number> = { '1': 1, '2': 2, '3': 3, '5': 5, '6': 6, '8': 8, '9': 9, '10': 10, '12': 12, '13': 13 };

const distinct = <T>(items: readonly T[]) => [...new Set(items)];

// ---------------------------------------------------------------- colours and turns

/** The colour whose marbles a colour's cards move: its own, or once all four are home, a teammate's. */
function moverOf(s: TacState, colour: number): number {
  if (!isFinished(s, colour)) return colour;
  for (let k = 1; k < s.colours; k++) {
    const other = (colour + k) % s.colours;
    if (teamOf(s, other) === teamOf(s, colour) && !isFinished(s, other)) return other;
  }
  return colour;
}

/** The next colour clockwise that still holds cards (`self` counts last), or -1. */
function nextWithCards(s: TacState, from: number, self = true): number {
  for (let k = 1; k <= s.colours; k++) {
    const c = (from + k) % s.colours;
    if (c === from && !self) break;
    if (s.hands[c]!.length > 0) return c;
  }
  return -1;
}

export function exchangePartner(s: TacState, colour: number): number {
  if (s.colours === 4) return (colour + 2) % 4;
  if (teamOf(s, 0) === teamOf(s, 3)) return (colour + 3) % 6;
  // Two teams of three: the card goes to the left-hand teammate in odd rounds, the right-hand one in even.
  return (colour + (s.round % 2 === 1 ? 2 : 4)) % 6;
}

function completeTeam(s: TacState): number {
  for (let c = 0; c < s.colours; c++) {
    const team = teamOf(s, c);
    let done = true;
    for (let d = 0; d < s.colours; d++) if (teamOf(s, d) === team && !isFinished(s, d)) done = false;
    if (done) return team;
  }
  return -1;
}

/** The colour whose hand is being played now: the Devil plays from its victim's hand. */
function handColour(s: TacState): number {
  return s.devilTarget >= 0 ? s.devilTarget : s.turn;
}

/**
 * For a card's events: `by`, the colour whose turn plays it, where that is not the colour whose card it is (the
 * Devil's player playing its victim's card). The log said "blue plays 7" of the 7 the Devil's red played.
 */
function playedBy(s: TacState): { by?: number } {
  return s.devilTarget >= 0 ? { by: s.turn } : {};
}

// ---------------------------------------------------------------- what a card can do

/** Every way `colour` can use the effect of `card`; moves name `played` (the card leaving the hand). */
function effectMoves(s: TacState, colour: number, card: Card, played: Card): CardMove[] {
  const mover = moverOf(s, colour);
  const own = marblesOf(mover);
  const out: CardMove[] = [];
  const moves = (ids: number[], steps: number, backward = false) => {
    for (const marble of ids) for (const to of destinations(s, marble, steps, backward)) out.push({ type: 'move', card: played, marble, to });
  };
  const hasApron = (c: number) => marblesOf(c).some((id) => s.marbles[id]!.pos === APRON);
  const hasRing = own.some((id) => onRing(s, s.marbles[id]!.pos));
  switch (card) {
    case '1':
    case '13':
      if (hasApron(mover)) out.push({ type: 'enter', card: played, colour: mover });
      moves(own, STEP_CARDS[card]!);
      break;
    case '4':
      moves(own, 4, true);
      break;
    case '7':
      for (const step of sevenSteps(s, colour, 7)) out.push({ type: 'seven', card: played, ...step });
      break;
    case '8':
      moves(own, 8);
      // A skip needs a marble on the ring, and "the next player (on your left)" must still have a turn in
      // this deal: one who has none cannot be skipped (as after the deal's last card), so the 8 moves.
      if (hasRing && s.hands[(colour + 1) % s.colours]!.length > 0) out.push({ type: 'skip', card: played });
      break;
    case 'trickster': {
      const ring = s.marbles.flatMap((m, id) => (onRing(s, m.pos) ? [id] : []));
      if (hasRing) for (let i = 0; i < ring.length; i++) for (let j = i + 1; j < ring.length; j++) out.push({ type: 'swap', card: played, a: ring[i]!, b: ring[j]! });
      break;
    }
    case 'angel': {
      const target = moverOf(s, (colour + 1) % s.colours);
      if (hasApron(target)) out.push({ type: 'enter', card: played, colour: target });
      else {
        moves(marblesOf(target), 1);
        moves(marblesOf(target), 13);
      }
      break;
    }
    case 'warrior':
      for (const marble of own) if (onRing(s, s.marbles[marble]!.pos)) out.push({ type: 'warrior', card: played, marble });
      break;
    case 'devil':
      if (nextWithCards(s, colour, false) >= 0) out.push({ type: 'devil', card: played });
      break;
    case 'fool':
      if (s.hands.some((h, c) => c !== colour && h.length > 0)) out.push({ type: 'fool', card: played });
      break;
    case 'tac':
      break;
    default:
      moves(own, STEP_CARDS[card]!);
  }
  return out;
}

/** The state TAC plays in: the previous card undone (marbles restored, a skip cancelled). */
function undone(s: TacState): TacState {
  return { ...s, marbles: s.last?.before ?? s.marbles, skipPending: false };
}

/**
 * Whether the previous card is one a TAC of `player` (whose turn it is) may take back. The original document:
 * the TAC cancels «карты, которая была разыграна вашим соперником по правую руку» (the card played by your
 * opponent on your right), so by default only a card — or discard — of the colour just before `player`; with
 * uneven hands (the Devil making its victim play the Fool) the previous card may be a partner's, one's own or
 * the left-hand player's, and then there is nothing to take back. Option `tacTakesBack: 'previous'`: any.
 */
function tacReaches(s: TacState, player: number): boolean {
  if (!s.last) return false;
  if (s.options.tacTakesBack === 'previous') return true;
  const by = s.last.by ?? s.last.colour;
  return by === (player + s.colours - 1) % s.colours && teamOf(s, by) !== teamOf(s, player);
}

/**
 * TAC: the previous card undone and played by `colour` itself; legal only if that card then has a use.
 * `player` is whose turn it is: the Devil's player when the TAC comes from the Devil's victim's hand.
 */
function tacMoves(s: TacState, colour: number, player = colour): CardMove[] {
  if (!s.last || s.tacBlocked || !tacReaches(s, player)) return [];
  return effectMoves(undone(s), colour, s.last.card, 'tac');
}

/** Every card play open to `colour` from `hand`. */
function cardMoves(s: TacState, colour: number, hand: readonly Card[], player: number): CardMove[] {
  return distinct(hand).flatMap((card) => (card === 'tac' ? tacMoves(s, colour, player) : effectMoves(s, colour, card, card)));
}

// ---------------------------------------------------------------- the 7 as single steps

type Step = { marble: number; to: number };

function stepOptions(s: TacState, colour: number): Step[] {
  return marblesOf(moverOf(s, colour)).flatMap((marble) => singleSteps(s, marble).map((to) => ({ marble, to })));
}

function afterStep(s: TacState, step: Step): TacState {
  const next = { ...s, marbles: s.marbles.slice() };
  placeMarble(next, step.marble, step.to);
  return next;
}

/** Can `remaining` single steps all be used? (All seven must be; memoised depth-first search.) */
function canComplete(s: TacState, colour: number, remaining: number, seen: Map<string, boolean>): boolean {
  if (remaining === 0) return true;
  const key = `${remaining}:${s.marbles.map((m) => m.pos).join(',')}`;
  const known = seen.get(key);
  if (known !== undefined) return known;
  const ok = stepOptions(s, colour).some((step) => canComplete(afterStep(s, step), colour, remaining - 1, seen));
  seen.set(key, ok);
  return ok;
}

/**
 * The 7's moves: a marble's run of k single steps in one direction (1 ≤ k ≤ `remaining`), each a single
 * step the 7 offers at that point, ending where all the steps left can still be used. A run never passes
 * the 7 on to the partner's marbles: the step that takes a colour's last marble home fills its home, so
 * that marble's run ends there.
 */
function sevenSteps(s: TacState, colour: number, remaining: number): Step[] {
  const seen = new Map<string, boolean>();
  const out: Step[] = [];
  for (const marble of marblesOf(moverOf(s, colour))) {
    eachStraightRun(s, marble, remaining, (after, path) => {
      // Where the rest cannot all be used, it cannot further on either: going on is one way to use it.
      if (!canComplete(after, colour, remaining - path.length, seen)) return false;
      out.push({ marble, to: path.at(-1)! });
      return true;
    });
  }
  return out;
}

// ---------------------------------------------------------------- legal moves

function discards(hand: readonly Card[]): TacMove[] {
  return distinct(hand).map((card) => ({ type: 'discard', card }));
}

export function activeActors(s: TacState): Actor[] {
  switch (s.phase) {
    case 'over':
      return [];
    case 'deal':
      return [SYSTEM];
    case 'exchange':
      return distinct(s.exchange.flatMap((given, c) => (given === null ? [seatOf(s, c)] : []))).sort((a, b) => a - b);
    case 'play':
      return [seatOf(s, s.turn)];
  }
}

/** The colour a seat gives a card for next (its lowest colour that has not given yet), or -1. */
function exchangingColour(s: TacState, seat: number): number {
  return s.exchange.findIndex((given, c) => given === null && seatOf(s, c) === seat);
}

export function legalMoves(s: TacState, actor: Actor): TacMove[] {
  if (!activeActors(s).includes(actor)) return [];
  if (s.phase === 'deal') return [{ type: 'deal' }];
  if (s.phase === 'exchange') {
    return distinct(s.hands[exchangingColour(s, actor)]!).map((card) => ({ type: 'exchange', card }));
  }
  if (s.seven) return sevenSteps(s, s.seven.colour, s.seven.remaining).map((step) => ({ type: 'step', ...step }));
  const colour = handColour(s);
  const hand = s.hands[colour]!;
  if (s.winPending) return hand.includes('tac') ? tacMoves(s, colour) : [];
  if (s.skipPending) return [...discards(hand), ...(hand.includes('tac') ? tacMoves(s, colour) : [])];
  const plays = cardMoves(s, colour, hand, s.turn);
  return plays.length > 0 ? plays : discards(hand);
}

// ---------------------------------------------------------------- applying moves

export function applyMove(state: TacState, actor: Actor, move: unknown): MoveResult<TacState> {
  const guard = guardMove(activeActors(state), actor, move);
  if (guard) return guard;
  const legal = legalMoves(state, actor);
  const m = withEnterColour(legal, move as TacMove);
  if (!legal.some((l) => sameFlatMove(l, m))) return reject(...whyIllegal(state, legal, m));
  const s = cloneState(state);
  const events: GameEvent[] = [];
  switch (m.type) {
    case 'deal':
      deal(s, events);
      break;
    case 'exchange':
      exchange(s, actor, m.card, events);
      break;
    case 'discard':
      discard(s, m.card, events);
      break;
    case 'step':
      step(s, m, events);
      break;
    default:
      playCard(s, m, events);
  }
  return accept(s, events);
}

/**
 * An `enter` without its colour (a client or a record of before the colour was named) brings out whose
 * marble its card decides: one card has one way to bring a marble out.
 */
function withEnterColour(legal: TacMove[], m: TacMove): TacMove {
  if (m.type !== 'enter' || (m as { colour?: number }).colour !== undefined) return m;
  return legal.find((l) => l.type === 'enter' && l.card === m.card) ?? m;
}

/** Moves are flat objects of primitives: equal when they have the same keys and values. */
function sameFlatMove(a: TacMove, b: TacMove): boolean {
  const ka = Object.keys(a);
  const rb = b as unknown as Record<string, unknown>;
  const ra = a as unknown as Record<string, unknown>;
  return ka.length === Object.keys(b).length && ka.every((k) => ra[k] === rb[k]);
}

const cloneMarbles = (marbles: readonly Marble[]) => marbles.map((m) => ({ ...m }));

/** A deep copy to build the next state on (the input is never touched). */
function cloneState(s: TacState): TacState {
  return {
    ...s,
    rng: [...s.rng],
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    hands: s.hands.map((h) => h.slice()),
    exchange: s.exchange.slice(),
    received: s.received.slice(),
    marbles: cloneMarbles(s.marbles),
    canOpen: s.canOpen.slice(),
    last: s.last && { ...s.last, before: s.last.before && cloneMarbles(s.last.before) },
    seven: s.seven && { ...s.seven },
  };
}

function whyIllegal(s: TacState, legal: TacMove[], m: TacMove): [string, string] {
  const known = ['deal', 'exchange', 'discard', 'enter', 'move', 'skip', 'swap', 'seven', 'step', 'warrior', 'devil', 'fool'];
  if (!known.includes(m.type)) return ['tac/unknown-move', `There is no move "${m.type}" in TAC.`];
  if (s.phase === 'exchange' && m.type !== 'exchange') return ['tac/exchange-first', 'Every player first gives a card to their partner.'];
  if (s.seven && m.type !== 'step') return ['tac/finish-seven', 'The 7 must be finished step by step first.'];
  if (s.phase === 'play' && 'card' in m && !s.hands[handColour(s)]!.includes(m.card)) {
    return ['tac/card-not-in-hand', 'That card is not in the hand being played.'];
  }
  if (s.winPending) return ['tac/must-tac-win', 'The winning move must be answered with a TAC.'];
  if (m.type === 'discard' && legal.some((l) => l.type !== 'discard')) return ['tac/must-play', 'A card that can be played must be played.'];
  if (s.skipPending && m.type !== 'discard') return ['tac/skipped', 'A skipped player discards a card or answers with a TAC.'];
  return ['tac/illegal-move', 'That move is not possible now.'];
}

function deal(s: TacState, events: GameEvent[]): void {
  if (s.round > 0) s.dealer = (s.dealer + 1) % s.colours;
  if (s.dealInCycle === 0) {
    s.deck = shuffled(s.rng, [...s.deck, ...s.discard]);
    s.discard = [];
    events.push({ type: 'reshuffle' });
  }
  const schedule = dealSchedule(s.colours, s.options.master);
  const perHand = schedule[s.dealInCycle]!;
  const dealt = dealRoundRobin(s.deck, s.colours, perHand);
  // Cards go out one at a time starting left of the dealer.
  dealt.hands.forEach((hand, i) => (s.hands[(s.dealer + 1 + i) % s.colours] = hand));
  s.deck = dealt.rest;
  s.dealInCycle = (s.dealInCycle + 1) % schedule.length;
  s.round++;
  s.canOpen = s.hands.map((hand) => s.options.announce && (hand.includes('1') || hand.includes('13')));
  s.exchange = s.hands.map(() => null);
  s.received = s.hands.map(() => null);
  s.last = null;
  s.tacBlocked = false;
  s.phase = 'exchange';
  events.push({ type: 'deal', round: s.round, dealer: s.dealer, cards: perHand, canOpen: s.canOpen.slice() });
}

function exchange(s: TacState, seat: number, card: Card, events: GameEvent[]): void {
  const colour = exchangingColour(s, seat);
  s.hands[colour] = removeCards(s.hands[colour]!, [card])!;
  s.exchange[colour] = card;
  // Whom the card goes to: a log said "the partner", and which colour that is depends on the teams and, two teams of
  // three, the round.
  events.push({ type: 'exchangeGiven', colour, to: exchangePartner(s, colour) });
  if (s.exchange.some((given) => given === null)) return;
  s.exchange.forEach((given, c) => {
    s.hands[exchangePartner(s, c)]!.push(given!);
    s.received[exchangePartner(s, c)] = given;
  });
  // Sorted: the card received last in a hand told whoever later sees that hand (the Devil, the Fool's pass)
  // what the partners exchanged. Playing keeps the order.
  s.hands = s.hands.map((hand) => hand.sort(byCardOrder));
  s.exchange = s.hands.map(() => null);
  s.phase = 'play';
  s.turn = (s.dealer + 1) % s.colours;
  events.push({ type: 'exchangeDone' });
}

function takeCard(s: TacState, colour: number, card: Card): void {
  s.hands[colour] = removeCards(s.hands[colour]!, [card])!;
  // The received card has left the hand (copies of a face are one and the same to its player).
  if (s.received[colour] === card) s.received[colour] = null;
  s.discard.push(card);
}

function discard(s: TacState, card: Card, events: GameEvent[]): void {
  const colour = handColour(s);
  takeCard(s, colour, card);
  events.push({ type: 'discard', colour, ...playedBy(s), card, skipped: s.skipPending });
  // A TAC may copy a discarded card (nothing to undo); after a discarded TAC, the card beneath it.
  if (card === 'tac') s.last = s.last && { ...s.last, before: null, by: colour };
  else s.last = { card, colour, before: null };
  s.skipPending = false;
  s.tacBlocked = false;
  s.devilTarget = -1;
  s.foolPending = false;
  advance(s, colour, false, events);
}

function playCard(s: TacState, m: CardMove, events: GameEvent[]): void {
  const colour = handColour(s);
  const answeringWin = s.winPending;
  const before = cloneMarbles(s.marbles);
  takeCard(s, colour, m.card);
  let card = m.card;
  if (card === 'tac') {
    const last = s.last!;
    card = last.card;
    if (last.before) s.marbles = cloneMarbles(last.before);
    events.push({ type: 'tac', colour, ...playedBy(s), undid: last.card, undidColour: last.colour, skipCancelled: s.skipPending });
    s.skipPending = false;
  }
  s.tacBlocked = false;
  s.winPending = false;
  events.push({ type: 'play', colour, ...playedBy(s), card: m.card, as: card, move: m.type });
  if (m.type === 'devil' || m.type === 'fool') {
    // Neither card becomes the card a TAC copies: a TAC after them refers to the card before.
    if (m.type === 'devil') {
      s.devilTarget = nextWithCards(s, colour, false);
      events.push({ type: 'devil', colour, target: s.devilTarget });
    } else {
      fool(s, colour, events);
    }
    return;
  }
  s.last = { card, colour, before };
  switch (m.type) {
    case 'enter': {
      const target = m.colour!; // legal, so named (withEnterColour) and the card's own: the mover's, or the Angel's next player's
      const marble = marblesOf(target).find((id) => s.marbles[id]!.pos === APRON)!;
      knock(s, placeMarble(s, marble, startOf(s, target)), events);
      s.marbles[marble] = { pos: startOf(s, target), fresh: true };
      events.push({ type: 'enter', marble });
      break;
    }
    case 'move':
      events.push({ type: 'moved', marble: m.marble, from: s.marbles[m.marble]!.pos, to: m.to });
      knock(s, placeMarble(s, m.marble, m.to), events);
      break;
    case 'swap': {
      const a = s.marbles[m.a]!.pos;
      s.marbles[m.a] = { pos: s.marbles[m.b]!.pos, fresh: false };
      s.marbles[m.b] = { pos: a, fresh: false };
      events.push({ type: 'swap', a: m.a, b: m.b });
      break;
    }
    case 'warrior':
      warrior(s, m.marble, events);
      break;
    case 'seven':
      s.seven = { remaining: 7, colour, answeringWin };
      step(s, m, events);
      return;
  }
  endCard(s, colour, m.type === 'skip', answeringWin, events);
}

function knock(s: TacState, victim: number, events: GameEvent[]): void {
  if (victim >= 0) events.push({ type: 'knockout', marble: victim });
}

/** Warrior: on to the next marble clockwise on the ring and knock it out; alone, it knocks itself out. */
function warrior(s: TacState, marble: number, events: GameEvent[]): void {
  const from = s.marbles[marble]!.pos;
  for (let k = 1; k < s.ring; k++) {
    const field = (from + k) % s.ring;
    if (ringOccupant(s, field) >= 0) {
      events.push({ type: 'moved', marble, from, to: field });
      knock(s, placeMarble(s, marble, field), events);
      return;
    }
  }
  s.marbles[marble] = { pos: APRON, fresh: false };
  knock(s, marble, events);
}

/**
 * Fool: every hand passes to the right-hand neighbour; the Fool's player then plays on from the new hand.
 * Played by the Devil for its victim, it only passes the hands: the victim's turn is used up.
 */
function fool(s: TacState, colour: number, events: GameEvent[]): void {
  s.hands = s.hands.map((_, c) => s.hands[(c + 1) % s.colours]!);
  // No hand is the one its seat received a card in any more.
  s.received = s.hands.map(() => null);
  events.push({ type: 'fool', colour, ...playedBy(s) });
  const byDevil = s.devilTarget >= 0;
  s.devilTarget = -1;
  if (!byDevil && s.hands[colour]!.length > 0) s.foolPending = true;
  else advance(s, colour, false, events);
}

/** A 7's move: its single steps one by one, each knocking out the ring marble it lands on. */
function step(s: TacState, m: { marble: number; to: number }, events: GameEvent[]): void {
  const seven = s.seven!;
  const from = s.marbles[m.marble]!.pos;
  const knocked: number[] = [];
  const path = straightRun(s, m.marble, m.to, seven.remaining);
  for (const field of path) {
    const victim = placeMarble(s, m.marble, field);
    knock(s, victim, events);
    if (victim >= 0) knocked.push(victim);
  }
  seven.remaining -= path.length;
  events.push({ type: 'step', marble: m.marble, from, to: m.to, steps: path.length, knocked, remaining: seven.remaining });
  if (seven.remaining > 0) return;
  s.seven = null;
  // The colour whose card the 7 was decides the turn; under the Devil that is its victim.
  endCard(s, seven.colour, false, seven.answeringWin, events);
}

function endCard(s: TacState, colour: number, skip: boolean, answeringWin: boolean, events: GameEvent[]): void {
  s.devilTarget = -1;
  s.foolPending = false;
  const team = completeTeam(s);
  if (team >= 0) {
    const next = nextWithCards(s, colour, false);
    // The next player must TAC the winning move of "your opponents" if they can (a partner of the winners
    // next, when the players between have no cards left, lets it stand); a TAC that answered one cannot be answered.
    if (!answeringWin && next >= 0 && teamOf(s, next) !== team && s.hands[next]!.includes('tac') && tacMoves(s, next).length > 0) {
      s.turn = next;
      s.winPending = true;
      events.push({ type: 'winPending', team });
      return;
    }
    s.phase = 'over';
    s.winner = team;
    events.push({ type: 'win', team });
    return;
  }
  if (answeringWin) s.tacBlocked = true;
  advance(s, colour, skip, events);
}

function advance(s: TacState, from: number, skip: boolean, events: GameEvent[]): void {
  const next = nextWithCards(s, from);
  if (next < 0) {
    s.phase = 'deal';
    s.last = null;
    return;
  }
  s.turn = next;
  s.skipPending = skip;
  if (skip) events.push({ type: 'skip', colour: next });
}

/** Conservation: every marble on a real field, no field shared; every card somewhere exactly once. */
export function invariants(s: TacState): string[] {
  const out: string[] = [];
  const total = s.deck.length + s.discard.length + s.hands.reduce((n, h) => n + h.length, 0) + s.exchange.filter((c) => c !== null).length;
  const expected = s.colours === 4 ? (s.options.master ? 104 : 100) : s.options.master ? 102 : 96;
  if (total !== expected) out.push(`${total} cards instead of ${expected}`);
  if (s.marbles.length !== s.colours * 4) out.push(`${s.marbles.length} marbles`);
  const fields = new Set<string>();
  s.marbles.forEach((m: Marble, id) => {
    if (m.pos === APRON) return;
    if (m.pos < 0 || m.pos >= s.ring + 4 || !Number.isInteger(m.pos)) out.push(`marble ${id} at ${m.pos}`);
    const key = m.pos < s.ring ? `r${m.pos}` : `h${ownerOf(id)}:${m.pos}`;
    if (fields.has(key)) out.push(`two marbles on ${key}`);
    fields.add(key);
    if (m.fresh && m.pos !== startOf(s, ownerOf(id))) out.push(`fresh marble ${id} off its start`);
  });
  return out;
}
