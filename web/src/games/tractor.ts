/**
 * Tractor: the table with each seat's cards left, captured points and play in the current trick;
 * declarations during the deal; trump, level and the attackers' points; your hand sorted with the
 * trumps apart; the kitty while you bury it.
 *
 * Clicks: while you declare, a card in your hand keeps the listed declarations that use it. To bury, lead
 * or follow, the listed moves are only a sample (a hand has far too many choices to list): clicks select
 * cards freely — any card to bury or lead, a card some listed follow uses to follow — and the selection is
 * the move: sent at once when it follows with as many cards as were led, offered as a button to bury or
 * lead; the server judges it. Each copy of a card (two decks) is its own part: `card:AS`, then `card:AS/2`.
 */
import { h, s, seatColour, svg } from '../dom.ts';
import type { BoardContext, GameBoard, GameEvent, Move, Plain } from '../types.ts';
import { cardChip, cardText } from './cards.ts';

const SUIT_NAME: Record<string, string> = { S: 'spades ♠', H: 'hearts ♥', D: 'diamonds ♦', C: 'clubs ♣' };
/** Phases in which the trump suit may still be declared; after them no suit means jokers were declared (no trump suit). */
const SUIT_OPEN = new Set(['dealing', 'declaring', 'stealing']);
/** A phone's width: the table picture is drawn for it. */
const narrow = () => typeof matchMedia === 'function' && matchMedia('(max-width: 600px)').matches;
const cardsText = (cards: string[]) => cards.map(cardText).join(' ');

/** The keys of cards, each copy of a face its own: `card:AS`, then `card:AS/2`. */
function cardKeys(faces: string[]): string[] {
  const seen = new Map<string, number>();
  return faces.map((face) => {
    const copy = (seen.get(face) ?? 0) + 1;
    seen.set(face, copy);
    return copy === 1 ? `card:${face}` : `card:${face}/${copy}`;
  });
}
const faceOfKey = (key: string) => key.slice('card:'.length).split('/')[0]!;

/** The server sorts the hand trumps first and says how many lead it: no trump rules here. */
function splitHand(view: Plain): { plain: string[]; trumps: string[] } {
  const hand: string[] = view?.hand ?? [];
  const n: number = view?.trumps ?? 0;
  return { trumps: hand.slice(0, n), plain: hand.slice(n) };
}

/** Trump, points and the last trick in words (in the picture's middle on a wide screen, above it on a phone). */
function tableLines(ctx: BoardContext): string[] {
  const t = ctx.table;
  const trick = !(t.trick ?? []).length && t.tricks?.length ? t.tricks[t.tricks.length - 1] : null;
  return [
    `Trump: ${t.trumpRank || '?'}${t.trumpSuit ? ` of ${SUIT_NAME[t.trumpSuit] ?? t.trumpSuit}` : SUIT_OPEN.has(t.phase) ? ' (suit open)' : ' (no trump suit)'}`,
    `Attackers' points ${t.attackerPoints ?? 0} · kitty ${t.kittyCount ?? 0}${t.deckCount ? ` · deck ${t.deckCount}` : ''}`,
    trick ? `last trick: ${ctx.name(trick.winner)} won ${trick.points}` : '',
  ];
}

/**
 * The table: you at the bottom, the next player (seat + 1) on your right — Tractor is played to the right.
 * On a phone the picture is drawn for its width (taller, seats closer), so its words keep their size.
 */
