/** Helpers for games' option schemas, which GET /api/games lists as JSON Schema (the lobby builds its create form from them). */
import { z } from 'zod';

/**
 * A choice among fixed values, each with its name for people: listed as `anyOf` of `const`s, each with a `title`
 * (the create form shows "Fewest VIP cards", not the value in words, "fewest vip"). Parses as `z.enum` does, with
 * its words for a value it does not list.
 */
export function titledChoice<const T extends string>(titles: Record<T, string>) {
  const values = Object.keys(titles) as T[];
  const literals = values.map((value) => z.literal(value).meta({ title: titles[value] }));
  return z.union(literals as [z.ZodLiteral<T>, ...z.ZodLiteral<T>[]], { error: `Invalid option: expected one of ${values.map((v) => JSON.stringify(v)).join('|')}` });
}
