/**
 * Cards, turns and the move list. Every legal move is enumerated with its exact effect (card, marble,
 * destination), so `applyMove` only has to find the submitted move in that list and carry it out.
 */
import { accept, CoreErrors, guardMove, reject, SYSTEM, type Actor, type GameEvent, type MoveResult } from '../../core/game.ts';
import { isJoker, rankOf } from '../../core/cards/index.ts';
import { randomInt, shuffled } from '../../core/rng.ts';
import { geometry, locationName, occupancy, type Location } from './board.ts';
import { backwardDestinations, bullseyeExitDestination, forwardDestinations, hopsToExit, penExitDestination, type Destination, type Table } from './paths.ts';
import { GAME_ID } from './setup.ts';
import type { Marble, Move, PendingSplit, State } from './types.ts';

export const HAND_SIZE = 5;
const PLAY_AGAIN = new Set(['A', 'K', 'Q', 'J', '6', 'JK']);
const LEAVES_PEN = new Set(['A', '6', 'JK']);
const LEAVES_BULLSEYE = new Set(['J', 'Q', 'K']);
/** Joker above ace above king … for the cut. */
const CUT_ORDER = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', 'JK'];

/** Rank with both jokers as `JK`. */
export function rank(card: string): string {
  return isJoker(card) ? 'JK' : rankOf(card);
}
export const isPlayAgain = (card: string) => PLAY_AGAIN.has(rank(card));
/** Steps a card moves: face cards, aces and jokers 1, the others their number. */
export function cardSteps(card: string): number {
  const r = rank(card);
  return r === 'JK' || r === 'A' || r === 'J' || r === 'Q' || r === 'K' ? 1 : Number(r);
}

const err = (reason: string, message: string) => reject(`${GAME_ID}/${reason}`, message);

// ---------------------------------------------------------------------------------------------------
// Who may move what

function teamOf(state: State, colour: number): number {
  const seat = state.players.findIndex((p) => p.colours.includes(colour));
  return state.players[seat]!.team === -1 ? -1 - seat : state.players[seat]!.team;
}

export function makeTable(state: State, marbles: Marble[] = state.marbles): Table {
  return {
    g: geometry(state.board),
    options: state.options,
    occupant: occupancy(marbles),
    friendly: (a, b) => teamOf(state, a) === teamOf(state, b),
  };
}

const allHome = (marbles: readonly Marble[], colour: number) => marbles.every((m) => m.colour !== colour || m.area === 'home');

/** Colours a seat moves: its own, and its partners' (always, or once its own are home). */
export function controlledColours(state: State, seat: number, marbles: readonly Marble[] = state.marbles): number[] {
  const me = state.players[seat]!;
  if (me.team === -1) return me.colours;
  if (state.options.partnerMarbles === 'afterFinishing' && !me.colours.every((c) => allHome(marbles, c))) return me.colours;
  return state.players.filter((p) => p.team === me.team).flatMap((p) => p.colours);
}

/**
 * Strict fast-track rule: the marbles that must be moved — per colour, the fast-track marble nearest its
 * exit — counting only marbles in `among` (the ones on the fast track when the card was played).
 */
function obligated(state: State, seat: number, marbles: readonly Marble[], among: readonly string[]): Marble[] {
  if (state.options.fastTrackObligation !== 'strict') return [];
  const g = geometry(state.board);
  const best = new Map<number, Marble>();
  for (const colour of controlledColours(state, seat, marbles)) {
    for (const m of marbles) {
      if (m.colour !== colour || m.ring === 'none' || !among.includes(m.id)) continue;
      const b = best.get(colour);
      if (!b || hopsToExit(g, m.colour, m.space) < hopsToExit(g, b.colour, b.space)) best.set(colour, m);
    }
  }
  return [...best.values()];
}

function onFastTrack(state: State, seat: number, marbles: readonly Marble[]): string[] {
  const colours = controlledColours(state, seat, marbles);
  return marbles.filter((m) => m.ring !== 'none' && colours.includes(m.colour)).map((m) => m.id);
}

// ---------------------------------------------------------------------------------------------------
// Candidates: a legal move together with its effect

interface Step {
  marble: string;
  dest: Destination;
}
interface Candidate {
  move: Move;
  steps: Step[];
}

const PEN: Destination = { to: { area: 'pen', space: -1 }, ring: 'none', captured: null };

function moveMarbles(marbles: readonly Marble[], steps: readonly Step[]): Marble[] {
  const out = marbles.map((m) => ({ ...m }));
  for (const { marble, dest } of steps) {
    const m = out.find((x) => x.id === marble)!;
    if (dest.captured) Object.assign(out.find((x) => x.id === dest.captured)!, { area: 'pen', space: -1, ring: 'none' });
    Object.assign(m, { area: dest.to.area, space: dest.to.space, ring: dest.ring });
  }
  return out;
}

