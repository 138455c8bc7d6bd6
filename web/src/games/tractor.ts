/**
 * Tractor: the table with each seat's cards left, captured points and play in the current trick;
 * declarations during the deal; trump, level and the attackers' points; your hand sorted with the
 * trumps apart; the kitty while you bury it.
 *
 * Clicks: while you declare, a card in your hand keeps the listed declarations that use it (one that none uses says
 * why, even when you have none listed: the status says you may declare only when you may). To bury, lead
 * or follow, the listed moves are only a sample (a hand has far too many choices to list): clicks select
 * cards freely — any card to bury or lead, a card some listed follow uses (either copy) to follow, any that may be
 * where the list of follows is long enough to be a sample (followUsable) — and the
 * selection is the move: sent at once when it follows with as many cards as were led, offered as a button to bury or
 * lead (a lead only when its cards share one suit in play: the hand's trumps, as the view counts them, or one printed
 * suit); the server judges it. Each copy of a card (two decks) is its own part: `card:AS`, then `card:AS/2`.
 * Calling friends, the view's `callable` says which cards and ordinals a call may name and how many calls
 * to make: each pairing is a part (`call:2:AS`, the 2nd A♠ played), the chosen ones are the move, offered
 * as a button; the listed calls are quick picks (`calls:…`), sent at once.
 */
import { edgeIn, h, phoneWidth, s, seatColour, svg } from '../dom.ts';
import type { BoardContext, GameBoard, GameEvent, Move, Plain } from '../types.ts';
import { boardName } from './board-layout.ts';
import { cardChip, cardKeys, cardText, faceOfKey } from './cards.ts';
import { listText } from './generic.ts';

const SUIT_NAME: Record<string, string> = { S: 'spades ♠', H: 'hearts ♥', D: 'diamonds ♦', C: 'clubs ♣' };
/** Phases in which the trump suit may still be declared; after them no suit means jokers were declared (no trump suit). */
const SUIT_OPEN = new Set(['dealing', 'declaring', 'stealing']);
const cardsText = (cards: string[]) => cards.map(cardText).join(' ');
/** A phase in words on the board's first line: `handEnd` is no word ("Hand 1 · handEnd"); the others are said as named. */
export const phaseText = (phase: string): string => (phase === 'handEnd' ? 'hand over' : phase);


