/**
 * Ready Set Bet: each horse's row holds its lane (moving at every roll, the red line across) and its
 * seven betting spaces, as on the printed board, your tokens and money right above the spaces; below, the
 * colour bets, props and exotic cards, the VIP draft and the settlement.
 *
 * Clicks: a betting space is one click — it bets your chosen token (the largest left unless you picked
 * another; the choice sticks); tokens, "no more bets", "ready" and VIP cards are clickable too.
 */
import { coarsePointer, h, INK, inkOn, phoneWidth, s, svg } from '../dom.ts';
import { fold, foldsChosen, foldsKept } from './folds.ts';
import { listText } from './generic.ts';
import type { BoardContext, GameBoard, GameEvent, Plain } from '../types.ts';

const HORSE_FILL: Record<string, string> = { blue: '#2f6fb5', orange: '#e8871e', red: '#c8323c', black: '#2b2b2b' };

const LABEL_W = 64;
const CELL = 37;
const BET_W = 64;
const ROW = 46;
/**
 * A row of the betting grid on a phone's touch screen: the grid takes the window's width there (about 0.7 px a
 * unit at 390 px, 0.67 at 360), so its spaces are drawn taller to stay a fingertip (40 px) high.
 */
const TOUCH_ROW = 66;
const TRACK_X = LABEL_W;
/** A horse's disc on its lane. */
const HORSE_R = 15;

/** The printed board's spaces as the server publishes them (odds, labels): horse grid, then colour bets. */
const boardOf = (table: Plain): Plain[] => table.board ?? [];
const horseSpaces = (table: Plain, horse: string): Plain[] => boardOf(table).filter((sp) => sp.horse === horse);
/** Pays multiplier × token if it wins, costs the penalty if it loses (a 0 penalty shows as nothing, as printed). */
const odds = (sp: Plain) => `${sp.multiplier}×${sp.penalty ? ` / −${sp.penalty}` : ''}`;

/** An amount of money, a loss with a minus sign before the dollar (−$1, not $-1); `signed` marks a gain with a plus. */
export function dollars(amount: number, signed = false): string {
  return `${amount < 0 ? '−' : signed && amount > 0 ? '+' : ''}$${Math.abs(amount)}`;
}

/** A grid space's column name from its id's last letter (Show A, Show B …): the printed spaces repeat per kind. */
const column = (sp: Plain) => `${sp.kind[0].toUpperCase()}${sp.kind.slice(1)} ${String(sp.id).slice(-1).toUpperCase()}`;

function spaceLabel(space: string, table: Plain): string {
  const printed = boardOf(table).find((sp) => sp.id === space);
  if (printed) return printed.horse ? `${printed.label} (${String(printed.id).slice(-1).toUpperCase()})` : printed.label;
  const prop = (table.props ?? []).find((p: Plain) => p.id === space);
  if (prop) return `Prop: ${prop.ahead} ahead of ${prop.behind.join(', ')}`;
  const card = (table.exotics ?? []).find((e: Plain) => (e.spaces ?? []).includes(space));
  if (card) return `${card.name} (space ${card.spaces.indexOf(space) + 1})`;
  return space;
}

/** Every betting space in the order the board draws them: the horse grid row by row, the colour bets, the props, the exotic cards'. */
function spacesInOrder(t: Plain): string[] {
  return [
    ...(t.horses ?? []).flatMap((horse: Plain) => horseSpaces(t, horse.horse).map((sp) => sp.id)),
    ...boardOf(t).filter((sp) => !sp.horse).map((sp) => sp.id),
    ...(t.props ?? []).map((p: Plain) => p.id),
    ...(t.exotics ?? []).flatMap((e: Plain) => e.spaces ?? []),
  ];
}

/**
 * The spaces up to your last bet this race (your own just sent counted), where a space to bet on lies after it: drawn
 * aside (see partsActedOn), so that focus, leaving the space just taken, goes on to the next one along, where a player
 * betting by keyboard was heading, not back to the board's first.
 */
function spacesBehind(ctx: BoardContext): Set<string> {
  const t = ctx.table;
  const mine = [...(t.bets ?? []).filter((b: Plain) => b.seat === ctx.mySeat), ...ctx.sent.filter((m) => m.type === 'bet')];
  const order = spacesInOrder(t);
  const last = mine.length ? order.indexOf(mine.at(-1)!.space as string) : -1;
  const open = new Set(ctx.moves.filter((m) => m.type === 'bet').map((m) => m.space));
  return last >= 0 && order.slice(last + 1).some((id) => open.has(id)) ? new Set(order.slice(0, last + 1)) : new Set();
}

/**
 * The bettors' colours, one each for up to 8, in their seats' order: far apart to most eyes, and as far as 8 colours can
 * be to the common colour blindnesses (red–green, blue–yellow); each token says its seat's number too, where colour alone
 * cannot (boards.test.ts measures how far apart they are).
 */
export const BETTOR_COLOURS = ['#0044bd', '#e08400', '#008556', '#cd87ac', '#f0e000', '#66b0fa', '#b01e06', '#262626'];
/** A seated host who bets nothing holds no tokens: a grey no bettor has. */
const HOST_COLOUR = '#9a9a9a';

/** A bettor's colour: by its place among the bettors (a seated host who bets nothing is none), so 8 have 8 colours. */
function bettorColour(t: Plain, seat: number): string {
  const players: Plain[] = t.players ?? [];
  if (players.some((p) => p.seat === seat && p.bettor === false)) return HOST_COLOUR;
  const at = players.filter((p) => p.bettor !== false).findIndex((p) => p.seat === seat);
  return BETTOR_COLOURS[(at >= 0 ? at : seat) % BETTOR_COLOURS.length]!;
}

