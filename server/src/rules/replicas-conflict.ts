/**
 * replicas-conflict: a workload managed by an HPA should leave spec.replicas unset, or every apply
 * resets what the HPA chose. `replicas: 0` with minReplicas > 0 is the controller's maintenance mode
 * (ScalingDisabled): reported as information.
 */
import { t } from '../localize';
import { WORKLOAD_KINDS } from '../../../common/k8s/workloadKinds';
import { isHpa, isScaledObject } from '../workspace/scaleTarget';
import { pairedThroughKustomize, patchesSet, replicasSetByKustomization } from './targets';
import { workspaceRule } from './types';

export const replicasConflictRule = workspaceRule({
  id: 'replicas-conflict',
  defaultSeverity: 'warning',
  description: 'A workload scaled by an HPA sets spec.replicas: each apply overwrites the HPA\u2019s choice.',
  kinds: WORKLOAD_KINDS.filter((k) => k !== 'ReplicationController'),
  customWorkloads: true,
  check(object, context) {
    const replicas = object.root.at('spec', 'replicas');
    const count = replicas.number;
    if (count === undefined) return;
    // A patch or a kustomization's replicas entry that sets the count replaces this one in its
    // overlay: the rendered overlays tell which count reaches the cluster beside which HPA.
    if (
      patchesSet(object, ['spec', 'replicas'], context.workspace) ||
      replicasSetByKustomization(object, context.workspace)
    )
      return;
    // An HPA that meets this workload only in a rendered overlay is the overlay checks' to pair; one
    // that no apply sends with it (another overlay's, another folder's) never manages it.
    const autoscaler = context.workspace
      .autoscalersOf(object)
      .find(
        (a) =>
          (isHpa(a) || isScaledObject(a)) &&
          context.workspace.deployedTogether(a, object) &&
          context.workspace.referenceReaches(a, object) &&
          !pairedThroughKustomize(a, object, context.workspace),
      );
    if (!autoscaler) return;
    const min = isHpa(autoscaler) ? (autoscaler.root.at('spec', 'minReplicas').number ?? 1) : 1;
    if (count === 0 && min > 0) {
      context.report(
        replicas.keySpan(),
        t(
          'spec.replicas: 0 puts {kind} "{name}" in maintenance mode: the controller stands aside (ScalingDisabled) until replicas is raised again',
          { kind: autoscaler.kind, name: autoscaler.name ?? '' },
        ),
        { severity: 'info' },
      );
      return;
    }
    context.report(
      replicas.keySpan(),
      t(
        'spec.replicas is managed by {kind} "{name}": every apply resets it to {replicas} and undoes the autoscaler\u2019s choice; remove the field',
        { kind: autoscaler.kind, name: autoscaler.name ?? '', replicas: count },
      ),
    );
  },
});
