/** From clicks to moves without a browser: the Tractor board's free choices through the selection, and its result's words. */
import { describe, expect, it } from 'vitest';
import { fastTrack } from './games/fast-track.ts';
import { readySetBet } from './games/ready-set-bet.ts';
import { handKeys, tac } from './games/tac.ts';
import { FOLLOWS_LISTED, phaseText, tractor } from './games/tractor.ts';
import { chooserPrompt, partLine, Selection } from './select.ts';
import { turnLine } from './turn.ts';
import type { BoardContext, Move } from './types.ts';

const HAND = ['BJ', '2S', '2S', 'AH', 'AH', 'KH', 'QH', '9C', '8C', '7C', '5D', '3D'];

function context(phase: string, moves: Move[], trick: unknown[] = [], table: Record<string, unknown> = {}): BoardContext {
  return {
    roomId: 'table-1',
    game: 'tractor',
    table: { phase, trick, ...table },
    view: { hand: HAND, trumps: 3, kitty: [] },
    seats: [],
    mySeat: 0,
    active: [0],
    status: 'playing',
    moves,
    sent: [],
    name: (seat) => `Seat ${seat}`,
    result: null,
  };
}

describe('Tractor on the page: free choices the listed moves only sample', () => {
  it('buries any cards chosen, as many as asked, with each copy of a card its own part', () => {
    const ctx = context('burying', [{ type: 'bury', cards: ['5D', '3D', '7C'] }, { type: 'bury', cards: ['3D', '7C', '8C'] }]);
    const selection = new Selection(tractor);
    const cardParts = [...selection.clickable(ctx)].filter((k) => k.startsWith('card:'));
    expect(new Set(cardParts)).toEqual(new Set(['card:BJ', 'card:2S', 'card:2S/2', 'card:AH', 'card:AH/2', 'card:KH', 'card:QH', 'card:9C', 'card:8C', 'card:7C', 'card:5D', 'card:3D']));
    // Neither listed bury: the two aces of hearts and the king. No click sends anything.
    for (const key of ['card:AH', 'card:AH/2']) expect(selection.click(key, ctx)).toBeNull();
    expect(selection.composing(ctx)).toMatchObject({ move: null, hint: 'Choose 3 cards to bury (2 chosen).' });
    expect(selection.click('card:KH', ctx)).toBeNull();
    expect(selection.composing(ctx)?.move).toEqual({ type: 'bury', cards: ['AH', 'AH', 'KH'] });
    // A second click on a part takes it back out; a redraw keeps the selection.
    expect(selection.click('card:AH/2', ctx)).toBeNull();
    selection.prune(ctx);
    expect(selection.keys).toEqual(['card:AH', 'card:KH']);
    expect(selection.composing(ctx)?.move).toBeNull();
  });

  it('offers no listed bury while cards are chosen: only the selection makes the move, once complete', () => {
    const listed: Move[] = [{ type: 'bury', cards: ['5D', '3D', '7C'] }, { type: 'bury', cards: ['3D', '7C', '8C'] }];
    const ctx = context('burying', listed);
    const selection = new Selection(tractor);
    // One card that a single listed bury holds: that sample, with cards never chosen, is not offered to play.
    expect(selection.click('card:5D', ctx)).toBeNull();
    expect(selection.candidates(ctx)).toEqual([listed[0]]);
    expect(selection.offered(ctx)).toEqual([]);
    // The cards of a listed bury, all chosen: the selection's move alone, not the listed one beside it.
    selection.clear();
    for (const key of ['card:3D', 'card:7C', 'card:8C']) expect(selection.click(key, ctx)).toBeNull();
    expect(selection.composing(ctx)?.move).toEqual({ type: 'bury', cards: ['3D', '7C', '8C'] });
    expect(selection.offered(ctx)).toEqual([]);
    // Leading too: no listed lead that holds the chosen card is offered for it.
    const leading = context('playing', [{ type: 'play', cards: ['AH'] }, { type: 'play', cards: ['AH', 'AH', 'KH'] }]);
    selection.clear();
    expect(selection.click('card:AH', leading)).toBeNull();
    expect(selection.offered(leading)).toEqual([]);
  });

  it('follows with as many cards as were led, sent on the last one chosen', () => {
    const ctx = context('playing', [{ type: 'play', cards: ['9C', '8C'] }, { type: 'play', cards: ['9C', '7C'] }], [{ seat: 3, cards: ['JC', 'JC'] }]);
    const selection = new Selection(tractor);
    // Only the cards the listed follows use are offered: clubs, as the lead was clubs.
    expect([...selection.clickable(ctx)].filter((k) => k.startsWith('card:')).sort()).toEqual(['card:7C', 'card:8C', 'card:9C']);
    expect(selection.click('card:AH', ctx)).toBeNull();
    expect(selection.keys).toEqual([]);
    expect(selection.click('card:8C', ctx)).toBeNull();
    expect(selection.composing(ctx)?.hint).toBe('Follow with 2 cards (1 chosen).');
    expect(selection.click('card:7C', ctx)).toEqual({ type: 'play', cards: ['8C', '7C'] });
  });

  it('follows with either copy of a card held twice, though the list names it once', () => {
    // A trump led: the hand's trumps are the joker and two 2♠ (two decks); the list has one follow with a 2♠.
    const ctx = context('playing', [{ type: 'play', cards: ['BJ'] }, { type: 'play', cards: ['2S'] }], [{ seat: 3, cards: ['SJ'] }]);
    const selection = new Selection(tractor);
    expect([...selection.clickable(ctx)].filter((k) => k.startsWith('card:')).sort()).toEqual(['card:2S', 'card:2S/2', 'card:BJ']);
    expect(selection.click('card:2S/2', ctx)).toEqual({ type: 'play', cards: ['2S'] });
  });

  it('says why a card no listed follow uses cannot be played: the suit, or the pairs the lead asks for', () => {
    const selection = new Selection(tractor);
    // Clubs led: the listed follows are clubs, and a heart or a trump is held back by the suit.
    const clubs = context('playing', [{ type: 'play', cards: ['9C'] }, { type: 'play', cards: ['8C'] }], [{ seat: 3, cards: ['JC'] }]);
    expect(selection.whyNot('card:AH/2', clubs)).toBe('Follow suit: play as many cards of the led suit as you can.');
    expect(selection.whyNot('card:2S', clubs)).toBe('Follow suit: play as many cards of the led suit as you can.');
    // A pair of hearts led: the aces must go, the king and queen are held back by the pair.
    const pair = context('playing', [{ type: 'play', cards: ['AH', 'AH'] }], [{ seat: 3, cards: ['JH', 'JH'] }]);
    expect(selection.whyNot('card:KH', pair)).toMatch(/^Follow the lead: include as many pairs/);
    // Elsewhere the page's own words: a card, or another part.
    const burying = context('burying', [{ type: 'bury', cards: ['5D', '3D', '7C'] }]);
    expect(selection.whyNot('card:AH', burying)).toBe('That card cannot be played now.');
    expect(new Selection(fastTrack).whyNot('marble:red-3', burying)).toBe('That cannot be chosen now.');
    // With no legal move only the board's words, if it has any: nothing is asked of the player.
    expect(selection.whyNot('card:AH', context('burying', []))).toBeNull();
    expect(new Selection(fastTrack).whyNot('card:AH', context('playing', []))).toBeNull();
    // Every refusal is said as one (the panel's red); a board's note only describes.
    expect(partLine(selection.whyNot('card:AH/2', clubs))).toEqual({ text: 'Follow suit: play as many cards of the led suit as you can.', refusal: true });
    expect(partLine(selection.whyNot('card:AH', burying))).toEqual({ text: 'That card cannot be played now.', refusal: true });
    expect(partLine({ note: 'Neutral building A.' })).toEqual({ text: 'Neutral building A.', refusal: false });
    expect(partLine(null)).toBeNull();
  });

  it('follows with a card a long list leaves out: past FOLLOWS_LISTED follows the list may be a sample', () => {
    const selection = new Selection(tractor);
    const cardParts = (ctx: BoardContext) => [...selection.clickable(ctx)].filter((k) => k.startsWith('card:')).sort();
    // Two hearts led, the hand holds four: the listed follows (a sample) all use A♥ and K♥, none the Q♥.
    const hearts = (n: number) => context('playing', Array.from({ length: n }, () => ({ type: 'play', cards: ['AH', 'KH'] })), [{ seat: 3, cards: ['JH', '10H'] }]);
    expect(cardParts(hearts(2))).toEqual(['card:AH', 'card:AH/2', 'card:KH']);
    expect(selection.whyNot('card:QH', hearts(2))).toMatch(/^Follow the lead: include as many pairs/);
    // As long a list as the server lists in full, or longer: every heart, and a club held back by the suit alone.
    expect(cardParts(hearts(FOLLOWS_LISTED))).toEqual(['card:AH', 'card:AH/2', 'card:KH', 'card:QH']);
    expect(selection.click('card:QH', hearts(FOLLOWS_LISTED))).toBeNull();
    expect(selection.click('card:KH', hearts(FOLLOWS_LISTED))).toEqual({ type: 'play', cards: ['QH', 'KH'] });
    expect(selection.whyNot('card:9C', hearts(FOLLOWS_LISTED))).toBe('Follow suit: play as many cards of the led suit as you can.');
    // Follows of several suits (too few of the led suit held): every card may fill in.
    const filled = context('playing', Array.from({ length: FOLLOWS_LISTED }, (_, i) => ({ type: 'play', cards: ['9C', i % 2 ? '8C' : '5D'] })), [{ seat: 3, cards: ['JC', 'JC', '10C'] }]);
    expect(cardParts(filled)).toHaveLength(HAND.length);
  });

  it('leads any selection, offered rather than sent', () => {
    const ctx = context('playing', [{ type: 'play', cards: ['BJ'] }, { type: 'play', cards: ['AH', 'AH', 'KH'] }]);
    const selection = new Selection(tractor);
    for (const key of ['card:AH', 'card:AH/2', 'card:KH', 'card:QH']) expect(selection.click(key, ctx)).toBeNull();
    expect(selection.composing(ctx)).toMatchObject({ move: { type: 'play', cards: ['AH', 'AH', 'KH', 'QH'] } });
    expect(selection.composing(ctx)?.now).toBeFalsy();
  });

  it('offers no lead of two suits in play, and says why: the view\'s trumps are one suit, the others their printed one', () => {
    const ctx = context('playing', [{ type: 'play', cards: ['BJ'] }, { type: 'play', cards: ['AH', 'AH', 'KH'] }]);
    const selection = new Selection(tractor);
    for (const key of ['card:7C', 'card:5D']) expect(selection.click(key, ctx)).toBeNull();
    expect(selection.composing(ctx)).toMatchObject({ move: null, hint: expect.stringMatching(/A lead is all of one suit or all trumps: these are clubs ♣ and diamonds ♦\.$/) });
    // A level card (2♠, among the view's three trumps) with the joker is one suit; with a spade or a heart it is not.
    selection.clear();
    for (const key of ['card:BJ', 'card:2S']) selection.click(key, ctx);
    expect(selection.composing(ctx)?.move).toEqual({ type: 'play', cards: ['BJ', '2S'] });
    selection.click('card:AH', ctx);
    expect(selection.composing(ctx)).toMatchObject({ move: null, hint: expect.stringMatching(/these are trumps and hearts ♥\.$/) });
    // Taking the odd card back out offers the lead again.
    selection.click('card:AH', ctx);
    expect(selection.composing(ctx)?.move).toEqual({ type: 'play', cards: ['BJ', '2S'] });
  });

  it('says why a card makes no declaration during the deal, whether or not another one is listed; says you may declare only when you may', () => {
    const selection = new Selection(tractor);
    const words = 'No declaration with that card now: one is made of level cards (2s) or jokers, and must be stronger than the one that stands.';
    // A lone 2♥ under a pair that stands: no declaration listed at all, and a tap on it said nothing.
    const none = context('dealing', [], [], { trumpRank: '2', bids: [{ seat: 1, card: '2C', count: 2 }] });
    expect(selection.click('card:2S', none)).toBeNull();
    expect(selection.whyNot('card:2S', none)).toBe(words);
    expect(selection.whyNot('card:AH', context('declaring', [{ type: 'declare', card: '2S', count: 2 }], [], { trumpRank: '2', bids: [] }))).toBe('No declaration with that card now: one is made of level cards (2s) or jokers.');
    expect(tractor.status!(none)).toBe(''); // the line already says "Waiting for the dealer."
    expect(tractor.status!({ ...none, mySeat: null, view: null })).toBe('Dealing.'); // a spectator's "Watching. Dealing."
    expect(tractor.status!(context('dealing', [{ type: 'declare', card: '2S', count: 1 }]))).toBe('Dealing: you may declare with a level card or jokers (tap one).');
    expect(tractor.status!(context('playing', []))).toBe('');
  });

  it('says what the windows after the deal and after a burial are, and when they close, not "Waiting for the dealer"', () => {
    const line = (ctx: BoardContext) => turnLine(ctx, tractor, 1_000_000_000_000).map((part) => (typeof part === 'string' ? part : '<clock>')).join('');
    const table = { exchanger: 2, trumpRank: '2', bids: [{ seat: 2, card: '2S', count: 1 }] };
    // Every seat listed beside the dealer, as during the deal: with no declaration of yours, the window in words.
    const window = (phase: string, moves: Move[], mySeat = 0) => ({ ...context(phase, moves, [], table), active: [-1, 0, 1, 2, 3], mySeat });
    expect(line(window('declaring', []))).toBe('The deal is over: the last declarations. Declaring closes in <clock>.');
    expect(line(window('declaring', [{ type: 'declare', card: '2H', count: 2 }]))).toBe(
      'Your move. The deal is over: you may still declare with a level card or jokers (tap one). Declaring closes in <clock>.',
    );
    expect(line(window('stealing', []))).toBe('Seat 2 buried the kitty: a stronger declaration would take it. Stealing closes in <clock>.');
    expect(line(window('stealing', [], 2))).toBe('You buried the kitty: a stronger declaration of another seat would take it. Stealing closes in <clock>.');
    expect(line(window('stealing', [{ type: 'declare', card: '2H', count: 2 }]))).toBe(
      'Your move. Seat 2 buried the kitty: a stronger declaration takes it (tap a level card or jokers). Stealing closes in <clock>.',
    );
    // A spectator reads the window as a player without a declaration does.
    expect(line(window('stealing', [], null as never))).toBe('Watching. Seat 2 buried the kitty: a stronger declaration would take it. Stealing closes in <clock>.');
    // Between two hands, the next one's deal; and the hand's end said in words on the board.
    expect(line(window('handEnd', []))).toBe('The hand is over. The next hand is dealt in <clock>.');
    expect([phaseText('handEnd'), phaseText('playing')]).toEqual(['hand over', 'playing']);
    // Elsewhere the page's own words.
    expect(tractor.waiting!(context('playing', []))).toBeNull();
    expect(tractor.stepClock!(context('playing', []))).toBeNull();
  });

  it('keeps to the listed moves while declaring: the second copy of a card stands for the pair', () => {
    const ctx = context('dealing', [
      { type: 'declare', card: '2S', count: 1 },
      { type: 'declare', card: '2S', count: 2 },
    ]);
    const selection = new Selection(tractor);
    expect(selection.composing(ctx)).toBeNull();
    expect(selection.click('card:2S/2', ctx)).toEqual({ type: 'declare', card: '2S', count: 2 });
    selection.sent();
    expect(selection.click('card:2S', ctx)).toBeNull(); // both declarations fit: the chooser offers them
    expect(selection.offered(ctx)).toHaveLength(2);
  });

  describe('calling friends: any call the view says a call may name', () => {
    // As the server sends it while the starter calls: the cards, the ordinals and how many calls.
    const callable = { cards: ['AH', 'KH', 'QH', 'AC', 'KC', 'AD'], ordinals: [1, 2], calls: 2 };
    const listed: Move[] = [
      { type: 'callFriends', friends: [{ card: 'AH', ordinal: 1 }, { card: 'KH', ordinal: 1 }] },
      { type: 'callFriends', friends: [{ card: 'KH', ordinal: 1 }, { card: 'QH', ordinal: 1 }] },
    ];

    it('offers every card once per ordinal and makes the move from the chosen ones, not only the listed calls', () => {
      const ctx = context('calling', listed, [], { callable, starter: 0 });
      const selection = new Selection(tractor);
      const parts = [...selection.clickable(ctx)];
      expect(parts.filter((k) => k.startsWith('call:')).sort()).toEqual(callable.ordinals.flatMap((o) => callable.cards.map((c) => `call:${o}:${c}`)).sort());
      expect(parts.filter((k) => k.startsWith('card:'))).toEqual([]); // the hand is not part of a call
      // The 2nd A♥ and the 1st A♦: no listed call. Nothing is sent by a click; the selection is offered.
      expect(selection.click('call:2:AH', ctx)).toBeNull();
      expect(selection.composing(ctx)).toMatchObject({ move: null, hint: 'Call 2 friends: choose 2 cards below, each as the 1st or 2nd copy played (1 chosen).' });
      expect(selection.click('call:1:AD', ctx)).toBeNull();
      const made = selection.composing(ctx)!;
      expect(made.move).toEqual({ type: 'callFriends', friends: [{ card: 'AH', ordinal: 2 }, { card: 'AD', ordinal: 1 }] });
      expect(made.now).toBeFalsy();
      expect(tractor.describe(made.move!, ctx)).toBe('Call friends: the 2nd A♥, the 1st A♦');
      // Both copies of one card are two calls; a third choice makes no move, a second click takes one back.
      expect(selection.click('call:1:AH', ctx)).toBeNull();
      expect(selection.composing(ctx)).toMatchObject({ move: null, hint: expect.stringContaining('(3 chosen)') });
      expect(selection.click('call:1:AD', ctx)).toBeNull();
      selection.prune(ctx);
      expect(selection.composing(ctx)?.move).toEqual({ type: 'callFriends', friends: [{ card: 'AH', ordinal: 2 }, { card: 'AH', ordinal: 1 }] });
    });

    it('sends a listed call at once from its quick pick, whatever was chosen before', () => {
      const ctx = context('calling', listed, [], { callable, starter: 0 });
      const selection = new Selection(tractor);
      expect(selection.click('call:2:AC', ctx)).toBeNull();
      expect(selection.clickable(ctx).has('calls:1:KH,1:QH')).toBe(true);
      expect(selection.click('calls:1:KH,1:QH', ctx)).toEqual(listed[1]);
    });

    it('offers nothing to a seat that does not call, though the view says what may be called', () => {
      const ctx = context('calling', [], [], { callable, starter: 1 });
      expect(new Selection(tractor).composing(ctx)).toBeNull();
      expect(tractor.compose!([], context('playing', [{ type: 'play', cards: ['BJ'] }], [], { callable: null }))?.hint).toMatch(/^Lead/);
    });
  });
});

