/**
 * The decision log's sentences: one per DecisionReason, in the user's language, filled in with the
 * numbers of that sync. The engine gives a code and its arguments; wording belongs to the UI.
 */
import type { DecisionReason, SimulationStep } from '../engine/simulationTypes';
import type { PreviewLocale } from './locale';
import { PREVIEW_STRINGS, format, type StringKey } from './strings';

/** The decision log's sentences live in the preview bundles as `reason.<DecisionReason>`. */
const reasonKey = (reason: DecisionReason): StringKey => `reason.${reason}` satisfies StringKey;

/** The sentence for one sync. `min`/`max` are the HPA's bounds (after defaulting). */
export function describeDecision(
  step: SimulationStep,
  locale: PreviewLocale,
  bounds: { min: number; max: number },
): string {
  // A metric that fails for want of a request says so: no wait for Pods will change it.
  const missingRequest = step.reasonArgs?.failedCause === 'missingRequest';
  const key: StringKey =
    missingRequest && step.reason === 'noMetrics'
      ? 'missingRequest.noMetrics'
      : missingRequest && step.reason === 'invalidMetricsBlockScaleDown'
        ? 'missingRequest.invalidMetricsBlockScaleDown'
        : reasonKey(step.reason);
  const template = PREVIEW_STRINGS[locale][key] ?? step.reason;
  const none = '–';
  // The step's own numbers override same-named reasonArgs: the sentence must agree with its row in the log.
  const args: Record<string, string | number> = {
    ...(step.reasonArgs ?? {}),
    current: step.replicas,
    ready: step.readyReplicas,
    proposed: step.proposedReplicas ?? none,
    stabilized: step.stabilizedReplicas ?? step.proposedReplicas ?? none,
    desired: step.desiredReplicas,
    min: bounds.min,
    max: bounds.max,
  };
  // The window length comes from the engine's arguments; without it the sentence drops the aside.
  const usable = args.window === undefined ? template.replace(/ ?[(（]\{window\}[^)）]*[)）]/, '') : template;
  return format(usable, args);
}