/** Tokens on a space: placed ones, plus your own just accepted and not yet in the state. */
function tokensOn(space: string, ctx: BoardContext): { seat: number; token: number; pending?: boolean }[] {
  const placed = (ctx.table.bets ?? []).filter((b: Plain) => b.space === space);
  const pending = ctx.sent.filter((m) => m.type === 'bet' && m.space === space && !placed.length).map((m) => ({ seat: ctx.mySeat!, token: m.token as number, pending: true }));
  return [...placed, ...pending];
}

/** Whose tokens a space holds, in words for its label: "; on it: Ada's $5 token" ('' while it holds none). */
const onIt = (tokens: { seat: number; token: number }[], ctx: BoardContext) =>
  tokens.length ? `; on it: ${listText(tokens.map((t) => `${ctx.name(t.seat)}'s $${t.token} token`))}` : '';

/**
 * A token on a grid space: its value on the bettor's colour, and its seat's number on a white disc at its end (8 colours
 * are not told apart by everyone). Outlined dark: a yellow token on a yellow space has an edge.
 */
function tokenSvg(x: number, y: number, t: { seat: number; token: number; pending?: boolean }, table: Plain) {
  const colour = bettorColour(table, t.seat);
  return s(
    'g',
    { 'data-bet-seat': t.seat, class: t.pending ? 'pending' : null, opacity: t.pending ? 0.6 : null },
    s('rect', { x: x - 26, y: y - 15, width: 52, height: 30, rx: 15, fill: colour, stroke: TOKEN_EDGE, 'stroke-width': 1.5 }),
    s('text', { x: x - 9.5, y: y + 5, 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 700, fill: inkOn(colour), class: 'token-value' }, `$${t.token}`),
    s('circle', { cx: x + 13, cy: y, r: 10, fill: '#fff', stroke: TOKEN_EDGE, 'stroke-width': 1 }),
    s('text', { x: x + 13, y: y + 4.5, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 700, fill: INK, class: 'bet-seat' }, t.seat + 1),
  );
}
const TOKEN_EDGE = '#333';

/** A bettor's colour, with its words on it in a colour that reads there. */
const onColour = (table: Plain, seat: number) => {
  const colour = bettorColour(table, seat);
  return `background:${colour};color:${inkOn(colour)}`;
};
const seatNumber = (seat: number) => h('span', { class: 'bet-seat' }, seat + 1);

/** A token on a space of the rows under the grid: as on the grid. */
function tokenChip(t: { seat: number; token: number; pending?: boolean }, table: Plain) {
  return h('span', { class: 'bet-token', 'data-bet-seat': t.seat, style: onColour(table, t.seat) }, `$${t.token}`, seatNumber(t.seat));
}

/** A bettor in the bettors' table: its colour and number, as its tokens show them. */
const bettorMark = (seat: number, table: Plain) => h('span', { class: 'bet-token mark', style: onColour(table, seat) }, seatNumber(seat));

/** A horse's name plate at the left of its row (`row` units high). */
function plate(horse: Plain, y: number, row = ROW) {
  const mid = y + (row - 6) / 2;
  return [
    s('rect', { x: 0, y, width: LABEL_W - 6, height: row - 6, rx: 8, fill: HORSE_FILL[horse.color] ?? '#444' }),
    s('text', { x: (LABEL_W - 6) / 2, y: mid + (horse.bonus ? 1 : 6), 'text-anchor': 'middle', 'font-size': 17, 'font-weight': 700, fill: '#fff' }, horse.horse),
    // What a repeated roll adds for this horse, as the printed board's lane says.
    horse.bonus ? s('text', { x: (LABEL_W - 6) / 2, y: mid + 16, 'text-anchor': 'middle', 'font-size': 11, fill: '#fff', class: 'repeat-bonus' }, `repeat +${horse.bonus}`) : null,
  ];
}

/**
 * The printed board in two pictures of the same rows: the race (lanes, horses, red line) and the horse
 * betting spaces. Side by side on a wide screen they read as one board; on a phone the spaces go below
 * the race, each picture the full width, so a space is a fingertip's size without scrolling sideways.
 */
