/**
 * VIP cards as data plus a small effect system. Three cards are known by name from the printed game
 * (Snake Eyes & Boxcars, Risky Gambler, Side Bet); their effects, and the rest of the 32-card deck,
 * are a designed set (see the README), not the official card texts.
 *
 * A card works either for the rest of the game (`game`) or for the next race only (`race`), starting
 * with the race after it was drafted. Its effects fire on triggers:
 * - `roll`: each roll whose sum is listed earns money (paid at settlement);
 * - `raceEnd`: at settlement, money, optionally only when `ahead` finishes in front of `behind`;
 * - `betWon` / `betLost`: changes the payout or the penalty of the owner's bets of the listed kinds;
 * - `keep`: an extra bet token of the given value, owned from the moment the card is kept.
 */
import type { BetKind, Horse } from './board.ts';

export type VipEffect =
  | { on: 'roll'; sums: readonly number[]; money: number }
  | { on: 'raceEnd'; money: number; ahead: readonly Horse[]; behind: readonly Horse[] }
  | { on: 'betWon'; kinds: readonly BetKind[]; multiplier: number; money: number }
  | { on: 'betLost'; kinds: readonly BetKind[]; penalty: number | 'waived' }
  | { on: 'keep'; token: number };

export interface VipDesign {
  design: string;
  name: string;
  text: string;
  duration: 'game' | 'race';
  copies: number;
  effects: readonly VipEffect[];
}

const ALL_KINDS: readonly BetKind[] = ['win', 'place', 'show', 'color', 'prop', 'exotic'];

