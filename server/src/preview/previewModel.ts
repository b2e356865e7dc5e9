/**
 * The answers to the custom requests of common/protocol.ts: the HPAs of a document, and the HPA at a
 * line with what the simulator needs from its target (per-Pod and per-container requests).
 */
import type { HPASpec } from '../../../common/engine/types';
import type { DocumentHpa, PreviewModel, PreviewProblem } from '../../../common/protocol';
import { lintFile } from '../lint/lint';
import { DEFAULT_SETTINGS, type HpaSettings } from '../settings';
import { controllerOptionsFor } from '../../../common/engine/clusterOptions';
import {
  countsPodLevelRequests,
  describeTarget,
  type ClusterTarget,
} from '../../../common/k8s/kubernetesVersions';
import { withoutPodLevel } from '../../../common/k8s/podRequests';
import type { FileModel } from '../yaml/documents';
import { t } from '../localize';
import type { K8sObject } from '../workspace/objects';
import { isWorkload, podRequestsOf } from '../workspace/podTemplate';
import { isHpa, scaleTargetOf } from '../workspace/scaleTarget';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';

/** The autoscaling/v2-shaped HPAs of a file (v1 and v2beta1 have other fields and are not simulated). */
function previewableHpas(file: FileModel, workspace: WorkspaceIndex): K8sObject[] {
  return workspace
    .objectsIn(file.uri)
    .filter((o) => isHpa(o) && o.apiVersion !== 'autoscaling/v1' && o.apiVersion !== 'autoscaling/v2beta1');
}

/** 0-based line where an object's content starts (after any `---` and comments). */
function contentLine(file: FileModel, object: K8sObject): number {
  const start = object.root.node?.range?.[0] ?? 0;
  return file.lineIndex.position(object.offset + start).line;
}

export function documentHpas(file: FileModel, workspace: WorkspaceIndex): DocumentHpa[] {
  return previewableHpas(file, workspace).map((o) => ({
    name: o.name ?? '',
    documentIndex: o.documentIndex,
    line: contentLine(file, o),
  }));
}

/** The HPA whose document contains the line, else the nearest one before it, else the first. */
export function previewModelAt(
  file: FileModel,
  workspace: WorkspaceIndex,
  line: number,
  settings: HpaSettings = DEFAULT_SETTINGS,
): PreviewModel | null {
  const hpas = previewableHpas(file, workspace);
  if (hpas.length === 0) return null;
  const offset = file.lineIndex.offsetOfLine(line);
  let chosen = hpas[0];
  for (const hpa of hpas) if (hpa.offset <= offset) chosen = hpa;
  const model = buildPreviewModel(chosen, workspace, settings.cluster);
  const problems = previewProblems(file, chosen, workspace, settings);
  return problems.length > 0 ? { ...model, problems } : model;
}

/**
 * The errors the linter finds in the HPA's own document (YAML syntax first, then schema and API
 * rules), with their 1-based lines: with any of them the simulation runs on something other than
 * what the user meant (a dropped `behavior:` block, a metric without a target, maxReplicas 0), and
 * the panel says so above the charts. The linter is asked rather than re-checked here, so the panel
 * and Problems never disagree; the user's severity overrides apply the same way.
 */
export function previewProblems(
  file: FileModel,
  hpa: K8sObject,
  workspace: WorkspaceIndex,
  settings: HpaSettings,
): PreviewProblem[] {
  const doc = hpa.fileDocument;
  const start = doc.offset;
  const end = doc.offset + doc.model.text.length;
  return lintFile(file, workspace, settings)
    .filter(
      (f) => f.severity === 'error' && f.uri === file.uri && f.span.start >= start && f.span.start < end,
    )
    .map((f) => ({
      line: file.lineIndex.position(f.span.start).line + 1,
      message: f.message,
      rule: f.rule,
    }))
    .sort((a, b) => a.line - b.line);
}

/**
 * The model of one HPA for the preview. `cluster` is the release its file is judged against: the
 * panel runs the engine with that release's options (scale to zero, tolerance), and before 1.34 the
 * Pod's pod-level requests do not count.
 */
export function buildPreviewModel(
  hpa: K8sObject,
  workspace: WorkspaceIndex,
  cluster: ClusterTarget = DEFAULT_SETTINGS.cluster,
): PreviewModel {
  const notes: string[] = [];
  const spec = (hpa.root.get('spec').value ?? {}) as HPASpec;
  const ref = scaleTargetOf(hpa);
  const target = ref ? workspace.resolveTarget(ref, hpa) : undefined;
  let podRequests: Record<string, number> = {};
  let containerRequests: Record<string, Record<string, number>> = {};
  let targetInfo: PreviewModel['target'] = null;
  if (target && isWorkload(target)) {
    // The same numbers the rules and `hpa-lint simulate` read (common/k8s/podRequests.ts): defaults
    // applied, and a resource left out when a counted container lacks it (no utilization then).
    const pod = podRequestsOf(target);
    ({ podRequests, containerRequests } = countsPodLevelRequests(cluster) ? pod : withoutPodLevel(pod));
    const replicas = target.root.at('spec', 'replicas').number;
    targetInfo = {
      uri: target.uri,
      kind: target.kind,
      name: target.name ?? '',
      ...(replicas !== undefined ? { replicas } : {}),
    };
    for (const resource of ['cpu', 'memory']) {
      if (podRequests[resource] === undefined) {
        notes.push(
          t(
            '{kind} "{name}" does not request {resource} on every container: {resource} utilization cannot be computed',
            { kind: target.kind, name: target.name ?? '', resource },
          ),
        );
      }
    }
  } else if (ref) {
    notes.push(
      t(
        '{kind} "{name}" is not in the workspace: Pod requests are unknown, so utilization targets use assumed requests',
        { kind: ref.kind, name: ref.name },
      ),
    );
  } else {
    notes.push(t('spec.scaleTargetRef is incomplete: the target cannot be resolved'));
  }
  return {
    uri: hpa.uri,
    documentIndex: hpa.documentIndex,
    name: hpa.name ?? '',
    ...(hpa.root.at('metadata', 'namespace').string !== undefined ? { namespace: hpa.namespace } : {}),
    spec,
    podRequests,
    containerRequests,
    target: targetInfo,
    notes,
    cluster: {
      release: describeTarget(cluster),
      configured: cluster.configured,
      options: controllerOptionsFor(cluster),
    },
  };
}
