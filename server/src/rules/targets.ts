/**
 * What the cross-resource rules share: an autoscaler's utilization metrics, its resolved workload,
 * and the kinds that have no scale subresource.
 */
import type { K8sObject } from '../workspace/objects';
import { isWorkload } from '../workspace/podTemplate'; // built-in kinds and custom-resource workloads
import { isHpa, isScaledObject, scaleTargetOf } from '../workspace/scaleTarget';
import type { Span } from '../yaml/ranges';
import type { YamlView } from '../yaml/yamlView';
import { hasV2Shape } from './apiText';
import { type Kustomization, parseKustomization } from '../kustomize/kustomization';
import { KUSTOMIZATION_FILE_NAMES, isKustomizationPath } from '../workspace/filePaths';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';

/** Built-in kinds with no `scale` subresource: an HPA pointed at them fails with FailedGetScale. */
export const NOT_SCALABLE_KINDS: ReadonlySet<string> = new Set([
  'DaemonSet',
  'Job',
  'CronJob',
  'Pod',
  'Service',
  'ConfigMap',
  'Secret',
  'Ingress',
  'ServiceAccount',
  'PodDisruptionBudget',
  'Namespace',
  'PersistentVolumeClaim',
  'HorizontalPodAutoscaler',
  'NetworkPolicy',
]);

/** Resources whose utilization needs a request on every counted container. */
export const REQUEST_RESOURCES: ReadonlySet<string> = new Set(['cpu', 'memory']);

export interface UtilizationMetric {
  /** `cpu` or `memory`. */
  resource: string;
  /** Set for ContainerResource metrics. */
  container: string | undefined;
  /** Where a finding about this metric goes: its `name` value, or for an implied metric the field implying it. */
  anchor: Span;
  /** The metric's `container` value (ContainerResource only). */
  containerView: YamlView | undefined;
}

/**
 * Resource and ContainerResource metrics on cpu or memory, with whether their target is a
 * utilization. Also the metric the API server implies: an autoscaling/v2 HPA without metrics gets
 * cpu at 80 %, and autoscaling/v1 always scales on cpu utilization.
 */
export function resourceMetrics(hpa: K8sObject): (UtilizationMetric & { utilization: boolean })[] {
  const spec = hpa.root.get('spec');
  if (hpa.apiVersion === 'autoscaling/v1') {
    const percent = spec.get('targetCPUUtilizationPercentage');
    const anchor = percent.exists ? percent.keySpan() : spec.keySpan();
    return [{ resource: 'cpu', container: undefined, anchor, containerView: undefined, utilization: true }];
  }
  const metrics = spec.get('metrics');
  if (
    hasV2Shape(hpa) &&
    metrics.items().length === 0 &&
    (metrics.isSeq || !metrics.exists || metrics.value === null)
  ) {
    const anchor = metrics.exists ? metrics.keySpan() : spec.keySpan();
    return [{ resource: 'cpu', container: undefined, anchor, containerView: undefined, utilization: true }];
  }
  const out: (UtilizationMetric & { utilization: boolean })[] = [];
  for (const metric of metrics.items()) {
    const type = metric.get('type').string;
    const source =
      type === 'Resource'
        ? metric.get('resource')
        : type === 'ContainerResource'
          ? metric.get('containerResource')
          : undefined;
    if (!source) continue;
    const nameView = source.get('name');
    const resource = nameView.string;
    if (resource === undefined || !REQUEST_RESOURCES.has(resource)) continue;
    const target = source.get('target');
    const utilization =
      (target.get('type').string === 'Utilization' || target.get('averageUtilization').exists) &&
      !target.get('averageValue').exists;
    const containerView = type === 'ContainerResource' ? source.get('container') : undefined;
    out.push({
      resource,
      container: containerView?.string,
      anchor: nameView.valueSpan(),
      containerView,
      utilization,
    });
  }
  return out;
}

/** The metrics whose target is a utilization: they need a request on every counted container. */
export function utilizationMetrics(hpa: K8sObject): UtilizationMetric[] {
  if (isScaledObject(hpa)) return kedaUtilizationTriggers(hpa);
  if (!isHpa(hpa)) return [];
  return resourceMetrics(hpa)
    .filter((m) => m.utilization)
    .map(({ resource, container, anchor, containerView }) => ({
      resource,
      container,
      anchor,
      containerView,
    }));
}

