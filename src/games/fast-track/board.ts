/** Board geometry derived from the data tables, and location names used in moves. */
import { BOARDS, type BoardKind } from './data/boards.ts';
import type { Area, Marble } from './types.ts';

export interface Geometry {
  kind: BoardKind;
  zones: number;
  trackLength: number;
  homeLength: number;
  colourNames: readonly string[];
  fastTrackSpaces: number[];
  penExit(colour: number): number;
  homeEntry(colour: number): number;
  /** Where a colour leaves the fast track (and lands from the bull's eye): the fast-track space of its colour. */
  fastTrackExit(colour: number): number;
  /** The fast-track space just after the colour's pen exit. */
  firstFastTrack(colour: number): number;
  isFastTrack(space: number): boolean;
}

function build(kind: BoardKind): Geometry {
  const data = BOARDS[kind];
  const zones = data.colours.length;
  const trackLength = zones * data.spacesPerZone;
  const mod = (x: number) => ((x % trackLength) + trackLength) % trackLength;
  const fastTrackSpaces = Array.from({ length: zones }, (_, z) => z * data.spacesPerZone + data.fastTrackOffset);
  const penExit = (c: number) => c * data.spacesPerZone;
  return {
    kind,
    zones,
    trackLength,
    homeLength: data.homeLength,
    colourNames: data.colours,
    fastTrackSpaces,
    penExit,
    homeEntry: (c) => mod(penExit(c) + data.homeEntryOffset),
    fastTrackExit: (c) => mod(penExit(c) - data.spacesPerZone + data.fastTrackOffset),
    firstFastTrack: (c) => penExit(c) + data.fastTrackOffset,
    isFastTrack: (s) => s % data.spacesPerZone === data.fastTrackOffset,
  };
}

const cache = new Map<BoardKind, Geometry>();
export function geometry(kind: BoardKind): Geometry {
  let g = cache.get(kind);
  if (!g) cache.set(kind, (g = build(kind)));
  return g;
}

export interface Location {
  area: Area;
  space: number;
}

/** Move/view name of a location: `pen`, `bullseye`, `track-17`, `home-2` (home holes 0–3 of the marble's colour). */
export function locationName(loc: Location): string {
  return loc.area === 'track' || loc.area === 'home' ? `${loc.area}-${loc.space}` : loc.area;
}

/** Occupancy key: home rows are per colour. */
export function occupancyKey(loc: Location, colour: number): string {
  return loc.area === 'home' ? `home-${colour}-${loc.space}` : locationName(loc);
}

export function occupancy(marbles: readonly Marble[]): Map<string, Marble> {
  const map = new Map<string, Marble>();
  for (const m of marbles) if (m.area !== 'pen') map.set(occupancyKey(m, m.colour), m);
  return map;
}
