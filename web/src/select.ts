/**
 * From clicks to legal moves, with no rules: each board tags its clickable parts with keys
 * (`card:7H`, `marble:3`, `space:win-7-a`) and says which keys each legal move involves. A click keeps
 * the moves that involve every key clicked so far; one move left is sent (offered instead when a card
 * alone settled it, where the board asks so), several are offered in a small chooser, and the parts that would narrow them further stay highlighted. Where the listed moves
 * only sample a free choice (the board composes), a click on a part selects it and nothing more: the
 * board makes the move from the selection.
 */
import type { BoardContext, GameBoard, Move, PartWords } from './types.ts';

/**
 * The chooser's prompt for the moves that fit a selection (`question`: for one move, the board's words for what it
 * does); the Esc hint only where a keyboard is likely (a touch screen has no Esc key, and "Clear selection" is under
 * the prompt).
 */
export function chooserPrompt(count: number, keyboard: boolean, question = 'Play it?'): string {
  const hint = keyboard ? ' (Esc to clear)' : '';
  return count > 1 ? `${count} moves fit — choose one${hint}:` : `${question}${hint}`;
}

export class Selection {
  keys: string[] = [];
  private readonly board: GameBoard;

  constructor(board: GameBoard) {
    this.board = board;
  }

  /**
   * The context as the board sees it with `keys` selected: a move's keys may depend on them (of two jacks, the moves
   * are the copy picked's), and a context made before a click still holds the keys selected before it.
   */
  private seeing(ctx: BoardContext, keys = this.keys): BoardContext {
    return ctx.selected === keys ? ctx : { ...ctx, selected: keys };
  }

  /** The legal moves that involve every selected key. */
  candidates(ctx: BoardContext): Move[] {
    if (this.keys.length === 0) return ctx.moves;
    const now = this.seeing(ctx);
    return ctx.moves.filter((m) => {
      const k = this.board.keys(m, now);
      return this.keys.every((x) => k.includes(x));
    });
  }

  /**
   * The listed moves to offer in the chooser: those that fit the selection, but none while the board composes a
   * free choice. The listed moves only sample it: one that holds the selected parts holds others too (a bury
   * of cards never chosen), and the selection's own move is offered by itself. Nor while only sticky keys are
   * selected: a chosen betting token is a setting for the parts picked next, not a move begun, and its moves are
   * every space on the board (a list of fifty over the board that is itself the choice).
   */
  offered(ctx: BoardContext): Move[] {
    if (!this.keys.length || this.composing(ctx)) return [];
    return this.keys.every((k) => this.board.sticky?.(k)) ? [] : this.candidates(ctx);
  }

  /**
   * Why a part no legal move lets the player pick now cannot be used, in words: the board's when it knows the rule. With
   * no legal move at all only the board's (Tractor's deal, where a seat may declare but not with that card), else null:
   * nothing is asked of the player, and a tap on a part says nothing.
   */
  whyNot(key: string, ctx: BoardContext): PartWords | null {
    const words = this.board.whyNot?.(key, ctx) ?? null;
    if (!ctx.moves.length) return words;
    return words ?? (key.startsWith('card:') ? 'That card cannot be played now.' : 'That cannot be chosen now.');
  }

  /** The free choice the board offers now, given the selection; null when there is none. */
  composing(ctx: BoardContext) {
    return this.board.compose?.(this.keys, ctx) ?? null;
  }

  /** Keys a click may add now (the parts to highlight). */
  clickable(ctx: BoardContext): Set<string> {
    const out = new Set<string>(this.composing(ctx)?.keys);
    const now = this.seeing(ctx);
    for (const m of this.candidates(ctx)) for (const k of this.board.keys(m, now)) out.add(k);
    // A fresh start: the parts of every move, as with nothing selected.
    const fresh = this.seeing(ctx, []);
    if (this.keys.length) for (const m of ctx.moves) for (const k of this.board.keys(m, fresh)) out.add(k);
    return out;
  }

  /**
   * A click on a part: returns the move to send, if the click settles it. A selected key clicked again
   * is dropped; a key that fits no remaining move starts a new selection.
   */
  click(key: string, ctx: BoardContext): Move | null {
    if (this.composing(ctx)?.keys.includes(key)) {
      this.keys = this.keys.includes(key) ? this.keys.filter((k) => k !== key) : [...this.keys, key];
      const made = this.composing(ctx);
      return made?.now ? made.move : null;
    }
    if (this.keys.includes(key)) {
      this.keys = this.keys.filter((k) => k !== key);
      return null;
    }
    const before = this.keys;
    this.keys = [...before, key];
    let left = this.candidates(ctx);
    if (left.length === 0) {
      this.keys = [...before.filter((k) => this.board.sticky?.(k) && !this.board.sticky(key)), key];
      left = this.candidates(ctx);
      if (left.length === 0) {
        this.keys = [key];
        left = this.candidates(ctx);
      }
      if (left.length === 0) {
        this.keys = before;
        return null;
      }
    }
    if (left.length === 1) return this.keys.length === 1 && this.board.confirms?.(key, ctx) ? null : left[0]!;
    return this.board.prefer?.(left, ctx) ?? null;
  }

  /**
   * The moves a click on `key` would lead to, the selection left as it is: the move it would send, else the moves left
   * to choose from (none where the click would change nothing). Not while the board composes a free choice: a click
   * there adds a part to the selection, whatever the listed moves.
   */
  leads(key: string, ctx: BoardContext): Move[] {
    if (this.composing(ctx)) return [];
    const kept = this.keys;
    try {
      const move = this.click(key, ctx);
      if (move) return [move];
      return this.keys === kept ? [] : this.candidates(ctx);
    } finally {
      this.keys = kept;
    }
  }

  /** After a move was sent: keep only the sticky keys. */
  sent() {
    this.keys = this.keys.filter((k) => this.board.sticky?.(k));
  }

  clear() {
    this.keys = [];
  }

  /**
   * Drops selected keys that no legal move has any more (the position changed). Returns the context seeing the keys
   * kept: the frame's board is drawn from it (a part dropped no longer drawn as picked) and keyed by it (board-inputs.ts).
   */
  prune(ctx: BoardContext): BoardContext {
    const free = this.composing(ctx);
    if (free) this.keys = this.keys.filter((k) => free.keys.includes(k));
    else if (this.keys.length && this.candidates(ctx).length === 0) this.keys = this.keys.filter((k) => this.board.sticky?.(k) && ctx.moves.some((m) => this.board.keys(m, this.seeing(ctx)).includes(k)));
    return this.seeing(ctx);
  }
}

/** The move panel's line for what a part picked says (Selection.whyNot): its words, and whether they refuse (an error's style) or only describe. */
export function partLine(words: PartWords | null): { text: string; refusal: boolean } | null {
  if (words === null) return null;
  return typeof words === 'string' ? { text: words, refusal: true } : { text: words.note, refusal: false };
}
