/**
 * The controller options of one Kubernetes release and its feature gates: the one bridge from the
 * version model (common/k8s/kubernetesVersions.ts) to the engine, so the linter's ramp figures,
 * `simulate`, `tune` and the preview model the same cluster.
 */
import {
  acceptsMinReplicasZero,
  toleranceSupport,
  tracksScaledToZero,
  type ClusterTarget,
} from '../k8s/kubernetesVersions';
import type { ControllerOptions } from './types';

export function controllerOptionsFor(target: ClusterTarget): Partial<ControllerOptions> {
  return {
    // Per-direction tolerance only where the API server keeps it and the controller reads it (§1.4.0).
    configurableTolerance: toleranceSupport(target) === 'honoured',
    scaleToZero: acceptsMinReplicasZero(target),
    scaledToZeroCondition: tracksScaledToZero(target),
  };
}
