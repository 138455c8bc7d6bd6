import type { GameBoard } from '../types.ts';
import { generic } from './generic.ts';

export const tac: GameBoard = { ...generic };