/** 1st, 2nd, 3rd, 4th… */
function ordinalText(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
const callText = (f: { card: string; ordinal: number }) => `the ${ordinalText(f.ordinal)} ${cardText(f.card)}`;

/** A friend call as a part: `call:2:AS` is the 2nd A♠ played. */
const callKey = (ordinal: number, card: string) => `call:${ordinal}:${card}`;
function callOfKey(key: string): { card: string; ordinal: number } {
  const [, ordinal, card] = key.split(':');
  return { card: card!, ordinal: Number(ordinal) };
}
/** A listed call as one part (a quick pick): `calls:1:AS,1:AH`. */
const callsKey = (friends: { card: string; ordinal: number }[]) => `calls:${friends.map((f) => `${f.ordinal}:${f.card}`).join(',')}`;

/** What a call may name, from the view, while you are the one to call (your listed moves say so); else null. */
function calling(ctx: BoardContext): { cards: string[]; ordinals: number[]; calls: number } | null {
  const callable = ctx.table.callable;
  return callable && ctx.moves.some((m) => m.type === 'callFriends') ? callable : null;
}

/** The server sorts the hand trumps first and says how many lead it: no trump rules here. */
function splitHand(view: Plain): { plain: string[]; trumps: string[] } {
  const hand: string[] = view?.hand ?? [];
  const n: number = view?.trumps ?? 0;
  return { trumps: hand.slice(0, n), plain: hand.slice(n) };
}

/**
 * Each card's suit in play in your hand, from the view: `trump` for the cards the server sorted ahead as trumps (jokers,
 * level cards, the trump suit), else its printed suit. A lead holds one of them; no trump rules here.
 */
function suitInPlay(view: Plain): (face: string) => string {
  const trumps = new Set(splitHand(view).trumps);
  return (face) => (trumps.has(face) ? 'trump' : face.slice(-1));
}
const suitWords = (suit: string) => (suit === 'trump' ? 'trumps' : (SUIT_NAME[suit] ?? suit));

/** The heading over your trumps: none while you hold no card, and said to be none when no card you hold is a trump. */
export function trumpsTitle(view: Plain): string | null {
  if (!view?.hand?.length) return null;
  return splitHand(view).trumps.length ? 'Trumps' : 'Trumps: none';
}

/**
 * How a hand ended, as the board and the log say it: the attackers' points, the kitty's (counted only when the attackers
 * took the last trick: not "kitty 0 × 0" when they did not), who holds or takes over and how far they rise.
 */
export function handOutcome(r: Plain): string {
  const kitty = Number(r.kittyMultiplier) ? ` (the kitty's ${r.kittyPoints} counted ×${r.kittyMultiplier})` : '';
  const side = r.declarersWon ? 'The declarers hold' : 'The attackers take over';
  const rise = Number(r.steps) ? `, rising ${r.steps} level${r.steps === 1 ? '' : 's'}` : ', rising no level';
  return `the attackers took ${r.attackerPoints} points${kitty}. ${side}${rise}.`;
}

/**
 * The trick gathered last in this hand in words ('' for none): who won it, its points and each seat's cards. Said until
 * the next one is gathered, as a player at a real table may look at it: its winner leads the next at once, and the
 * table then shows the new trick's cards.
 */
export function lastTrickText(ctx: BoardContext): string {
  const trick = ctx.table.tricks?.at(-1);
  if (!trick) return '';
  const plays = (trick.plays as { seat: number; cards: string[] }[]).map((p) => `${ctx.name(p.seat)} ${cardsText(p.cards)}`);
  return `Last trick: ${ctx.name(trick.winner)} won it (${trick.points ? `${trick.points} points` : 'no points'}) — ${plays.join(' · ')}`;
}

/**
 * The levels on the board's first line: each team's, or in finding friends (a seat is its own team) each player's,
 * "everyone at 2" while they are all one level; it read "team 1 at 2, …, team 6 at 2", teams nobody is in.
 */
export function levelsText(ctx: BoardContext): string {
  const t = ctx.table;
  const teams: number[] = t.teams ?? [];
  const levels: string[] = t.levels ?? [];
  if (teams.length && teams.every((team, seat) => team === seat)) {
    return new Set(levels).size === 1 ? `everyone at ${levels[0]}` : levels.map((level, seat) => `${ctx.name(seat)} at ${level}`).join(', ');
  }
  const teamLevels = new Map<number, string>();
  teams.forEach((team, seat) => teamLevels.set(team, levels[seat]!));
  return [...teamLevels].map(([team, level]) => (team >= 0 ? `team ${team + 1} at ${level}` : level)).join(', ');
}

/** The windows after the deal and after a burial, and the pause between hands, in words (null: none of them). */
function windowWords(ctx: BoardContext): string | null {
  const t = ctx.table;
  if (t.phase === 'declaring') return 'The deal is over: the last declarations.';
  if (t.phase === 'handEnd') return 'The hand is over.';
  if (t.phase !== 'stealing') return null;
  if (t.exchanger === ctx.mySeat) return 'You buried the kitty: a stronger declaration of another seat would take it.';
  return `${ctx.name(t.exchanger)} buried the kitty: a stronger declaration would take it.`;
}

/** Trump and points in words (in the picture's middle on a wide screen, above it on a phone). */
export function tableLines(ctx: BoardContext): string[] {
  const t = ctx.table;
  return [
    // While declarations are open the suit is the one declared so far: a stronger declaration may still change it.
    `Trump: ${t.trumpRank || '?'}${t.trumpSuit ? ` of ${SUIT_NAME[t.trumpSuit] ?? t.trumpSuit}${SUIT_OPEN.has(t.phase) ? ' (declared so far)' : ''}` : SUIT_OPEN.has(t.phase) ? ' (suit open)' : ' (no trump suit)'}`,
    `Attackers' points ${t.attackerPoints ?? 0} · kitty ${t.kittyCount ?? 0}${t.deckCount ? ` · deck ${t.deckCount}` : ''}`,
  ];
}

/**
 * A seat's name on the table, cut as the round boards cut theirs (a long one ran out of its box): ★ on the seat
 * whose declaration stands now (the last one made, not taken back: an overcall moves it), and the starter. (The
 * declarers' side is named in the line above the table.)
 */
export function seatTitle(ctx: BoardContext, seat: number): string {
  const t = ctx.table;
  const declaring = (t.bids ?? []).at(-1)?.seat;
  return `${boardName(ctx.name(seat))}${seat === declaring ? ' ★' : ''}${seat === t.starter ? ' (starter)' : ''}`;
}

/** Where seat `k` places from you (0) sits around the table: you at the bottom, then to the right. */
const seatAngle = (k: number, n: number) => Math.PI / 2 - (k * 2 * Math.PI) / n;

/**
 * How far right of the middle seat `k` places from you sits. A phone's table is too narrow for the ellipse to keep
 * two seats level with each other apart (the top two at five and seven seats overlapped): such a pair stands at
 * least `apart` from each other.
 */
function seatDx(k: number, n: number, rx: number, apart: number): number {
  const c = Math.cos(seatAngle(k, n));
  return Math.abs(c) < 1e-9 ? 0 : Math.sign(c) * Math.max(Math.abs(rx * c), apart / 2);
}

/**
 * How far from the middle (up and down) a phone's table sets the seats: no farther than the boxes need to stand
 * clear of each other, so the table is as low as its seats allow and your cards under it stay in the window
 * (four seats: a table 210 high, not 540). Two boxes level with each other stand apart already (seatDx).
 */
function compactRy(n: number, rx: number, boxW: number, boxH: number, gap: number): number {
  let ry = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const across = Math.abs(seatDx(i, n, rx, boxW + gap) - seatDx(j, n, rx, boxW + gap));
      const down = Math.abs(Math.sin(seatAngle(i, n)) - Math.sin(seatAngle(j, n)));
      if (across < boxW + gap && down > 1e-9) ry = Math.max(ry, (boxH + gap) / down);
    }
  }
  return Math.ceil(ry);
}

