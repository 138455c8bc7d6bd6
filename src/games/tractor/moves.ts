/** Who acts, what they may do, and applying a move: the live deal, declaring, burying, tricks and the hand result. */
import { RANKS, isCard, isJoker, rankOf, suitOf } from '../../core/cards/index.ts';
import type { Actor, GameEvent, MoveResult } from '../../core/game.ts';
import { SYSTEM, accept, guardMove, reject } from '../../core/game.ts';
import type { Trump } from './cards.ts';
import { buryAllowed, effSuit, faceOf, ord, pointsOf, sortFaces, sumPoints, takeFaces } from './cards.ts';
import { canBeat, commonSuit, countFaces, decompose, followProblem, leadUnits, trickWinner, unitCards, unitFaces, unitTop } from './combos.ts';
import { buryChoices, followChoices, leadChoices } from './enumerate.ts';
import { advance, handOutcome, kittyMultiplier } from './scoring.ts';
import { cloneState, friendCount, initialDeclarers, rankIndexOrNone, startHand } from './setup.ts';
import type { Bid, FriendCallable, TractorMove, TractorState } from './types.ts';

const err = (reason: string, message: string) => reject(`tractor/${reason}`, message);

export function trumpOf(state: TractorState): Trump {
  return { rank: state.trumpRank >= 0 ? RANKS[state.trumpRank]! : null, suit: state.trumpSuit };
}

export function handFaces(state: TractorState, seat: number): string[] {
  return state.hands[seat]!.map(faceOf);
}

export function activeActors(state: TractorState): Actor[] {
  switch (state.phase) {
    case 'dealing':
    case 'declaring':
    case 'stealing': {
      // Every seat, whatever it holds: the list is public, and who could declare is each seat's secret
      // (its legal moves). Only the no-trump level, known to all, closes declaring for everyone.
      const open = state.hands.flatMap((_, seat) => (bidLevel(state, seat) < RANKS.length ? [seat] : []));
      return [SYSTEM, ...open];
    }
    case 'burying':
      return [state.exchanger];
    case 'calling':
      return [state.starter];
    case 'playing':
      return [state.turn];
    case 'handEnd':
      return [SYSTEM];
    case 'over':
      return [];
  }
}

export function legalMoves(state: TractorState, actor: Actor): TractorMove[] {
  if (actor === SYSTEM) {
    if (state.phase === 'dealing') return [{ type: 'deal' }];
    if (state.phase === 'declaring') return [{ type: 'closeDeclaring' }];
    if (state.phase === 'stealing') return [{ type: 'endTheft' }];
    if (state.phase === 'handEnd') return [{ type: 'nextHand' }];
    return [];
  }
  if (state.phase === 'dealing' || state.phase === 'declaring' || state.phase === 'stealing') return declareMoves(state, actor);
  if (state.phase === 'burying' && actor === state.exchanger) {
    return buryChoices(handFaces(state, actor), state.pickedUp.map(faceOf), state.kittySize, state.options.buryRestriction, trumpOf(state)).map(
      (cards) => ({ type: 'bury', cards }),
    );
  }
  if (state.phase === 'calling' && actor === state.starter) {
    return friendChoices(state).map((friends) => ({ type: 'callFriends', friends }));
  }
  if (state.phase === 'playing' && actor === state.turn) {
    const trump = trumpOf(state);
    const hand = handFaces(state, actor);
    const plays = state.trick.length === 0 ? leadChoices(hand, trump) : followChoices(hand, state.trick[0]!.cards.map(faceOf), state.options, trump);
    return plays.map((cards) => ({ type: 'play', cards }));
  }
  return [];
}

// ---------------------------------------------------------------- declaring

/** The level whose cards a seat declares with: the starter's, or in the first hand the seat's own. */
function bidLevel(state: TractorState, seat: number): number {
  return state.levels[state.starter >= 0 ? state.starter : seat]!;
}

const SUIT_RANK: Record<string, number> = { D: 0, C: 1, H: 2, S: 3 };