describe('Tractor on the page: the result', () => {
  it('says the level of each seat, and which won: past the top, or at the best level when the hand limit ended the game', () => {
    const ctx = context('over', [], [], { levels: ['3', '2', '3', '2'], winners: [0, 2] });
    const text = (seat: number) => tractor.scoreText!({ seat, score: 0 }, ctx);
    expect([0, 1, 2, 3].map(text)).toEqual(['level 3, won', 'level 2', 'level 3, won', 'level 2']);
  });
});

describe('Fast Track on the page: a card clicked alone is offered, not played', () => {
  const moves: Move[] = [
    { type: 'move', card: '7H', marble: 'red-1', to: 'track-12' },
    { type: 'move', card: '3S', marble: 'red-1', to: 'track-8' },
    { type: 'move', card: '3S', marble: 'red-2', to: 'track-30' },
  ];
  const ctx: BoardContext = { ...context('playing', moves), game: 'fast-track', view: { hand: ['7H', '3S'] } };

  it('offers the one move of a card clicked alone, and sends it once a marble settles it after the card', () => {
    const selection = new Selection(fastTrack);
    expect(selection.click('card:7H', ctx)).toBeNull(); // looked at: its one move waits in the chooser
    expect(selection.candidates(ctx)).toEqual([moves[0]]);
    selection.clear();
    expect(selection.click('card:3S', ctx)).toBeNull(); // two moves: the chooser, as before
    expect(selection.click('marble:red-2', ctx)).toEqual(moves[2]);
  });

  it('sends at once when the card is the second part clicked, or a marble or space settles the move alone', () => {
    const selection = new Selection(fastTrack);
    expect(selection.click('marble:red-2', ctx)).toEqual(moves[2]);
    selection.clear();
    expect(selection.click('marble:red-1', ctx)).toBeNull();
    expect(selection.click('card:7H', ctx)).toEqual(moves[0]);
  });
});