function track(ctx: BoardContext) {
  const t = ctx.table;
  const horses: Plain[] = t.horses ?? [];
  const finish: number = t.finish ?? 0;
  const columns = horses.length ? horseSpaces(t, horses[0].horse) : [];
  const raceWidth = TRACK_X + (finish + 1) * CELL + 4;
  const gridWidth = LABEL_W + columns.length * BET_W;
  const height = horses.length * ROW + 30;
  // The grid under the race on a phone: rows of its own height there (a fingertip's); beside the race, the race's.
  const gridRow = phoneWidth() && coarsePointer() ? TOUCH_ROW : ROW;
  const gridHeight = horses.length * gridRow + 30;
  const redX = TRACK_X + (t.redLine ?? 10) * CELL;
  const last = t.lastRoll;
  const behind = spacesBehind(ctx);
  const rowY = (row: number) => 26 + row * ROW;
  const race = svg(
    raceWidth,
    height,
    { class: 'rsb-race', 'aria-label': 'Race track', style: `flex: ${raceWidth} 1 0` },
    s('text', { x: TRACK_X + 4, y: 18, 'font-size': 13, fill: '#555' }, 'Start'),
    s('text', { x: TRACK_X + finish * CELL + CELL / 2, y: 18, 'font-size': 13, fill: '#555', 'text-anchor': 'middle' }, 'Finish'),
    horses.map((horse, row) => {
      const y = rowY(row);
      const moved = last && last.horse === horse.horse && t.rolls > 0;
      const cx = TRACK_X + horse.position * CELL + CELL / 2 - 1;
      const long = String(horse.horse).length > 3;
      return s(
        'g',
        { 'data-horse': horse.horse },
        plate(horse, y),
        Array.from({ length: finish + 1 }, (_, i) =>
          s('rect', { x: TRACK_X + i * CELL, y, width: CELL - 2, height: ROW - 6, fill: i === finish ? '#e9e2cf' : i % 2 ? '#f3efe4' : '#faf7f0', stroke: '#ddd5c3' }),
        ),
        s('circle', { cx, cy: y + (ROW - 6) / 2, r: HORSE_R, fill: HORSE_FILL[horse.color] ?? '#444', stroke: moved ? '#ffb300' : '#fff', 'stroke-width': moved ? 4 : 2, class: 'horse' }),
        // "11/12" is wider than the disc at a number's size: smaller, and squeezed to fit within it.
        s(
          'text',
          { x: cx, y: y + (long ? 24 : 25), 'text-anchor': 'middle', 'font-size': long ? 10 : 12, textLength: long ? 2 * HORSE_R - 6 : null, lengthAdjust: long ? 'spacingAndGlyphs' : null, 'font-weight': 700, fill: '#fff', class: 'horse-label' },
          horse.horse,
        ),
      );
    }),
    s('line', { x1: redX, y1: 22, x2: redX, y2: height - 2, stroke: '#d32f2f', 'stroke-width': 3, 'stroke-dasharray': '6 4' }),
    s('text', { x: redX + 4, y: height - 4, 'font-size': 11, fill: '#d32f2f' }, (t.crossed ?? 0) >= t.redLineHorses ? 'red line: no more bets' : `red line (${t.crossed ?? 0}/${t.redLineHorses} past)`),
  );
  const grid = svg(
    gridWidth,
    gridHeight,
    { class: 'rsb-grid', 'aria-label': 'Betting board', style: `flex: ${gridWidth} 1 0` },
    columns.map((sp, i) => s('text', { x: LABEL_W + i * BET_W + BET_W / 2, y: 18, 'font-size': 12, fill: '#555', 'text-anchor': 'middle' }, column(sp).toUpperCase())),
    horses.map((horse, row) => {
      const y = 26 + row * gridRow;
      const mid = y + (gridRow - 6) / 2;
      return s(
        'g',
        null,
        plate(horse, y, gridRow),
        horseSpaces(t, horse.horse).map((sp, i) => {
          const space: string = sp.id;
          const kind: string = sp.kind;
          const mult: number = sp.multiplier;
          const pen: number = sp.penalty;
          const tokens = tokensOn(space, ctx);
          const x = LABEL_W + i * BET_W;
          return s(
            'g',
            { class: 'grid-space', 'data-key': `space:${space}`, 'data-aside': behind.has(space), 'aria-label': `${spaceLabel(space, t)}: pays ${mult}×, costs ${pen}${onIt(tokens, ctx)}` },
            s('rect', { x, y, width: BET_W - 4, height: gridRow - 6, rx: 6, fill: kind === 'win' ? '#fff4d6' : kind === 'place' ? '#e9f3ff' : '#eef7ea', stroke: '#cbbf9f' }),
            tokens.length
              ? tokenSvg(x + (BET_W - 4) / 2, mid, tokens[0]!, t)
              : [
                  s('text', { x: x + (BET_W - 4) / 2, y: mid + (pen ? -3 : 5), 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 700 }, `${mult}×`),
                  pen ? s('text', { x: x + (BET_W - 4) / 2, y: mid + 13, 'text-anchor': 'middle', 'font-size': 11, fill: '#a33' }, `−${pen}`) : null,
                ],
          );
        }),
      );
    }),
  );
  // Your tokens between the two: right above the spaces they bet on, in view with them and with the bets below the
  // grid, all in one box (style.css keeps the tokens at the window's top within it).
  return h('div', { class: 'rsb-board' }, race, tokenRow(ctx), grid, otherBets(ctx, behind));
}

/**
 * A bettor's tokens left to bet, or null once the betting has closed and between races (the view's bettingOpen is a
 * race's): the tokens left unbet then are nobody's to bet, the next race hands every bettor all of theirs again. A seated
 * host who bets bets before the race starts: its betting closes with its first roll.
 */
function tokensToBet(t: Plain, p: Plain): number[] | null {
  return t.bettingOpen && !(p.seat === t.hostSeat && t.rolls > 0) ? (p.available ?? []) : null;
}

/**
 * Your tokens (a tap picks the one the spaces bet), "No more bets" and "Ready for the next race"; none for a seated
 * host who does not bet (hostMode hostSeat: it rolls and holds no tokens).
 */
export function tokenRow(ctx: BoardContext) {
  const t = ctx.table;
  const mine = ctx.mySeat !== null ? (t.players ?? []).find((p: Plain) => p.seat === ctx.mySeat) : null;
  if (!mine) return null;
  const ready = ctx.moves.some((m) => m.type === 'ready');
  const readyButton = ready ? h('button', { type: 'button', class: 'chip', 'data-key': 'ready' }, 'Ready for the next race') : null;
  // A seated host who does not bet holds no tokens: between races its row is the Ready button alone (the move panel,
  // which says to press it, offers no button of its own while every seat may get ready).
  if (mine.bettor === false) return readyButton && h('div', { class: 'rsb-tokens', role: 'group', 'aria-label': 'Between races' }, readyButton);
  const tokens = tokensToBet(t, mine);
  const note = tokens || ready ? null : closedNote(t, mine);
  return h(
    'div',
    { class: 'rsb-tokens', role: 'group', 'aria-label': 'Your tokens' },
    h('span', { class: 'section-title' }, tokens ? `Your tokens${moneyText(t, mine, ' · your money ')}` : moneyText(t, mine, 'Your money ') || 'Your tokens'),
    // A token only chooses what a space bets (the largest unless another is picked): the page gives focus to the first open
    // space, where Enter bets the token the move panel names, not to the smallest token (data-aside: see partsActedOn).
    (tokens ?? []).map((v: number) => h('button', { type: 'button', class: 'chip token', 'data-key': `token:${v}`, 'data-aside': true, style: `border-color:${bettorColour(t, mine.seat)}` }, `$${v}`)),
    // Passing the step, not a part of it (partsActedOn): the page brings the spaces to bet on into view and focus first.
    ctx.moves.some((m) => m.type === 'bet') ? h('button', { type: 'button', class: 'chip', 'data-key': 'pass', 'data-aside': true }, 'No more bets') : null,
    readyButton,
    note ? h('span', { class: 'chip note' }, note) : null,
  );
}

