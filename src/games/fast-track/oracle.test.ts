/**
 * An independent model of the rules document's moves, compared with the engine's legal-move lists on many generated
 * positions (default options: the game as the document describes it). The model walks each move step by step as a
 * path through the board (main track, fast track, bull's eye, home row) instead of counting hops, so a slip in either
 * shows up as a difference.
 */
import { describe, expect, it } from 'vitest';
import { randomSource } from '../../core/rng.ts';
import { game } from './index.ts';
import { hand, table } from './scenarios.ts';
import type { Marble, Move, Options, RingStatus, State } from './types.ts';

const ZONE = 14;
const HOME = 4;
const RANKS = ['BJ', 'AS', '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S', '10S', 'JS', 'QS', 'KS'];

/** A place as the moves name it. */
type Place = string;

interface Model {
  zones: number;
  length: number;
  marbles: Marble[];
  /** Colours the seat moves: its own, and in team play its partners'. */
  controlled: number[];
  options: Options;
  /** The side (player, or team) of each colour. */
  side: Map<number, number>;
}

/** May a marble of colour c end its move where `o` stands (capturing it)? */
function mayLand(m: Model, c: number, o: Marble | undefined, place: Place): boolean {
  if (!o) return true;
  if (o.colour === c) return false;
  if (!m.options.friendlyCapture && m.side.get(o.colour) === m.side.get(c)) return false;
  return place !== 'bullseye' || m.options.bullseyeCapture;
}

const isFast = (p: number) => p % ZONE === 5;
const penExit = (c: number) => c * ZONE;
const homeEntry = (m: Model, c: number) => (c * ZONE - 2 + m.length) % m.length;
/** The fast-track space of colour c: where it leaves the fast track, 7 spaces before its home entry. */
const ownFast = (m: Model, c: number) => (c * ZONE - 9 + m.length) % m.length;
const firstFast = (c: number) => c * ZONE + 5;

function placeOf(x: Marble): Place {
  return x.area === 'track' ? `track-${x.space}` : x.area === 'home' ? `home-${x.space}` : x.area;
}
/** Who stands at a place, seen by a marble of colour c (home rows are per colour). */
function at(m: Model, c: number, place: Place, self: string): Marble | undefined {
  return m.marbles.find((x) => x.id !== self && x.area !== 'pen' && placeOf(x) === place && (x.area !== 'home' || x.colour === c));
}

interface Dest {
  to: Place;
  ring: RingStatus;
  captured: string | null;
}

/**
 * The paths of a move of `n` steps, each the list of places it goes through. Along the main track a marble turns
 * into its home row at its home entry; round the fast track it hops from one fast-track space to the next, never past
 * its own fast-track space; the last step of a main-track walk from a fast-track space may go into the bull's eye
 * instead (not for a marble that started its move on the fast track).
 */