describe('Fast Track on the page: twin cards (same rank, same moves) answer as the one tapped', () => {
  it('discards the queen tapped with one tap where only discards are listed, the other copy too', () => {
    const moves: Move[] = [{ type: 'discard', card: 'QC' }, { type: 'discard', card: 'QH' }];
    const ctx: BoardContext = { ...context('playing', moves), game: 'fast-track', view: { hand: ['QC', 'QH'] } };
    expect(new Selection(fastTrack).click('card:QH', ctx)).toEqual(moves[1]); // it asked "Discard it?" every turn
    expect(new Selection(fastTrack).click('card:QC', ctx)).toEqual(moves[0]);
  });

  it('offers and selects the queen tapped, not the first of its rank', () => {
    // (A move besides the discards: a card tapped is offered to confirm.)
    const moves: Move[] = [{ type: 'discard', card: 'QC' }, { type: 'discard', card: 'QH' }, { type: 'move', card: '3S', marble: 'red-1', to: 'track-14' }];
    const ctx: BoardContext = { ...context('playing', moves), game: 'fast-track', view: { hand: ['QC', 'QH', '3S'] } };
    const selection = new Selection(fastTrack);
    expect(selection.click('card:QH', ctx)).toBeNull();
    expect(selection.keys).toEqual(['card:QH']); // the part lit as selected: the Q♥ alone
    expect(selection.offered(ctx).map((m) => fastTrack.describe(m, ctx))).toEqual(['Discard Q♥ (no effect)']);
    for (const key of ['discard', 'card:QC', 'card:QH']) expect(selection.clickable(ctx).has(key)).toBe(true);
    // The other queen tapped next: it alone.
    expect(selection.click('card:QC', ctx)).toBeNull();
    expect(selection.keys).toEqual(['card:QC']);
    expect(selection.offered(ctx).map((m) => fastTrack.describe(m, ctx))).toEqual(['Discard Q♣ (no effect)']);
  });

  it("offers each move once while no jack is picked, and plays the jack tapped after the marble", () => {
    const moves: Move[] = [
      { type: 'move', card: 'JC', marble: 'red-1', to: 'track-12' },
      { type: 'move', card: 'JH', marble: 'red-1', to: 'track-12' },
      { type: 'move', card: '3S', marble: 'red-1', to: 'track-14' },
    ];
    const ctx: BoardContext = { ...context('playing', moves), game: 'fast-track', view: { hand: ['JC', '3S', 'JH'] } };
    const selection = new Selection(fastTrack);
    expect(selection.click('marble:red-1', ctx)).toBeNull();
    expect(selection.offered(ctx)).toEqual([moves[0], moves[2]]);
    expect(selection.clickable(ctx)).toEqual(new Set(['move', 'card:JC', 'card:JH', 'card:3S', 'marble:red-1', 'to:track-12', 'to:track-14']));
    expect(selection.click('card:JH', ctx)).toEqual(moves[1]);
    selection.clear();
    selection.click('card:JH', ctx);
    expect(fastTrack.status!({ ...ctx, selected: selection.keys })).toBe('J♥: now choose a marble.');
  });
});