/** KEDA's cpu and memory scalers with `metricType: Utilization` (or the older `metadata.type`) become Resource Utilization metrics. */
function kedaUtilizationTriggers(scaledObject: K8sObject): UtilizationMetric[] {
  const out: UtilizationMetric[] = [];
  for (const trigger of scaledObject.root.at('spec', 'triggers').items()) {
    const type = trigger.get('type');
    const resource = type.string;
    if (resource !== 'cpu' && resource !== 'memory') continue;
    const metricType = trigger.get('metricType').string ?? trigger.at('metadata', 'type').string;
    if (metricType !== 'Utilization') continue;
    const container = trigger.at('metadata', 'containerName');
    out.push({
      resource,
      container: container.string,
      anchor: type.valueSpan(),
      containerView: container.exists ? container : undefined,
    });
  }
  return out;
}

/**
 * The workload whose Pod an autoscaler's checks read: its target, when that is a workload in the
 * workspace, the two meet as written (not only through kustomize: see `pairedThroughKustomize`),
 * and no kustomize patch changes the Pod template (an overlay adding requests or a sidecar makes
 * the base's Pod not the one the cluster runs; the rendered overlays check the real one).
 */
export function resolvedWorkload(autoscaler: K8sObject, workspace: WorkspaceIndex): K8sObject | undefined {
  const ref = scaleTargetOf(autoscaler);
  if (!ref) return undefined;
  const target = workspace.resolveTarget(ref, autoscaler);
  if (!target || !isWorkload(target) || pairedThroughKustomize(autoscaler, target, workspace))
    return undefined;
  if (patchesSet(target, ['spec', 'template'], workspace)) return undefined;
  return target;
}

/** The kustomizations of the workspace, each parsed once per text. */
const kustomizations = new WeakMap<object, Kustomization | undefined>();

/**
 * Whether a kustomization's `replicas:` entry names this workload: the count that reaches the
 * cluster is the entry's, not the file's, in every overlay that includes it.
 */
export function replicasSetByKustomization(object: K8sObject, workspace: WorkspaceIndex): boolean {
  if (object.name === undefined) return false;
  return workspace.uris().some((uri) => {
    if (!isKustomizationPath(uri)) return false;
    const file = workspace.getFile(uri);
    if (!file) return false;
    if (!kustomizations.has(file)) kustomizations.set(file, parseKustomization(file.text));
    return kustomizations.get(file)?.replicas.some((entry) => entry.name === object.name) ?? false;
  });
}

/** Whether a kustomize patch in the workspace sets this field of the object (or something below it). */
export function patchesSet(object: K8sObject, path: readonly string[], workspace: WorkspaceIndex): boolean {
  if (object.name === undefined) return false;
  return workspace
    .patchesOf(object.kind, object.declaredNamespace, object.name)
    .some((patch) => patch.root.at(...path).exists);
}

/**
 * True when an autoscaler and its workload sit in different folders and one of the folders is a
 * kustomization's: a base's Deployment with an HPA an overlay or a component adds. What the cluster
 * receives is then the rendered overlay (its patches may add the requests, its `replicas:` entry may
 * replace the count, other overlays may have no HPA at all), which the overlay checks lint
 * (overlays/overlayChecks.ts); pairing the files as written would report what no overlay renders.
 */
export function pairedThroughKustomize(
  autoscaler: K8sObject,
  workload: K8sObject,
  workspace: WorkspaceIndex,
): boolean {
  const autoscalerFolder = folderOf(autoscaler.uri);
  const workloadFolder = folderOf(workload.uri);
  if (autoscalerFolder === workloadFolder) return false;
  return holdsKustomization(autoscalerFolder, workspace) || holdsKustomization(workloadFolder, workspace);
}

function folderOf(uri: string): string {
  return uri.slice(0, uri.lastIndexOf('/') + 1);
}

function holdsKustomization(folder: string, workspace: WorkspaceIndex): boolean {
  return KUSTOMIZATION_FILE_NAMES.some((name) => workspace.getFile(`${folder}${name}`) !== undefined);
}

/** `Deployment "api"`, for messages. */
export function describe(object: K8sObject): string {
  return `${object.kind} "${object.name ?? ''}"`;
}