function paths(m: Model, x: Marble, n: number, backward: boolean): Place[][] {
  const c = x.colour;
  const startedFast = x.area === 'track' && isFast(x.space);
  /** Walks the main track from track space p (or home hole h) for `left` steps after `done`. */
  const main = (done: Place[], p: number, h: number, left: number, bullseye = true): Place[][] => {
    const route = [...done];
    for (let i = 0; i < left; i++) {
      const last = i === left - 1;
      const entry = m.options.bullseyeEntry === 'anyFastTrack' || p === firstFast(c);
      if (bullseye && last && h < 0 && isFast(p) && !startedFast && entry && (!backward || m.options.bullseyeBackward)) return [...main(route, p, h, 1, false), [...route, 'bullseye']];
      if (backward) {
        if (h >= 0) return [];
        p = (p - 1 + m.length) % m.length;
      } else if (h >= 0) {
        if (++h >= HOME) return [];
      } else if (p === homeEntry(m, c)) h = 0;
      else p = (p + 1) % m.length;
      route.push(h >= 0 ? `home-${h}` : `track-${p}`);
    }
    return [route];
  };
  if (x.area === 'home') return backward ? [] : main([], -1, x.space, n);
  if (x.area !== 'track') return [];
  /** Up to `most` fast-track hops (as far as the track allows), then the main track for the rest. */
  const ride = (most = n): Place[][] => {
    let p = x.space;
    const route: Place[] = [];
    let left = n;
    if (backward) {
      while (left > 0 && p !== firstFast(c)) {
        p = (p - ZONE + m.length) % m.length;
        route.push(`track-${p}`);
        left--;
      }
    } else {
      while (left > 0 && p !== ownFast(m, c) && route.length < most) {
        p = (p + ZONE) % m.length;
        route.push(`track-${p}`);
        left--;
      }
    }
    return left === 0 ? [route] : mainFrom(route, p, left);
  };
  const mainFrom = (done: Place[], p: number, left: number) => main(done, p, -1, left).filter((r) => r.at(-1) !== 'bullseye');
  const onFast = isFast(x.space) && x.ring !== 'none';
  if (backward) return onFast && x.ring === 'riding' ? ride() : main([], x.space, -1, n);
  if (!onFast || x.space === ownFast(m, c)) return main([], x.space, -1, n);
  // Option ringStepOff anyHop: it may step off at any fast-track space it reaches, after any number of hops.
  if (m.options.ringStepOff === 'anyHop') return Array.from({ length: n }, (_, k) => ride(k + 1)).flat().concat(main([], x.space, -1, n));
  // Riding, it rides on (option ringStepOff moveStart: it may step off where its move starts).
  return x.ring === 'riding' && m.options.ringStepOff === 'never' ? ride() : [...main([], x.space, -1, n), ...ride()];
}

/** Where the paths may end: never on or over a marble of the same colour; landing on another colour captures it. */
function walks(m: Model, x: Marble, n: number, backward: boolean): Dest[] {
  const out: Dest[] = [];
  for (const route of paths(m, x, n, backward)) {
    if (route.length !== n) continue;
    const blocked = route.some((place) => at(m, x.colour, place, x.id)?.colour === x.colour);
    const to = route.at(-1)!;
    const o = at(m, x.colour, to, x.id);
    if (blocked || !mayLand(m, x.colour, o, to)) continue;
    const sp = to.startsWith('track-') ? Number(to.slice(6)) : -1;
    const prev = route.length >= 2 ? route.at(-2)! : placeOf(x);
    const gap = prev.startsWith('track-') && sp >= 0 ? (sp - Number(prev.slice(6)) + m.length) % m.length : 0;
    const hopped = gap === ZONE || gap === m.length - ZONE;
    const ring: RingStatus = sp >= 0 && isFast(sp) ? (hopped ? 'riding' : 'entered') : 'none';
    if (!out.some((d) => d.to === to)) out.push({ to, ring, captured: o ? o.id : null });
  }
  return out;
}

const rankOf = (card: string) => (card === 'BJ' || card === 'SJ' ? 'JK' : card.slice(0, -1));
const stepsOf = (r: string) => (['JK', 'A', 'J', 'Q', 'K'].includes(r) ? 1 : Number(r));

function modelOf(s: State, seat: number, marbles = s.marbles): Model {
  const me = s.players[seat]!;
  const controlled = me.team === -1 ? me.colours : s.players.filter((p) => p.team === me.team).flatMap((p) => p.colours);
  const zones = s.board === 'square' ? 4 : 6;
  const side = new Map(s.players.flatMap((p, i) => p.colours.map((c) => [c, p.team === -1 ? -1 - i : p.team] as const)));
  return { zones, length: zones * ZONE, marbles, controlled, options: s.options, side };
}

function hopsToOwn(m: Model, x: Marble): number {
  return ((ownFast(m, x.colour) - x.space + m.length) % m.length) / ZONE;
}