describe('TAC on the page: two copies of a card are parts of their own', () => {
  const marbles = Array.from({ length: 16 }, (_, id) => ({ id, colour: Math.floor(id / 4) }));
  const view = { colours: [0], cards: ['12', '5', '12'], cardColours: [0, 0, 0], given: [] };
  const moves: Move[] = [{ type: 'move', card: '12', marble: 0, to: 12 }, { type: 'move', card: '5', marble: 0, to: 5 }];
  const table = { phase: 'play', ring: 64, marbles, seatOfColour: [0, 1, 2, 3], teamOfColour: [0, 1, 0, 1], turn: 0, devilTarget: -1, sevenRemaining: 0 };
  const ctx: BoardContext = { ...context('play', moves, [], table), game: 'tac', view };

  it('keys each copy apart, and selects only the one tapped', () => {
    expect(handKeys(view.cards, 0)).toEqual(['card:0:12', 'card:0:5', 'card:0:12/2']);
    const selection = new Selection(tac);
    expect([...selection.clickable(ctx)].filter((k) => k.startsWith('card:'))).toEqual(['card:0:12', 'card:0:12/2', 'card:0:5']);
    expect(selection.click('card:0:12/2', ctx)).toBeNull();
    expect(selection.keys).toEqual(['card:0:12/2']);
    expect(selection.offered(ctx)).toEqual([moves[0]]);
    expect(tac.status!({ ...ctx, selected: selection.keys })).toBe('12: now choose a marble.');
    // The other copy tapped next: it alone; the marble then plays the 12.
    expect(selection.click('card:0:12', ctx)).toBeNull();
    expect(selection.keys).toEqual(['card:0:12']);
    expect(selection.click('marble:0', ctx)).toEqual(moves[0]);
  });
});