/** Declaration strength as a comparable tuple under the table's bid policy. */
function bidKey(bid: { card: string; count: number }, policy: TractorState['options']['bidPolicy']): number[] {
  if (policy === 'greaterLength') return [bid.count];
  const joker = bid.card === 'BJ' ? 2 : bid.card === 'SJ' ? 1 : 0;
  const suit = policy === 'jokerOrHigherSuit' && joker === 0 && bid.count >= 2 ? SUIT_RANK[suitOf(bid.card)!]! : 0;
  return [bid.count, joker, suit];
}

function stronger(a: { card: string; count: number }, b: Bid, policy: TractorState['options']['bidPolicy']): boolean {
  const ka = bidKey(a, policy);
  const kb = bidKey(b, policy);
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! > kb[i]!;
  return false;
}

function declareProblem(state: TractorState, seat: number, card: string, count: number): [string, string] | null {
  const level = bidLevel(state, seat);
  const { options } = state;
  if (level >= RANKS.length) return ['no-declaring', 'On the no-trump level nobody declares.'];
  if (isJoker(card)) {
    if (options.jokerBids === 'disabled') return ['joker-bids-off', 'Jokers cannot be declared at this table.'];
    if (options.jokerBids === 'pairOrMore' && count < 2) return ['single-joker', 'Jokers are declared in pairs or more.'];
    if (options.jokerBids === 'allDecks' && count !== state.decks) return ['all-jokers', 'A joker declaration needs every copy of that joker.'];
  } else if (rankOf(card) !== RANKS[level]) {
    return ['not-level-card', 'Only cards of the current level or jokers can be declared.'];
  }
  if (state.hands[seat]!.filter((id) => faceOf(id) === card).length < count) return ['cards-not-held', 'You have not received those cards.'];
  const current = state.bids[state.bids.length - 1];
  if (state.phase === 'stealing' && (seat === state.exchanger || current?.seat === seat)) return ['own-kitty', 'You cannot steal the kitty from yourself.'];
  if (!current) return null;
  if (current.seat === seat) {
    if (card === current.card && count > current.count && options.reinforcement !== 'none') return null;
    if (card !== current.card && options.reinforcement === 'overturnOrReinforce' && stronger({ card, count }, current, options.bidPolicy)) return null;
    return ['own-declaration', 'You hold the top declaration: you may only reinforce it.'];
  }
  return stronger({ card, count }, current, options.bidPolicy) ? null : ['not-stronger', 'A declaration must be stronger than the current one.'];
}

export function declareMoves(state: TractorState, seat: number): TractorMove[] {
  const level = bidLevel(state, seat);
  if (level >= RANKS.length) return [];
  const held = countFaces(handFaces(state, seat));
  const moves: TractorMove[] = canTakeBack(state, seat) ? [{ type: 'takeBackBid' }] : [];
  for (const card of ['S', 'H', 'D', 'C'].map((s) => `${RANKS[level]}${s}`).concat(['SJ', 'BJ'])) {
    for (let count = 1; count <= (held.get(card) ?? 0); count++) {
      if (!declareProblem(state, seat, card, count)) moves.push({ type: 'declare', card, count });
    }
  }
  return moves;
}

function declare(state: TractorState, seat: number, card: string, count: number): MoveResult<TractorState> {
  const problem = declareProblem(state, seat, card, count);
  if (problem) return err(...problem);
  const next = cloneState(state);
  next.bids.push({ seat, card, count });
  next.trumpRank = rankIndexOrNone(bidLevel(state, seat));
  next.trumpSuit = isJoker(card) ? null : suitOf(card);
  if (state.phase === 'stealing') {
    pickUpKitty(next, seat);
    return accept(next, [{ type: 'declared', seat, card, count }, { type: 'kittyStolen', seat }]);
  }
  return accept(next, [{ type: 'declared', seat, card, count }]);
}

function canTakeBack(state: TractorState, seat: number): boolean {
  return state.options.bidTakeback && state.phase !== 'stealing' && state.bids[state.bids.length - 1]?.seat === seat;
}

/** Withdraws the top declaration: the one before it (if any) fixes the trump suit again. */
function takeBackBid(state: TractorState, seat: number): MoveResult<TractorState> {
  if (!canTakeBack(state, seat)) return err('no-takeback', 'Only the top declarer may take his declaration back, where the table allows it.');
  const next = cloneState(state);
  next.bids.pop();
  const previous = next.bids[next.bids.length - 1];
  next.trumpSuit = previous && !isJoker(previous.card) ? suitOf(previous.card) : null;
  if (previous) next.trumpRank = rankIndexOrNone(bidLevel(next, previous.seat));
  return accept(next, [{ type: 'declarationWithdrawn', seat }]);
}