/**
 * Where the tokens were, once there are none to bet: why, as high as a token (the row keeping its height, the race and
 * the spaces under it do not jump up at the red line and down again at the results while the player watches them).
 */
function closedNote(t: Plain, me: Plain): string | null {
  if (t.phase === 'racing') return me.seat === t.hostSeat && t.rolls > 0 ? 'Your bets closed with your first roll' : 'No more bets this race';
  if (t.phase === 'results') return 'Ready for the next race';
  if (t.phase === 'vipDraft') return 'Bets open with the next race';
  return null;
}

function spaceChip(space: string, title: string, sub: string, ctx: BoardContext, behind: Set<string>) {
  const tokens = tokensOn(space, ctx);
  // Taken, said in words: the tokens' colours and seat numbers would read as a bare "$35".
  const label = tokens.length ? `${title}${sub ? `, ${sub}` : ''}${onIt(tokens, ctx)}` : null;
  return h('button', { type: 'button', class: 'chip bet-space', 'data-key': `space:${space}`, 'data-aside': behind.has(space), 'aria-label': label }, h('span', null, title), h('small', null, sub), tokens.map((token) => tokenChip(token, ctx.table)));
}

/**
 * A bettor's money after `prefix` ('' while it says nothing): every bettor starts at $0 and bets with tokens, so
 * money means something once the first race is settled (or a VIP card has paid).
 */
function moneyText(t: Plain, me: Plain, prefix: string): string {
  return me.money !== 0 || t.race > 1 || t.phase !== 'racing' ? `${prefix}${dollars(me.money)}` : '';
}

/**
 * Under the grid: the host's roll (hostMode hostSeat), the colour bets, the prop bets and the exotic finishes. In rows of
 * their own (rsb-row), not a hand: the page takes a hand's part as the first to act on (a card, where a move begins),
 * and a bettor's is the grid's first open space, right under the tokens, not the colour bets under it, nor the host's
 * roll, which closes its bets.
 */
function otherBets(ctx: BoardContext, behind: Set<string>) {
  const t = ctx.table;
  return h(
    'div',
    { class: 'rsb-bets' },
    // The seated host rolls (hostMode hostSeat), as a button beside its bets. Not where the roll is its one move: the move
    // panel offers that one first (focus waits on it), and a second "Roll the dice" here read as another step.
    ctx.moves.some((m) => m.type === 'roll') && ctx.moves.length > 1 ? h('div', { class: 'rsb-row' }, h('button', { type: 'button', class: 'chip roll', 'data-key': 'roll' }, 'Roll the dice')) : null,
    h('div', { class: 'section-title' }, 'Colour bets'),
    h('div', { class: 'rsb-row' }, boardOf(t).filter((sp) => !sp.horse).map((sp) => spaceChip(sp.id, sp.label, odds(sp), ctx, behind))),
    (t.props ?? []).length ? [h('div', { class: 'section-title' }, 'Prop bets'), h('div', { class: 'rsb-row' }, t.props.map((p: Plain) => spaceChip(p.id, `${p.ahead} ahead of ${p.behind.join(', ')}`, odds(p), ctx, behind)))] : null,
    (t.exotics ?? []).length
      ? [
          h('div', { class: 'section-title' }, 'Exotic finishes'),
          h(
            'div',
            { class: 'rsb-row' },
            t.exotics.map((e: Plain) =>
              h(
                'div',
                { class: `exotic${e.open ? '' : ' closed'}`, title: e.text },
                h('b', null, e.name),
                h('small', null, ` ${odds(e)} · ${e.text}`),
                h('div', { class: 'rsb-row' }, (e.spaces ?? []).map((id: string, n: number) => spaceChip(id, `#${n + 1}`, '', ctx, behind))),
              ),
            ),
          ),
        ]
      : null,
  );
}

/**
 * The VIP cards offered, as choices: two copies of one card (the deck holds two of most) are one choice, said to be two
 * copies, the first offered (the one kept for you when the draft's time is up); two buttons alike chose nothing.
 */
export function vipChoices(offer: Plain[]): { cards: Plain[]; copies: boolean } {
  const [a, b] = offer;
  const copies = offer.length === 2 && a.name === b.name && a.text === b.text && a.duration === b.duration;
  return { cards: copies ? [a] : offer, copies };
}

/** Below the bets: the VIP draft and cards, the bettors and the last settlement. */
function lowerBoard(ctx: BoardContext) {
  const offer = vipChoices(ctx.view?.offer ?? []);
  return h(
    'div',
    { class: 'rsb-lower' },
    offer.cards.length
      ? [
          h('div', { class: 'section-title' }, offer.copies ? 'VIP draft: two copies of one card, keep it' : 'VIP draft: keep one card'),
          h(
            'div',
            { class: 'hand' },
            offer.cards.map((c: Plain) =>
              h('button', { type: 'button', class: 'chip vip', 'data-key': `vip:${c.id}`, title: c.text }, h('b', null, offer.copies ? `${c.name} (two copies)` : c.name), h('small', null, ` ${c.text}`)),
            ),
          ),
        ]
      : null,
    ctx.view?.hand?.length
      ? [h('div', { class: 'section-title' }, 'Your VIP cards'), h('ul', { class: 'vip-list' }, ctx.view.hand.map((c: Plain) => h('li', null, h('b', null, c.name), ` — ${c.text}${c.spent ? ' (spent)' : c.revealed ? ' (shown)' : ''}`)))]
      : null,
    bettors(ctx),
    settlement(ctx),
  );
}

