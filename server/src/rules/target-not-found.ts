/**
 * target-not-found: the workload scaleTargetRef names is not in the workspace. A hint: it says what
 * the linter could not check, not that the manifest is wrong (the workload often lives elsewhere).
 */
import { t } from '../localize';
import { scaleTargetOf } from '../workspace/scaleTarget';
import { NOT_SCALABLE_KINDS } from './targets';
import { workspaceRule } from './types';

export const targetNotFoundRule = workspaceRule({
  id: 'target-not-found',
  defaultSeverity: 'hint',
  description: 'The scale target is not in the workspace, so requests and replicas cannot be checked.',
  check(object, context) {
    const ref = scaleTargetOf(object);
    if (!ref || NOT_SCALABLE_KINDS.has(ref.kind)) return;
    if (!isPathSegment(ref.kind) || !isPathSegment(ref.name)) return; // scale-target-ref reports it
    if (context.workspace.resolveTarget(ref, object)) return;
    const name = ref.view.get('name');
    // Without metadata.namespace the HPA gets one at apply time: naming "default" would be a guess.
    context.report(
      name.exists ? name.valueSpan() : ref.view.keySpan(),
      ref.declaredNamespace === undefined
        ? t('{kind} "{name}" is not in the workspace: its requests and replicas are not checked', {
            kind: ref.kind,
            name: ref.name,
          })
        : t(
            '{kind} "{name}" in namespace "{namespace}" is not in the workspace: its requests and replicas are not checked',
            { kind: ref.kind, name: ref.name, namespace: ref.declaredNamespace },
          ),
    );
  },
});

function isPathSegment(value: string): boolean {
  return value !== '.' && value !== '..' && !value.includes('/') && !value.includes('%');
}
