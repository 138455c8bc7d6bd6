/** Create/join options every game room accepts (docs/PROTOCOL.md, "Join options"). */
import { z } from 'zod';
import { canonicalJson, type AnyGame } from '../src/core/game.ts';
import { roomSettings } from './settings.ts';

/** Game option names: letters, digits, `_`, `-` (never `__proto__` and the like). */
const OptionName = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, 'option names are letters, digits, _ and - (at most 40)');
/** The game's options as JSON text may not exceed this (each game's options are a few small fields). */
export const MAX_GAME_OPTIONS_CHARS = 2048;
const fitsGameOptions = (o: Record<string, unknown>) => {
  try {
    return JSON.stringify(o).length <= MAX_GAME_OPTIONS_CHARS;
  } catch {
    return false; // cyclic or a BigInt: not JSON
  }
};

/**
 * A display name as the other players will see it: well-formed Unicode in NFC, without control or format
 * characters (terminal escapes, bidi overrides that reorder the text around it, zero-width characters),
 * each run of whitespace one space, 1–32 characters of which one at least shows (not a letter that shows nothing,
 * nor a mark such as an accent, which shows only on a character before it).
 */
export const DisplayName = z
  .string()
  .max(256)
  .transform((s) =>
    s
      .toWellFormed()
      .normalize('NFC')
      .replace(/[\p{Cc}\p{Cf}]/gu, '')
      .replace(/\s+/gu, ' ')
      .trim(),
  )
  .pipe(
    z
      .string()
      .max(32)
      // Letters that show nothing (Hangul fillers, the blank braille pattern) are kept in a name, but are not its
      // visible character; nor are marks (accents), which show only on a character before them.
      .refine((s) => /[^\s\p{Default_Ignorable_Code_Point}\p{M}\u2800]/u.test(s), 'a name needs a visible character'),
  );

/**
 * What a client may send to create or join a table. Strict: an unknown key is refused (`core/bad-options`),
 * so a reservation never carries more than these few bounded fields.
 */
export const ClientJoinOptions = z.strictObject({
  /** Table size, when creating. */
  seats: z.number().int().min(1).max(16).optional(),
  /** Seats to fill with bots at creation. */
  bots: z.number().int().min(0).max(16).optional(),
  /** The game's own options. */
  options: z.record(OptionName, z.unknown()).refine(fitsGameOptions, `options exceed ${MAX_GAME_OPTIONS_CHARS} characters of JSON`).optional(),
  /** Invite-only table: not matched by joinOrCreate; joined by invite code or room id. */
  private: z.boolean().optional(),
  /** Display name. */
  name: DisplayName.optional(),
  spectator: z.boolean().optional(),
  /** A private table's invite code (any letter case): a new player sits there only with it. */
  invite: z.string().max(32).optional(),
  /** Reclaims the seat this token was issued for. */
  seatToken: z.string().min(8).max(64).optional(),
  /** Turn clock in seconds (0 = none): when it runs out, the seat's bot moves for it. */
  turnSeconds: z.number().int().min(0).max(3600).optional(),
});

/**
 * Why join options were refused, each problem at its key ("seats: …"), at most 500 characters (the client's own keys
 * are quoted back). A key the options do not have is named as such: Zod's own words at no path ("Unrecognized key")
 * read as a problem of the game's `options`.
 */
export function joinOptionsProblem(error: z.ZodError): string {
  return error.issues
    .map((issue) =>
      issue.code === 'unrecognized_keys' && issue.path.length === 0
        ? `no join option ${issue.keys.map((k) => `"${k}"`).join(', ')} (${Object.keys(ClientJoinOptions.shape).join(', ')}; a game's own options go in "options")`
        : `${issue.path.join('.') || 'join options'}: ${issue.message}`,
    )
    .join('; ')
    .slice(0, 500);
}

/**
 * One game's table-level create options (`seats`, `bots`, `turnSeconds`, `private`) as `GET /api/games` lists
 * them beside its own options: the game's seat range, the server's default clock, and what each does in a
 * player's words (the create form shows it under the option).
 */
export function tableOptionsSchema(game: Pick<AnyGame, 'seats'>, defaultTurnSeconds: number) {
  const { min, max } = game.seats;
  return z.object({
    seats: z.number().int().min(min).max(max).default(game.seats.default).describe('Players at the table, bots included.'),
    bots: z.number().int().min(0).max(max).default(0).describe('Seats played by bots from the start (the last ones). A table you play at keeps at least one seat for you.'),
    turnSeconds: ClientJoinOptions.shape.turnSeconds
      .unwrap()
      .default(defaultTurnSeconds)
      .describe('Seconds for each turn. When they run out a bot moves for the player, whose next turns are short until they move again. 0: no clock.'),
    private: z.boolean().default(false).describe('Invite only: the table is not listed or matched with others; friends join with its invite code.'),
  });
}

/**
 * The options a room sees: the client's, plus the keys the server itself adds — `table` (the canonical
 * table key joinOrCreate filters on, set by onAuth), `recover` (a journaled game being taken over),
 * `creator` (the address a create request came from, charged for the table it creates), `watcher` (the
 * address a spectator's guest seat was asked from, counted against MAX_SPECTATORS_PER_ADDRESS), `queued` (the
 * table queue opened it: seats that come free before the start are offered back to the queue) and `host` (a
 * private table's own mark on its creator's reservation: seated without the invite code). The server's
 * matchmaking front door refuses them from clients (src/server/front-door.ts).
 */
export const JoinOptions = ClientJoinOptions.extend({
  table: z.string().max(4096).optional(),
  recover: z.string().max(64).optional(),
  creator: z.string().max(256).optional(),
  watcher: z.string().max(256).optional(),
  queued: z.boolean().optional(),
  host: z.boolean().optional(),
});
export type JoinOptions = z.infer<typeof JoinOptions>;

export interface TableConfig {
  seats: number;
  bots: number;
  options: unknown;
  turnSeconds: number;
  /** Canonical text of seats + options: joinOrCreate only matches tables with the same key. */
  key: string;
}

/** Validates create options against the game; returns the table configuration or a readable problem. */
export function tableConfig(game: AnyGame, raw: JoinOptions): TableConfig | { problem: string } {
  const seats = raw.seats ?? game.seats.default;
  if (seats < game.seats.min || seats > game.seats.max) {
    return { problem: `${game.id} seats ${game.seats.min}–${game.seats.max} players; asked for ${seats}` };
  }
  const bots = raw.bots ?? 0;
  if (bots > seats) return { problem: `bots (${bots}) exceed seats (${seats})` };
  // A misspelt option would otherwise be dropped and the table play by the default rule.
  const known = game.options instanceof z.ZodObject ? Object.keys(game.options.shape) : null;
  const unknown = known && Object.keys(raw.options ?? {}).filter((k) => !known.includes(k));
  if (unknown?.length) return { problem: `options: ${game.id} has no option ${unknown.map((k) => `"${k}"`).join(', ')} (GET /api/games lists each game's options)` };
  const parsed = game.options.safeParse(raw.options ?? {});
  if (!parsed.success) {
    return { problem: parsed.error.issues.map((i) => `options.${i.path.join('.')}: ${i.message}`).join('; ') };
  }
  const setupProblem = game.validateSetup?.(parsed.data, seats);
  if (setupProblem) return { problem: setupProblem.message };
  const turnSeconds = raw.turnSeconds ?? roomSettings.defaultTurnSeconds;
  return { seats, bots, options: parsed.data, turnSeconds, key: canonicalJson({ seats, bots, options: parsed.data, turnSeconds }) };
}
