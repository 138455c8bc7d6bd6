export * from './simulate.ts';
export * from './invariants.ts';
