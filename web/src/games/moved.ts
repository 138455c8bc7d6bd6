/**
 * The marbles that moved while you waited (Fast Track, TAC): on a phone the log is out of sight under the board, and the
 * bots' moves come one after another while you look elsewhere, so the board marks them. No rules: positions compared.
 */
import { s } from '../dom.ts';

/** The width of the white band under the dashed ring of a marble moved by another player. */
export const MOVED_BAND = 3;

/**
 * The mark of a marble moved by another player: a dark dashed ring on a white band, at radius `r` round it (a board puts
 * it outside its field's own ring and the rim a marble you can move lights up in, which it blended into). Drawn under
 * every marble (a neighbour's covers it, not it a neighbour); taps pass through.
 */
export const movedRing = (x: number, y: number, r: number) => [
  s('circle', { class: 'moved-band', cx: x, cy: y, r, fill: 'none', stroke: '#fff', 'stroke-width': MOVED_BAND, 'pointer-events': 'none' }),
  s('circle', { class: 'moved', cx: x, cy: y, r, fill: 'none', stroke: '#222', 'stroke-width': 2, 'stroke-dasharray': '3 2.5', 'pointer-events': 'none' }),
];

interface Memory {
  /** Where the marbles stood when your last turn ended (or when the page first drew the table). */
  since: Map<string, string>;
  /** Your turn is on (you have listed moves): the marks are those of its start, less the marbles you moved since. */
  mine: boolean;
  /** At your turn's start: the marbles moved while you waited, and where each stood then. */
  marked: Map<string, string>;
}

const memory = new Map<string, Memory>();

/** The page left the table: its seats' memory goes (GameBoard.left), a return counting from then as a new page would. */
export function forgetMoved(table: string) {
  for (const key of [...memory.keys()]) if (key.startsWith(`${table}#`)) memory.delete(key);
}

/**
 * The marbles (ids) to mark as moved by others since your last turn, given where every marble stands now (`at`: id to
 * place) and whether it is your turn (`mine`). Kept per table (`table`: its room id). A spectator (`seat` null) sees
 * none marked: no turn of theirs to count from.
 */
export function movedWhileWaiting(table: string, seat: number | null, mine: boolean, at: ReadonlyMap<string, string>): Set<string> {
  if (seat === null) return new Set();
  const key = `${table}#${seat}`;
  let m = memory.get(key);
  if (!m) memory.set(key, (m = { since: new Map(at), mine, marked: new Map() }));
  const moved = () => [...at].filter(([id, place]) => m.since.has(id) && m.since.get(id) !== place);
  if (mine && !m.mine) m.marked = new Map(moved()); // your turn begins: what moved meanwhile stays marked through it
  if (!mine && m.mine) {
    m.since = new Map(at); // your turn ended: your own moves are no news
    m.marked = new Map();
  }
  m.mine = mine;
  // During your turn: the marbles marked at its start that are still where they went (one you move is yours now).
  if (mine) return new Set([...m.marked].filter(([id, place]) => at.get(id) === place).map(([id]) => id));
  return new Set(moved().map(([id]) => id));
}
