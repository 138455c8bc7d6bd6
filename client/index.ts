/** Small typed helpers for Parlor clients on top of @colyseus/sdk. */
export * from './rejoin.ts';
export * from './queue.ts';
export * from './legal-moves.ts';
