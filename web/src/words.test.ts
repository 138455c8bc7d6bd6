/** The lobby's words without a browser: the create form's option labels and choices. */
import { describe, expect, it } from 'vitest';
import { appliesOnlyWith, optionChoices, optionLabel } from './games/generic.ts';

describe('optionLabel', () => {
  it("reads an option's name in words, its unit apart", () => {
    expect(optionLabel('rollIntervalMs')).toBe('Roll interval (ms)');
    expect(optionLabel('draftTimeoutMs')).toBe('Draft timeout (ms)');
    expect(optionLabel('pauseSeconds')).toBe('Pause (s)');
    expect(optionLabel('coloursPerPlayer')).toBe('Colours per player');
    expect(optionLabel('master')).toBe('Master');
  });

  it("takes the schema's title where there is one", () => {
    expect(optionLabel('dealDelayMs', 'Pause before each deal')).toBe('Pause before each deal');
  });
});

describe('optionChoices', () => {
  it("shows a choice by its title where the schema gives one (Ready Set Bet's tie-break: not \"fewest vip\"), else in words", () => {
    const tieBreak = { anyOf: [{ type: 'string', const: 'shared', title: 'Shared victory' }, { type: 'string', const: 'fewestVip', title: 'Fewest VIP cards' }] };
    expect(optionChoices(tieBreak)).toEqual([{ value: 'shared', text: 'Shared victory' }, { value: 'fewestVip', text: 'Fewest VIP cards' }]);
    expect(optionChoices({ enum: ['anyFastTrack', 'ownFastTrack'] })).toEqual([{ value: 'anyFastTrack', text: 'any fast track' }, { value: 'ownFastTrack', text: 'own fast track' }]);
    expect(optionChoices({ anyOf: [{ const: 'auto' }, { const: 2 }] })).toEqual([{ value: 'auto', text: 'auto' }, { value: 2, text: '2' }]);
    expect(optionChoices({ type: 'integer' })).toBeNull();
  });
});

describe('appliesOnlyWith', () => {
  it("says under which other options' values an option has an effect, by their labels and choices as the form shows them", () => {
    const properties = {
      hostMode: { anyOf: [{ type: 'string', const: 'server', title: 'The server' }, { type: 'string', const: 'hostSeat', title: 'A seated host' }] },
      hostBets: { type: 'boolean' },
      redLine: { type: 'integer' },
    };
    expect(appliesOnlyWith({ hostMode: 'hostSeat', hostBets: true }, properties)).toBe('Applies only with Host mode: A seated host, and Host bets: on.');
    expect(appliesOnlyWith({ hostBets: false, redLine: 10 }, properties)).toBe('Applies only with Host bets: off, and Red line: 10.');
  });
});
