/**
 * docs/PROTOCOL.md illustrates moves, their refusal and their events with TAC: a client author copies them, so each
 * is checked against TAC's own rules here (the move a listed `type` with the fields TAC keeps, the refusal's code and
 * words, the events the move gives).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moveShapes } from '../src/games/tac/move-schema.ts';
import { applyMove } from '../src/games/tac/moves.ts';
import { table } from '../src/games/tac/scenario.ts';

const protocol = readFileSync(new URL('../docs/PROTOCOL.md', import.meta.url), 'utf8');
const section = (title: string) => protocol.split(`\n## ${title}\n`)[1]!.split('\n## ')[0]!;

/** The object literals sent as moves in a section's examples, `expectSeq` (the room's, not the game's) left out. */
function sentMoves(text: string): Record<string, unknown>[] {
  return [...text.matchAll(/request\('move', (\{[^}]*\})\)/g)].map((m) => {
    const move = new Function(`return (${m[1]});`)() as Record<string, unknown>;
    delete move.expectSeq;
    return move;
  });
}

/** TAC's first colour to play holds a 13, its marbles all out of play: a 13 brings one out, so it may not be discarded. */
const position = () => table({ hands: { 0: ['13', '9'] } });

describe("docs/PROTOCOL.md's TAC examples", () => {
  const moves = [...sentMoves(section('Moves')), ...sentMoves(section('Events'))];
  const reason = /e\.reason; \/\/ → \{ code: '([^']+)', message: '([^']+)'/.exec(section('Moves'))!;
  const events = JSON.parse(/```json\n(\{ "seq": 42.*\})\n```/.exec(section('Events'))![1]!) as { actor: number; events: unknown[] };

  it('sends moves TAC has, with the fields it keeps', () => {
    expect(moves.length).toBeGreaterThanOrEqual(3);
    for (const move of moves) {
      const shape = moveShapes[move.type as keyof typeof moveShapes];
      expect(shape, `TAC has no move ${JSON.stringify(move.type)}`).toBeDefined();
      const { type: _type, ...fields } = move;
      const kept = shape.safeParse(fields);
      expect(kept.success && kept.data, JSON.stringify(move)).toEqual(fields); // valid, and no field dropped
    }
  });

  it('accepts the enter with the events shown, and refuses the discard with the reason shown', () => {
    const [enter, discard] = moves;
    const accepted = applyMove(position(), events.actor, enter);
    expect(accepted.ok).toBe(true);
    if (accepted.ok) expect(accepted.events).toEqual(events.events);
    const refused = applyMove(position(), 0, discard);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect([refused.error.code, refused.error.message]).toEqual([reason[1], reason[2]]);
  });
});
