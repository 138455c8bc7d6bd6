/**
 * Great Western Trail's codes in words. The printed game's words — cards, tiles, trail spaces and the
 * trail's layout, cities, discs, stations, station masters, the turn's phases and steps, the scoring
 * pad's rows — come from the server's view (`table.names`); this file only looks them up. Presentation
 * only, never whether a move is legal or what it scores (the server's legal moves and outcome say that).
 */
import type { Plain } from '../types.ts';
import { words } from './generic.ts';

/** The view's catalogue of words (`table.names`): groups of code → `{ text, kind }` (phases, steps, scoring: code → text). */
export type Names = Plain;
type Group = 'cards' | 'tiles' | 'spaces' | 'cities' | 'discs' | 'stationMasters' | 'phases' | 'steps' | 'scoring';

/** A code's words from the view's catalogue, or the code made readable when the catalogue lacks it. */
export const named = (names: Names, group: Group, code: string | number): string => {
  const entry = names?.[group]?.[String(code)];
  return (typeof entry === 'string' ? entry : entry?.text) ?? words(String(code));
};
/** A code's kind in the view's catalogue ('' when unknown). */
export const kindOf = (names: Names, group: Group, code: string): string => names?.[group]?.[code]?.kind ?? '';

/** What stands on a trail location: `n:A` neutral building A, `p:1:3a` seat 1's 3a, `h:…` hazard, `t:…` teepee. */
export function content(names: Names, code: string): { text: string; owner: number | null; kind: string } {
  if (!code) return { text: '', owner: null, kind: 'empty' };
  const [kind, a = '', b = ''] = code.split(':');
  if (kind === 'n') return { text: `building ${a}`, owner: null, kind: 'neutral' };
  if (kind === 'p') return { text: `building ${b}`, owner: Number(a), kind: 'private' };
  if (kind === 'h') return { text: named(names, 'tiles', a), owner: null, kind: 'hazard' };
  if (kind === 't') return { text: named(names, 'tiles', a), owner: null, kind: 'teepee' };
  return { text: code, owner: null, kind: 'other' };
}

/** A city as the view names it, its crest value in brackets ("Wichita (4)"), with the number said: "Wichita (city value 4)". */
export const cityValueText = (text: string): string => text.replace(/ \((\d+)\)$/, ' (city value $1)');