/**
 * The table picture's size and its seats' boxes (centres, by places from you: 0 is you, at the bottom), for a
 * phone's width or a wide window.
 */
export function tableLayout(n: number, narrow: boolean) {
  const gap = 6;
  // Width, a seat's box, how far the boxes stand from the middle, and the height.
  const [W, boxW, boxH, rx] = narrow ? [380, 150, 62, 107] : [760, 160, 68, 290];
  // A wide window's table as low as its seats' boxes allow round the middle's two lines: at 430 high (ry 145) it held much
  // empty green, and your hand under it began near the foot of a 1280×800 window, its trumps cut.
  const ry = narrow ? compactRy(n, rx, boxW, boxH, gap) : 115;
  const H = narrow ? 2 * ry + boxH + 10 : 360;
  const seats = Array.from({ length: n }, (_, k) => ({ x: W / 2 + seatDx(k, n, rx, boxW + gap), y: H / 2 + Math.sin(seatAngle(k, n)) * ry }));
  return { W, H, boxW, boxH, seats };
}

/** A seat's box at the table, and the one whose turn it is (a warmer, slightly darker white). */
const SEAT_BOX = '#fffdf8';
const TURN_BOX = '#fff3d6';
/**
 * A box's outline: its seat's colour, darkened where that is light (a light green, a cyan, a yellow) to stand out
 * against the box, the turn's too, so a seat keeps one outline whoever's turn it is.
 */
const boxEdge = (seat: number) => edgeIn(seatColour(seat), TURN_BOX);

/**
 * The table: you at the bottom, the next player (seat + 1) on your right — Tractor is played to the right.
 * On a phone the picture is drawn for its width (seats closer, only as tall as they need), so its words keep their size.
 */
