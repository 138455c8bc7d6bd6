/**
 * The one place that reads a seat's legal moves out of the synced state (docs/PROTOCOL.md: the private
 * entry's `legalMoves`, JSON texts). Whether they travel as an array or a keyed map of texts, the plain
 * (toJSON) form is a list or an object of strings.
 */
import type { Move, Plain } from './types.ts';

export function legalMovesOf(entry: Plain): Move[] {
  const texts: string[] = Object.values(entry?.legalMoves ?? {});
  return texts.map((t) => JSON.parse(t) as Move);
}