/** Marbles that must move (the document's fast-track rule): per colour, the one on the fast track nearest its exit. */
function mustMove(m: Model, among: (x: Marble) => boolean): Marble[] {
  const out: Marble[] = [];
  if (m.options.fastTrackObligation === 'loseStatus') return out;
  for (const c of m.controlled) {
    const on = m.marbles.filter((x) => x.colour === c && x.area === 'track' && isFast(x.space) && x.ring !== 'none' && among(x));
    on.sort((a, b) => hopsToOwn(m, a) - hopsToOwn(m, b));
    if (on[0]) out.push(on[0]);
  }
  return out;
}

function moved(m: Model, x: Marble, d: Dest): Model {
  const marbles = m.marbles.map((y) => {
    if (y.id === d.captured) return { ...y, area: 'pen' as const, space: -1, ring: 'none' as const };
    if (y.id !== x.id) return y;
    const [area, sp] = d.to.includes('-') ? (d.to.split('-') as ['track' | 'home', string]) : [d.to as 'bullseye', '-1'];
    return { ...y, area, space: Number(sp), ring: d.ring };
  });
  return { ...m, marbles };
}

/** The rest of a split 7 after its first part: another marble forward, the fast-track rule judged on the 7's start. */
function splitRests(m: Model, first: string, rest: number, fastAtStart: Set<string>): string[] {
  const must = mustMove(m, (x) => fastAtStart.has(x.id));
  const pool = must.length ? must : m.marbles.filter((x) => m.controlled.includes(x.colour));
  return pool.filter((x) => x.id !== first).flatMap((x) => walks(m, x, rest, false).map((d) => `rest ${x.id}>${d.to}`));
}

/** Every way to play one card, as text. */
function modelMoves(m: Model, card: string): string[] {
  const r = rankOf(card);
  const n = stepsOf(r);
  const mine = m.marbles.filter((x) => m.controlled.includes(x.colour));
  const fastAtStart = new Set(mine.filter((x) => x.area === 'track' && isFast(x.space) && x.ring !== 'none').map((x) => x.id));
  const must = mustMove(m, () => true);
  const movable = must.length ? must : mine;
  const out: string[] = [];
  if (r === '4') {
    for (const x of movable) for (const d of walks(m, x, 4, true)) out.push(`${x.id}>${d.to}`);
  } else {
    for (const x of movable) for (const d of walks(m, x, n, false)) out.push(`${x.id}>${d.to}`);
    if (!must.length && ['JK', 'A', '6'].includes(r)) {
      for (const c of m.controlled) {
        const inPen = mine.some((x) => x.colour === c && x.area === 'pen');
        const o = at(m, c, `track-${penExit(c)}`, '');
        if (inPen && mayLand(m, c, o, `track-${penExit(c)}`)) out.push(`${c}:pen>track-${penExit(c)}`);
      }
    }
    if (!must.length && ['J', 'Q', 'K'].includes(r)) {
      for (const x of mine.filter((y) => y.area === 'bullseye')) {
        const o = at(m, x.colour, `track-${ownFast(m, x.colour)}`, x.id);
        if (mayLand(m, x.colour, o, `track-${ownFast(m, x.colour)}`)) out.push(`${x.id}>track-${ownFast(m, x.colour)}`);
      }
    }
    if (r === 'J') {
      const swappable = m.marbles.filter((x) => x.area === 'track' || x.area === 'bullseye');
      for (const a of swappable) {
        for (const b of swappable) {
          if (a.id >= b.id || a.colour === b.colour) continue;
          if ((must.length || m.options.jackSwap === 'withOwn') && !movable.some((x) => x.id === a.id || x.id === b.id)) continue;
          out.push(`${a.id}<>${b.id}`);
        }
      }
    }
    if (r === '7') {
      for (const x of movable) {
        for (let k = 1; k < 7; k++) {
          for (const d of walks(m, x, k, false)) if (splitRests(moved(m, x, d), x.id, 7 - k, fastAtStart).length) out.push(`${x.id}>${d.to}/${k}`);
        }
      }
    }
  }
  if (out.length) return out;
  if (must.length) return must.map((x) => `${x.id}>pen`);
  if (r !== '4') for (const x of movable) for (const d of walks(m, x, n, true)) out.push(`${x.id}>${d.to}`);
  return out.length ? out : ['discard'];
}

