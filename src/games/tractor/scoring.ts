/** The result table (declarers keep the lead below 80 of 200 points, per 40 a level) and level advancement. */
import { RANKS } from '../../core/cards/index.ts';
import type { TractorOptions } from './types.ts';

/** Level index of the extra no-trump level after A. */
export const NT_LEVEL = RANKS.length;

export function levelName(level: number): string {
  return level === NT_LEVEL ? 'NT' : RANKS[level]!;
}

export function topLevelIndex(options: TractorOptions): number {
  return options.topLevel === 'NT' ? NT_LEVEL : RANKS.indexOf('A');
}

/**
 * Levels won from the attackers' points, with a step of 20 points per deck (40 with two decks):
 * 0 → declarers +3, 5–35 → +2, 40–75 → +1, 80–115 → attackers take over, 120–155 → they also rise 1,
 * and 1 more per further step.
 */
export function handOutcome(points: number, decks: number): { declarersWon: boolean; steps: number } {
  const step = 20 * decks;
  if (points >= 2 * step) return { declarersWon: false, steps: Math.floor((points - 2 * step) / step) };
  return { declarersWon: true, steps: points >= step ? 1 : points >= 5 ? 2 : 3 };
}

function gates(options: TractorOptions): Set<number> {
  const set = new Set<number>();
  if (options.mustDefend === 'none') return set;
  set.add(topLevelIndex(options));
  if (options.mustDefend === 'pointsAndA') for (const r of ['5', '10', 'K'] as const) set.add(RANKS.indexOf(r));
  return set;
}

/**
 * Moves a level up by `steps`. A must-defend level stops an advance that reaches it, and only a declaring
 * side that has just defended it may move on from it; passing the top level wins the game.
 */
export function advance(level: number, steps: number, asDeclarer: boolean, options: TractorOptions): { level: number; passedTop: boolean } {
  const stops = gates(options);
  const top = topLevelIndex(options);
  let cur = level;
  for (let i = 0; i < steps; i++) {
    if (stops.has(cur) && !(asDeclarer && i === 0)) break;
    if (cur === top) return { level: cur, passedTop: true };
    cur++;
    if (stops.has(cur)) break;
  }
  return { level: cur, passedTop: false };
}

/** Kitty bonus multiplier from the last trick's lead: its card count, its largest unit, or 2^largest unit. */
export function kittyMultiplier(policy: TractorOptions['kittyMultiplier'], leadCards: number, largestUnit: number): number {
  if (policy === 'cards') return 2 * leadCards;
  if (policy === 'largestUnit') return 2 * largestUnit;
  return 2 ** largestUnit;
}
