/**
 * Field schemas for games' move shapes (MoveShapes in game.ts): every field bounded, so a canonical
 * move is small whatever a client sends. Games may use their own enums where the values are fixed.
 */
import { z } from 'zod';

/** Longest name of a card, space, marble, building, … a move may carry. */
export const MAX_ID_CHARS = 64;
/** Longest list in a move (cards played at once, a path walked). */
export const MAX_LIST = 128;

/** A name: card, space, marble, building. */
export const id = z.string().max(MAX_ID_CHARS);
/** A list of names. */
export const ids = z.array(id).max(MAX_LIST);
/** A safe integer (zod refuses fractions, infinities and anything beyond 2^53); −0 kept as 0, one canonical form. */
export const int = z.number().int().transform((n) => n + 0);
/** A finite number (−0 kept as 0). */
export const num = z.number().transform((n) => n + 0);
export const bool = z.boolean();
/** A move with no field besides its type. */
export const bare = z.object({});
