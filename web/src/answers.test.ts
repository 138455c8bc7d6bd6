/** The table page's waits on the server's answers without a browser: what is offered between a move and its state. */
import { describe, expect, it } from 'vitest';
import { ANSWER_STATE_WAIT_MS, MoveAnswers, RefusalTurn } from './answers.ts';

describe('MoveAnswers', () => {
  it('waits from a move sent until the state reaches the move count its answer named, a reply or a refusal', () => {
    const answers = new MoveAnswers();
    expect(answers.waiting(41, 0)).toBe(false);
    answers.sent();
    expect(answers.waiting(41, 10)).toBe(true); // no answer yet
    answers.answered(42, 20);
    expect(answers.waiting(41, 30)).toBe(true); // answered, the patch that shows the move still on its way
    expect(answers.waiting(42, 40)).toBe(false);
    // A refusal names where the table stood: the state behind it still holds the old position's moves.
    answers.sent();
    answers.answered(44, 50);
    expect(answers.waiting(43, 60)).toBe(true);
    expect(answers.waiting(45, 70)).toBe(false);
  });

  it('does not wait for good: on a state that never reaches the answer, on an answer without a count, on another room', () => {
    const answers = new MoveAnswers();
    answers.sent();
    answers.answered(42, 0);
    expect(answers.waiting(41, ANSWER_STATE_WAIT_MS)).toBe(true);
    expect(answers.waiting(41, ANSWER_STATE_WAIT_MS + 1)).toBe(false);
    answers.sent();
    answers.answered(undefined, 0);
    expect(answers.waiting(41, 1)).toBe(false);
    answers.sent();
    answers.answered(50, 0);
    answers.forget();
    expect(answers.waiting(41, 1)).toBe(false);
  });
});

describe('RefusalTurn', () => {
  it("outlives the turn it was said in, not the turn's moves changing: gone once moves are listed again after none", () => {
    const refusal = new RefusalTurn();
    refusal.said();
    expect(refusal.outlived(12)).toBe(false); // the turn goes on (a race's bets, the list changing)
    expect(refusal.outlived(11)).toBe(false);
    expect(refusal.outlived(0)).toBe(false); // the turn passed: still read
    expect(refusal.outlived(0)).toBe(false);
    expect(refusal.outlived(5)).toBe(true); // the player's next turn
    refusal.said();
    expect(refusal.outlived(5)).toBe(false);
  });

  it('said off turn (a refusal to start now, before the game): gone at the first turn', () => {
    const refusal = new RefusalTurn();
    refusal.said();
    expect(refusal.outlived(0)).toBe(false);
    expect(refusal.outlived(3)).toBe(true);
  });
});