/** The engine's list for one card, in the model's words. */
function engineMoves(s: State, card: string): string[] {
  const colourOf = (id: string) => s.marbles.find((x) => x.id === id)!;
  return game
    .legalMoves(s, s.turn.seat)
    .filter((mv): mv is Exclude<Move, { type: 'cut' } | { type: 'splitRest' }> => 'card' in mv && mv.card === card)
    .map((mv) => {
      if (mv.type === 'discard') return 'discard';
      if (mv.type === 'swap') return [mv.marble, mv.other].sort().join('<>');
      const x = colourOf(mv.marble);
      const who = x.area === 'pen' ? `${x.colour}:pen` : x.id;
      return mv.type === 'split' ? `${who}>${mv.to}/${mv.steps}` : `${who}>${mv.to}`;
    });
}

/** A random position: every marble somewhere it may stand, those on fast-track spaces arrived there or travelling it. */
function randomPosition(opts: Partial<Options>, seats: number, random: () => number): State {
  const s = hand(table(opts, seats, Math.floor(random() * seats)), 0, []);
  const length = s.board === 'square' ? 56 : 84;
  const taken = new Set<string>();
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
  for (const x of s.marbles) {
    const roll = random();
    let place: { area: Marble['area']; space: number } = { area: 'pen', space: -1 };
    if (roll < 0.55) {
      // Crowd the fast-track spaces, the pen exits and the home entries, where the rules have their exceptions.
      const near = random() < 0.4 ? pick([5, 19, 33, 47, 61, 75, 0, 14, 28, 42, 54, 12, 26, 40, 3, 4, 6, 7, 8].filter((p) => p < length)) : Math.floor(random() * length);
      place = { area: 'track', space: near };
    } else if (roll < 0.7) place = { area: 'home', space: Math.floor(random() * HOME) };
    else if (roll < 0.75) place = { area: 'bullseye', space: -1 };
    const key = place.area === 'home' ? `home-${x.colour}-${place.space}` : `${place.area}-${place.space}`;
    if (place.area === 'pen' || taken.has(key)) continue;
    taken.add(key);
    const fast = place.area === 'track' && isFast(place.space);
    Object.assign(x, { ...place, ring: fast ? (random() < 0.4 ? 'riding' : 'entered') : 'none' });
  }
  return hand(s, s.turn.seat, []);
}