/** Second part of a split 7, after the first part has been made. */
function splitRestCandidates(state: State, seat: number, marbles: Marble[], split: PendingSplit): Candidate[] {
  const must = obligated(state, seat, marbles, split.fastTrackAtStart);
  const colours = controlledColours(state, seat, marbles);
  const pool = must.length ? must : marbles.filter((m) => colours.includes(m.colour));
  const t = makeTable(state, marbles);
  return pool
    .filter((m) => m.id !== split.marble)
    .flatMap((m) =>
      forwardDestinations(t, m, split.remaining).map((dest) => ({
        move: { type: 'splitRest', marble: m.id, to: locationName(dest.to) },
        steps: [{ marble: m.id, dest }],
      })),
    );
}

const swappable = (m: Marble) => m.area === 'track' || m.area === 'bullseye';
function swapDest(g: ReturnType<typeof geometry>, to: Location): Destination {
  return { to, ring: to.area === 'track' && g.isFastTrack(to.space) ? 'entered' : 'none', captured: null };
}

/** Every way to play `card` now. */
function cardCandidates(state: State, seat: number, card: string): Candidate[] {
  const r = rank(card);
  const steps = cardSteps(card);
  const t = makeTable(state);
  const atStart = onFastTrack(state, seat, state.marbles);
  const must = obligated(state, seat, state.marbles, atStart);
  const colours = controlledColours(state, seat);
  const mine = state.marbles.filter((m) => colours.includes(m.colour));
  const movable = must.length ? must : mine;
  const single = (m: Marble, dest: Destination): Candidate => ({
    move: { type: 'move', card, marble: m.id, to: locationName(dest.to) },
    steps: [{ marble: m.id, dest }],
  });
  const out: Candidate[] = [];

  if (r === '4') {
    for (const m of movable) for (const d of backwardDestinations(t, m, 4)) out.push(single(m, d));
  } else {
    for (const m of movable) for (const d of forwardDestinations(t, m, steps)) out.push(single(m, d));
    if (!must.length && LEAVES_PEN.has(r)) {
      for (const colour of colours) {
        const m = mine.find((x) => x.colour === colour && x.area === 'pen'); // pen marbles are alike: offer one per colour
        const d = m && penExitDestination(t, m);
        if (d) out.push(single(m, d));
      }
    }
    if (!must.length && LEAVES_BULLSEYE.has(r)) {
      for (const m of mine) {
        const d = bullseyeExitDestination(t, m);
        if (d) out.push(single(m, d));
      }
    }
    if (r === 'J') out.push(...swapCandidates(state, card, movable, must.length > 0));
    if (r === '7') {
      for (const m of movable) {
        for (let a = 1; a < 7; a++) {
          for (const dest of forwardDestinations(t, m, a)) {
            const first: Step = { marble: m.id, dest };
            const split: PendingSplit = { card, marble: m.id, remaining: 7 - a, fastTrackAtStart: atStart };
            if (splitRestCandidates(state, seat, moveMarbles(state.marbles, [first]), split).length) {
              out.push({ move: { type: 'split', card, marble: m.id, to: locationName(dest.to), steps: a }, steps: [first] });
            }
          }
        }
      }
    }
  }
  if (out.length) return out;
  // Nothing the card normally does is possible.
  if (must.length) return must.map((m) => single(m, PEN)); // a blocked fast-track marble goes back to its pen
  if (r !== '4') {
    for (const m of movable) for (const d of backwardDestinations(t, m, steps)) out.push(single(m, d));
    if (out.length) return out;
  }
  return [{ move: { type: 'discard', card }, steps: [] }];
}

function swapCandidates(state: State, card: string, movable: Marble[], obliged: boolean): Candidate[] {
  const g = geometry(state.board);
  const onBoard = state.marbles.filter(swappable);
  const firsts = state.options.jackSwap === 'anyTwo' && !obliged ? onBoard : movable.filter(swappable);
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const a of firsts) {
    for (const b of onBoard) {
      if (a.colour === b.colour) continue;
      const key = [a.id, b.id].sort().join('|');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        move: { type: 'swap', card, marble: a.id, other: b.id },
        steps: [
          { marble: a.id, dest: swapDest(g, b) },
          { marble: b.id, dest: swapDest(g, a) },
        ],
      });
    }
  }
  return out;
}

function candidates(state: State, actor: Actor): Candidate[] {
  if (state.phase !== 'play' || actor !== state.turn.seat) return [];
  if (state.turn.split) return splitRestCandidates(state, actor, state.marbles, state.turn.split);
  return state.players[actor]!.hand.flatMap((card) => cardCandidates(state, actor, card));
}

// ---------------------------------------------------------------------------------------------------
// Contract functions