function tableSvg(ctx: BoardContext, narrow: boolean) {
  const t = ctx.table;
  const n = ctx.seats.length;
  const { W, H, boxW, boxH, seats } = tableLayout(n, narrow);
  const me = ctx.mySeat ?? 0;
  const plays = new Map<number, string[]>((t.trick ?? []).map((p: Plain) => [p.seat, p.cards]));
  const lastTrick = !plays.size && t.tricks?.length ? t.tricks[t.tricks.length - 1] : null;
  if (lastTrick) for (const p of lastTrick.plays) plays.set(p.seat, p.cards);
  const [trump, points] = tableLines(ctx);
  return svg(
    W,
    H,
    { 'aria-label': 'The table' },
    s('ellipse', { cx: W / 2, cy: H / 2, rx: W / 2 - (narrow ? 30 : 60), ry: H / 2 - 50, fill: '#2f6b4f', stroke: '#234f3b', 'stroke-width': 6 }),
    narrow
      ? null
      : [
          s('text', { x: W / 2, y: H / 2 - 8, 'text-anchor': 'middle', 'font-size': 18, fill: '#fff', 'font-weight': 700 }, trump),
          s('text', { x: W / 2, y: H / 2 + 16, 'text-anchor': 'middle', 'font-size': 14, fill: '#e0efe6' }, points),
        ],
    Array.from({ length: n }, (_, seat) => {
      const { x, y } = seats[(seat - me + n) % n]!;
      const cards = plays.get(seat) ?? [];
      return s(
        'g',
        { 'data-seat': seat },
        s('rect', { class: 'seat-box', x: x - boxW / 2, y: y - boxH / 2, width: boxW, height: boxH, rx: 10, fill: t.turn === seat ? TURN_BOX : SEAT_BOX, stroke: boxEdge(seat), 'stroke-width': 3 }),
        s('text', { x, y: y - boxH / 2 + 18, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 700 }, boardName(ctx.name(seat)) !== ctx.name(seat) ? s('title', null, ctx.name(seat)) : null, seatTitle(ctx, seat)),
        s('text', { x, y: y - boxH / 2 + 33, 'text-anchor': 'middle', 'font-size': 11, fill: '#555' }, `${t.handCounts?.[seat] ?? 0} cards · ${t.captured?.[seat] ?? 0} pts · level ${t.levels?.[seat] ?? ''}`),
        s('text', { x, y: y + boxH / 2 - 10, 'text-anchor': 'middle', 'font-size': 16, 'font-weight': 700, fill: lastTrick ? '#777' : '#222' }, cardsText(cards)),
      );
    }),
  );
}

/**
 * Calling friends: every card a call may name, once per ordinal (a row of each suit, as the view lists
 * them), and the listed calls as quick picks.
 */
function callingSection(ctx: BoardContext) {
  const callable = calling(ctx);
  if (!callable) return null;
  const bySuit = (cards: string[]) => {
    const rows = new Map<string, string[]>();
    for (const card of cards) rows.set(card.slice(-1), [...(rows.get(card.slice(-1)) ?? []), card]);
    return [...rows.values()];
  };
  const listed = ctx.moves.filter((m) => m.type === 'callFriends').map((m) => m.friends as { card: string; ordinal: number }[]);
  return h(
    'div',
    { class: 'friend-calls' },
    callable.ordinals.map((ordinal) =>
      h(
        'div',
        { role: 'group', 'aria-label': `The ${ordinalText(ordinal)} copy played` },
        h('div', { class: 'section-title' }, `Call the ${ordinalText(ordinal)} copy played of`),
        bySuit(callable.cards).map((row) => h('div', { class: 'hand' }, row.map((card) => cardChip(card, callKey(ordinal, card), '', `the ${ordinalText(ordinal)} ${cardText(card)}`)))),
      ),
    ),
    listed.length
      ? [
          h('div', { class: 'section-title' }, 'Quick picks'),
          h('div', { class: 'hand' }, listed.map((friends) => h('button', { type: 'button', class: 'chip', 'data-key': callsKey(friends) }, friends.map(callText).join(', ')))),
        ]
      : null,
  );
}

/** The cards the listed follows use: while you follow, the ones the rules let you play. */
const followFaces = (ctx: BoardContext) => new Set(ctx.moves.flatMap((m) => (m.type === 'play' ? (m.cards as string[]) : [])));

/** Follows the server lists every one of up to this many (its README): a list this long may be a sample of them. */
export const FOLLOWS_LISTED = 240;

/**
 * Whether a card may go into a follow: one some listed follow uses. A list of FOLLOWS_LISTED follows or more may be a
 * sample that leaves out a card the rules allow (a legal follow refused, and blamed on the lead's pairs): then any card
 * of the led suit where every listed follow is of it (you hold more of it than were led), else any card; the server
 * judges the follow.
 */
function followUsable(ctx: BoardContext): (face: string) => boolean {
  const faces = followFaces(ctx);
  if (ctx.moves.filter((m) => m.type === 'play').length < FOLLOWS_LISTED) return (face) => faces.has(face);
  const suitOf = suitInPlay(ctx.view);
  const suits = new Set([...faces].map(suitOf));
  return suits.size === 1 ? (face) => suits.has(suitOf(face)) : () => true;
}

