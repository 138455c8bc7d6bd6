/** Helpers for games' option schemas, which GET /api/games lists as JSON Schema (the lobby builds its create form from them). */
import { z } from 'zod';

/** A value a choice may have: a JSON primitive. */
export type ChoiceValue = string | number | boolean;

/** The schema `titledChoice` builds: a union of literals, parsing to one of `T`. */
export type TitledChoice<T extends ChoiceValue> = z.ZodUnion<[z.ZodLiteral<T>, ...z.ZodLiteral<T>[]]>;

/**
 * A choice among fixed values, each with its name for people: listed as `anyOf` of `const`s, each with a `title`
 * (the create form shows "Fewest VIP cards", not the value in words, "fewest vip"). Parses as `z.enum` does, with
 * its words for a value it does not list. Strings are given as an object, value to title; values of other types
 * (numbers, `'auto'` beside numbers) as a list of `[value, title]`.
 */
export function titledChoice<const T extends string>(titles: Record<T, string>): TitledChoice<T>;
export function titledChoice<const C extends readonly (readonly [ChoiceValue, string])[]>(choices: C): TitledChoice<C[number][0]>;
export function titledChoice(titles: Record<string, string> | readonly (readonly [ChoiceValue, string])[]): TitledChoice<ChoiceValue> {
  const choices: readonly (readonly [ChoiceValue, string])[] = Array.isArray(titles) ? titles : Object.entries(titles);
  if (choices.length === 0) throw new Error('titledChoice: a choice needs one value at least');
  const values = choices.map(([value]) => value);
  if (new Set(values).size !== values.length) throw new Error(`titledChoice: a value is listed twice (${values.map((v) => JSON.stringify(v)).join('|')})`);
  const literals = choices.map(([value, title]) => z.literal(value).meta({ title }));
  return z.union(literals as [z.ZodLiteral<ChoiceValue>, ...z.ZodLiteral<ChoiceValue>[]], { error: `Invalid option: expected one of ${values.map((v) => JSON.stringify(v)).join('|')}` });
}