function tableSvg(ctx: BoardContext, narrow: boolean) {
  const t = ctx.table;
  const n = ctx.seats.length;
  // Width, height, a seat's box, and how far the boxes stand from the middle.
  const [W, H, boxW, boxH, rx, ry] = narrow ? [380, 540, 150, 62, 107, 229] : [760, 430, 160, 68, 290, 145];
  const me = ctx.mySeat ?? 0;
  const plays = new Map<number, string[]>((t.trick ?? []).map((p: Plain) => [p.seat, p.cards]));
  const lastTrick = !plays.size && t.tricks?.length ? t.tricks[t.tricks.length - 1] : null;
  if (lastTrick) for (const p of lastTrick.plays) plays.set(p.seat, p.cards);
  const [trump, points, last] = tableLines(ctx);
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
          last ? s('text', { x: W / 2, y: H / 2 + 36, 'text-anchor': 'middle', 'font-size': 12, fill: '#cfe3d6' }, last) : null,
        ],
    Array.from({ length: n }, (_, seat) => {
      const a = Math.PI / 2 - ((seat - me) * 2 * Math.PI) / n;
      const x = W / 2 + Math.cos(a) * rx;
      const y = H / 2 + Math.sin(a) * ry;
      const cards = plays.get(seat) ?? [];
      const declarer = t.declarers?.[seat];
      return s(
        'g',
        { 'data-seat': seat },
        s('rect', { x: x - boxW / 2, y: y - boxH / 2, width: boxW, height: boxH, rx: 10, fill: t.turn === seat ? '#fff3d6' : '#fffdf8', stroke: seatColour(seat), 'stroke-width': 3 }),
        s('text', { x, y: y - boxH / 2 + 18, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 700 }, `${ctx.name(seat)}${declarer ? ' ★' : ''}${seat === t.starter ? ' (starter)' : ''}`),
        s('text', { x, y: y - boxH / 2 + 33, 'text-anchor': 'middle', 'font-size': 11, fill: '#555' }, `${t.handCounts?.[seat] ?? 0} cards · ${t.captured?.[seat] ?? 0} pts · level ${t.levels?.[seat] ?? ''}`),
        s('text', { x, y: y + boxH / 2 - 10, 'text-anchor': 'middle', 'font-size': 16, 'font-weight': 700, fill: lastTrick ? '#777' : '#222' }, cardsText(cards)),
      );
    }),
  );
}