export const VIP_DESIGNS: readonly VipDesign[] = [
  {
    design: 'snake-eyes-boxcars',
    name: 'Snake Eyes & Boxcars',
    text: 'Rest of the game: +$1 every time a 2 or a 12 is rolled.',
    duration: 'game',
    copies: 2,
    effects: [{ on: 'roll', sums: [2, 12], money: 1 }],
  },
  {
    design: 'risky-gambler',
    name: 'Risky Gambler',
    text: 'Rest of the game: each of your winning bets pays $2 more; each losing bet costs $1 more.',
    duration: 'game',
    copies: 2,
    effects: [
      { on: 'betWon', kinds: ALL_KINDS, multiplier: 0, money: 2 },
      { on: 'betLost', kinds: ALL_KINDS, penalty: 1 },
    ],
  },
  {
    design: 'side-bet',
    name: 'Side Bet',
    text: 'Next race: +$6 if an orange horse (5, 9) finishes ahead of both red horses (6, 8).',
    duration: 'race',
    copies: 2,
    effects: [{ on: 'raceEnd', money: 6, ahead: ['5', '9'], behind: ['6', '8'] }],
  },
  {
    design: 'long-shot',
    name: 'Long Shot',
    text: 'Next race: +$8 if a blue horse (2/3, 4, 10, 11/12) wins.',
    duration: 'race',
    copies: 2,
    effects: [{ on: 'raceEnd', money: 8, ahead: ['2/3', '4', '10', '11/12'], behind: ['5', '6', '7', '8', '9'] }],
  },
  {
    design: 'lucky-seven',
    name: 'Lucky Seven',
    text: 'Next race: +$1 every time a 7 is rolled.',
    duration: 'race',
    copies: 2,
    effects: [{ on: 'roll', sums: [7], money: 1 }],
  },
  {
    design: 'bonus-token-3',
    name: 'Bonus Token $3',
    text: 'Take a $3 bonus bet token; it is yours for the rest of the game.',
    duration: 'game',
    copies: 2,
    effects: [{ on: 'keep', token: 3 }],
  },
  {
    design: 'bonus-token-4',
    name: 'Bonus Token $4',
    text: 'Take a $4 bonus bet token; it is yours for the rest of the game.',
    duration: 'game',
    copies: 1,
    effects: [{ on: 'keep', token: 4 }],
  },
  {
    design: 'bonus-token-5',
    name: 'Bonus Token $5',
    text: 'Take a $5 bonus bet token; it is yours for the rest of the game.',
    duration: 'game',
    copies: 1,
    effects: [{ on: 'keep', token: 5 }],
  },
  {
    design: 'owners-box',
    name: "Owner's Box",
    text: 'Rest of the game: your winning Win bets pay 1× more.',
    duration: 'game',
    copies: 2,
    effects: [{ on: 'betWon', kinds: ['win'], multiplier: 1, money: 0 }],
  },
  {
    design: 'grandstand',
    name: 'Grandstand',
    text: 'Rest of the game: your winning Place bets pay 1× more.',
    duration: 'game',
    copies: 2,
    effects: [{ on: 'betWon', kinds: ['place'], multiplier: 1, money: 0 }],
  },
  {
    design: 'rail-seat',
    name: 'Rail Seat',
    text: 'Rest of the game: your winning Show bets pay 1× more.',
    duration: 'game',
    copies: 2,
    effects: [{ on: 'betWon', kinds: ['show'], multiplier: 1, money: 0 }],
  },
  {
    design: 'insider',
    name: 'Insider',
    text: 'Rest of the game: your winning Prop bets pay 1× more.',
    duration: 'game',
    copies: 2,
    effects: [{ on: 'betWon', kinds: ['prop'], multiplier: 1, money: 0 }],
  },
  {
    design: 'connoisseur',
    name: 'Connoisseur',
    text: 'Rest of the game: your winning Exotic Finish bets pay 1× more.',
    duration: 'game',
    copies: 1,
    effects: [{ on: 'betWon', kinds: ['exotic'], multiplier: 1, money: 0 }],
  },
  {
    design: 'colour-commentator',
    name: 'Colour Commentator',
    text: 'Rest of the game: your winning colour bets pay 1× more.',
    duration: 'game',
    copies: 1,
    effects: [{ on: 'betWon', kinds: ['color'], multiplier: 1, money: 0 }],
  },
  {
    design: 'insurance',
    name: 'Insurance',
    text: 'Rest of the game: each of your losing bets costs $1 less.',
    duration: 'game',
    copies: 2,
    effects: [{ on: 'betLost', kinds: ALL_KINDS, penalty: -1 }],
  },
  {
    design: 'safety-net',
    name: 'Safety Net',
    text: 'Next race: your losing bets cost nothing.',
    duration: 'race',
    copies: 2,
    effects: [{ on: 'betLost', kinds: ALL_KINDS, penalty: 'waived' }],
  },
  {
    design: 'comped-suite',
    name: 'Comped Suite',
    text: 'Rest of the game: +$2 at the end of every race.',
    duration: 'game',
    copies: 2,
    effects: [{ on: 'raceEnd', money: 2, ahead: [], behind: [] }],
  },
  {
    design: 'high-roller',
    name: 'High Roller',
    text: 'Next race: +$6 at the end of the race.',
    duration: 'race',
    copies: 2,
    effects: [{ on: 'raceEnd', money: 6, ahead: [], behind: [] }],
  },
];

/** The 32 physical cards, ids `<design>-<copy>`. */
export const VIP_DECK: readonly string[] = VIP_DESIGNS.flatMap((d) => Array.from({ length: d.copies }, (_, i) => `${d.design}-${i + 1}`));

const BY_CARD = new Map<string, VipDesign>(VIP_DESIGNS.flatMap((d) => Array.from({ length: d.copies }, (_, i) => [`${d.design}-${i + 1}`, d] as const)));

export function vipDesign(card: string): VipDesign {
  return BY_CARD.get(card)!;
}

/** The bonus token a card grants when kept, or 0. */
export function keepToken(card: string): number {
  const effect = vipDesign(card).effects.find((e) => e.on === 'keep');
  return effect?.token ?? 0;
}
