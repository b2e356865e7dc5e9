/**
 * Reads what `hpa-lint simulate` needs from a manifest file: the chosen HPA (autoscaling/v2, or v1
 * converted) and, when its scale target is in the same file, the Pod's requests as the controller
 * sees them (common/k8s/podRequests.ts: the same numbers the rules and the preview read).
 * Errors name the file and line.
 */
import { LineCounter, parseAllDocuments, type Document } from 'yaml';
import { parseQuantity, type HPASpec, type MetricSpec } from '../../../common/engine';
import { MIN_MAX_REPLICAS, MIN_MIN_REPLICAS_SCALE_TO_ZERO } from '../../../common/k8s/apiLimits';
import { type PodRequests, podRequestsOfPodSpec, withoutPodLevel } from '../../../common/k8s/podRequests';
import { countsPodLevelRequests, type ClusterTarget } from '../../../common/k8s/kubernetesVersions';
import { isHpa, isWorkloadKind } from '../../../common/k8s/workloadKinds';
import { yamlLineBreaks } from '../../../common/yamlLineBreaks';
import { nodeAtPath } from '../yaml/yamlNodes';
import { t } from '../localize';
import { UsageError } from '../usageError';
import { toV2Spec } from './simulateVersions';

export interface ManifestHpa {
  name: string;
  spec: HPASpec;
  /** Per-Pod requests of the target (milli), empty when the target is not in the file. */
  podRequests: Record<string, number>;
  containerRequests: Record<string, Record<string, number>>;
  /** The target's `spec.replicas`, when the target is in the file and sets it. */
  targetReplicas?: number;
  /** Where the target was found, or null. */
  target: { kind: string; name: string } | null;
  /** The target's Pod as the controller sees it (counted containers, defaults), when the target is in the file. */
  pod?: PodRequests;
  /** The HPA's `metadata.namespace`, when set. */
  namespace?: string;
}

/** The manifest as a cluster of this release sees it: before 1.34 pod-level requests do not count. */
export function forCluster(manifest: ManifestHpa, cluster: ClusterTarget): ManifestHpa {
  if (!manifest.pod || countsPodLevelRequests(cluster)) return manifest;
  const pod = withoutPodLevel(manifest.pod);
  return pod === manifest.pod ? manifest : { ...manifest, pod, podRequests: pod.podRequests };
}

const KNOWN_METRIC_TYPES = new Set(['Resource', 'ContainerResource', 'Pods', 'Object', 'External']);

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

interface ParsedDoc {
  doc: Document.Parsed;
  value: unknown;
  line: number;
}

function lineOf(doc: Document.Parsed, lc: LineCounter, path: (string | number)[]): number {
  const node = nodeAtPath(doc.value, path) as { range?: [number, number, number] } | undefined;
  const offset = node?.range?.[0] ?? doc.value.range?.[0] ?? 0;
  return lc.linePos(offset).line;
}

function checkSpec(
  spec: Json,
  file: string,
  line: (path: (string | number)[]) => number,
  name: string,
): HPASpec {
  const where = (path: (string | number)[]) => `${file}:${line(path)}`;
  const max = spec.maxReplicas;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < MIN_MAX_REPLICAS) {
    throw new UsageError(
      `${where(['spec'])}: ${t('HPA "{name}" needs spec.maxReplicas as a whole number >= {min}', { name, min: MIN_MAX_REPLICAS })}`,
    );
  }
  if (
    spec.minReplicas !== undefined &&
    (typeof spec.minReplicas !== 'number' ||
      !Number.isInteger(spec.minReplicas) ||
      spec.minReplicas < MIN_MIN_REPLICAS_SCALE_TO_ZERO)
  ) {
    // The simulator models scale-to-zero (the HPAScaleToZero gate), so the gate's bound applies.
    throw new UsageError(
      `${where(['spec', 'minReplicas'])}: ${t('spec.minReplicas must be a whole number >= {min}', { min: MIN_MIN_REPLICAS_SCALE_TO_ZERO })}`,
    );
  }
  if (
    !isObject(spec.scaleTargetRef) ||
    typeof spec.scaleTargetRef.kind !== 'string' ||
    typeof spec.scaleTargetRef.name !== 'string'
  ) {
    throw new UsageError(
      `${where(['spec'])}: ${t('HPA "{name}" needs spec.scaleTargetRef with kind and name', { name })}`,
    );
  }
  const metrics = spec.metrics;
  if (metrics !== undefined && metrics !== null && !Array.isArray(metrics)) {
    throw new UsageError(`${where(['spec', 'metrics'])}: ${t('spec.metrics must be a list')}`);
  }
  (Array.isArray(metrics) ? metrics : []).forEach((m: unknown, i) => {
    const type = isObject(m) ? m.type : undefined;
    if (typeof type !== 'string' || !KNOWN_METRIC_TYPES.has(type)) {
      throw new UsageError(
        `${where(['spec', 'metrics', i])}: ${t('unknown metric type {type} (expected Resource, ContainerResource, Pods, Object or External)', { type: JSON.stringify(type ?? null) })}`,
      );
    }
    const key =
      type === 'Resource'
        ? 'resource'
        : type === 'ContainerResource'
          ? 'containerResource'
          : type.toLowerCase();
    const source = (m as Json)[key];
    if (!isObject(source) || !isObject(source.target)) {
      const looksV2beta1 =
        isObject(source) &&
        ['metricName', 'targetAverageUtilization', 'targetAverageValue', 'targetValue'].some(
          (f) => f in source,
        );
      const args = { type, field: `${key}.target` };
      throw new UsageError(
        `${where(['spec', 'metrics', i])}: ${
          looksV2beta1
            ? t(
                'a {type} metric needs {field} (this is autoscaling/v2beta1 syntax; set apiVersion: autoscaling/v2beta1 or use target)',
                args,
              )
            : t('a {type} metric needs {field}', args)
        }`,
      );
    }
    const hasName =
      type === 'Resource' || type === 'ContainerResource'
        ? typeof source.name === 'string'
        : isObject(source.metric) && typeof source.metric.name === 'string';
    if (!hasName)
      throw new UsageError(
        `${where(['spec', 'metrics', i])}: ${t('the {type} metric has no name', { type })}`,
      );
    for (const field of ['value', 'averageValue']) {
      const q = (source.target as Json)[field];
      if (q === undefined || q === null) continue;
      try {
        parseQuantity(q as string | number);
      } catch (err) {
        throw new UsageError(
          `${where(['spec', 'metrics', i, key, 'target', field])}: ${(err as Error).message}`,
        );
      }
    }
  });
  return spec as unknown as HPASpec;
}

