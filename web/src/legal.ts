/**
 * The one place that reads a seat's legal moves out of the synced state (docs/PROTOCOL.md: the private
 * entry's `legalMoves`). In plain (toJSON) form they are either a list of JSON texts or a map keyed by
 * each move's JSON text; both read the same here.
 */
import type { Move, Plain } from './types.ts';

export function legalMovesOf(entry: Plain): Move[] {
  const list = entry?.legalMoves ?? [];
  const texts: string[] = Array.isArray(list) ? list : Object.keys(list);
  return texts.map((t) => JSON.parse(t) as Move);
}
