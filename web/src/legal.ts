/**
 * The one place that reads a seat's legal moves out of the synced state (docs/PROTOCOL.md: the private
 * entry's `legalMoves`, a map keyed by each move's JSON text, the value being the move's type). The
 * plain (toJSON) form is an object whose keys are the texts.
 */
import type { Move, Plain } from './types.ts';

export function legalMovesOf(entry: Plain): Move[] {
  const texts: string[] = Object.keys(entry?.legalMoves ?? {});
  return texts.map((t) => JSON.parse(t) as Move);
}
