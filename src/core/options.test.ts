import { describe, expect, expectTypeOf, it } from 'vitest';
import { toJSONSchema, z } from 'zod';
import { titledChoice } from './options.ts';

const listed = (schema: z.ZodType) => toJSONSchema(z.object({ choice: schema }), { io: 'input', unrepresentable: 'any' }).properties!.choice as { anyOf?: { const: unknown; title?: string }[]; default?: unknown };

describe('titledChoice', () => {
  it('lists strings given as an object, value to title, as anyOf of const with a title each', () => {
    const choice = titledChoice({ shared: 'Shared victory', money: 'More money wins' }).default('shared');
    expect(listed(choice).anyOf?.map((c) => [c.const, c.title])).toEqual([
      ['shared', 'Shared victory'],
      ['money', 'More money wins'],
    ]);
    expect(listed(choice).default).toBe('shared');
    expect(choice.parse('money')).toBe('money');
    expectTypeOf(choice.parse('money')).toEqualTypeOf<'shared' | 'money'>();
    expect(choice.parse(undefined)).toBe('shared');
  });

  it('takes values of any primitive type as [value, title] pairs, each parsing to itself and to nothing else', () => {
    const colours = titledChoice([
      ['auto', 'By player count'],
      [1, 'One colour'],
      [2, 'Two colours'],
    ]);
    expect(listed(colours).anyOf?.map((c) => [c.const, c.title])).toEqual([
      ['auto', 'By player count'],
      [1, 'One colour'],
      [2, 'Two colours'],
    ]);
    expect(colours.parse(1)).toBe(1);
    expectTypeOf(colours.parse(1)).toEqualTypeOf<'auto' | 1 | 2>();
    expect(colours.parse('auto')).toBe('auto');
    expect(colours.safeParse('1').success).toBe(false);
    const vp = titledChoice([
      [6, '+6 VP each'],
      [-6, '−6 VP each'],
    ]);
    expect(vp.parse(-6)).toBe(-6);
    expect(titledChoice([[true, 'Yes']]).parse(true)).toBe(true);
  });

  it('refuses a value it does not list in the words z.enum uses, naming the values as JSON', () => {
    expect(titledChoice({ may: 'May', must: 'Must' }).safeParse('perhaps').error?.issues[0]?.message).toBe('Invalid option: expected one of "may"|"must"');
    const colours = titledChoice([
      ['auto', 'By player count'],
      [1, 'One colour'],
    ]);
    expect(colours.safeParse(3).error?.issues[0]?.message).toBe('Invalid option: expected one of "auto"|1');
    expect(colours.safeParse({}).error?.issues).toHaveLength(1);
  });

  it('is no choice without a value, nor with one listed twice', () => {
    expect(() => titledChoice([])).toThrow(/one value at least/);
    expect(() =>
      titledChoice([
        [1, 'One'],
        [1, 'Also one'],
      ]),
    ).toThrow(/listed twice/);
  });
});