/** End of the declaration window: fix starter and trump, hand the kitty to the starter. */
function closeDeclaring(state: TractorState): MoveResult<TractorState> {
  const next = cloneState(state);
  const events: GameEvent[] = [];
  const { options } = next;
  const top = next.bids[next.bids.length - 1];
  if (top) {
    if (next.starter < 0) next.starter = options.firstStarter === 'firstBid' ? next.bids[0]!.seat : top.seat;
  } else if (next.starter < 0) {
    if (options.noBidFirstHand === 'redeal' && next.redeals < options.redealLimit) {
      next.redeals++;
      startHand(next);
      return accept(next, [{ type: 'redeal' }]);
    }
    next.starter = next.nextDrawer; // after a whole deal the turn is back at the first drawer
    next.trumpSuit = null;
  } else if (next.trumpRank >= 0) {
    revealKittyForTrump(next);
    events.push({ type: 'kittyRevealed', cards: next.kittyShown.slice() });
  }
  next.declarers = initialDeclarers(next);
  pickUpKitty(next, next.starter);
  events.push({ type: 'trumpFixed', starter: next.starter, rank: next.trumpRank >= 0 ? RANKS[next.trumpRank]! : '', suit: next.trumpSuit ?? '' });
  return accept(next, events);
}

/** `seat` takes the kitty into his hand and must bury as many cards. */
function pickUpKitty(state: TractorState, seat: number): void {
  state.exchanger = seat;
  state.pickedUp = state.kitty;
  state.hands[seat]!.push(...state.kitty);
  state.kitty = [];
  state.phase = 'burying';
}

/** No declaration in a later hand: the kitty's cards, turned one by one, fix the trump suit. */
function revealKittyForTrump(state: TractorState): void {
  const policy = state.options.noBidLaterHand;
  const faces = state.kitty.map(faceOf);
  if (policy === 'noTrump') {
    state.trumpSuit = null;
    return;
  }
  const rank = RANKS[state.trumpRank]!;
  const decisive = policy === 'firstCard' ? 0 : faces.findIndex((f) => isJoker(f) || rankOf(f) === rank);
  let chosen: string;
  if (decisive >= 0) {
    chosen = faces[decisive]!;
    state.kittyShown = faces.slice(0, decisive + 1);
  } else {
    const plain: Trump = { rank, suit: null };
    chosen = faces.reduce((best, f) => (ord(f, plain) > ord(best, plain) ? f : best));
    state.kittyShown = faces;
  }
  state.trumpSuit = isJoker(chosen) ? null : suitOf(chosen);
}

function deal(state: TractorState): MoveResult<TractorState> {
  const next = cloneState(state);
  const seat = next.nextDrawer;
  next.hands[seat]!.push(next.deck.shift()!);
  next.nextDrawer = (seat + 1) % next.seats;
  if (next.deck.length === next.kittySize) {
    next.kitty = next.deck;
    next.deck = [];
    next.phase = 'declaring';
  }
  return accept(next, [{ type: 'dealt', seat }]);
}

// ---------------------------------------------------------------- kitty

function bury(state: TractorState, cards: string[]): MoveResult<TractorState> {
  if (cards.length !== state.kittySize) return err('bury-count', `Bury exactly ${state.kittySize} cards.`);
  const seat = state.exchanger;
  const trump = trumpOf(state);
  const taken = takeFaces(state.hands[seat]!, sortFaces(cards, trump)); // (in the hand's order, as a play)
  if (!taken) return err('cards-not-held', 'You do not hold those cards.');
  const restriction = state.options.buryRestriction;
  const allowedHeld = handFaces(state, seat).filter((f) => buryAllowed(f, restriction, trump)).length;
  const allowedBuried = cards.filter((f) => buryAllowed(f, restriction, trump)).length;
  if (allowedBuried < Math.min(state.kittySize, allowedHeld)) return err('bury-restricted', 'Bury allowed cards first: points (and trumps) only when nothing else is left.');
  const next = cloneState(state);
  next.hands[seat] = taken.rest;
  next.kitty = taken.taken;
  next.pickedUp = [];
  if (next.options.kittyTheft) next.phase = 'stealing';
  else afterKitty(next);
  return accept(next, [{ type: 'buried', seat }]);
}

