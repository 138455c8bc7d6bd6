/** When the player's turn begins a new step, whose parts may lie anywhere on the board (the table page brings them into view). */
import type { Move } from './types.ts';

/** How much of a large part must show for it to count as in view: a fingertip's worth (of a smaller one, half). */
const SHOWN_ENOUGH_PX = 40;

/** A part's box on the page (a DOMRect's edges, in the window's pixels). */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * Whether a part is in view in the window's room (from its top-left corner to `bottom` and `right`): half of it, or a
 * fingertip's worth of a large one, each way. A few pixels of it at an edge are not (the VIP cards to keep, their top
 * at a wide window's bottom edge, were taken for shown and never scrolled to).
 */
export function shownEnough(part: Box, bottom: number, right: number): boolean {
  const shown = (start: number, end: number, roomEnd: number) => Math.min(end, roomEnd) - Math.max(start, 0) >= Math.min((end - start) / 2, SHOWN_ENOUGH_PX);
  return part.right > part.left && shown(part.top, part.bottom, bottom) && shown(part.left, part.right, right);
}

/** The kinds of move listed, in one text ('' for none): what a step is made of. */
export function kindsOf(moves: readonly Move[]): string {
  return [...new Set(moves.map((m) => m.type))].sort().join(' ');
}

/**
 * A step begins when the kinds of move listed change, or when a move of the player's was taken and the turn goes on
 * (Great Western Trail's cattle bought a second time, the next foresight column: the same kinds of move). Told once
 * per step: a redraw in the same step (another seat's move, a log line) begins none.
 */
export class Steps {
  private kinds = '';
  private moved = false;

  /** A move of the player's was taken: its events come after the state that shows it, so the next look sees its step. */
  taken() {
    this.moved = true;
  }

  /** Whether the moves listed now (none off turn, or for a spectator) begin a step not told yet. */
  begins(moves: readonly Move[]): boolean {
    const kinds = kindsOf(moves);
    const begun = kinds !== '' && (kinds !== this.kinds || this.moved);
    this.kinds = kinds;
    this.moved = false;
    return begun;
  }
}

/**
 * The parts of a step the page brings into view and gives focus, in the page's order: a button that only passes or
 * ends the step (`data-aside`: Great Western Trail's Skip, Refill the cattle market, End your turn; Ready Set Bet's No
 * more bets, and its tokens, which only choose what a space bets) counts only when the step has no other part. Shown beside the board's parts, it would count as the step in view while the tiles to
 * act on lie out of it (the job market under the move panel on a phone). So do the parts a board passes over for now
 * (Ready Set Bet's spaces up to your last bet: focus goes on to the next space along).
 */
export function partsActedOn<T extends { dataset: DOMStringMap }>(parts: T[]): T[] {
  const own = parts.filter((part) => part.dataset.aside === undefined);
  return own.length ? own : parts;
}

/**
 * Whether the list of every move is drawn open, the player having left it `open`. On a phone the move panel floats
 * over the board (`floating`, asked only when it matters: it reads the page's style) and an open list fills it, so
 * there it closes once the player's turn is over (`turnOver`): by a move sent from the page, or with none (a
 * declaration left unmade during Tractor's deal, a move the clock made), and the next turn shows the board. A
 * desktop's list, beside the board, stays as the player left it.
 */
export function allMovesOpen(open: boolean, turnOver: boolean, floating: () => boolean): boolean {
  return open && !(turnOver && floating());
}
