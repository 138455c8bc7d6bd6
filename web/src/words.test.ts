/** The lobby's words without a browser: the create form's option labels. */
import { describe, expect, it } from 'vitest';
import { optionLabel } from './games/generic.ts';

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