/** The kitty is settled: friends are called (finding friends) or play begins. */
function afterKitty(state: TractorState): void {
  if (state.options.mode === 'findingFriends') state.phase = 'calling';
  else startPlay(state);
}

function endTheft(state: TractorState): MoveResult<TractorState> {
  const next = cloneState(state);
  afterKitty(next);
  return accept(next, [{ type: 'kittySettled', seat: next.exchanger }]);
}

function startPlay(state: TractorState): void {
  state.phase = 'playing';
  state.leader = state.turn = state.starter;
}

// ---------------------------------------------------------------- finding friends

export function friendCardAllowed(face: string, policy: TractorState['options']['friendCards'], trump: Trump): boolean {
  if (isJoker(face)) return false;
  if (policy === 'trumpsIncluded') return true;
  if (effSuit(face, trump) === 'T') return false;
  const top = trump.rank === 'A' ? 'K' : 'A';
  if (policy === 'noHighest') return rankOf(face) !== top;
  if (policy === 'noPoints') return pointsOf(face) === 0 || rankOf(face) === top;
  return true;
}

/** One frozen object per trump, policy, deck count and call count: every view shares it. */
const callableCache = new Map<string, FriendCallable>();

/**
 * What `callFriends` accepts, for a client to offer every call and not only the listed few: each face
 * `friendCardAllowed` lets the starter name (whatever he holds: a card he holds every copy of may be
 * called too), each ordinal from 1 to the number of decks, and how many calls the move names. All of it
 * follows from public things (the trump, the options, the table's size).
 */
export function friendCallable(state: TractorState): FriendCallable {
  const trump = trumpOf(state);
  const { friendCards } = state.options;
  const calls = friendCount(state.options, state.seats);
  const key = `${trump.rank ?? ''}|${trump.suit ?? ''}|${friendCards}|${state.decks}|${calls}`;
  let callable = callableCache.get(key);
  if (!callable) {
    const cards = ['S', 'H', 'C', 'D'].flatMap((suit) => [...RANKS].reverse().map((rank) => `${rank}${suit}`)).filter((face) => friendCardAllowed(face, friendCards, trump));
    const ordinals = Array.from({ length: state.decks }, (_, i) => i + 1);
    callable = Object.freeze({ cards: Object.freeze(cards) as string[], ordinals: Object.freeze(ordinals) as number[], calls });
    callableCache.set(key, callable);
  }
  return callable;
}

/** Calls offered: the strongest allowed cards the starter lacks (first copy he does not hold), in a few combinations. */
function friendChoices(state: TractorState): { card: string; ordinal: number }[][] {
  const trump = trumpOf(state);
  const held = countFaces(handFaces(state, state.starter));
  const n = friendCount(state.options, state.seats);
  const candidates = [...RANKS]
    .reverse()
    .flatMap((rank) => ['S', 'H', 'C', 'D'].map((suit) => `${rank}${suit}`))
    .filter((card) => friendCardAllowed(card, state.options.friendCards, trump) && (held.get(card) ?? 0) < state.decks)
    .map((card) => ({ card, ordinal: (held.get(card) ?? 0) + 1 }));
  const choices: { card: string; ordinal: number }[][] = [];
  for (let start = 0; start < 4 && start + n <= candidates.length; start++) choices.push(candidates.slice(start, start + n));
  return choices;
}

