/**
 * duplicate-target: two autoscalers (HPAs, or an HPA and a KEDA ScaledObject, which creates its own
 * HPA) on one workload fight over its replicas; the controller reports AmbiguousSelector. Only
 * autoscalers resolving to the same workload definition count (workspaceIndex.ts): the same HPA in
 * two environment folders is one object defined twice. When the workload is not in the workspace,
 * only autoscalers in one file count.
 */
import { basename } from 'node:path';
import { listOf, t } from '../localize';
import { scaleTargetOf } from '../workspace/scaleTarget';
import { sameIdentity } from '../workspace/workspaceIndex';
import { workspaceRule } from './types';

export const duplicateTargetRule = workspaceRule({
  id: 'duplicate-target',
  defaultSeverity: 'warning',
  description: 'Two HPAs, or an HPA and a KEDA ScaledObject, scale the same workload.',
  check(object, context) {
    const ref = scaleTargetOf(object);
    if (!ref) return;
    // Without the workload in the workspace, nothing says two files are applied together: a
    // tutorial's hpa.yaml beside its keda-scaledobject.yaml, a policy's allowed and disallowed
    // samples are alternatives. Autoscalers written in one file are.
    const targetKnown = context.workspace.resolveTarget(ref, object) !== undefined;
    // One HPA written in two files (a copy kept beside the original) is one rival, named once.
    const others = context.workspace
      .rivalsOf(object)
      .filter((other) => targetKnown || other.uri === object.uri)
      .filter((other, i, all) => all.findIndex((o) => sameIdentity(o, other)) === i);
    if (others.length === 0) return;
    const shown = others.slice(0, 3);
    const more = others.length - shown.length;
    const listed = listOf(
      shown.map((o) =>
        o.uri === object.uri
          ? `${o.kind} "${o.name ?? ''}"`
          : `${o.kind} "${o.name ?? ''}" (${basename(decodeURIComponent(o.uri))})`,
      ),
    ).concat(more > 0 ? t(' and {count} more', { count: more }) : '');
    const name = ref.view.get('name');
    // Each rival at the name its reference gives, where the two meet.
    const related = others.map((other) => {
      const otherName = scaleTargetOf(other)?.view.get('name');
      return {
        object: other,
        span: otherName?.exists ? otherName.valueSpan() : other.root.get('kind').valueSpan(),
        message: t('{autoscaler} also scales {kind} "{name}"', {
          autoscaler: `${other.kind} "${other.name ?? ''}"`,
          kind: ref.kind,
          name: ref.name,
        }),
      };
    });
    context.report(
      name.exists ? name.valueSpan() : ref.view.keySpan(),
      t(
        '{kind} "{name}" is also scaled by {autoscalers}: autoscalers on one workload fight over its replicas (AmbiguousSelector)',
        { kind: ref.kind, name: ref.name, autoscalers: listed },
      ),
      { related },
    );
  },
});