export const tractor: GameBoard = {
  render(ctx) {
    const t = ctx.table;
    const hand: string[] = ctx.view?.hand ?? [];
    const { plain, trumps } = splitHand(ctx.view);
    const keys = cardKeys(hand); // the hand arrives trumps first: keys[i] is hand[i]'s
    const chip = (face: string, i: number, extra = '') => cardChip(face, keys[i]!, extra);
    const teamLevels = new Map<number, string>();
    (t.teams ?? []).forEach((team: number, seat: number) => teamLevels.set(team, t.levels?.[seat]));
    return h(
      'div',
      { class: 'tractor' },
      h(
        'p',
        null,
        h('b', null, `Hand ${t.handNumber || 1}`),
        ` · ${t.phase}`,
        ` · levels: ${[...teamLevels].map(([team, level]) => (team >= 0 ? `team ${team + 1} at ${level}` : level)).join(', ')}`,
        (t.bids ?? []).length ? ` · declared: ${t.bids.map((b: Plain) => `${ctx.name(b.seat)} ${b.count}× ${cardText(b.card)}`).join(', ')}` : '',
        (t.friendCalls ?? []).length ? ` · friends: ${t.friendCalls.map((f: Plain) => `${f.ordinal}. ${cardText(f.card)}${f.seat >= 0 ? ` = ${ctx.name(f.seat)}` : ''}`).join(', ')}` : '',
      ),
      narrow() ? h('p', { class: 'tractor-lines' }, tableLines(ctx).filter(Boolean).join(' · ')) : null,
      tableSvg(ctx, narrow()),
      t.throwFailure ? h('p', { class: 'bad' }, `${ctx.name(t.throwFailure.seat)}'s throw failed: had to play ${cardsText(t.throwFailure.forced)}.`) : null,
      t.kittyShown?.length ? h('p', null, `Kitty: ${cardsText(t.kittyShown)}`) : null,
      ctx.view
        ? [
            h('div', { class: 'section-title' }, `Your hand (${hand.length})`),
            h('div', { class: 'hand', 'aria-label': 'Plain suits' }, plain.map((f, i) => chip(f, trumps.length + i))),
            h('div', { class: 'section-title' }, 'Trumps'),
            h('div', { class: 'hand', 'aria-label': 'Trumps' }, trumps.map((f, i) => chip(f, i, 'trump'))),
            // Shown for reference: the cards are in the hand above, where they are chosen.
            ctx.view.kitty?.length
              ? [h('div', { class: 'section-title' }, t.phase === 'burying' ? 'Picked up from the kitty (now in your hand)' : 'Your buried kitty'), h('div', { class: 'hand' }, ctx.view.kitty.map((f: string) => cardChip(f, null)))]
              : null,
          ]
        : null,
      t.result ? h('p', null, `Hand result: attackers ${t.result.attackerPoints} points (kitty ${t.result.kittyPoints} × ${t.result.kittyMultiplier}); ${t.result.declarersWon ? 'declarers' : 'attackers'} win, +${t.result.steps}.`) : null,
    );
  },
  keys(move: Move) {
    const cards = (move.cards as string[] | undefined) ?? (move.card ? Array<string>(Number(move.count) || 1).fill(move.card as string) : []);
    const friends = ((move.friends as Plain[]) ?? []).map((f) => `card:${f.card}`);
    return [...cardKeys(cards), ...friends, move.type];
  },
  compose(keys, ctx) {
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
      return { keys: parts, move: cards.length ? { type: 'play', cards } : null, hint: `Lead: choose a single, a pair, a tractor or several of one suit to throw (${chosen}).` };
    }
    // Following, the cards the listed follows use are the ones the rules let you play (the led suit while you have it).
    const usable = new Set(ctx.moves.flatMap((m) => cardKeys((m.cards as string[] | undefined) ?? [])));
    const follow = parts.filter((k) => usable.has(k));
    return { keys: follow, move: cards.length === count ? { type: 'play', cards } : null, now: true, hint: `Follow with ${count} card${count === 1 ? '' : 's'} (${chosen}).` };
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
        return `Call friends: ${((move.friends as Plain[]) ?? []).map((f) => `the ${f.ordinal}. ${cardText(f.card)}`).join(', ')}`;
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
      case 'trickWon':
        return `${who} wins the trick (${ev.points} points).`;
      case 'buried':
        return `${who} buried the kitty.`;
      case 'throwFailed':
        return `${who}'s throw failed.`;
      case 'trumpFixed':
        return `Trump fixed${ev.suit ? `: ${SUIT_NAME[ev.suit as string] ?? ev.suit}` : ''}.`;
      case 'friendFound':
        return `${who} is a friend of the starter.`;
      case 'kittyRevealed':
        return `The kitty is shown: ${cardsText(ev.cards as string[])}.`;
      case 'jackBackToTwo':
        return `${who} took the last trick with a single jack: the declarers fall back to 2.`;
      case 'handOver': {
        const side = ev.declarersWon ? 'The declarers hold' : 'The attackers take over';
        const kitty = Number(ev.kittyPoints) ? ` (the kitty's ${ev.kittyPoints} counted ×${ev.kittyMultiplier})` : '';
        const rise = Number(ev.steps) ? `, rising ${ev.steps} level${ev.steps === 1 ? '' : 's'}` : '';
        return `Hand over: the attackers took ${ev.attackerPoints} points${kitty}. ${side}${rise}; ${ctx.name(ev.nextStarter as number)} starts the next hand.`;
      }
    }
    return null;
  },
  // The outcome's score is the level as a number (2 for 2, 14 for A, one more past the top): say the level.
  scoreText(standing, ctx) {
    const level = ctx.table.levels?.[standing.seat];
    return level ? `level ${level}${(ctx.table.winners ?? []).includes(standing.seat) ? ', past the top' : ''}` : String(standing.score);
  },
  status(ctx) {
    const t = ctx.table;
    return t.phase === 'dealing' ? 'Dealing: you may declare with a level card or jokers.' : '';
  },
};