/** Parses the manifest and picks the HPA named `hpaName` (or the first one). */
export function readManifestHpa(text: string, file: string, hpaName?: string): ManifestHpa {
  const lc = new LineCounter();
  const docs = parseAllDocuments(yamlLineBreaks(text), { lineCounter: lc });
  if (!Array.isArray(docs)) throw new UsageError(`${file}: ${t('the file holds no YAML documents')}`);
  const parsed: ParsedDoc[] = [];
  for (const doc of docs) {
    const error = doc.errors[0];
    if (error) {
      const line = lc.linePos(error.pos[0]).line;
      // yaml appends its own "at line L, column C:" and a code frame; the prefix already says where.
      const message = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
      throw new UsageError(`${file}:${line}: ${message}`);
    }
    const line = lc.linePos(doc.value.range?.[0] ?? 0).line;
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: 100 });
    } catch (err) {
      // An alias with no anchor, or an alias bomb past maxAliasCount: the user's file, not our bug.
      throw new UsageError(`${file}:${line}: ${(err as Error).message}`);
    }
    parsed.push({ doc, value, line });
  }
  const hpas = parsed.filter(
    (d) =>
      isObject(d.value) &&
      isHpa({
        kind: d.value.kind as string | undefined,
        // A non-string apiVersion (`apiVersion: 2`) is no autoscaling version: its text decides, no crash.
        apiVersion: d.value.apiVersion === undefined ? undefined : String(d.value.apiVersion),
      }),
  );
  if (hpas.length === 0) throw new UsageError(`${file}: ${t('no HorizontalPodAutoscaler in this file')}`);
  const nameOf = (d: ParsedDoc) => {
    const meta = (d.value as Json).metadata;
    return isObject(meta) && typeof meta.name === 'string' ? meta.name : '(unnamed)';
  };
  const chosen = hpaName === undefined ? hpas[0] : hpas.find((d) => nameOf(d) === hpaName);
  if (!chosen) {
    throw new UsageError(
      `${file}: ${t('no HorizontalPodAutoscaler named "{name}" (found: {found})', { name: hpaName ?? '', found: hpas.map(nameOf).join(', ') })}`,
    );
  }
  const value = chosen.value as Json;
  const name = nameOf(chosen);
  const at = (path: (string | number)[]) => lineOf(chosen.doc, lc, path);
  if (!isObject(value.spec))
    throw new UsageError(`${file}:${chosen.line}: ${t('HPA "{name}" has no spec', { name })}`);
  const spec = checkSpec(toV2Spec(value.spec as Json, String(value.apiVersion ?? '')), file, at, name);
  const namespace = isObject(value.metadata) ? value.metadata.namespace : undefined;

  const targetDoc = parsed.find((d) => {
    if (!isObject(d.value) || d.value.kind !== spec.scaleTargetRef.kind || !isWorkloadKind(d.value.kind))
      return false;
    const meta = d.value.metadata;
    if (!isObject(meta) || meta.name !== spec.scaleTargetRef.name) return false;
    return namespace === undefined || meta.namespace === undefined || meta.namespace === namespace;
  });
  const result: ManifestHpa = {
    name,
    spec: spec as HPASpec,
    podRequests: {},
    containerRequests: {},
    target: null,
  };
  if (typeof namespace === 'string') result.namespace = namespace;
  if (!targetDoc) return result;
  const target = targetDoc.value as Json;
  result.target = { kind: spec.scaleTargetRef.kind, name: spec.scaleTargetRef.name };
  const targetSpec = isObject(target.spec) ? target.spec : {};
  if (typeof targetSpec.replicas === 'number') result.targetReplicas = targetSpec.replicas;
  const podSpec =
    isObject(targetSpec.template) && isObject(targetSpec.template.spec) ? targetSpec.template.spec : null;
  if (!podSpec) return result;
  const pod = podRequestsOfPodSpec(podSpec);
  const invalid = pod.invalid[0];
  if (invalid) {
    const line = lineOf(targetDoc.doc, lc, ['spec', 'template', 'spec', ...invalid.path]);
    throw new UsageError(
      `${file}:${line}: ${t('invalid quantity {value} at {path}', { value: JSON.stringify(invalid.text), path: `spec.template.spec.${invalid.path.join('.')}` })}`,
    );
  }
  result.pod = pod;
  result.podRequests = pod.podRequests;
  result.containerRequests = pod.containerRequests;
  return result;
}

/** The metric names a load file may use for this HPA. */
export function metricNamesOf(metrics: readonly MetricSpec[]): string[] {
  const names: string[] = [];
  for (const m of metrics) {
    const name =
      m.type === 'Resource'
        ? m.resource.name
        : m.type === 'ContainerResource'
          ? m.containerResource.name
          : m.type === 'Pods'
            ? m.pods.metric.name
            : m.type === 'Object'
              ? m.object.metric.name
              : m.external.metric.name;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}
