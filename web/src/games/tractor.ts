import type { GameBoard } from '../types.ts';
import { generic } from './generic.ts';

export const tractor: GameBoard = { ...generic };
