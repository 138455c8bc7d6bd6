/**
 * Sections a board folds to a line (a `<details>`) that the player opened or closed, kept per table over the redraws: a
 * redraw draws each as the player left it, not as the board would (a line of a settlement opened closed again as soon
 * as another bettor got ready). What the player chose is part of what the board is drawn from (GameBoard.drawnAlso).
 */
import { h } from '../dom.ts';
import type { BoardContext } from '../types.ts';

/**
 * Sections the player opened or closed, by table (room id) and name: kept over the redraws, until the board would open
 * or close them itself. Another table in the same tab starts with every section as the board opens it.
 */
const chosen = new Map<string, Map<string, { open: boolean; byDefault: boolean }>>();

/** Whether a section of the table shows open: as the player left it, unless the board would now open or close it itself. */
export function sectionOpen(table: string, name: string, byDefault: boolean): boolean {
  const choice = chosen.get(table)?.get(name);
  if (choice && choice.byDefault !== byDefault) chosen.get(table)!.delete(name);
  return choice?.byDefault === byDefault ? choice.open : byDefault;
}

/**
 * A section opened or closed (a `toggle`, caught at the board's root: see `foldsKept`): remembered for the table from
 * what the section and the root say now. Delegated: a section the page keeps across redraws (drawn the same though the
 * moves changed) would keep the handler, and the default, of the redraw that made it.
 */
export function sectionToggled(e: Pick<Event, 'target' | 'currentTarget'>) {
  const section = e.target as HTMLDetailsElement;
  const table = (e.currentTarget as HTMLElement).dataset.table;
  const name = section.dataset.fold;
  if (table === undefined || !name) return;
  const byDefault = section.dataset.byDefault === 'true';
  const choices = chosen.get(table) ?? chosen.set(table, new Map()).get(table)!;
  if (section.open === byDefault) choices.delete(name);
  else choices.set(name, { open: section.open, byDefault });
}

/** What the player chose at the table, as text: for the board's `drawnAlso`. */
export const foldsChosen = (table: string): string => JSON.stringify([...(chosen.get(table) ?? [])]);

/**
 * The board's root, where its sections' toggles are caught (a toggle does not bubble: on its way down). The page keeps
 * the first root drawn with its listener (dom.ts, morph): the listener reads the table from the root.
 */
export function foldsKept<T extends HTMLElement>(root: T, ctx: BoardContext): T {
  root.setAttribute('data-table', ctx.roomId);
  root.addEventListener('toggle', sectionToggled, true);
  return root;
}

/** A section folded to its summary unless open `byDefault`, or the player opened it; `name` is its own at the table. */
export function fold(ctx: BoardContext, name: string, byDefault: boolean, className: string, summary: HTMLElement, body: HTMLElement) {
  const open = sectionOpen(ctx.roomId, name, byDefault);
  // Named for the page, which gives the focus back to the section's line after a redraw (table.ts): an element of the
  // page may be replaced, or brought up to date as another section's (dom.ts, morph, pairs parts by their place).
  summary.setAttribute('data-focus', `fold:${name}`);
  return h('details', { class: className, open, 'data-fold': name, 'data-by-default': String(byDefault) }, summary, body);
}
