/** Neutral buildings A–G and private buildings 1a–10b (rules digest §5, §6). */

/** One local action. "Discard X" actions name the exact breed; `pair`/`any` let the player pick the cards. */
export type Effect =
  | { k: 'discard'; breed: string; money?: number; certs?: number; engine?: number }
  | { k: 'discardPair'; money: number }
  | { k: 'discardAny'; money: number; certs: number; objectiveToHand: boolean }
  | { k: 'discardObjective'; certs: number }
  | { k: 'hire'; mod: number }
  | { k: 'build'; perCraftsman: number }
  | { k: 'cert' }
  | { k: 'objective' }
  | { k: 'engine'; n: number | 'engineers' | 'forest' }
  | { k: 'teepee' }
  | { k: 'payEngine'; cost: number; max: number }
  | { k: 'aux' }
  | { k: 'buy' }
  | { k: 'hazard'; cost: number }
  | { k: 'money'; amount: number | 'forest' | 'engineers' }
  | { k: 'teepeePairs' }
  | { k: 'move'; n: number }
  | { k: 'extraDelivery' }
  | { k: 'certMax' }
  | { k: 'engineBackMoney' }
  | { k: 'drawCowboys' }
  | { k: 'copy' }
  | { k: 'upgradeBehind' };

/** A building's local actions: each group may be used once; a group of several effects is a "choose one". */
export type ActionGroups = Effect[][];

export const NEUTRAL_BUILDINGS: Record<string, ActionGroups> = {
  A: [[{ k: 'discard', breed: 'guernsey', money: 2 }], [{ k: 'hire', mod: 0 }], [{ k: 'hire', mod: 2 }]],
  B: [[{ k: 'discard', breed: 'dutchbelt', money: 2 }], [{ k: 'build', perCraftsman: 2 }]],
  C: [[{ k: 'cert' }, { k: 'objective' }], [{ k: 'engine', n: 'engineers' }]],
  D: [[{ k: 'teepee' }, { k: 'payEngine', cost: 2, max: 2 }], [{ k: 'aux' }]],
  E: [[{ k: 'discard', breed: 'angus', money: 2 }], [{ k: 'buy' }]],
  F: [[{ k: 'discardPair', money: 4 }], [{ k: 'hazard', cost: 7 }]],
  G: [[{ k: 'engine', n: 'engineers' }], [{ k: 'aux' }]],
};

export interface PrivateBuilding {
  craftsmen: number;
  hand: 'none' | 'green' | 'black' | 'both';
  vp: number;
  actions: ActionGroups;
}

export const PRIVATE_BUILDINGS: Record<string, PrivateBuilding> = {
  '1a': { craftsmen: 1, hand: 'green', vp: 1, actions: [[{ k: 'money', amount: 'forest' }]] },
  '2a': { craftsmen: 1, hand: 'none', vp: 1, actions: [[{ k: 'discard', breed: 'guernsey', money: 4 }], [{ k: 'buy' }]] },
  '3a': { craftsmen: 1, hand: 'none', vp: 1, actions: [[{ k: 'discardPair', money: 3 }], [{ k: 'move', n: 1 }]] },
  '4a': { craftsmen: 2, hand: 'black', vp: 3, actions: [[{ k: 'hazard', cost: 5 }], [{ k: 'move', n: 2 }]] },
  '5a': { craftsmen: 3, hand: 'none', vp: 4, actions: [[{ k: 'hire', mod: -1 }], [{ k: 'engine', n: 'engineers' }]] },
  '6a': { craftsmen: 4, hand: 'none', vp: 5, actions: [[{ k: 'discard', breed: 'holstein', money: 10 }], [{ k: 'aux' }]] },
  '7a': { craftsmen: 5, hand: 'both', vp: 6, actions: [[{ k: 'teepeePairs' }]] },
  '8a': { craftsmen: 5, hand: 'green', vp: 6, actions: [[{ k: 'teepee' }, { k: 'aux' }], [{ k: 'engine', n: 2 }]] },
  '9a': { craftsmen: 7, hand: 'none', vp: 9, actions: [[{ k: 'engine', n: 3 }], [{ k: 'extraDelivery' }]] },
  '10a': { craftsmen: 9, hand: 'black', vp: 13, actions: [[{ k: 'certMax' }], [{ k: 'move', n: 5 }]] },
  '1b': { craftsmen: 1, hand: 'green', vp: 1, actions: [[{ k: 'discardObjective', certs: 2 }], [{ k: 'engineBackMoney' }]] },
  '2b': { craftsmen: 1, hand: 'none', vp: 1, actions: [[{ k: 'discard', breed: 'jersey', engine: 1 }], [{ k: 'discard', breed: 'dutchbelt', money: 3 }]] },
  '3b': { craftsmen: 2, hand: 'none', vp: 3, actions: [[{ k: 'aux' }], [{ k: 'move', n: 1 }]] },
  '4b': { craftsmen: 2, hand: 'black', vp: 3, actions: [[{ k: 'drawCowboys' }], [{ k: 'move', n: 3 }]] },
  '5b': { craftsmen: 3, hand: 'none', vp: 4, actions: [[{ k: 'discard', breed: 'angus', certs: 2 }], [{ k: 'money', amount: 'engineers' }]] },
  '6b': { craftsmen: 4, hand: 'none', vp: 5, actions: [[{ k: 'discardAny', money: 3, certs: 0, objectiveToHand: true }]] },
  '7b': { craftsmen: 5, hand: 'both', vp: 6, actions: [[{ k: 'engine', n: 'forest' }]] },
  '8b': { craftsmen: 6, hand: 'none', vp: 8, actions: [[{ k: 'copy' }]] },
  '9b': { craftsmen: 6, hand: 'none', vp: 8, actions: [[{ k: 'upgradeBehind' }]] },
  '10b': { craftsmen: 8, hand: 'black', vp: 11, actions: [[{ k: 'money', amount: 4 }], [{ k: 'engine', n: 4 }], [{ k: 'move', n: 4 }]] },
};

/** Risk actions printed on risk spaces, usable by the owner of the building there. */
export const RISK_EFFECTS: Record<'jersey' | 'any', Effect> = {
  jersey: { k: 'discard', breed: 'jersey', money: 2, certs: 1 },
  any: { k: 'discardAny', money: 0, certs: 1, objectiveToHand: false },
};

/** Bonus printed on worker slots (1-based slot index → bonus), rules digest §8.5. */
export type SlotBonus = 'hazardFree' | 'teepee' | 'buildCheap' | 'hireCheap' | 'jerseyCert1' | 'jerseyMoney2' | 'jerseyCert2' | 'jerseyMoney4';
export const SLOT_BONUS: Record<'cowboy' | 'craftsman' | 'engineer', Record<number, SlotBonus>> = {
  cowboy: { 4: 'hazardFree', 6: 'teepee' },
  craftsman: { 4: 'buildCheap', 6: 'buildCheap' },
  engineer: { 2: 'jerseyCert1', 3: 'jerseyMoney2', 4: 'hireCheap', 5: 'jerseyCert2', 6: 'jerseyMoney4' },
};
