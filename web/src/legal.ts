/**
 * The one place that reads a seat's legal moves out of the synced state (docs/PROTOCOL.md: the private
 * entry's `legalMoves`, whose keys may be patterns over the state's public `choices`). In plain (toJSON)
 * form they are either a list of JSON texts or a map keyed by each move's JSON text; both read the same.
 */
import { legalMovesIn } from '../../client/legal-moves.ts';
import type { Move, Plain } from './types.ts';

export function legalMovesOf(entry: Plain, choices: Plain): Move[] {
  return legalMovesIn(entry, choices);
}
