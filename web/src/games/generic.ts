/**
 * The fallback for any game: the public table and your private view as readable lists, moves and
 * events in generic words. Game boards build on its helpers.
 */
import type { JsonSchema } from '../api.ts';
import { h } from '../dom.ts';
import type { BoardContext, GameBoard, GameEvent, Move, Plain } from '../types.ts';

/** A code or key made readable: `engineBack` → "engine back". */
export const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
/** A text with its first letter upper-case. */
export const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
/** Words in a list: "a", "a and b", "a, b and c" (`or` or another word for `and`). */
export const listText = (items: readonly string[], and = 'and') => (items.length > 1 ? `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}` : (items[0] ?? ''));
/** "1 card", "3 cards" ("2 craftsmen" with `many`). */
export const count = (n: number | undefined, one: string, many = `${one}s`) => `${n ?? 0} ${n === 1 ? one : many}`;
/** A trailing unit in an option's name, as a label shows it. */
const OPTION_UNITS: Record<string, string> = { Ms: 'ms', Seconds: 's' };
/** An option's label: the schema's title where it has one, else its name in words ("rollIntervalMs": "Roll interval (ms)"). */
export function optionLabel(key: string, title?: string): string {
  if (title) return title;
  const unit = /(Ms|Seconds)$/.exec(key)?.[1];
  const name = words(unit ? key.slice(0, -unit.length) : key);
  return unit ? `${capital(name)} (${OPTION_UNITS[unit]})` : capital(name);
}

/**
 * An option's choices, each with its text for people, or null for an option that is no choice: an `enum`'s values in
 * words ("jokerOrGreaterLength": "joker or greater length"), an `anyOf` of `const`s by their `title` where they have one.
 */
export function optionChoices(schema: JsonSchema): { value: unknown; text: string }[] | null {
  const inWords = (c: unknown) => (typeof c === 'string' ? words(c) : String(c));
  if (schema.enum) return schema.enum.map((c) => ({ value: c, text: inWords(c) }));
  if (!schema.anyOf?.every((s) => 'const' in s)) return null;
  return schema.anyOf.map((s) => ({ value: s.const, text: s.title ?? inWords(s.const) }));
}

/**
 * Why an option is left out of the create form's table (its schema's `appliesWhen`): the other options' values it has an
 * effect under, each by its label and its value as the form shows it ("Host mode: A seated host", "Host bets: on").
 */
export function appliesOnlyWith(appliesWhen: Record<string, unknown>, properties: Record<string, JsonSchema>): string {
  const shown = Object.entries(appliesWhen).map(([key, wanted]) => {
    const schema = properties[key] ?? {};
    const choice = optionChoices(schema)?.find((c) => JSON.stringify(c.value) === JSON.stringify(wanted));
    const text = choice ? choice.text : typeof wanted === 'boolean' ? (wanted ? 'on' : 'off') : String(wanted);
    return `${optionLabel(key, schema.title)}: ${text}`;
  });
  return `Applies only with ${shown.join(', and ')}.`;
}

function value(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.length ? v.map(value).join(', ') : '—';
  if (typeof v === 'object') return Object.entries(v as Record<string, unknown>).map(([k, x]) => `${words(k)} ${value(x)}`).join('; ');
  return String(v);
}

/** A definition list of an object's fields (nested objects shown inline). */
export function fields(obj: Plain, skip: string[] = []): HTMLElement {
  return h(
    'dl',
    { class: 'fields-list' },
    Object.entries(obj ?? {})
      .filter(([k]) => !skip.includes(k))
      .map(([k, v]) => [h('dt', null, words(k)), h('dd', null, value(v))]),
  );
}

/** The move's parts as `field:value` keys. */
export function genericKeys(move: Move): string[] {
  return Object.entries(move)
    .filter(([k, v]) => k !== 'type' && (typeof v !== 'object' || v === null))
    .map(([k, v]) => `${k}:${String(v)}`);
}

export function describeMoveGeneric(move: Move): string {
  const rest = Object.entries(move).filter(([k]) => k !== 'type');
  return `${words(move.type)}${rest.length ? ': ' : ''}${rest.map(([k, v]) => `${words(k)} ${value(v)}`).join(', ')}`;
}

export function describeEventGeneric(ev: GameEvent, actor: number, ctx: BoardContext): string {
  const who = typeof ev.seat === 'number' ? ctx.name(ev.seat) : actor >= 0 ? ctx.name(actor) : null;
  switch (ev.type) {
    case 'turnTimeout':
      return `${ctx.name(ev.seat as number)}'s clock ran out; the bot moved.`;
    case 'moveLimit':
      return `The game reached this server's limit of ${ev.limit as number} moves: it ends here, without a winner.`;
    case 'gameOver': {
      const winners = ev.winners as number[];
      // Every seat first (Tractor's hand limit reached with the levels equal): a tie all round, not a list of winners.
      if (winners.length > 1 && winners.length === ctx.seats.length) return 'Game over: every seat shares the win.';
      return `Game over. Winner${winners.length === 1 ? '' : 's'}: ${winners.map(ctx.name).join(', ') || 'none'}.`;
    }
    case 'serverClosing':
      return ev.handover ? 'The server is handing this game to another; reconnecting…' : `The server is closing; ${ev.graceSeconds} s to finish.`;
    case 'durability':
      return ev.durable ? 'Moves are stored safely again.' : 'The server cannot store moves for now; the game goes on.';
  }
  const rest = Object.entries(ev).filter(([k]) => k !== 'type' && k !== 'seat');
  return `${who ? `${who}: ` : ''}${words(ev.type)}${rest.length ? ' — ' : ''}${rest.map(([k, v]) => `${words(k)} ${value(v)}`).join(', ')}`;
}

export const generic: GameBoard = {
  render(ctx) {
    return h(
      'div',
      { class: 'generic' },
      h('h3', null, 'Table'),
      fields(ctx.table),
      ctx.view ? [h('h3', null, 'Your view'), fields(ctx.view)] : null,
    );
  },
  keys: genericKeys,
  describe: describeMoveGeneric,
};