/**
 * A bettor's tokens left in the bettors' table: "tokens left $3 $5", "tokens left —" when all are bet, '' when bets are
 * closed; a seated host's closed with its first roll while the others' are open: said so, not left blank beside theirs.
 */
const tokensLeftText = (t: Plain, p: Plain) => {
  const open = tokensToBet(t, p);
  if (!open) return t.bettingOpen ? 'bets closed with the first roll' : '';
  return `tokens left ${open.map((v) => `$${v}`).join(' ') || '—'}`;
};

/**
 * A bettor's VIP cards not shown, in its row: "2 hidden VIP". Your own at the end, where the game is over with them
 * never shown (the view reveals none then): by name, from your hand, as none of them is hidden from you.
 */
function hiddenVipText(ctx: BoardContext, p: Plain): string {
  if (!p.hiddenVip) return '';
  const unshown = (ctx.view?.hand ?? []).filter((c: Plain) => !c.revealed);
  if (ctx.table.phase === 'over' && p.seat === ctx.mySeat && unshown.length) return `${unshown.map((c: Plain) => c.name).join(', ')} (never shown)`;
  return `${p.hiddenVip} hidden VIP`;
}

/** The bettors: money, the tokens each has left while bets are open (tokensToBet), and notes. */
export function bettors(ctx: BoardContext) {
  return [
    h('div', { class: 'section-title' }, 'Bettors'),
    h(
      'table',
      { class: 'standings bettors' },
      h('tbody', null, (ctx.table.players ?? []).filter((p: Plain) => p.bettor).map((p: Plain) =>
        h(
          'tr',
          null,
          h('td', null, bettorMark(p.seat, ctx.table), ' ', ctx.name(p.seat)),
          h('td', null, dollars(p.money)),
          h('td', { class: 'tokens-left' }, tokensLeftText(ctx.table, p)),
          // Done betting while bets are open: after them, everyone is (the race's pass is no news in the draft).
          h('td', null, [p.passed && ctx.table.bettingOpen ? 'done betting' : '', p.drafting ? 'drafting' : '', (p.vip ?? []).map((v: Plain) => v.name).join(', '), hiddenVipText(ctx, p)].filter(Boolean).join(' · ')),
        ),
      )),
    ),
  ];
}

/** A bettor's settlement in words: the race's change and the money after it, then a line per bet and VIP card. */
export function settlementText(p: Plain, ctx: BoardContext): { summary: string; lines: string[] } {
  return {
    // Where the $0 floor cut the penalties short, what was owed and paid: "$0" alone read as nothing lost.
    summary: `${ctx.name(p.seat)}: ${p.paid < p.penalties ? `${p.gains ? `won $${p.gains}, ` : ''}owed $${p.penalties}, paid $${p.paid}: all they had` : dollars(p.delta, true)} (now ${dollars(p.before + p.delta)})`,
    lines: (p.lines ?? []).map((l: Plain) => `${l.label}${l.token ? ` ($${l.token})` : ''}: ${dollars(l.amount, true)}${l.vip ? ` (${l.vip})` : ''}`),
  };
}

/**
 * What a race came to for you, from your settlement: "you −$7 this race"; where the $0 floor cut the penalties short
 * (`paid` below `penalties`), what you owed and paid, not a bare "$0" that reads as nothing lost.
 */
export function raceOutcome(p: Plain): string {
  if (!(p.paid < p.penalties)) return `you ${dollars(p.delta, true)} this race`;
  return `you ${p.gains ? `won $${p.gains} and ` : ''}owed $${p.penalties} but paid $${p.paid} (all you had: money stops at $0)`;
}

/** A place in words: 1st, 2nd, 3rd, 4th … */
export function ordinal(n: number): string {
  const tens = n % 100;
  return `${n}${tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th'}`;
}

/**
 * A race's finish in place order, each place a word and each horse on its colour as on the board ("1st: 4 · 2nd: 7 ·
 * 3rd: 8 …"; horses tied share a place, and the place after a tie is skipped, as the ranks are): a rank beside a horse's
 * number ("1. 4, 2. 7") read as numbers in a row.
 */
export function finishOrder(ctx: BoardContext, finish: Plain[]) {
  const colour = (horse: string) => HORSE_FILL[(ctx.table.horses ?? []).find((x: Plain) => x.horse === horse)?.color] ?? '#444';
  const places = [...finish].sort((a: Plain, b: Plain) => a.rank - b.rank);
  return h(
    'p',
    { class: 'rsb-finish' },
    'Finish: ',
    places.map((f: Plain, i: number) => [i ? ' · ' : '', h('span', { class: 'rsb-place' }, `${ordinal(f.rank)}: `, h('b', { class: 'rsb-horse', style: `background:${colour(f.horse)}` }, f.horse))]),
  );
}

