/**
 * The "what this means here" part of a hover: numbers computed from the manifest, its defaults and
 * the resolved target. Each function returns Markdown lines (already localized).
 */
import type { HPABehavior, HPAScalingPolicy } from '../../../common/engine/types';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import {
  acceptsMinReplicasZero,
  defaultClusterTarget,
  describeTarget,
  toleranceSupport,
  type ClusterTarget,
} from '../../../common/k8s/kubernetesVersions';
import { type FeatureContext, hpasOf, type TargetPod, targetPod } from './context';
import {
  behaviorIsInvalid,
  effectiveRules,
  type EffectiveRules,
  type InvalidField,
  isPolicy,
  validPolicy,
} from './effectiveBehavior';
import type { IndexedDocument } from '../workspace/indexedDocument';
import { nodeAtPath, scalarString, toPlain } from '../workspace/indexedDocument';
import { formatDuration, formatSeconds, joinList, type Locale, msg } from './messages';
import { type Direction, policyChange, winnerAt, winnerSegments } from './policyMath';
import { formatMilli } from './quantityText';
import { scaleTime } from './scaleTime';

export interface SpecView {
  minReplicas?: unknown;
  maxReplicas?: unknown;
  behavior?: HPABehavior | null;
}

function int(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

function replicaBounds(spec: SpecView): { min: number; max: number } | undefined {
  const min = spec.minReplicas === undefined ? 1 : int(spec.minReplicas);
  const max = int(spec.maxReplicas);
  if (min === undefined || max === undefined || min < 0 || max < min) return undefined;
  return { min, max };
}

function dirLabel(direction: Direction, locale: Locale): string {
  return msg(locale, direction === 'up' ? 'label.scaleUp' : 'label.scaleDown');
}

/** "4 Pods per 15 s" */
export function policyShort(policy: HPAScalingPolicy, locale: Locale): string {
  return msg(locale, policy.type === 'Pods' ? 'policy.shortPods' : 'policy.shortPercent', {
    value: policy.value,
    period: formatSeconds(policy.periodSeconds, locale),
  });
}

/** "at most 4 Pods added per 60 s" */
function policyLong(policy: HPAScalingPolicy, direction: Direction, locale: Locale): string {
  const key =
    policy.type === 'Pods'
      ? direction === 'up'
        ? 'policy.podsUp'
        : 'policy.podsDown'
      : direction === 'up'
        ? 'policy.percentUp'
        : 'policy.percentDown';
  return msg(locale, key, { value: policy.value, period: formatSeconds(policy.periodSeconds, locale) });
}

function windowText(rules: EffectiveRules, direction: Direction, locale: Locale): string {
  const text = formatSeconds(rules.stabilizationWindowSeconds, locale);
  return direction === 'down' && rules.windowIsDefault ? `${text} ${msg(locale, 'label.fromFlag')}` : text;
}

function notValid(rules: EffectiveRules, field: InvalidField): boolean {
  return rules.invalid.includes(field) || rules.invalid.includes('direction');
}

/**
 * One direction in one line. A value the API server rejects reads "not valid" where it stands: the
 * default the engine would fall back to is not what the user wrote, and an empty list is no answer.
 */
function rulesLine(rules: EffectiveRules, direction: Direction, locale: Locale): string {
  if (rules.invalid.includes('direction'))
    return msg(locale, 'here.directionNotValid', { direction: dirLabel(direction, locale) });
  return msg(locale, 'here.rules', {
    direction: dirLabel(direction, locale),
    window: notValid(rules, 'stabilizationWindowSeconds')
      ? msg(locale, 'here.notValid')
      : windowText(rules, direction, locale),
    policies: notValid(rules, 'policies')
      ? msg(locale, 'here.policiesNotValid')
      : joinList(
          rules.policies.map((p) => policyShort(p, locale)),
          locale,
        ),
    select: notValid(rules, 'selectPolicy') ? msg(locale, 'here.notValid') : rules.selectPolicy,
  });
}

/** A ramp time depends on every field of its direction but the tolerance. */
function rampIsKnown(rules: EffectiveRules): boolean {
  return rules.invalid.every((field) => field === 'tolerance');
}

function timeLines(spec: SpecView, locale: Locale, ctx: FeatureContext, only?: Direction): string[] {
  const bounds = replicaBounds(spec);
  if (!bounds || behaviorIsInvalid(spec.behavior)) return [];
  const lines: string[] = [];
  const options =
    ctx.downscaleStabilizationSeconds === undefined
      ? {}
      : { downscaleStabilizationSeconds: ctx.downscaleStabilizationSeconds };
  for (const direction of only ? [only] : (['up', 'down'] as const)) {
    if (!rampIsKnown(effectiveRules(spec.behavior, direction))) {
      lines.push(msg(locale, 'here.timeNotValid', { direction: dirLabel(direction, locale) }));
      continue;
    }
    const time = scaleTime(spec, direction, options);
    if (!time) continue;
    if (time.seconds === null) {
      lines.push(msg(locale, direction === 'up' ? 'here.timeUpNever' : 'here.timeDownNever', bounds));
    } else {
      lines.push(
        msg(locale, direction === 'up' ? 'here.timeUp' : 'here.timeDown', {
          ...bounds,
          time: formatDuration(time.seconds, locale),
          steps: time.steps,
        }),
      );
    }
  }
  return lines;
}

export function behaviorLines(
  spec: SpecView,
  locale: Locale,
  ctx: FeatureContext,
  only?: Direction,
): string[] {
  if (behaviorIsInvalid(spec.behavior)) return [msg(locale, 'here.behaviorNotValid')];
  const legacy = spec.behavior === undefined || spec.behavior === null;
  const lines: string[] = legacy
    ? [msg(locale, 'here.noBehavior'), msg(locale, 'here.defaultsHeader')]
    : [msg(locale, 'here.effective')];
  for (const direction of only ? [only] : (['up', 'down'] as const)) {
    const rules = effectiveRules(spec.behavior, direction, ctx.downscaleStabilizationSeconds);
    lines.push(`- ${rulesLine(rules, direction, locale)}`);
  }
  const times = timeLines(spec, locale, ctx, only);
  if (legacy && times.length > 0) lines.push(msg(locale, 'here.legacyTimes'));
  return [...lines, ...times];
}

export function minMaxLines(spec: SpecView, locale: Locale, ctx: FeatureContext): string[] {
  const bounds = replicaBounds(spec);
  if (!bounds) return [];
  const times = timeLines(spec, locale, ctx);
  const legacy = spec.behavior === undefined || spec.behavior === null;
  const label = legacy && times.length > 0 ? [msg(locale, 'here.legacyTimes')] : [];
  return [msg(locale, 'here.minMax', bounds), ...label, ...times];
}

function fileName(uri: string): string {
  const last = uri.split(/[\\/]/).pop() ?? uri;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Requests the way people write them (`cpu 250m, memory 256Mi`), from the milli-units the controller reads. */
function requestsText(requests: Record<string, number>): string {
  return Object.entries(requests)
    .map(([resource, milli]) => `${resource} ${formatMilli(milli, resource)}`)
    .join(', ');
}

export function targetLines(doc: IndexedDocument, target: TargetPod | undefined, locale: Locale): string[] {
  if (!target) {
    const kind = scalarString(nodeAtPath(doc.yaml.value, ['spec', 'scaleTargetRef', 'kind'])) ?? '?';
    const name = scalarString(nodeAtPath(doc.yaml.value, ['spec', 'scaleTargetRef', 'name'])) ?? '?';
    return [msg(locale, 'here.targetMissing', { kind, name })];
  }
  const lines = [
    msg(locale, 'here.target', { kind: target.kind, name: target.name, file: fileName(target.uri) }),
  ];
  lines.push(
    target.replicas === undefined
      ? msg(locale, 'here.targetNoReplicas')
      : msg(locale, 'here.targetReplicas', { replicas: target.replicas }),
  );
  for (const c of target.containers) {
    const requests = requestsText(c.requests);
    lines.push(
      requests
        ? `- ${msg(locale, 'here.container', { name: c.name, requests })}`
        : `- ${msg(locale, 'here.containerNoRequests', { name: c.name })}`,
    );
  }
  return lines;
}

function currentReplicas(spec: SpecView, target: TargetPod | undefined): number | undefined {
  return target?.replicas ?? int(spec.maxReplicas);
}

export function policyLines(
  spec: SpecView,
  direction: Direction,
  index: number,
  locale: Locale,
  target: TargetPod | undefined,
): string[] {
  const policies = (direction === 'up' ? spec.behavior?.scaleUp : spec.behavior?.scaleDown)?.policies;
  const policy: unknown = Array.isArray(policies) ? policies[index] : undefined;
  if (!isPolicy(policy)) return [];
  const lines = [capitalize(policyLong(policy, direction, locale)) + msg(locale, 'punct.period')];
  // What is written, then that it cannot run: no change computed from a value the API rejects.
  if (!validPolicy(policy)) return [...lines, msg(locale, 'here.fieldNotValid')];
  const current = currentReplicas(spec, target);
  if (policy.type === 'Percent' && current !== undefined && current > 0) {
    lines.push(msg(locale, 'here.policyAt', { current, change: policyChange(policy, current, direction) }));
  }
  return lines;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function selectPolicyLines(
  spec: SpecView,
  direction: Direction,
  locale: Locale,
  target: TargetPod | undefined,
): string[] {
  const rules = effectiveRules(spec.behavior, direction);
  if (notValid(rules, 'selectPolicy') || notValid(rules, 'policies'))
    return [msg(locale, 'here.fieldNotValid')];
  if (rules.selectPolicy === 'Disabled') {
    return [msg(locale, direction === 'up' ? 'here.selectDisabledUp' : 'here.selectDisabledDown')];
  }
  if (rules.policies.length === 0) return [];
  if (rules.policies.length === 1) {
    return [msg(locale, 'here.selectSingle', { policy: policyShort(rules.policies[0]!, locale) })];
  }
  const bounds = replicaBounds(spec) ?? { min: 1, max: 100 };
  const segments = winnerSegments(rules.policies, rules.selectPolicy, direction, bounds.min, bounds.max);
  const name = (i: number): string => policyShort(rules.policies[i]!, locale);
  const parts = segments.map((s, i) => {
    if (segments.length === 1) return msg(locale, 'here.segmentAll', { policy: name(s.policy), ...bounds });
    if (i === segments.length - 1)
      return msg(locale, 'here.segmentAbove', { policy: name(s.policy), n: s.from - 1 });
    return msg(locale, 'here.segmentUpTo', { policy: name(s.policy), n: s.to });
  });
  const lines = [
    msg(locale, rules.selectPolicy === 'Max' ? 'here.selectMax' : 'here.selectMin', {
      policies: joinList(
        rules.policies.map((_, i) => name(i)),
        locale,
      ),
      segments: parts.join(msg(locale, 'punct.semicolon')),
    }),
  ];
  const current = currentReplicas(spec, target);
  if (current !== undefined && current > 0) {
    const w = winnerAt(rules.policies, rules.selectPolicy, current, direction);
    if (w.index >= 0) {
      lines.push(msg(locale, 'here.selectAt', { current, policy: name(w.index), change: w.change }));
    }
  }
  return lines;
}

export function windowLines(
  spec: SpecView,
  direction: Direction,
  locale: Locale,
  ctx: FeatureContext,
): string[] {
  const rules = effectiveRules(spec.behavior, direction, ctx.downscaleStabilizationSeconds);
  if (notValid(rules, 'stabilizationWindowSeconds')) return [msg(locale, 'here.fieldNotValid')];
  const w = rules.stabilizationWindowSeconds;
  const window = formatSeconds(w, locale);
  if (direction === 'up') return [msg(locale, w === 0 ? 'here.windowUpZero' : 'here.windowUp', { window })];
  return [msg(locale, w === 0 ? 'here.windowDownZero' : 'here.windowDown', { window })];
}

function percentText(fraction: number): string {
  return String(Math.round(fraction * 10000) / 100);
}

export function toleranceLines(
  spec: SpecView,
  direction: Direction,
  locale: Locale,
  ctx?: Pick<FeatureContext, 'cluster'>,
): string[] {
  const rules = effectiveRules(spec.behavior, direction);
  if (notValid(rules, 'tolerance')) return [msg(locale, 'here.fieldNotValid')];
  const bound = direction === 'up' ? 1 + rules.tolerance : 1 - rules.tolerance;
  const lines = [
    msg(locale, direction === 'up' ? 'here.toleranceUp' : 'here.toleranceDown', {
      tolerance: percentText(rules.tolerance),
      bound: percentText(bound),
    }),
  ];
  lines.push(
    ...releaseLines(ctx?.cluster, locale, (cluster, release) => {
      const support = toleranceSupport(cluster);
      return msg(
        locale,
        support === 'honoured'
          ? 'here.toleranceHonoured'
          : support === 'dropped'
            ? 'here.toleranceDropped'
            : 'here.toleranceUnknown',
        { release },
      );
    }),
  );
  return lines;
}

/**
 * What `minReplicas: 0` does on the release (semantics §1.9): the HPA scales to 0 and back, records
 * ScaledToZero, and leaves a workload set to 0 by hand paused; or the API server rejects it.
 */
export function scaleToZeroLines(
  spec: SpecView,
  locale: Locale,
  ctx: Pick<FeatureContext, 'cluster'>,
): string[] {
  if (spec.minReplicas !== 0) return [];
  return releaseLines(ctx.cluster, locale, (cluster, release) =>
    msg(locale, acceptsMinReplicasZero(cluster) ? 'here.minReplicasZeroOn' : 'here.minReplicasZeroOff', {
      release,
    }),
  );
}

/** A release-dependent line, and when no release is configured, which one it assumed. */
function releaseLines(
  cluster: ClusterTarget | undefined,
  locale: Locale,
  line: (cluster: ClusterTarget, release: string) => string,
): string[] {
  const target = cluster ?? defaultClusterTarget();
  const release = describeTarget(target);
  const out = [line(target, release)];
  if (!target.configured) out.push(msg(locale, 'here.assumedRelease', { release }));
  return out;
}

interface MetricView {
  type?: unknown;
  [source: string]: unknown;
}

interface SourceView {
  name?: unknown;
  container?: unknown;
  target?: { type?: unknown; averageUtilization?: unknown; averageValue?: unknown; value?: unknown };
}

const SOURCE_KEY: Record<string, string> = {
  Resource: 'resource',
  ContainerResource: 'containerResource',
  Pods: 'pods',
  Object: 'object',
  External: 'external',
};

/** The key of a metric type's source block; '' (no such key) for anything else, prototype names included. */
function sourceKeyOf(type: unknown): string {
  return typeof type === 'string' && Object.hasOwn(SOURCE_KEY, type) ? SOURCE_KEY[type]! : '';
}

/**
 * The request a Utilization target is a percentage of: the Pod's (every counted container's, or the
 * pod-level one), or one container's for ContainerResource; else the containers that lack it.
 */
function podRequest(
  target: TargetPod,
  resource: string,
  container: string | undefined,
): { milli: number } | { missing: string[] } {
  if (container !== undefined) {
    const named = target.containers.filter((c) => c.name === container);
    if (named.length === 0 || named.some((c) => c.requests[resource] === undefined))
      return { missing: [container] };
    return { milli: named.reduce((sum, c) => sum + (c.requests[resource] ?? 0), 0) };
  }
  const pod = target.podRequests[resource];
  if (pod !== undefined) return { milli: pod };
  return { missing: target.containers.filter((c) => c.requests[resource] === undefined).map((c) => c.name) };
}

export function metricLines(
  doc: IndexedDocument,
  index: number,
  target: TargetPod | undefined,
  locale: Locale,
): string[] {
  const metric = toPlain(nodeAtPath(doc.yaml.value, ['spec', 'metrics', index]), doc) as
    MetricView | undefined;
  if (!metric || typeof metric !== 'object') return [];
  const type = typeof metric.type === 'string' ? metric.type : '';
  const source = metric[sourceKeyOf(type)] as SourceView | undefined;
  const t = source?.target;
  if (!t || typeof t !== 'object') return [];
  const lines: string[] = [];
  if (t.type === 'Utilization' && typeof t.averageUtilization === 'number') {
    const pct = t.averageUtilization;
    const resource = typeof source?.name === 'string' ? source.name : 'cpu';
    const container =
      type === 'ContainerResource' && typeof source?.container === 'string' ? source.container : undefined;
    lines.push(msg(locale, 'here.formulaUtilization', { pct }));
    if (!target) {
      lines.push(msg(locale, 'here.requestsUnknown'));
    } else {
      const request = podRequest(target, resource, container);
      if ('milli' in request) {
        lines.push(
          msg(locale, container ? 'here.utilizationContainer' : 'here.utilization', {
            pct,
            resource,
            container: container ?? '',
            request: formatMilli(request.milli, resource),
            perPod: formatMilli((request.milli * pct) / 100, resource),
          }),
        );
      } else {
        lines.push(msg(locale, 'here.noRequest', { resource, containers: request.missing.join(', ') }));
      }
    }
    return lines;
  }
  const perPodSources = type === 'Resource' || type === 'ContainerResource' || type === 'Pods';
  if (
    t.type === 'AverageValue' &&
    (typeof t.averageValue === 'string' || typeof t.averageValue === 'number')
  ) {
    const value = String(t.averageValue);
    lines.push(msg(locale, perPodSources ? 'here.formulaAverage' : 'here.formulaAverageTotal', { value }));
    return lines;
  }
  if (t.type === 'Value' && (typeof t.value === 'string' || typeof t.value === 'number')) {
    lines.push(msg(locale, 'here.formulaValue', { value: String(t.value) }));
  }
  return lines;
}

/**
 * The note for an HPA or workload without `metadata.namespace` (or with an empty one): it gets its
 * namespace when applied, so the rules pair it with objects of any namespace (workspaceIndex.ts).
 */
export function namespaceLines(doc: IndexedDocument, locale: Locale): string[] {
  const namespace = doc.object.root.at('metadata', 'namespace').string;
  return namespace ? [] : [msg(locale, 'here.noNamespace')];
}

export function workloadReplicasLines(
  doc: IndexedDocument,
  workspace: WorkspaceIndex,
  locale: Locale,
): string[] {
  const replicas = toPlain(nodeAtPath(doc.yaml.value, ['spec', 'replicas']), doc);
  return hpasOf(doc.object, workspace).map((hpa) =>
    msg(locale, 'here.replicasManaged', {
      hpa: hpa.name ?? '?',
      kind: doc.object.kind,
      replicas: String(replicas),
    }),
  );
}

/** Lines for a container's resources; `only` limits them to one resource (hover on `cpu:`). */
export function workloadRequestLines(
  doc: IndexedDocument,
  workspace: WorkspaceIndex,
  containerIndex: number,
  locale: Locale,
  only?: string,
): string[] {
  const container = nodeAtPath(doc.yaml.value, ['spec', 'template', 'spec', 'containers', containerIndex]);
  if (container === undefined) return [];
  const here = scalarString(nodeAtPath(container, ['name'])) ?? '';
  const target = targetPod(doc.object);
  const lines: string[] = [];
  for (const hpa of hpasOf(doc.object, workspace)) {
    const metrics = hpa.root.at('spec', 'metrics').value;
    if (!Array.isArray(metrics)) continue;
    for (const m of metrics as (MetricView | null)[]) {
      if (typeof m !== 'object' || m === null) continue; // `- null` or `- 5` in the list: nothing to read
      const source = m[sourceKeyOf(m.type)] as SourceView | undefined;
      const t = source?.target;
      if (!source || !t || t.type !== 'Utilization' || typeof t.averageUtilization !== 'number') continue;
      const resource = typeof source.name === 'string' ? source.name : 'cpu';
      if (only !== undefined && resource !== only) continue;
      const metricContainer =
        m.type === 'ContainerResource' && typeof source.container === 'string' ? source.container : undefined;
      if (metricContainer !== undefined && metricContainer !== here) continue;
      const request = podRequest(target, resource, metricContainer);
      const hpaName = hpa.name ?? '?';
      if ('milli' in request) {
        lines.push(
          msg(locale, metricContainer ? 'here.requestForHpaContainer' : 'here.requestForHpa', {
            hpa: hpaName,
            container: metricContainer ?? '',
            pct: t.averageUtilization,
            resource,
            request: formatMilli(request.milli, resource),
            perPod: formatMilli((request.milli * t.averageUtilization) / 100, resource),
          }),
        );
      } else if (request.missing.includes(here)) {
        lines.push(msg(locale, 'here.requestMissing', { hpa: hpaName, resource }));
      }
    }
  }
  return lines;
}
