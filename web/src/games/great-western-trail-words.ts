/**
 * Great Western Trail's codes in words. The printed game's words — cards, tiles, trail spaces and the
 * trail's layout, cities, discs, stations, station masters — come from the server's view (`table.names`);
 * this file only looks them up and formats the status line. Presentation only, never whether a move is legal
 * or what it scores (the server's legal moves and outcome say that).
 */
import type { Plain } from '../types.ts';
import { words } from './generic.ts';

/** The view's catalogue of words (`table.names`): groups of code → `{ text, kind }`. */
export type Names = Plain;
type Group = 'cards' | 'tiles' | 'spaces' | 'cities' | 'discs' | 'stationMasters';

/** A code's words from the view's catalogue, or the code made readable when the catalogue lacks it. */
export const named = (names: Names, group: Group, code: string | number): string => names?.[group]?.[String(code)]?.text ?? words(String(code));
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

/** The phase and the pending sub-step, as the status line says them. */
export const PHASES: Record<string, string> = { A: 'moving', B: 'acting at a location', KC: 'in Kansas City' };
export const PENDING: Record<string, string> = {
  engine: 'an engine move',
  engineBack: 'an engine move back',
  upgrade: 'a station upgrade',
  disc: 'a disc to place',
  master: 'the station master',
  hazard: 'a hazard to remove',
  teepee: 'a teepee to take',
  hire: 'a worker to hire',
  jersey: 'a Jersey bonus',
  build: 'a building to place',
  buy: 'cattle to buy',
  discard: 'cards to discard',
  remove: 'cards to remove',
  objective: 'an objective card',
  aux: 'an auxiliary action',
  draw: 'cards to draw',
  move: 'a move',
  copy: 'a building to copy',
  upgradeBehind: 'a station behind the engine',
  foresight: 'a foresight tile',
  income: 'the income',
  deliver: 'a city to deliver to',
};

/** The scoring pad's categories (the outcome's `breakdown` keys). */
export const SCORE_CATEGORIES: Record<string, string> = {
  money: 'Money',
  buildings: 'Buildings',
  cities: 'Cities',
  stations: 'Stations',
  hazards: 'Hazards',
  cattle: 'Cattle',
  objectives: 'Objective cards',
  stationMasters: 'Station masters',
  workers: 'Workers',
  playerBoard: 'Player board',
  jobToken: 'Job market token',
};
