/**
 * Where one marble can go with a given number of steps: along the main track, round the fast track,
 * into the bull's eye, up its home row, or backwards. Blocking and capture are decided here.
 */
import { occupancyKey, type Geometry, type Location } from './board.ts';
import type { Marble, Options, RingStatus } from './types.ts';

/** What the movement rules need to know about the table. */
export interface Table {
  g: Geometry;
  options: Options;
  occupant: Map<string, Marble>;
  /** Same seat or same team. */
  friendly(a: number, b: number): boolean;
}

export interface Destination {
  to: Location;
  ring: RingStatus;
  /** Id of the marble sent back to its pen by landing here. */
  captured: string | null;
}

const BULLSEYE: Location = { area: 'bullseye', space: -1 };

/** Never land on or pass a marble of the same colour. */
function passable(t: Table, m: Marble, loc: Location): boolean {
  const o = t.occupant.get(occupancyKey(loc, m.colour));
  return !o || o.id === m.id || o.colour !== m.colour;
}

/** Landing: undefined when blocked, otherwise the id of the marble captured (or null). */
function landing(t: Table, m: Marble, loc: Location): string | null | undefined {
  const o = t.occupant.get(occupancyKey(loc, m.colour));
  if (!o || o.id === m.id) return null;
  if (o.colour === m.colour) return undefined;
  if (!t.options.friendlyCapture && t.friendly(o.colour, m.colour)) return undefined;
  if (loc.area === 'bullseye' && !t.options.bullseyeCapture) return undefined;
  return o.id;
}

function arrive(t: Table, m: Marble, to: Location, ring: RingStatus): Destination | null {
  const captured = landing(t, m, to);
  return captured === undefined ? null : { to, ring, captured };
}

/** Every place `m` can reach moving exactly `steps` forward (distinct destinations). */
export function forwardDestinations(t: Table, m: Marble, steps: number): Destination[] {
  const { g } = t;
  if (m.area === 'home') {
    if (m.space + steps >= g.homeLength) return [];
    for (let h = m.space + 1; h < m.space + steps; h++) if (!passable(t, m, { area: 'home', space: h })) return [];
    const d = arrive(t, m, { area: 'home', space: m.space + steps }, 'none');
    return d ? [d] : [];
  }
  if (m.area !== 'track') return [];

  const startsOnFastTrack = g.isFastTrack(m.space);
  const out: Destination[] = [];

  for (const hops of ringHops(t, m, steps)) {
    let loc: Location = { area: 'track', space: m.space };
    for (let i = 1; i <= steps; i++) {
      const last = i === steps;
      const mode = i <= hops ? 'ring' : 'main';
      // The bull's eye replaces the step just past a fast-track space reached along the main track by a
      // marble that did not start its move on the fast track (so never with a 1 from a fast-track space).
      if (last && mode === 'main' && loc.area === 'track' && bullseyeFrom(t, m, loc.space, startsOnFastTrack)) {
        const d = arrive(t, m, BULLSEYE, 'none');
        if (d) out.push(d);
      }
      let next: Location | null;
      if (loc.area === 'home') next = loc.space + 1 < g.homeLength ? { area: 'home', space: loc.space + 1 } : null;
      else if (mode === 'ring') next = { area: 'track', space: (loc.space + g.trackLength / g.zones) % g.trackLength };
      else if (loc.space === g.homeEntry(m.colour)) next = { area: 'home', space: 0 };
      else next = { area: 'track', space: (loc.space + 1) % g.trackLength };
      if (!next || (!last && !passable(t, m, next))) break;
      if (last) {
        const ring: RingStatus = next.area === 'track' && g.isFastTrack(next.space) ? (mode === 'ring' ? 'riding' : 'entered') : 'none';
        const d = arrive(t, m, next, ring);
        if (d) out.push(d);
      }
      loc = next;
    }
  }
  return out;
}