function settlement(ctx: BoardContext) {
  const st = ctx.table.settlement;
  if (!st || !st.race) return null;
  return h(
    'div',
    { class: 'settlement' },
    h('div', { class: 'section-title' }, `Race ${st.race} settled — ${st.winner} won`),
    finishOrder(ctx, st.finish ?? []),
    (st.players ?? []).map((p: Plain) => {
      const text = settlementText(p, ctx);
      // Folded to its line; one opened stays open as the others get ready or keep their VIP cards (folds.ts).
      const lines = h('ul', null, (p.lines ?? []).map((l: Plain, i: number) => h('li', { class: l.won ? 'good' : 'bad' }, text.lines[i])));
      return fold(ctx, `settlement:${st.race}:${p.seat}`, false, 'settled', h('summary', null, text.summary), lines);
    }),
  );
}

/**
 * The header after the race's number: the phase and the last roll — during the VIP draft, the draft (the race it
 * follows is over: its last roll is no news). Before the first roll of a seated host who bets first, bets are open to
 * the host alone: to a bettor (`seat`) and a spectator (null) they open with that roll; before the first roll of one
 * who does not bet, to nobody.
 */
export function raceStatus(t: Plain, seat: number | null = null): string {
  if (t.phase === 'vipDraft') return ` · VIP draft before race ${t.race + 1}: each bettor keeps one of the two cards offered`;
  if (hostBetting(t) && seat !== t.hostSeat) return ` · the host bets first · ${seat === null ? 'bets open' : 'your bets open'} with the first roll`;
  if (hostToStart(t)) return seat === t.hostSeat ? ' · bets open with your first roll' : ` · ${seat === null ? 'bets open' : 'your bets open'} with the host's first roll`;
  const roll = t.lastRoll;
  // What the last roll's horse would add if rolled again (the view's horses; 7 adds nothing: no word of a bonus).
  const bonus = Number((t.horses ?? []).find((horse: Plain) => horse.horse === roll?.horse)?.bonus) || 0;
  return [
    ` · ${t.bettingOpen ? 'bets open' : t.phase === 'racing' ? 'no more bets' : t.phase === 'results' ? 'results' : t.phase === 'over' ? 'game over' : t.phase}`,
    t.rolls && roll?.sum ? ` · roll ${t.rolls}: ${roll.a} + ${roll.b} = ${roll.sum} → ${roll.horse} moves ${roll.moved}${roll.bonus ? ` (bonus +${roll.bonus})` : ''}` : ' · waiting for the first roll',
    t.bonusArmed && t.phase === 'racing' && bonus > 0 ? ` · a repeat pays the bonus (+${bonus})` : '',
  ].join('');
}

/**
 * What the listed moves ask of you, in words, or '': which token a space chosen bets (the one you picked, else the
 * largest: see `prefer`), the VIP card to keep, the results to acknowledge.
 */
function asked(ctx: BoardContext): string {
  const t = ctx.table;
  const has = (type: string) => ctx.moves.some((m) => m.type === type);
  if (t.phase === 'vipDraft') {
    const offer = vipChoices(ctx.view?.offer ?? []);
    if (has('keepVip') && offer.copies) return `You were dealt two copies of one VIP card, ${offer.cards[0].name}: keep it (when the draft's time is up, it is kept for you).`;
    if (has('keepVip')) return 'Choose a VIP card to keep: when the draft\'s time is up, the first one offered is kept for you.';
    return ctx.view?.hand?.length ? 'You have kept your VIP card: the others are choosing theirs.' : '';
  }
  if (t.phase === 'results' || t.phase === 'over') {
    // What the race came to, where a phone's player looks (the settlement's lines are under the board). The last race's
    // too: the game goes from its settlement straight to over, with no results between.
    const st = t.settlement;
    const mine = (st?.players ?? []).find((p: Plain) => p.seat === ctx.mySeat);
    const outcome = st?.winner ? `${st.winner} won${mine ? `, ${raceOutcome(mine)}` : ''}` : '';
    if (t.phase === 'over') return outcome && `Race ${t.race} is settled: ${outcome}.`;
    if (has('ready')) return `Race ${t.race} is settled${outcome ? `: ${outcome}` : ''}. Press Ready for the next race.`;
    return `${outcome ? `Race ${t.race}: ${outcome}. ` : ''}You are ready for the next race.`;
  }
  const tokens = [...new Set(ctx.moves.filter((m) => m.type === 'bet').map((m) => m.token as number))];
  // A seated host's roll: beside its bets, the roll that starts the race closes them.
  const roll = !has('roll') ? '' : tokens.length ? ' Then roll the dice to start the race: your bets close with the first roll.' : 'Roll the dice.';
  if (!tokens.length) return roll;
  const picked = (ctx.selected ?? []).map((k) => (k.startsWith('token:') ? Number(k.slice('token:'.length)) : NaN)).find((v) => tokens.includes(v));
  // "Choose" as the other games say it: fits a click and a tap alike.
  const other = tokens.length < 2 ? '' : picked === undefined ? ' (choose a token to bet another)' : ' (choose it again to bet your largest)';
  return `Choose a space to bet your $${picked ?? Math.max(...tokens)} token${other}.${roll}`;
}

/** Before the first roll of a seated host who bets first (the view's `hostBetsFirst`): the betting open is the host's alone. */
const hostBetting = (t: Plain) => Boolean(t.hostBetsFirst && t.phase === 'racing' && t.rolls === 0 && t.bettingOpen);

/** Before the first roll of a seated host who does not bet (the view's `betsFromFirstRoll`): that roll starts the race and opens the bets. */
const hostToStart = (t: Plain) => Boolean(t.betsFromFirstRoll && t.phase === 'racing' && t.rolls === 0 && t.bettingOpen);

/** Whether `me`, a bettor beside a seated host, waits for the host's first roll (after the host's bets, or to start the race): its bets open with it. */
const waitsForHost = (t: Plain, me: Plain | undefined) => Boolean(me?.bettor && me.seat !== t.hostSeat && (hostBetting(t) || hostToStart(t)));