function callFriends(state: TractorState, friends: unknown): MoveResult<TractorState> {
  const n = friendCount(state.options, state.seats);
  if (!Array.isArray(friends) || friends.length !== n) return err('friend-count', `Call exactly ${n} friend card(s).`);
  const trump = trumpOf(state);
  const seen = new Set<string>();
  for (const f of friends as { card?: unknown; ordinal?: unknown }[]) {
    if (typeof f !== 'object' || f === null || !isCard(f.card) || !Number.isInteger(f.ordinal)) return err('malformed', 'A call is a card and an ordinal.');
    if ((f.ordinal as number) < 1 || (f.ordinal as number) > state.decks) return err('bad-ordinal', `The ordinal is 1 to ${state.decks}.`);
    if (!friendCardAllowed(f.card, state.options.friendCards, trump)) return err('friend-card', 'That card may not be called.');
    const id = `${f.card}#${f.ordinal as number}`;
    if (seen.has(id)) return err('duplicate-call', 'Each call must be different.');
    seen.add(id);
  }
  const next = cloneState(state);
  next.friendCalls = (friends as { card: string; ordinal: number }[]).map((f) => ({ card: f.card, ordinal: f.ordinal, seat: -1 }));
  next.friendSeen = next.friendCalls.map(() => 0);
  startPlay(next);
  return accept(next, [{ type: 'friendsCalled', seat: state.starter, friends: next.friendCalls.map((c) => ({ card: c.card, ordinal: c.ordinal })) }]);
}

/** Counts called cards as they are played; the player of the called copy joins the declarers at once. */
function trackFriends(state: TractorState, seat: number, faces: readonly string[], events: GameEvent[]): void {
  for (const face of faces) {
    state.friendCalls.forEach((call, i) => {
      if (call.seat >= 0 || call.card !== face) return;
      if (state.options.friendJoin === 'noDoubleJoin' && state.declarers[seat]) return;
      state.friendSeen[i]!++;
      if (state.friendSeen[i] === call.ordinal) {
        call.seat = seat;
        state.declarers[seat] = true;
        // The friend's failed throws cost the declarers, not the attackers: counted for the attackers now.
        if (state.options.throwPenaltySide === 'handEnd') {
          state.penalty += 2 * state.attackerPenalties[seat]!;
          state.attackerPenalties[seat] = 0;
        }
        events.push({ type: 'friendFound', seat, card: call.card, ordinal: call.ordinal });
      }
    });
  }
}

// ---------------------------------------------------------------- tricks

function play(state: TractorState, seat: number, cards: string[]): MoveResult<TractorState> {
  if (cards.length === 0) return err('empty-play', 'Play at least one card.');
  const taken = takeFaces(state.hands[seat]!, cards);
  if (!taken) return err('cards-not-held', 'You do not hold those cards.');
  const trump = trumpOf(state);
  const next = cloneState(state);
  const events: GameEvent[] = [];
  // In the hand's order, whatever order they were sent in: the order on the table says nothing (no signals).
  cards = sortFaces(cards, trump);
  let played = cards;
  if (state.trick.length === 0) {
    const suit = commonSuit(cards, trump);
    if (!suit) return err('mixed-suits', 'A lead is all of one suit (or all trumps).');
    next.throwFailure = null;
    const units = leadUnits(cards, trump, state.options.throwUnits);
    if (units.length > 1) {
      const forced = failedThrowUnit(state, seat, units, suit, trump);
      if (forced) {
        played = unitFaces(forced);
        next.throwFailure = { seat, attempted: cards.slice(), forced: played };
        const penalty = throwPenalty(state, cards.length - played.length);
        if (state.declarers[seat]) next.penalty += penalty;
        else {
          next.penalty -= penalty;
          next.attackerPenalties[seat]! += penalty; // (a hidden friend's, perhaps: counted again once found)
        }
        events.push({ type: 'throwFailed', seat, attempted: cards.slice(), forced: played });
      }
    }
  } else {
    const problem = followProblem(handFaces(state, seat), cards, state.trick[0]!.cards.map(faceOf), state.options, trump);
    if (problem) return err(problem, FOLLOW_MESSAGES[problem] ?? 'That follow is not allowed.');
  }
  const move = takeFaces(state.hands[seat]!, played)!;
  next.hands[seat] = move.rest;
  next.trick.push({ seat, cards: move.taken });
  if (next.friendCalls.length > 0) trackFriends(next, seat, played, events);
  events.push({ type: 'played', seat, cards: played });
  next.turn = (seat + 1) % next.seats;
  if (next.trick.length === next.seats) finishTrick(next, events);
  return accept(next, events);
}