describe('TAC on the page: a seat that can only discard discards with one tap on a card', () => {
  const marbles = Array.from({ length: 16 }, (_, id) => ({ id, colour: Math.floor(id / 4) }));
  const view = { colours: [0], cards: ['5', '9', '5'], cardColours: [0, 0, 0], given: [] };
  const table = { phase: 'play', ring: 64, marbles, seatOfColour: [0, 1, 2, 3], teamOfColour: [0, 1, 0, 1], turn: 0, devilTarget: -1, sevenRemaining: 0 };
  const discards: Move[] = [{ type: 'discard', card: '5' }, { type: 'discard', card: '9' }];

  it('sends the discard of the card tapped, either copy of a pair, with no question', () => {
    const ctx: BoardContext = { ...context('play', discards, [], table), game: 'tac', view };
    const selection = new Selection(tac);
    expect(selection.click('card:0:9', ctx)).toEqual(discards[1]);
    selection.sent();
    expect(selection.click('card:0:5/2', ctx)).toEqual(discards[0]);
  });

  it('still offers a card to confirm where a move other than a discard is listed: a TAC against the 8 that skips you, a play', () => {
    const withTac: Move[] = [...discards, { type: 'tac', card: 'tac' }];
    const ctx: BoardContext = { ...context('play', withTac, [], table), game: 'tac', view: { ...view, cards: ['5', '9', 'tac'] } };
    const selection = new Selection(tac);
    expect(selection.click('card:0:9', ctx)).toBeNull();
    expect(selection.offered(ctx)).toEqual([discards[1]]);
    const plays: Move[] = [{ type: 'move', card: '5', marble: 0, to: 5 }];
    const selection2 = new Selection(tac);
    expect(selection2.click('card:0:5', { ...context('play', plays, [], table), game: 'tac', view })).toBeNull();
  });
});