/**
 * Why a tap on a betting space or a token does nothing, in the game's words (the page says it in the move panel): the
 * bets not open to you yet or any more, or the space taken (a space holds one token).
 */
function whyNotBet(key: string, ctx: BoardContext): string | null {
  if (!key.startsWith('space:') && !key.startsWith('token:')) return null;
  const t = ctx.table;
  const me = (t.players ?? []).find((p: Plain) => p.seat === ctx.mySeat);
  if (!me) return null;
  if (!me.bettor) return 'You are the host: you roll the dice and hold no tokens.';
  if (t.phase !== 'racing') return 'No bets between races: the next race opens them.';
  if (waitsForHost(t, me)) return "Your bets open with the host's first roll.";
  if (me.seat === t.hostSeat && t.rolls > 0) return 'Your bets closed with your first roll: the host bets before the race starts.';
  if (!t.bettingOpen) return 'No more bets: the red line has closed the betting for this race.';
  if (me.passed) return 'You are done betting this race.';
  if (!(me.available ?? []).length) return 'All your tokens are on the board.';
  const space = key.slice('space:'.length);
  if (key.startsWith('space:') && tokensOn(space, ctx).length) return 'That space holds a token already: a space takes one bet.';
  if (key.startsWith('space:') && (t.exotics ?? []).some((e: Plain) => !e.open && (e.spaces ?? []).includes(space))) return 'That Exotic Finish card is closed to bets.';
  return null;
}

const TIE_BREAKS: Record<string, string> = { fewestVip: 'fewest VIP cards', mostWinningBets: 'most winning bets' };

/** A count of things in words: "1 VIP card", "3 winning bets". */
const plural = (n: number, thing: string) => `${n} ${thing}${n === 1 ? '' : 's'}`;


/**
 * At the end, under the result, what ranked bettors of equal money (the result's scores are money alone): the table's
 * tie-break (the view's `tieBreak`), with what it counted for each (the VIP cards each holds, or the view's
 * `winningBets`); or that they share the place. Null when no two bettors ended with the same money.
 */
export function tieNote(ctx: BoardContext): string | null {
  const t = ctx.table;
  if (t.phase !== 'over' || !ctx.result) return null;
  const players: Plain[] = t.players ?? [];
  const bettor = (seat: number) => players.find((p) => p.seat === seat)?.bettor !== false;
  const groups = new Map<number, { seat: number; rank: number }[]>();
  for (const s of [...ctx.result.standings].sort((a, b) => a.rank - b.rank)) {
    if (bettor(s.seat)) groups.set(s.score, [...(groups.get(s.score) ?? []), s]);
  }
  const rule = TIE_BREAKS[t.tieBreak];
  const vipCards = (seat: number) => {
    const p = players.find((x) => x.seat === seat);
    return (p?.vip ?? []).length + (p?.hiddenVip ?? 0);
  };
  // What the tie-break counted for each: the VIP cards each holds, or the winning bets the view lists at the end.
  const counted: ((seat: number) => string) | null =
    t.tieBreak === 'fewestVip'
      ? (seat) => plural(vipCards(seat), 'VIP card')
      : t.tieBreak === 'mostWinningBets' && (t.winningBets ?? []).length
        ? (seat) => plural(t.winningBets[seat] ?? 0, 'winning bet')
        : null;
  const notes = [...groups].filter(([, group]) => group.length > 1).map(([money, group]) => {
    const who = `${listText(group.map((s) => ctx.name(s.seat)))} ended with ${dollars(money)} each`;
    const counts = counted ? ` (${group.map((s) => `${ctx.name(s.seat)} with ${counted(s.seat)}`).join(', ')})` : '';
    if (group.some((s) => s.rank !== group[0]!.rank)) return `${who}: the table's tie-break, ${rule ?? 'a house rule'}, ranks them${counts}.`;
    const place = ordinal(group[0]!.rank);
    return rule ? `${who}, and the tie-break, ${rule}, leaves them equal${counts}: they share ${place} place.` : `${who} and share ${place} place: at this table equal money shares the place.`;
  });
  return notes.length ? notes.join(' ') : null;
}