const FOLLOW_MESSAGES: Record<string, string> = {
  'wrong-count': 'Play as many cards as were led.',
  'must-follow-suit': 'Play as many cards of the led suit as you can.',
  'must-play-pairs': 'Include as many identical pairs of the led suit as the lead has and you hold.',
  'must-play-tractor': 'Include your tractor of the led suit.',
};

/**
 * A throw stands only when no other single player can beat any of its units in that suit. When it fails,
 * the thrower must play the smallest beatable unit (fewest cards, then lowest): the smallest any other
 * player could beat, or with `throwForced: 'firstBlocker'` the smallest the first such player in turn could beat.
 */
function failedThrowUnit(state: TractorState, seat: number, units: ReturnType<typeof leadUnits>, suit: string, trump: Trump) {
  const smallestFirst = units.slice().sort((a, b) => unitCards(a) - unitCards(b) || unitTop(a, trump) - unitTop(b, trump));
  const others = Array.from({ length: state.seats - 1 }, (_, i) => (seat + 1 + i) % state.seats);
  const holdings = others.map((other) => countFaces(handFaces(state, other).filter((f) => effSuit(f, trump) === suit)));
  if (state.options.throwForced === 'firstBlocker') {
    for (const holding of holdings) {
      const unit = smallestFirst.find((u) => canBeat(u, holding, trump));
      if (unit) return unit;
    }
    return null;
  }
  return smallestFirst.find((u) => holdings.some((holding) => canBeat(u, holding, trump))) ?? null;
}

/** A failed throw's penalty in points, to the thrower's other side: the attackers' when a declarer failed. */
function throwPenalty(state: TractorState, cardsTakenBack: number): number {
  const policy = state.options.throwPenalty;
  return policy === 'tenPerAttempt' ? 10 : policy === 'tenPerCard' ? 10 * cardsTakenBack : 0;
}

function finishTrick(state: TractorState, events: GameEvent[]): void {
  const trump = trumpOf(state);
  const faces = state.trick.map((p) => ({ cards: p.cards.map(faceOf) }));
  const winner = state.trick[trickWinner(faces, trump, state.options)]!.seat;
  const points = state.trick.reduce((sum, p) => sum + sumPoints(p.cards), 0);
  state.captured[winner]! += points;
  state.tricks.push({ leader: state.leader, winner, points, plays: state.trick });
  events.push({ type: 'trickWon', seat: winner, points });
  state.trick = [];
  state.leader = state.turn = winner;
  if (state.hands.every((h) => h.length === 0)) finishHand(state, winner, events);
}

function finishHand(state: TractorState, lastWinner: number, events: GameEvent[]): void {
  const { options, seats } = state;
  const trump = trumpOf(state);
  const lastLead = state.tricks[state.tricks.length - 1]!.plays[0]!.cards.map(faceOf);
  const largest = Math.max(...decompose(lastLead, trump).map(unitCards));
  const kittyPoints = sumPoints(state.kitty);
  const multiplier = state.declarers[lastWinner] ? 0 : kittyMultiplier(options.kittyMultiplier, lastLead.length, largest);
  const captured = state.captured.reduce((sum, p, seat) => (state.declarers[seat] ? sum : sum + p), 0);
  const attackerPoints = captured + state.penalty + kittyPoints * multiplier;
  const outcome = handOutcome(attackerPoints, state.decks);
  const { declarersWon } = outcome;
  const smallTeam = options.mode === 'findingFriends' && state.declarers.filter(Boolean).length < friendCount(options, seats) + 1;
  const steps = outcome.steps + (declarersWon && smallTeam && options.smallTeamBonus ? 1 : 0);
  for (let seat = 0; seat < seats; seat++) {
    if (state.declarers[seat] !== declarersWon) continue;
    const moved = advance(state.levels[seat]!, steps, declarersWon, options);
    state.levels[seat] = moved.level;
    if (moved.passedTop) state.winners.push(seat);
  }
  // "J back to 2": a single jack of the attackers taking the last trick sends the declarers to 2.
  if (options.jackBackToTwo && state.trumpRank === RANKS.indexOf('J') && !state.declarers[lastWinner] && lastLead.length === 1) {
    const winningCard = state.tricks[state.tricks.length - 1]!.plays.find((p) => p.seat === lastWinner)!.cards[0]!;
    if (rankOf(faceOf(winningCard)) === 'J') {
      for (let seat = 0; seat < seats; seat++) if (state.declarers[seat]) state.levels[seat] = 0;
      events.push({ type: 'jackBackToTwo', seat: lastWinner });
    }
  }
  // The next seat in turn from the starter on the winning side (the starter again if he won alone).
  let nextStarter = (state.starter + 1) % seats;
  while (state.declarers[nextStarter] !== declarersWon && nextStarter !== state.starter) nextStarter = (nextStarter + 1) % seats;
  // The kitty is turned face up when the attackers take the last trick; otherwise it stays the starter's.
  const kittyShown = options.kittyReveal === 'always' || !state.declarers[lastWinner];
  state.kittyShown = kittyShown ? state.kitty.map(faceOf) : [];
  state.result = { attackerPoints, kittyPoints: kittyShown ? kittyPoints : 0, kittyMultiplier: multiplier, declarersWon, steps, nextStarter };
  state.phase = 'handEnd';
  events.push({ type: 'handOver', ...state.result });
  if (state.winners.length === 0 && options.handLimit > 0 && state.handNumber >= options.handLimit) {
    const best = Math.max(...state.levels);
    state.winners = state.levels.flatMap((level, seat) => (level === best ? [seat] : []));
  }
  if (state.winners.length > 0) {
    state.phase = 'over';
    state.turn = -1; // the room announces the end (its gameOver event) to every game alike
  }
}