describe('the moves a tap on a part leads to, the selection left as it is', () => {
  const marbles = Array.from({ length: 16 }, (_, id) => ({ id, colour: Math.floor(id / 4) }));
  const view = { colours: [0], cards: ['5', '9'], cardColours: [0, 0], given: [] };
  const table = { phase: 'play', ring: 64, marbles: marbles.map((m) => ({ ...m, zone: 'ring', field: m.id })), seatOfColour: [0, 1, 2, 3], teamOfColour: [0, 1, 0, 1], turn: 0, devilTarget: -1, sevenRemaining: 0 };
  const moves: Move[] = [{ type: 'move', card: '5', marble: 0, to: 5 }, { type: 'move', card: '9', marble: 0, to: 9 }, { type: 'move', card: '5', marble: 1, to: 6 }];
  const ctx: BoardContext = { ...context('play', moves, [], table), game: 'tac', view };

  it('says the move a tap would send, or the moves it would leave, and changes nothing', () => {
    const selection = new Selection(tac);
    selection.click('card:0:5', ctx);
    const keys = selection.keys;
    // With the 5 picked, marble 0 and field 5 both send its one move of marble 0: one choice.
    expect(selection.leads('marble:0', ctx)).toEqual([moves[0]]);
    expect(selection.leads('to:ring-5', ctx)).toEqual([moves[0]]);
    expect(selection.leads('marble:1', ctx)).toEqual([moves[2]]);
    expect(selection.keys).toBe(keys);
    // Nothing picked: marble 0 leaves its two moves to choose from; a part no move has, none.
    selection.clear();
    expect(selection.leads('marble:0', ctx)).toEqual([moves[0], moves[1]]);
    expect(selection.leads('marble:7', ctx)).toEqual([]);
    expect(selection.keys).toEqual([]);
  });
});