export const tractor: GameBoard = {
  render(ctx) {
    const t = ctx.table;
    const hand: string[] = ctx.view?.hand ?? [];
    const narrow = phoneWidth();
    const { plain, trumps } = splitHand(ctx.view);
    const keys = cardKeys(hand); // the hand arrives trumps first: keys[i] is hand[i]'s
    const chip = (face: string, i: number, extra = '') => cardChip(face, keys[i]!, extra);
    return h(
      'div',
      { class: 'tractor' },
      h(
        'p',
        { class: 'tractor-head' },
        h('b', null, `Hand ${t.handNumber || 1}`),
        ` · ${phaseText(t.phase)}`,
        ` · levels: ${levelsText(ctx)}`,
        // Who named trump, and the starter's side (the game's "declarers"): "declared" and "declarers" read as one thing.
        (t.bids ?? []).length ? ` · trump named by: ${t.bids.map((b: Plain) => `${ctx.name(b.seat)} ${b.count}× ${cardText(b.card)}`).join(', ')} (★ the one that stands)` : '',
        (t.declarers ?? []).some(Boolean) ? ` · starter's side: ${t.declarers.flatMap((on: boolean, seat: number) => (on ? [ctx.name(seat)] : [])).join(', ')}` : '',
        (t.friendCalls ?? []).length ? ` · friends: ${t.friendCalls.map((f: Plain) => `${ordinalText(f.ordinal)} ${cardText(f.card)}${f.seat >= 0 ? ` = ${ctx.name(f.seat)}` : ''}`).join(', ')}` : '',
      ),
      narrow ? h('p', { class: 'tractor-lines' }, tableLines(ctx).join(' · ')) : null,
      tableSvg(ctx, narrow),
      // Under the table, as long as the hand has a trick gathered (the line does not come and go with each lead).
      lastTrickText(ctx) ? h('p', { class: 'last-trick' }, lastTrickText(ctx)) : null,
      t.throwFailure ? h('p', { class: 'bad' }, `${ctx.name(t.throwFailure.seat)}'s throw failed: had to play ${cardsText(t.throwFailure.forced)}.`) : null,
      t.kittyShown?.length ? h('p', null, `Kitty: ${cardsText(t.kittyShown)}`) : null,
      ctx.view
        ? [
            // One block: on a phone it stays in the window above the move panel while you choose cards (style.css).
            h(
              'div',
              { class: 'your-hand' },
              hand.length ? h('div', { class: 'section-title' }, `Your hand (${hand.length})`) : null, // (none between hands)
              h('div', { class: 'hand', 'aria-label': 'Plain suits' }, plain.map((f, i) => chip(f, trumps.length + i))),
              trumpsTitle(ctx.view) ? h('div', { class: 'section-title' }, trumpsTitle(ctx.view)) : null,
              trumps.length ? h('div', { class: 'hand', 'aria-label': 'Trumps' }, trumps.map((f, i) => chip(f, i, 'trump'))) : null,
            ),
            // Shown for reference: the cards are in the hand above, where they are chosen.
            ctx.view.kitty?.length
              ? [h('div', { class: 'section-title' }, t.phase === 'burying' ? 'Picked up from the kitty (now in your hand)' : 'Your buried kitty'), h('div', { class: 'hand' }, ctx.view.kitty.map((f: string) => cardChip(f, null)))]
              : null,
          ]
        : null,
      callingSection(ctx),
      t.result
        ? h('p', null, `Hand result: ${handOutcome(t.result)}${t.phase === 'handEnd' ? ` ${ctx.name(t.result.nextStarter)} starts the next hand.` : ''}`)
        : null,
    );
  },
  keys(move: Move) {
    const cards = (move.cards as string[] | undefined) ?? (move.card ? Array<string>(Number(move.count) || 1).fill(move.card as string) : []);
    const friends = (move.friends as { card: string; ordinal: number }[] | undefined) ?? [];
    const calls = friends.length ? [...friends.map((f) => callKey(f.ordinal, f.card)), callsKey(friends)] : [];
    return [...cardKeys(cards), ...calls, move.type];
  },
  compose(keys, ctx) {
    const callable = calling(ctx);
    if (callable) {
      const parts = callable.ordinals.flatMap((ordinal) => callable.cards.map((card) => callKey(ordinal, card)));
      const friends = keys.filter((k) => parts.includes(k)).map(callOfKey);
      const n = callable.calls;
      return {
        keys: parts,
        move: friends.length === n ? { type: 'callFriends', friends } : null,
        hint: `Call ${n} friend${n === 1 ? '' : 's'}: choose ${n === 1 ? 'a card' : `${n} cards`} below, each as the ${listText(callable.ordinals.map(ordinalText), 'or')} copy played (${friends.length} chosen).`,
      };
    }
    const listed = ctx.moves.find((m) => m.type === 'bury' || m.type === 'play');
    if (!listed || !ctx.view) return null;
    const parts = cardKeys(ctx.view.hand ?? []);
    const cards = keys.filter((k) => parts.includes(k)).map(faceOfKey);
    const count = (listed.cards as string[]).length; // every listed bury or follow has the number asked for
    const chosen = `${cards.length} chosen`;
    if (listed.type === 'bury') {
      return { keys: parts, move: cards.length === count ? { type: 'bury', cards } : null, hint: `Choose ${count} cards to bury (${chosen}).` };
    }
    if (!(ctx.table.trick ?? []).length) {
      // Cards of two suits in play make no lead (the server refuses it): none is offered, and the hint says why.
      const suits = [...new Set(cards.map(suitInPlay(ctx.view)))];
      const lead = `Lead: choose a single, a pair, a tractor or several of one suit to throw (${chosen}).`;
      if (suits.length > 1) return { keys: parts, move: null, hint: `${lead} A lead is all of one suit or all trumps: these are ${listText(suits.map(suitWords))}.` };
      return { keys: parts, move: cards.length ? { type: 'play', cards } : null, hint: lead };
    }
    // Following, the cards the listed follows use are the ones the rules let you play (the led suit while you have it),
    // every copy of them: identical cards count once in the list (a follow with one 8♦ stands for either).
    const usable = followUsable(ctx);
    const follow = parts.filter((k) => usable(faceOfKey(k)));
    return { keys: follow, move: cards.length === count ? { type: 'play', cards } : null, now: true, hint: `Follow with ${count} card${count === 1 ? '' : 's'} (${chosen}).` };
  },
  whyNot(key, ctx) {
    if (!key.startsWith('card:')) return null;
    // While the cards are dealt, a card of yours no listed declaration uses (asked also when you have none listed):
    // a tap on a lone level card under a declaration it cannot beat did nothing, the status saying you may declare.
    if (SUIT_OPEN.has(ctx.table.phase)) {
      const level = ctx.table.trumpRank ? ` (${ctx.table.trumpRank}s)` : '';
      return `No declaration with that card now: one is made of level cards${level} or jokers${(ctx.table.bids ?? []).length ? ', and must be stronger than the one that stands' : ''}.`;
    }
    if (!(ctx.table.trick ?? []).length || !ctx.moves.some((m) => m.type === 'play')) return null;
    // A card no listed follow uses. Those that do are all of the led suit, unless you hold too few of it (then every
    // card may fill in): one of another suit is held back by the suit; one of the suit by the pairs the lead asks for.
    // The hand arrives trumps first, so which cards are trumps is the view's word, not a rule here.
    const suitOf = suitInPlay(ctx.view);
    const suits = new Set([...followFaces(ctx)].map(suitOf));
    if (suits.size === 1 && !suits.has(suitOf(faceOfKey(key)))) return 'Follow suit: play as many cards of the led suit as you can.';
    return 'Follow the lead: include as many pairs (and tractors) of the led suit as it has and you hold.';
  },
  describe(move, ctx) {
    switch (move.type) {
      case 'play':
        return `Play ${cardsText(move.cards as string[])}`;
      case 'bury':
        return `Bury ${cardsText(move.cards as string[])}`;
      case 'declare':
        return `Declare ${move.count}× ${cardText(move.card as string)}`;
      case 'takeBackBid':
        return 'Take back your declaration';
      case 'callFriends':
        return `Call friends: ${((move.friends as Plain[]) ?? []).map(callText).join(', ')}`;
    }
    void ctx;
    return move.type;
  },
  describeEvent(ev: GameEvent, ctx) {
    const who = typeof ev.seat === 'number' ? ctx.name(ev.seat) : '';
    switch (ev.type) {
      case 'dealt':
        return ''; // one card at a time: too many lines for the log
      case 'played':
        return `${who} plays ${cardsText(ev.cards as string[])}.`;
      case 'declared':
        return `${who} declares ${ev.count}× ${cardText(ev.card as string)}.`;
      case 'declarationWithdrawn':
        return `${who} takes the declaration back.`;
      case 'kittyStolen':
        return `${who} picks up the kitty.`;
      case 'kittySettled':
        return `Nobody outbids: ${who} keeps the kitty.`;
      case 'redeal':
        return 'Nobody declared: the cards are dealt again.';
      case 'trickWon':
        return `${who} wins the trick (${ev.points} points).`;
      case 'buried':
        return `${who} buried the kitty.`;
      case 'throwFailed':
        return `${who}'s throw failed.`;
      case 'trumpFixed':
        if (ev.suit) return `Trump fixed: ${SUIT_NAME[ev.suit as string] ?? ev.suit}.`;
        // No suit (jokers declared, or a hand played without one): said so, not a bare "Trump fixed."
        return typeof ev.rank === 'string' ? `Trump fixed: no trump suit, ${ev.rank ? `the jokers and the ${ev.rank}s` : 'the jokers'} alone are trumps.` : 'Trump fixed.';
      case 'friendsCalled':
        // (an event from before it named its caller: the starter then is the best guess)
        return `${who || ctx.name(ctx.table.starter)} calls ${((ev.friends as Plain[]) ?? []).map(callText).join(', ')}.`;
      case 'friendFound':
        return `${who} is a friend of the starter.`;
      case 'kittyRevealed':
        return `The kitty is shown: ${cardsText(ev.cards as string[])}.`;
      case 'jackBackToTwo':
        return `${who} took the last trick with a single jack: the declarers fall back to 2.`;
      case 'handOver':
        // Not who starts next: this hand may have ended the game. The next hand says so when it starts.
        return `Hand over: ${handOutcome(ev)}`;
      case 'handStarted':
        return `Hand ${ev.handNumber}: ${ctx.name(ev.starter as number)} starts.`;
    }
    return null;
  },
  // The outcome's score is the level as a number (2 for 2, 14 for A, one more for the game's winners: those past
  // the top, or at the best level when the hand limit ended the game): say the level.
  scoreText(standing, ctx) {
    const level = ctx.table.levels?.[standing.seat];
    return level ? `level ${level}${(ctx.table.winners ?? []).includes(standing.seat) ? ', won' : ''}` : String(standing.score);
  },
  status(ctx) {
    // That you may declare only when a declaration of yours is listed (your cards are the ones it may be made of).
    const t = ctx.table;
    const may = ctx.moves.some((m) => m.type === 'declare');
    // (A seat with no declaration reads "Waiting for the dealer." and nothing more: "Dealing." after it said it twice.)
    if (t.phase === 'dealing') return may ? 'Dealing: you may declare with a level card or jokers (tap one).' : ctx.mySeat === null ? 'Dealing.' : '';
    // The windows after the deal and after a burial: said by `waiting` while you have no declaration to make.
    if (t.phase === 'declaring' && may) return 'The deal is over: you may still declare with a level card or jokers (tap one).';
    if (t.phase === 'stealing' && may) return `${ctx.name(t.exchanger)} buried the kitty: a stronger declaration takes it (tap a level card or jokers).`;
    // A spectator's line is "Watching." and these words: the window, as a player without a declaration reads it.
    return ctx.mySeat === null ? (windowWords(ctx) ?? '') : '';
  },
  // The windows any seat may declare in once the cards are dealt: nobody's turn, and no dealer to wait for (the page's
  // words were "Waiting for the dealer."); what the window is and, with stepClock, when it closes.
  waiting: (ctx) => windowWords(ctx),
  stepClock(ctx) {
    if (ctx.table.phase === 'declaring') return 'Declaring closes in';
    if (ctx.table.phase === 'handEnd') return 'The next hand is dealt in';
    return ctx.table.phase === 'stealing' ? 'Stealing closes in' : null;
  },
  // While the cards are dealt and the declaration and theft windows are open every seat is listed beside the
  // dealer, as any seat may declare: nobody's turn.
  turnShown: (ctx) => !SUIT_OPEN.has(ctx.table.phase),
};