/**
 * The ways a forward move of `steps` may use the fast track, each the number of hops the marble makes round it
 * before it goes on along the main track (the fast track ends at the colour's own exit, so never more hops than
 * reach it). A marble not standing on the fast track with its status makes none. One that arrived there may go
 * either way; one travelling it rides on as far as it may, unless `ringStepOff` lets it step off where the move
 * starts, or at any fast-track space it reaches (each hop a choice of its own). Each way leads somewhere else
 * (a hop more ends the move 13 spaces further on), so a move's destination names its way.
 */
function ringHops(t: Table, m: Marble, steps: number): number[] {
  const { g } = t;
  if (!g.isFastTrack(m.space) || m.ring === 'none' || m.space === g.fastTrackExit(m.colour)) return [0];
  const most = Math.min(steps, hopsToExit(g, m.colour, m.space));
  switch (t.options.ringStepOff) {
    case 'anyHop':
      return Array.from({ length: most + 1 }, (_, k) => k);
    case 'moveStart':
      return [0, most];
    case 'never':
      return m.ring === 'riding' ? [most] : [0, most];
  }
}

/** Fast-track hops from fast-track space `space` to the colour's own exit. */
export function hopsToExit(g: Geometry, colour: number, space: number): number {
  return ((g.fastTrackExit(colour) - space + g.trackLength) % g.trackLength) / (g.trackLength / g.zones);
}

/**
 * May the last step of a move, standing on fast-track space `space` after the steps before it, go into the
 * bull's eye? The bull's eye lies one step from every fast-track space, forwards and backwards alike. Never for
 * a marble that started its move on a fast-track space (so never with a 1 from the fast track).
 */
function bullseyeFrom(t: Table, m: Marble, space: number, startsOnFastTrack: boolean): boolean {
  if (startsOnFastTrack || !t.g.isFastTrack(space)) return false;
  return t.options.bullseyeEntry === 'anyFastTrack' || space === t.g.firstFastTrack(m.colour);
}

/**
 * Every place `m` can reach moving `steps` backwards along the main track. A marble riding the fast track moves
 * back round it, leaving it (down the main track) only at the fast-track space just after its own pen exit.
 * A main-track move whose last step would leave a fast-track space may end in the bull's eye instead.
 */
export function backwardDestinations(t: Table, m: Marble, steps: number): Destination[] {
  const { g } = t;
  if (m.area !== 'track') return [];
  const startsOnFastTrack = g.isFastTrack(m.space);
  let mode: 'main' | 'ring' = m.ring === 'riding' && startsOnFastTrack ? 'ring' : 'main';
  let space = m.space;
  const out: Destination[] = [];
  for (let i = 1; i <= steps; i++) {
    if (mode === 'ring' && space === g.firstFastTrack(m.colour)) mode = 'main';
    if (i === steps && mode === 'main' && t.options.bullseyeBackward && bullseyeFrom(t, m, space, startsOnFastTrack)) {
      const d = arrive(t, m, BULLSEYE, 'none');
      if (d) out.push(d);
    }
    space = (space - (mode === 'ring' ? g.trackLength / g.zones : 1) + g.trackLength) % g.trackLength;
    const loc: Location = { area: 'track', space };
    if (i < steps && !passable(t, m, loc)) return [];
  }
  const ring: RingStatus = g.isFastTrack(space) ? (mode === 'ring' ? 'riding' : 'entered') : 'none';
  const d = arrive(t, m, { area: 'track', space }, ring);
  return d ? [d, ...out] : out;
}

/** A–6–Joker: a pen marble onto its pen exit. */
export function penExitDestination(t: Table, m: Marble): Destination | null {
  return m.area === 'pen' ? arrive(t, m, { area: 'track', space: t.g.penExit(m.colour) }, 'none') : null;
}

/** J–Q–K: out of the bull's eye onto the colour's own fast-track space. */
export function bullseyeExitDestination(t: Table, m: Marble): Destination | null {
  return m.area === 'bullseye' ? arrive(t, m, { area: 'track', space: t.g.fastTrackExit(m.colour) }, 'entered') : null;
}