function nextHand(state: TractorState): MoveResult<TractorState> {
  const next = cloneState(state);
  next.starter = state.result!.nextStarter;
  next.handNumber++;
  startHand(next);
  return accept(next, [{ type: 'handStarted', handNumber: next.handNumber, starter: next.starter }]);
}

// ---------------------------------------------------------------- entry point

const isFaceList = (v: unknown): v is string[] => Array.isArray(v) && v.every((c) => isCard(c));

export function applyMove(state: TractorState, actor: Actor, raw: unknown): MoveResult<TractorState> {
  const guard = guardMove(activeActors(state), actor, raw);
  if (guard) return guard;
  const move = raw as Record<string, unknown> & { type: string };
  const systemOnly = (phase: TractorState['phase'], run: () => MoveResult<TractorState>) =>
    actor !== SYSTEM ? err('system-move', 'Only the dealer (system) makes that move.') : state.phase !== phase ? err('wrong-phase', `Not possible now (${state.phase}).`) : run();
  switch (move.type) {
    case 'deal':
      return systemOnly('dealing', () => deal(state));
    case 'closeDeclaring':
      return systemOnly('declaring', () => closeDeclaring(state));
    case 'endTheft':
      return systemOnly('stealing', () => endTheft(state));
    case 'nextHand':
      return systemOnly('handEnd', () => nextHand(state));
    case 'declare':
      if (actor === SYSTEM || (state.phase !== 'dealing' && state.phase !== 'declaring' && state.phase !== 'stealing')) return err('wrong-phase', 'Declaring is over.');
      if (!isCard(move.card) || !Number.isInteger(move.count) || (move.count as number) < 1) return err('malformed', 'A declaration names a card and a count.');
      return declare(state, actor, move.card, move.count as number);
    case 'takeBackBid':
      if (actor === SYSTEM || (state.phase !== 'dealing' && state.phase !== 'declaring')) return err('wrong-phase', 'Declaring is over.');
      return takeBackBid(state, actor);
    case 'bury':
      if (state.phase !== 'burying' || actor !== state.exchanger) return err('wrong-phase', 'Only the holder of the kitty buries, after the deal.');
      if (!isFaceList(move.cards)) return err('malformed', 'Bury a list of cards.');
      return bury(state, move.cards);
    case 'callFriends':
      if (state.phase !== 'calling' || actor !== state.starter) return err('wrong-phase', 'Only the starter calls friends, after burying.');
      return callFriends(state, move.friends);
    case 'play':
      if (state.phase !== 'playing' || actor !== state.turn) return err('wrong-phase', 'It is not your turn to play.');
      if (!isFaceList(move.cards)) return err('malformed', 'Play a list of cards.');
      return play(state, actor, move.cards);
    default:
      return err('unknown-move', `Unknown move type "${move.type}".`);
  }
}