export function activeActors(state: State): Actor[] {
  if (state.phase === 'cut') return [SYSTEM];
  return state.phase === 'play' ? [state.turn.seat] : [];
}

export function legalMoves(state: State, actor: Actor): Move[] {
  if (state.phase === 'cut') return actor === SYSTEM ? [{ type: 'cut' }] : [];
  return candidates(state, actor).map((c) => c.move);
}

export function applyMove(state: State, actor: Actor, move: unknown): MoveResult<State> {
  const guard = guardMove(activeActors(state), actor, move);
  if (guard) return guard;
  let m = move as Record<string, unknown>;
  if (state.phase === 'cut') return m.type === 'cut' ? cut(state) : err('cut-first', 'The cut for first player comes first.');
  if (!['move', 'split', 'splitRest', 'swap', 'discard'].includes(m.type as string)) {
    return reject(CoreErrors.unknownMove, `Unknown move type "${String(m.type)}".`);
  }
  const seat = actor as number;
  let pool: Candidate[];
  if (m.type === 'splitRest') {
    if (!state.turn.split) return err('no-split', 'There is no split 7 to finish.');
    pool = candidates(state, seat);
  } else {
    if (state.turn.split) return err('split-pending', 'Finish the split 7 first.');
    if (typeof m.card !== 'string' || !state.players[seat]!.hand.includes(m.card)) return err('not-in-hand', 'That card is not in your hand.');
    pool = cardCandidates(state, seat, m.card);
  }
  // Pen marbles of a colour are alike: any of them stands for the one the list offers.
  const marble = state.marbles.find((x) => x.id === m.marble);
  if (m.type === 'move' && marble?.area === 'pen') {
    m = { ...m, marble: state.marbles.find((x) => x.colour === marble.colour && x.area === 'pen')!.id };
  }
  const swapped = m.type === 'swap' ? { ...m, marble: m.other, other: m.marble } : m;
  const chosen = pool.find((c) => sameFields(c.move, m) || sameFields(c.move, swapped));
  if (!chosen) return explain(state, seat, m, pool);
  return play(state, seat, chosen);
}

/** A listed move equals a submitted one (flat objects of primitives; extra submitted keys fail). */
function sameFields(listed: Move, submitted: Record<string, unknown>): boolean {
  const keys = Object.keys(listed);
  return keys.length === Object.keys(submitted).length && keys.every((k) => (listed as Record<string, unknown>)[k] === submitted[k]);
}

/** Copy of the state that `applyMove` may change (options are never changed, so they are shared). */
function cloneState(state: State): State {
  return {
    ...state,
    rng: [...state.rng],
    players: state.players.map((p) => ({ ...p, colours: [...p.colours], deck: [...p.deck], hand: [...p.hand], discard: [...p.discard] })),
    marbles: state.marbles.map((m) => ({ ...m })),
    cutContenders: [...state.cutContenders],
    turn: { ...state.turn, chain: [...state.turn.chain], split: state.turn.split && { ...state.turn.split, fastTrackAtStart: [...state.turn.split.fastTrackAtStart] } },
    winners: [...state.winners],
  };
}

/** A specific reason for a refused move where one is easy to tell. */
function explain(state: State, seat: number, m: Record<string, unknown>, pool: Candidate[]): MoveResult<State> {
  if (m.type === 'discard') return err('card-has-effect', 'A card may be discarded only when it can do nothing.');
  // A marble that does not exist is named first: telling its sender to discard would answer a move it did not make.
  const marble = state.marbles.find((x) => x.id === m.marble);
  if (!marble) return err('unknown-marble', 'No such marble.');
  if (pool.some((c) => c.move.type === 'discard')) return err('no-effect', 'That card can do nothing now: discard it.');
  if (!controlledColours(state, seat).includes(marble.colour) && !(m.type === 'swap' && state.options.jackSwap === 'anyTwo')) {
    return err('not-your-marble', 'You cannot move that marble.');
  }
  const atStart = state.turn.split?.fastTrackAtStart ?? onFastTrack(state, seat, state.marbles);
  const must = obligated(state, seat, state.marbles, atStart);
  if (must.length && !must.some((x) => x.id === marble.id)) return err('fast-track-first', 'Your marble on the fast track must be moved first.');
  return err('illegal-move', 'That card cannot make that move.');
}

