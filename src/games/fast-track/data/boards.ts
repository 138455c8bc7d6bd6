/**
 * Board geometry as data. Each colour owns one zone of 14 main-track spaces; the offsets below are
 * measured from that colour's holding-pen exit, clockwise. They follow the rules digest's model of the
 * official board (pen exit at the zone's outer corner, fast-track space 5 further on, home entry two
 * spaces before the pen exit) and are kept here so a correction is a data change, not a code change.
 */
export type BoardKind = 'square' | 'hex';

export interface BoardData {
  /** Colour names in clockwise zone order. */
  colours: readonly string[];
  spacesPerZone: number;
  /** Offset of the fast-track space (inner corner) from the pen exit of the same zone. */
  fastTrackOffset: number;
  /** Offset of a colour's home entry from its own pen exit (negative: just before it). */
  homeEntryOffset: number;
  /** Holes in a home base row. */
  homeLength: number;
}

export const BOARDS: Record<BoardKind, BoardData> = {
  square: { colours: ['red', 'blue', 'green', 'yellow'], spacesPerZone: 14, fastTrackOffset: 5, homeEntryOffset: -2, homeLength: 4 },
  hex: {
    colours: ['red', 'blue', 'green', 'yellow', 'purple', 'orange'],
    spacesPerZone: 14,
    fastTrackOffset: 5,
    homeEntryOffset: -2,
    homeLength: 4,
  },
};

/** Marbles per colour. */
export const MARBLES_PER_COLOUR = 4;
