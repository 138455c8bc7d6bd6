/**
 * Board geometry and marble movement, independent of cards and turns (the bot reuses it on its view).
 * The path of colour c runs clockwise round the ring; from its own start field a marble that has moved
 * since entering may turn into its home (forward, or backward with the 4). No marble may be jumped.
 */
import type { Marble } from './types.ts';

export const MARBLES_PER_COLOUR = 4;
export const HOME_SIZE = 4;
export const APRON = -1;

export interface Board {
  colours: number;
  ring: number;
  spacing: number;
  marbles: Marble[];
}

export const ownerOf = (marble: number) => Math.floor(marble / MARBLES_PER_COLOUR);
export const marblesOf = (colour: number) => Array.from({ length: MARBLES_PER_COLOUR }, (_, k) => colour * MARBLES_PER_COLOUR + k);
export const startOf = (board: Board, colour: number) => colour * board.spacing;
export const onRing = (board: Board, pos: number) => pos >= 0 && pos < board.ring;
export const inHome = (board: Board, pos: number) => pos >= board.ring;
const homeField = (board: Board, pos: number) => pos - board.ring;

/** The marble on a ring field, or -1. */
export function ringOccupant(board: Board, field: number): number {
  return board.marbles.findIndex((m) => m.pos === field);
}

/** The marble of `colour` in its home field `i`, or -1. */
function homeOccupant(board: Board, colour: number, i: number): number {
  return marblesOf(colour).find((id) => board.marbles[id]!.pos === board.ring + i) ?? -1;
}

function occupied(board: Board, colour: number, pos: number): boolean {
  return inHome(board, pos) ? homeOccupant(board, colour, homeField(board, pos)) >= 0 : ringOccupant(board, pos) >= 0;
}

export function isFinished(board: Board, colour: number): boolean {
  return marblesOf(colour).every((id) => inHome(board, board.marbles[id]!.pos));
}

/** A home marble with every field beyond it filled can never move again. */
function isLocked(board: Board, marble: number): boolean {
  const pos = board.marbles[marble]!.pos;
  if (!inHome(board, pos)) return false;
  const colour = ownerOf(marble);
  for (let i = homeField(board, pos) + 1; i < HOME_SIZE; i++) if (homeOccupant(board, colour, i) < 0) return false;
  return true;
}

/**
 * Fields one step on from `pos` for `marble`: forward (clockwise), or backward (the 4). From its own start
 * a marble that has moved since entering may also turn into its home; inside the home a step always goes
 * deeper (the 4's backward path, too, continues into the home).
 */
function nextFields(board: Board, marble: number, pos: number, backward: boolean): number[] {
  if (inHome(board, pos)) return homeField(board, pos) < HOME_SIZE - 1 ? [pos + 1] : [];
  const colour = ownerOf(marble);
  const along = backward ? (pos - 1 + board.ring) % board.ring : (pos + 1) % board.ring;
  const fresh = board.marbles[marble]!.fresh && board.marbles[marble]!.pos === pos;
  return pos === startOf(board, colour) && !fresh ? [along, board.ring] : [along];
}

/**
 * Every field `marble` can reach in exactly `steps` steps without passing any marble: every field on the
 * way must be empty; the last may hold a ring marble (knocked out), never a home marble.
 */
export function destinations(board: Board, marble: number, steps: number, backward = false): number[] {
  const start = board.marbles[marble]!.pos;
  if (start === APRON) return [];
  if (backward && inHome(board, start)) return [];
  const colour = ownerOf(marble);
  let frontier = [start];
  for (let s = 1; s <= steps; s++) {
    const last = s === steps;
    const next: number[] = [];
    for (const pos of frontier) {
      for (const to of nextFields(board, marble, pos, backward)) {
        if (occupied(board, colour, to) && (!last || inHome(board, to))) continue;
        if (!next.includes(to)) next.push(to);
      }
    }
    frontier = next;
  }
  return frontier;
}

/** Single 7 steps of `marble`: one field forward (knocking out a ring marble there), or back inside its home. */
export function singleSteps(board: Board, marble: number): number[] {
  const pos = board.marbles[marble]!.pos;
  if (pos === APRON || isLocked(board, marble)) return [];
  const colour = ownerOf(marble);
  const out = nextFields(board, marble, pos, false).filter((to) => !(inHome(board, to) && occupied(board, colour, to)));
  if (inHome(board, pos) && homeField(board, pos) > 0 && !occupied(board, colour, pos - 1)) out.push(pos - 1);
  return out;
}

/**
 * Straight runs of single 7 steps of `marble`: steps one after another, all forward or all back (inside its
 * home), at most `max`. `visit` gets the board after each step and the fields stepped on so far, and says
 * whether to step on from there. Each field is the end of one run only: the forward and the back runs part
 * at once, and forward runs part only at the own start (on round the ring, or into the home).
 */
export function eachStraightRun<B extends Board>(board: B, marble: number, max: number, visit: (after: B, path: number[]) => boolean): void {
  for (const back of [false, true]) {
    const walk = (at: B, path: number[]) => {
      if (path.length === max) return;
      const from = at.marbles[marble]!.pos;
      for (const to of singleSteps(at, marble)) {
        if ((inHome(at, from) && to === from - 1) !== back) continue;
        const after = { ...at, marbles: at.marbles.slice() };
        placeMarble(after, marble, to);
        const stepped = [...path, to];
        if (visit(after, stepped)) walk(after, stepped);
      }
    };
    walk(board, []);
  }
}

/** The fields of the straight run of at most `max` single steps that takes `marble` to `to` ([] if none). */
export function straightRun(board: Board, marble: number, to: number, max: number): number[] {
  let found: number[] = [];
  eachStraightRun(board, marble, max, (_, path) => {
    if (path.at(-1) === to && found.length === 0) found = path;
    return found.length === 0;
  });
  return found;
}

/** Moves `marble` to `to`, knocking out a ring marble there; returns the marble knocked out, or -1. */
export function placeMarble(board: Board, marble: number, to: number): number {
  const victim = onRing(board, to) ? ringOccupant(board, to) : -1;
  if (victim >= 0 && victim !== marble) board.marbles[victim] = { pos: APRON, fresh: false };
  board.marbles[marble] = { pos: to, fresh: false };
  return victim === marble ? -1 : victim;
}