describe("TAC on the page: a 7's run is one tap on its field", () => {
  const marbles = Array.from({ length: 16 }, (_, id) => ({ id, colour: Math.floor(id / 4) }));
  const view = { colours: [0], cards: ['7'], cardColours: [0], given: [] };
  const table = { phase: 'play', ring: 64, marbles, seatOfColour: [0, 1, 2, 3], teamOfColour: [0, 1, 0, 1], turn: 0, devilTarget: -1, sevenRemaining: 0 };
  // As the engine lists them: red 1 on field 10 runs 1–7 fields (to the ring or, past its start, into its home).
  const runs: Move[] = [11, 12, 13, 14, 15, 16, 17].map((to) => ({ type: 'seven', card: '7', marble: 0, to }));

  it('lights every field a run of the marble reaches; the field tapped is the move', () => {
    const ctx: BoardContext = { ...context('play', runs, [], table), game: 'tac', view };
    const selection = new Selection(tac);
    expect(selection.click('card:0:7', ctx)).toBeNull();
    expect(selection.click('marble:0', ctx)).toBeNull();
    expect([...selection.clickable(ctx)].filter((k) => k.startsWith('to:'))).toEqual(runs.map((m) => `to:ring-${m.to}`));
    expect(selection.click('to:ring-16', ctx)).toEqual(runs[5]);
  });

  it('in the middle of a 7, a marble and then its field', () => {
    const steps: Move[] = [...[65, 66].map((to) => ({ type: 'step', marble: 0, to })), ...[31, 32].map((to) => ({ type: 'step', marble: 1, to }))];
    const ctx: BoardContext = { ...context('play', steps, [], { ...table, sevenRemaining: 2 }), game: 'tac', view: { ...view, cards: [] } };
    const selection = new Selection(tac);
    expect(selection.click('marble:0', ctx)).toBeNull();
    expect(selection.click('to:0:home-2', ctx)).toEqual(steps[1]);
  });
});