export const readySetBet: GameBoard = {
  // The server rolls in the host's place (hostMode server): the rules' host, not a dealer.
  systemName: 'the host',
  // The results: every seat may say it is ready beside the server's own step, which goes on without them.
  turnShown: (ctx) => ctx.table.phase !== 'results',
  render(ctx) {
    const t = ctx.table;
    const tie = tieNote(ctx);
    return foldsKept(
      h(
        'div',
        { class: 'rsb' },
        h('p', { class: 'rsb-head' }, h('b', null, `Race ${t.race} of ${t.races}`), raceStatus(t, ctx.mySeat)),
        tie ? h('p', { class: 'rsb-tie' }, tie) : null,
        track(ctx),
        lowerBoard(ctx),
      ),
      ctx,
    );
  },
  // The settlement's lines the player opened or closed at this table: drawn as the player left them.
  drawnAlso: (ctx) => foldsChosen(ctx.roomId),
  keys(move) {
    if (move.type === 'bet') return [`space:${move.space}`, `token:${move.token}`];
    if (move.type === 'keepVip') return [`vip:${move.card}`];
    return [move.type];
  },
  // Two copies of one VIP card offered: one choice, as the draft's panel offers it (vipChoices).
  listed(moves, ctx) {
    const choices = new Set(vipChoices(ctx.view?.offer ?? []).cards.map((c: Plain) => c.id));
    return moves.filter((m) => m.type !== 'keepVip' || choices.has(m.card as string));
  },
  describe(move, ctx) {
    switch (move.type) {
      case 'bet':
        return `Bet your $${move.token} token on ${spaceLabel(move.space as string, ctx.table)}`;
      case 'pass':
        return 'No more bets from me this race';
      case 'ready':
        return 'Ready for the next race';
      case 'roll':
        return 'Roll the dice';
      case 'keepVip': {
        const offer = vipChoices(ctx.view?.offer ?? []);
        const card = (ctx.view?.offer ?? []).find((c: Plain) => c.id === move.card);
        return `Keep the VIP card ${card?.name ?? move.card}${offer.copies ? ' (two copies)' : ''}`;
      }
    }
    return move.type;
  },
  describeEvent(ev: GameEvent, ctx) {
    switch (ev.type) {
      case 'roll':
        return `Rolled ${ev.a} + ${ev.b}: ${ev.horse} moves ${ev.moved}${ev.bonus ? ` (bonus ${ev.bonus})` : ''}.`;
      case 'bet':
        return `${ctx.name(ev.seat as number)} bets $${ev.token} on ${ev.label ?? spaceLabel(ev.space as string, ctx.table)}.`;
      case 'pass':
        return `${ctx.name(ev.seat as number)} is done betting.`;
      case 'redLine':
        return Number(ev.crossed) > ctx.table.redLineHorses ? `${ev.horse} crosses the red line.` : `${ev.horse} crosses the red line (${ev.crossed}/${ctx.table.redLineHorses}).`;
      case 'noMoreBets':
        return 'No more bets!';
      case 'finish':
        return `${ev.horse} wins the race!`;
      case 'settled':
        return `Race ${ev.race} settled.`;
      case 'raceStart':
        return `Race ${ev.race} begins: place your bets.`;
      case 'vipDraft':
        return 'VIP draft: keep one of two cards.';
      case 'vipKept':
        return `${ctx.name(ev.seat as number)} kept a VIP card.`;
      case 'vipRevealed':
        return `${ctx.name(ev.seat as number)} reveals VIP card ${ev.name}.`;
      case 'ready':
        return `${ctx.name(ev.seat as number)} is ready.`;
    }
    return null;
  },
  // The seat list's dots in the bettors' colours, the tokens' (a seated host who bets nothing in a grey of its own).
  // The bettor's colour, with its seat's number as its tokens show it (8 colours are not told apart by everyone).
  seatMarks: (seat, ctx) => [{ colour: bettorColour(ctx.table, seat), mark: String(seat + 1) }],
  // The result's score is the money a bettor ends with: in dollars, a loss (moneyFloor off) with its minus first.
  scoreText: (standing) => dollars(standing.score),
  whyNot: whyNotBet,
  sticky: (key) => key.startsWith('token:'),
  // Several tokens fit a space: bet the largest (a token picked first has already narrowed it to one).
  prefer(moves) {
    const bets = moves.filter((m) => m.type === 'bet');
    if (bets.length !== moves.length || new Set(bets.map((m) => m.space)).size !== 1) return null;
    return bets.reduce((a, b) => ((b.token as number) > (a.token as number) ? b : a));
  },
  // The host's steps worth a countdown: no turn clock covers the draft, and the first roll and the next race come by themselves.
  stepClock(ctx) {
    const t = ctx.table;
    if (t.phase === 'vipDraft') return 'The draft ends in';
    if (t.phase === 'results') return 'The game moves on in';
    return t.phase === 'racing' && t.rolls === 0 ? 'The first roll in' : null;
  },
  // Done betting while bets are open: the others still betting do not keep you waiting; the race runs on by itself.
  // Before the first roll, beside a seated host who bets first or whose first roll starts the race: waiting for the host, named once with the reason and
  // its time left.
  waiting(ctx) {
    const t = ctx.table;
    const me = (t.players ?? []).find((p: Plain) => p.seat === ctx.mySeat);
    // The host's turn clock beside its name, as the page's own "Waiting for …" says it (the host is the seat listed).
    if (waitsForHost(t, me)) {
      return { who: `Waiting for the host, ${ctx.name(t.hostSeat)}, ${hostBetting(t) ? 'who bets first' : 'to start the race'}`, seats: [t.hostSeat], after: 'Your bets open with the first roll. ' };
    }
    if (t.bettingOpen && me?.bettor && (me.passed || !(me.available ?? []).length)) return 'You are done betting this race: the others bet until the red line closes the betting.';
    // The server rolls (hostMode server, the seat -1): what comes is the dice, not "the host", a person a newcomer looks
    // for in vain. (A seated host is a seat of the table: the page names it.)
    if (t.phase === 'racing' && ctx.active.length > 0 && ctx.active.every((seat) => seat === -1)) return t.rolls ? 'Waiting for the next roll of the dice.' : 'Waiting for the first roll of the dice.';
    return null;
  },
  status(ctx) {
    const t = ctx.table;
    const me = (t.players ?? []).find((p: Plain) => p.seat === ctx.mySeat);
    // (Between races the host's move is the others': Ready for the next race, not a roll.)
    if (me?.bettor === false) {
      if (t.phase !== 'racing') return asked(ctx);
      return hostToStart(t) ? 'You are the host: roll the dice to start the race (the bets open with your first roll).' : 'You are the host: you roll the dice.';
    }
    // A spectator: whose bets are open while the host is to move.
    if (!me) return hostBetting(t) ? "The host bets first: the others' bets open with the first roll." : hostToStart(t) ? "The host's first roll starts the race: the bets open with it." : '';
    // What you bet with while a race runs: your tokens left (in the order the board shows them).
    const left = tokensToBet(t, me);
    const tokens = !left || me.passed ? '' : left.length ? `Your tokens to bet: ${left.map((v) => `$${v}`).join(', ')}.` : 'All your tokens are on the board.';
    const money = moneyText(t, me, 'Your money: ');
    return [asked(ctx), tokens, money && `${money}.`].filter(Boolean).join(' ');
  },
};