function play(state: State, seat: number, chosen: Candidate): MoveResult<State> {
  const s = cloneState(state);
  const events: GameEvent[] = [];
  const me = s.players[seat]!;
  const move = chosen.move;
  const atStart = s.turn.split ? s.turn.split.fastTrackAtStart : onFastTrack(s, seat, s.marbles);
  let card: string;
  if (move.type === 'splitRest') {
    card = s.turn.split!.card;
  } else {
    card = (move as { card: string }).card;
    me.hand.splice(me.hand.indexOf(card), 1);
    me.discard.push(card);
    s.turn.chain.push(card);
    events.push({ type: 'played', seat, card });
  }
  for (const { marble, dest } of chosen.steps) {
    const from = s.marbles.find((x) => x.id === marble)!;
    events.push({ type: 'moved', marble, from: locationName(from), to: locationName(dest.to) });
    if (dest.captured) events.push({ type: 'captured', marble: dest.captured });
  }
  s.marbles = moveMarbles(s.marbles, chosen.steps);
  me.stalls = move.type === 'discard' ? me.stalls + 1 : 0;
  if (s.options.stallRelief > 0 && me.stalls >= s.options.stallRelief) relieveStall(s, seat, events);

  if (move.type === 'split') {
    s.turn.split = { card, marble: move.marble, remaining: 7 - move.steps, fastTrackAtStart: atStart };
    return accept(s, events);
  }
  const moved = chosen.steps.map((x) => x.marble);
  if (move.type === 'splitRest') moved.push(s.turn.split!.marble);
  s.turn.split = null;
  if (s.options.fastTrackObligation === 'loseStatus') {
    // Moving another marble costs the fast-track marbles their status.
    for (const mb of s.marbles) if (atStart.includes(mb.id) && !moved.includes(mb.id)) mb.ring = 'none';
  }
  finishCard(s, seat, card, events);
  return accept(s, events);
}

/** Anti-stall house rule: a marble of the player's colours leaves its pen (if one can). */
function relieveStall(s: State, seat: number, events: GameEvent[]): void {
  const t = makeTable(s);
  const colours = controlledColours(s, seat);
  for (const m of s.marbles) {
    const dest = colours.includes(m.colour) ? penExitDestination(t, m) : null;
    if (!dest) continue;
    events.push({ type: 'stallRelief', seat, marble: m.id, to: locationName(dest.to) });
    if (dest.captured) events.push({ type: 'captured', marble: dest.captured });
    s.marbles = moveMarbles(s.marbles, [{ marble: m.id, dest }]);
    s.players[seat]!.stalls = 0;
    return;
  }
}

function finishCard(s: State, seat: number, card: string, events: GameEvent[]): void {
  const winners = winningSeats(s);
  if (winners.length) {
    s.phase = 'over';
    s.winners = winners;
    events.push({ type: 'won', seats: winners });
    return;
  }
  const me = s.players[seat]!;
  if (isPlayAgain(card)) {
    if (me.hand.length === 0) draw(s, seat, HAND_SIZE, events); // five play-again cards played: a fresh five
    return;
  }
  draw(s, seat, HAND_SIZE - me.hand.length, events);
  s.turn = { seat: (seat + 1) % s.seats, chain: [], split: null };
  events.push({ type: 'turn', seat: s.turn.seat });
}

function draw(s: State, seat: number, count: number, events: GameEvent[]): void {
  const p = s.players[seat]!;
  for (let i = 0; i < count; i++) {
    if (p.deck.length === 0) {
      p.deck = shuffled(s.rng, p.discard);
      p.discard = [];
      events.push({ type: 'reshuffled', seat });
    }
    p.hand.push(p.deck.pop()!);
  }
  if (count > 0) events.push({ type: 'drew', seat, count });
}

/** Seats whose side (the player, or the whole team) has every colour home. */
export function winningSeats(s: State): number[] {
  const sideColours = (seat: number) => {
    const team = s.players[seat]!.team;
    return team === -1 ? s.players[seat]!.colours : s.players.filter((p) => p.team === team).flatMap((p) => p.colours);
  };
  return s.players.map((_, seat) => seat).filter((seat) => sideColours(seat).every((c) => allHome(s.marbles, c)));
}

/** SYSTEM: everyone still contending shows a card from their deck; a single highest card starts, ties cut again. */
function cut(state: State): MoveResult<State> {
  const s = cloneState(state);
  const shown: Record<string, string> = {};
  for (const seat of s.cutContenders) {
    const deck = s.players[seat]!.deck;
    s.players[seat]!.cut = shown[seat] = deck[randomInt(s.rng, deck.length)]!;
  }
  const value = (seat: number) => CUT_ORDER.indexOf(rank(s.players[seat]!.cut));
  const best = Math.max(...s.cutContenders.map(value));
  s.cutContenders = s.cutContenders.filter((seat) => value(seat) === best);
  const events: GameEvent[] = [{ type: 'cut', cards: shown }];
  if (s.cutContenders.length === 1) {
    const first = s.cutContenders[0]!;
    s.cutContenders = [];
    s.phase = 'play';
    s.turn = { seat: first, chain: [], split: null };
    for (let seat = 0; seat < s.seats; seat++) draw(s, seat, HAND_SIZE, events);
    events.push({ type: 'turn', seat: first });
  }
  return accept(s, events);
}