describe('Ready Set Bet on the page: a token picked is what the spaces bet, not a list of them', () => {
  const moves: Move[] = [3, 5].flatMap((token) => ['win-7-a', 'show-2-a', 'red'].map((space) => ({ type: 'bet', space, token })));
  const ctx: BoardContext = { ...context('racing', [...moves, { type: 'pass' }]), game: 'ready-set-bet', view: null };

  it('lists no move in the chooser for a picked token; the spaces stay to tap, and a tap bets it', () => {
    const selection = new Selection(readySetBet);
    expect(selection.click('token:3', ctx)).toBeNull();
    expect(selection.offered(ctx)).toEqual([]);
    expect(selection.clickable(ctx)).toEqual(new Set(['token:3', 'token:5', 'space:win-7-a', 'space:show-2-a', 'space:red', 'pass']));
    expect(selection.click('space:show-2-a', ctx)).toEqual({ type: 'bet', space: 'show-2-a', token: 3 });
    selection.sent();
    expect(selection.keys).toEqual(['token:3']); // the token stays picked for the next tap
    expect(selection.offered(ctx)).toEqual([]);
  });
});

describe('chooserPrompt', () => {
  it('names the Esc key only where a keyboard is likely', () => {
    expect(chooserPrompt(3, true)).toBe('3 moves fit — choose one (Esc to clear):');
    expect(chooserPrompt(1, true)).toBe('Play it? (Esc to clear)');
    expect(chooserPrompt(3, false)).toBe('3 moves fit — choose one:');
    expect(chooserPrompt(1, false)).toBe('Play it?');
  });
});