function compareAll(opts: Partial<Options>, seats: number, positions: number, seed: string) {
  const random = randomSource(seed);
  let differences = 0;
  const report: string[] = [];
  for (let i = 0; i < positions; i++) {
    const s = randomPosition(opts, seats, random);
    const seat = s.turn.seat;
    const cards = RANKS.filter(() => random() < 0.5);
    hand(s, seat, cards);
    const m = modelOf(s, seat);
    for (const card of cards) {
      const want = [...new Set(modelMoves(m, card))].sort();
      const got = engineMoves(s, card).sort();
      if (JSON.stringify(want) !== JSON.stringify(got)) {
        differences++;
        if (report.length < 5) {
          const where = s.marbles.filter((x) => x.area !== 'pen').map((x) => `${x.id}@${placeOf(x)}${x.ring === 'none' ? '' : `(${x.ring})`}`);
          report.push(`seat ${seat} ${card} at ${where.join(' ')}\n  model ${want.join(' ')}\n  engine ${got.join(' ')}`);
        }
      }
    }
    // One of the moves carried out: every marble where the model puts it, fast-track status included.
    const singles = game.legalMoves(s, seat).filter((mv) => mv.type === 'move' || mv.type === 'swap');
    if (singles.length) {
      const mv = pick(singles, random);
      const r = game.applyMove(s, seat, mv);
      if (!r.ok) throw new Error(`move refused: ${r.error.code}`);
      const want = afterwards(m, s, mv);
      const got = r.state.marbles.map((x) => `${x.id}@${placeOf(x)}:${x.ring}`).sort();
      if (JSON.stringify(want) !== JSON.stringify(got)) {
        differences++;
        if (report.length < 5) report.push(`after ${JSON.stringify(mv)}\n  model ${want.join(' ')}\n  engine ${got.join(' ')}`);
      }
      const card = (mv as { card: string }).card;
      const again = ['JK', 'A', 'K', 'Q', 'J', '6'].includes(rankOf(card));
      // Play-again cards keep the turn (a fresh five once the hand is empty); any other card passes it on, hand refilled.
      if (r.state.phase !== 'over') {
        const expected = again ? [seat, cards.length - 1 || 5] : [(seat + 1) % s.seats, Math.max(cards.length - 1, 5)];
        expect([r.state.turn.seat, r.state.players[seat]!.hand.length]).toEqual(expected);
      }
    }
    // The rest of a split 7, after a first part chosen at random.
    const splits = game.legalMoves(s, seat).filter((mv): mv is Extract<Move, { type: 'split' }> => mv.type === 'split');
    if (splits.length) {
      const first = pick(splits, random);
      const r = game.applyMove(s, seat, first);
      if (!r.ok) throw new Error(`split refused: ${r.error.code}`);
      const fastAtStart = new Set(s.marbles.filter((x) => m.controlled.includes(x.colour) && x.area === 'track' && isFast(x.space) && x.ring !== 'none').map((x) => x.id));
      const want = [...new Set(splitRests(modelOf(r.state, seat), first.marble, 7 - first.steps, fastAtStart))].sort();
      const got = game
        .legalMoves(r.state, seat)
        .map((mv) => (mv.type === 'splitRest' ? `rest ${mv.marble}>${mv.to}` : JSON.stringify(mv)))
        .sort();
      if (JSON.stringify(want) !== JSON.stringify(got)) {
        differences++;
        if (report.length < 5) report.push(`split ${JSON.stringify(first)}\n  model ${want.join(' ')}\n  engine ${got.join(' ')}`);
      }
    }
  }
  expect(report.join('\n'), `${differences} differences`).toBe('');
}

/** Every marble after a move or a swap, as the model sees it. */
function afterwards(m: Model, s: State, mv: Move): string[] {
  let marbles = s.marbles;
  if (mv.type === 'swap') {
    const a = marbles.find((x) => x.id === mv.marble)!;
    const b = marbles.find((x) => x.id === mv.other)!;
    const onto = (x: Marble, y: Marble) => ({ ...x, area: y.area, space: y.space, ring: (y.area === 'track' && isFast(y.space) ? 'entered' : 'none') as RingStatus });
    marbles = marbles.map((x) => (x.id === a.id ? onto(a, b) : x.id === b.id ? onto(b, a) : x));
  } else if (mv.type === 'move') {
    const x = marbles.find((y) => y.id === mv.marble)!;
    const mover = x.area === 'pen' ? marbles.find((y) => y.colour === x.colour && y.area === 'pen')! : x;
    let d: Dest;
    if (mv.to === 'pen') d = { to: 'pen', ring: 'none', captured: null };
    else if (mover.area === 'pen' || mover.area === 'bullseye') {
      const o = at(m, mover.colour, mv.to, mover.id);
      d = { to: mv.to, ring: mover.area === 'bullseye' ? 'entered' : 'none', captured: o ? o.id : null };
    } else {
      const back = rankOf(mv.card) === '4' || !walks(m, mover, stepsOf(rankOf(mv.card)), false).some((w) => w.to === mv.to);
      d = walks(m, mover, stepsOf(rankOf(mv.card)), back).find((w) => w.to === mv.to)!;
    }
    marbles = d.to === 'pen' ? marbles.map((y) => (y.id === mover.id ? { ...y, area: 'pen' as const, space: -1, ring: 'none' as const } : y)) : moved({ ...m, marbles }, mover, d).marbles;
  }
  if (m.options.fastTrackObligation === 'loseStatus') {
    // Option loseStatus: moving another marble costs the ones on the fast track their status.
    const moving = mv.type === 'swap' ? [mv.marble, mv.other] : mv.type === 'move' ? [mv.marble] : [];
    const before = s.marbles.filter((x) => m.controlled.includes(x.colour) && x.ring !== 'none').map((x) => x.id);
    marbles = marbles.map((x) => (before.includes(x.id) && !moving.includes(x.id) && x.area === 'track' ? { ...x, ring: 'none' as const } : x));
  }
  return marbles.map((x) => `${x.id}@${placeOf(x)}:${x.ring}`).sort();
}

