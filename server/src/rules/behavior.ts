/** The behaviour smells, computed with the engine; each can be switched off in hpa.rules. */
import { noScaleDownRule } from './no-scale-down';
import { periodBelowSyncRule } from './period-below-sync';
import { scalingDisabledRule } from './scaling-disabled';
import { slowRampRule } from './slow-ramp';
import type { Rule } from './types';

export const BEHAVIOR_RULES: readonly Rule[] = [
  periodBelowSyncRule,
  scalingDisabledRule,
  slowRampRule,
  noScaleDownRule,
];
