import type { Rule } from './types';
export const BEHAVIOR_RULES: readonly Rule[] = [];