function pick<T>(xs: T[], random: () => number): T {
  return xs[Math.floor(random() * xs.length)]!;
}

/** Games played at random from the start, the model's list checked for the hand held at every play. */
function comparePlayed(opts: Partial<Options>, seats: number, games: number, seed: string) {
  const random = randomSource(seed);
  for (let g = 0; g < games; g++) {
    let s = table(opts, seats, 0);
    for (let step = 0; step < 400 && s.phase === 'play'; step++) {
      const seat = s.turn.seat;
      const legal = game.legalMoves(s, seat);
      if (!s.turn.split) {
        const m = modelOf(s, seat);
        for (const card of new Set(s.players[seat]!.hand)) {
          const want = [...new Set(modelMoves(m, card))].sort();
          const where = s.marbles.filter((x) => x.area !== 'pen').map((x) => `${x.id}@${placeOf(x)}${x.ring === 'none' ? '' : `(${x.ring})`}`);
          expect(engineMoves(s, card).sort(), `game ${g} step ${step}, seat ${seat} ${card} at ${where.join(' ')}`).toEqual(want);
        }
      }
      const r = game.applyMove(s, seat, pick(legal, random));
      if (!r.ok) throw new Error(`move refused: ${r.error.code}`);
      s = r.state;
    }
  }
}

describe('the engine’s legal moves against an independent model of the rules document', () => {
  it('in games played at random, 4 players and 3 players with two colours each', () => {
    comparePlayed({}, 4, 4, 'oracle-played-4');
    comparePlayed({}, 3, 2, 'oracle-played-3');
  });
  it('four players, square board', () => compareAll({}, 4, 300, 'oracle-4'));
  it('two players with two colours each, square board', () => compareAll({}, 2, 200, 'oracle-2'));
  it('three players with two colours each, hexagonal board', () => compareAll({}, 3, 200, 'oracle-3'));
  it('teams of two, four players', () => compareAll({ teams: 'pairs' }, 4, 200, 'oracle-pairs'));
  it('teams of three, six players', () => compareAll({ teams: 'triples' }, 6, 150, 'oracle-triples'));
  it('house rules of the bull’s eye, captures among friends and the jack', () => {
    compareAll({ bullseyeEntry: 'ownFastTrack', bullseyeBackward: false, jackSwap: 'withOwn' }, 4, 150, 'oracle-house-1');
    compareAll({ teams: 'pairs', friendlyCapture: false, bullseyeCapture: false }, 4, 150, 'oracle-house-2');
    compareAll({ friendlyCapture: false, bullseyeEntry: 'ownFastTrack' }, 3, 150, 'oracle-house-3');
    compareAll({ fastTrackObligation: 'loseStatus', ringStepOff: 'moveStart' }, 4, 150, 'oracle-house-4');
    compareAll({ ringStepOff: 'moveStart' }, 6, 150, 'oracle-house-5');
    compareAll({ ringStepOff: 'anyHop' }, 4, 150, 'oracle-house-6');
    compareAll({ ringStepOff: 'anyHop', fastTrackObligation: 'loseStatus' }, 3, 150, 'oracle-house-7');
  });
});
