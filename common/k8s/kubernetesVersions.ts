/**
 * The one home of "which Kubernetes release is the manifest for": the releases we model, the
 * autoscaling API versions each serves, the HPA-relevant fields each knows, and the feature gates
 * (stage and default per release) with the user's overrides. Rules, the engine options, `hpa-lint`,
 * the language server and the preview all read a `ClusterTarget` built here, so they agree.
 *
 * Every fact names its source. "verified" means read in the Kubernetes source (kubernetes/kubernetes
 * `pkg/features/versioned_kube_features.go` and copies of `kube_features.go` per release) or an
 * official release post; the rest is from ../shared/docs/kubernetes-versions.md as noted.
 *
 * Pure data and functions: parse errors are returned as codes with arguments, and the caller says
 * them in the user's language (server/src/rules/kubernetesVersionText.ts), since common/ has no
 * message lookup of the server's domain.
 */

/** The oldest release we model: autoscaling/v2beta1 is gone from here on. */
export const OLDEST_MINOR = 25;
/** The newest release we model (1.38 is in development, its HPA facts those of 1.37 so far). */
export const NEWEST_MINOR = 38;
/**
 * The release assumed when none is configured: the newest one released (1.37, September 2026).
 * Nothing valid there is an error; a version-dependent finding is then at most a warning naming
 * the releases where it works.
 */
export const DEFAULT_MINOR = 37;

/** Every release we model, as "1.25" ... "1.38" (for the settings enum and the status item's picker). */
export const SUPPORTED_RELEASES: readonly string[] = Array.from(
  { length: NEWEST_MINOR - OLDEST_MINOR + 1 },
  (_, i) => `1.${OLDEST_MINOR + i}`,
);

export function releaseName(minor: number): string {
  return `1.${minor}`;
}

// ---------------------------------------------------------------------------------------------
// Feature gates

export type GateName =
  | 'HPAScaleToZero'
  | 'HPAConfigurableTolerance'
  | 'PodLevelResources'
  | 'HPAContainerMetrics'
  | 'SidecarContainers';

export type GateStage = 'alpha' | 'beta' | 'GA';

interface GateStep {
  /** The first release of this stage. */
  since: number;
  stage: GateStage;
  default: boolean;
  /** GA gates are locked to their default: setting them otherwise is an error in every component. */
  locked?: boolean;
}

interface GateFacts {
  steps: readonly GateStep[];
  /** The first release without the gate (the feature is then simply on); undefined: still there. */
  removedIn?: number;
  source: string;
}

export const FEATURE_GATES: Readonly<Record<GateName, GateFacts>> = {
  HPAScaleToZero: {
    steps: [
      { since: 16, stage: 'alpha', default: false },
      { since: 37, stage: 'beta', default: true },
    ],
    source:
      'verified: kube_features.go alpha 1.16 with no further step through the 1.36 gate list; beta and on by ' +
      'default from 1.37: kubernetes.io blog "Kubernetes v1.37: Scale Workloads to Zero with HorizontalPodAutoscaler"',
  },
  HPAConfigurableTolerance: {
    steps: [
      { since: 33, stage: 'alpha', default: false },
      { since: 35, stage: 'beta', default: true },
      { since: 37, stage: 'GA', default: true, locked: true },
    ],
    source:
      'verified: versioned_kube_features.go {1.33 Alpha off}, {1.35 Beta on} (the website gate page that says ' +
      'off for 1.35 is wrong); GA 1.37: the 1.37 release post (kubernetes-versions.md), not read in source',
  },
  PodLevelResources: {
    steps: [
      { since: 32, stage: 'alpha', default: false },
      { since: 34, stage: 'beta', default: true },
    ],
    source: 'verified: versioned_kube_features.go {1.32 Alpha off}, {1.34 Beta on}',
  },
  HPAContainerMetrics: {
    steps: [
      { since: 20, stage: 'alpha', default: false },
      { since: 27, stage: 'beta', default: true },
      { since: 30, stage: 'GA', default: true, locked: true },
    ],
    removedIn: 32,
    source:
      'verified: versioned_kube_features.go {1.20 Alpha off}, {1.27 Beta on}, {1.30 GA locked} "remove in 1.32"',
  },
  SidecarContainers: {
    steps: [
      { since: 28, stage: 'alpha', default: false },
      { since: 29, stage: 'beta', default: true },
      { since: 33, stage: 'GA', default: true, locked: true },
    ],
    source: 'kubernetes-versions.md (KEP-753: beta on 1.29, GA 1.33); not read in the gate list',
  },
};

export const GATE_NAMES = Object.keys(FEATURE_GATES) as GateName[];

export function isGateName(name: string): name is GateName {
  return Object.prototype.hasOwnProperty.call(FEATURE_GATES, name);
}

export interface GateStatus {
  stage: GateStage;
  default: boolean;
  locked: boolean;
}

/** The gate's stage and default on a release; undefined when the gate does not exist there. */
export function gateStatus(gate: GateName, minor: number): GateStatus | undefined {
  const facts = FEATURE_GATES[gate];
  if (facts.removedIn !== undefined && minor >= facts.removedIn) return undefined;
  let found: GateStep | undefined;
  for (const step of facts.steps) if (step.since <= minor) found = step;
  return found && { stage: found.stage, default: found.default, locked: found.locked === true };
}

/** The first release where the gate is on by default (undefined: never so far). */
export function onByDefaultSince(gate: GateName): number | undefined {
  return FEATURE_GATES[gate].steps.find((s) => s.default)?.since;
}

/** The first release where the gate exists (and so can be turned on). */
export function gateIntroducedIn(gate: GateName): number {
  return FEATURE_GATES[gate].steps[0]!.since;
}

// ---------------------------------------------------------------------------------------------
// API versions served

export interface ApiVersionFacts {
  /** First release serving it (undefined: before every release we model). */
  servedFrom?: number;
  /** Release that deprecated it. */
  deprecatedIn?: number;
  /** First release that no longer serves it. */
  removedIn?: number;
  source: string;
}

export const HPA_API_VERSIONS: Readonly<Record<string, ApiVersionFacts>> = {
  'autoscaling/v1': { source: 'served in every release (GA since 1.2)' },
  'autoscaling/v2': { servedFrom: 23, source: 'GA in 1.23 (release notes)' },
  'autoscaling/v2beta1': {
    deprecatedIn: 22,
    removedIn: 25,
    source: 'kubernetes/website docs/reference/using-api/deprecation-guide.md: removed in 1.25',
  },
  'autoscaling/v2beta2': {
    deprecatedIn: 23,
    removedIn: 26,
    source: 'kubernetes/website docs/reference/using-api/deprecation-guide.md: removed in 1.26',
  },
};

export type ServedState =
  | { state: 'served' }
  | { state: 'deprecated'; removedIn: number; lastServed: number }
  | { state: 'removed'; removedIn: number }
  | { state: 'notYet'; servedFrom: number }
  | { state: 'unknown' };

/** Whether a release's API server serves an HPA apiVersion. */
export function apiVersionServed(apiVersion: string, minor: number): ServedState {
  const facts = HPA_API_VERSIONS[apiVersion];
  if (!facts) return { state: 'unknown' };
  if (facts.servedFrom !== undefined && minor < facts.servedFrom)
    return { state: 'notYet', servedFrom: facts.servedFrom };
  if (facts.removedIn !== undefined) {
    if (minor >= facts.removedIn) return { state: 'removed', removedIn: facts.removedIn };
    return { state: 'deprecated', removedIn: facts.removedIn, lastServed: facts.removedIn - 1 };
  }
  return { state: 'served' };
}

// ---------------------------------------------------------------------------------------------
// Fields per release

/** The HPA-relevant fields that came with a release (and a gate). Paths are below the object. */
export type VersionedField =
  'behavior.tolerance' | 'podSpec.resources' | 'metrics.containerResource' | 'initContainers.restartPolicy';

interface FieldFacts {
  /** First release whose API types have it. */
  since: number;
  /** The gate that must be on for the API server to keep it (it drops the field otherwise). */
  gate: GateName;
  source: string;
}

export const VERSIONED_FIELDS: Readonly<Record<VersionedField, FieldFacts>> = {
  'behavior.tolerance': {
    since: 33,
    gate: 'HPAConfigurableTolerance',
    source:
      'KEP-4951; strategy.go dropDisabledFields (verified: without the gate the field is set to nil on create, ' +
      'and on update unless the old object used it); semantics §2, §3 rows 38-39',
  },
  'podSpec.resources': {
    since: 32,
    gate: 'PodLevelResources',
    source: 'kube_features.go PodLevelResources (verified); the Pod strategy drops spec.resources when off',
  },
  'metrics.containerResource': {
    since: 20,
    gate: 'HPAContainerMetrics',
    source:
      'KEP-1610; strategy.go dropContainerMetricSources when the gate is off (read in the PR that made it GA)',
  },
  'initContainers.restartPolicy': {
    since: 28,
    gate: 'SidecarContainers',
    source: 'KEP-753 (native sidecars)',
  },
};

// ---------------------------------------------------------------------------------------------
// The cluster a manifest is for

/** What the user configured; every field optional (nothing configured: the default release). */
export interface ClusterSpec {
  /** "1.35", as the user wrote it. */
  kubernetesVersion?: string;
  featureGates?: Readonly<Record<string, boolean>>;
}

export interface ClusterTarget {
  /** The release assumed. */
  minor: number;
  /** True when the user named the release; false means DEFAULT_MINOR was assumed. */
  configured: boolean;
  /** Each gate's effective value (a gate that no longer exists is on; one not yet there, off). */
  gates: Readonly<Record<GateName, boolean>>;
  /** The user's overrides, as given (after validation). */
  overrides: Readonly<Partial<Record<GateName, boolean>>>;
}

export type TargetError =
  | { code: 'badVersion'; value: string }
  | { code: 'tooOld'; value: string; oldest: string }
  | { code: 'tooNew'; value: string; newest: string }
  | { code: 'badGateSyntax'; value: string }
  | { code: 'unknownGate'; gate: string; known: string }
  | { code: 'badGateValue'; gate: string; value: string }
  | { code: 'gateLocked'; gate: string; value: boolean; release: string }
  | { code: 'gateAbsent'; gate: string; release: string; since: string }
  | { code: 'gateRemoved'; gate: string; release: string; removedIn: string };

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: TargetError };

const VERSION_PATTERN = /^v?1\.(\d{1,3})(?:\.\d+)?(?:[-+][0-9A-Za-z.-]*)?$/;

/** "1.35", "v1.35", "1.35.2" (the patch does not matter to the HPA) -> 35. */
export function parseKubernetesVersion(text: string | number): Parsed<number> {
  // YAML reads `1.30` as the number 1.3: take the number's text only when it is unambiguous.
  const raw = typeof text === 'number' ? numberAsRelease(text) : text.trim();
  const match = VERSION_PATTERN.exec(raw);
  if (!match) return { ok: false, error: { code: 'badVersion', value: String(text) } };
  const minor = Number(match[1]);
  if (minor < OLDEST_MINOR)
    return { ok: false, error: { code: 'tooOld', value: raw, oldest: releaseName(OLDEST_MINOR) } };
  if (minor > NEWEST_MINOR)
    return { ok: false, error: { code: 'tooNew', value: raw, newest: releaseName(NEWEST_MINOR) } };
  return { ok: true, value: minor };
}

/** 1.35 -> "1.35"; 1.3 (what YAML makes of `1.30`) stays "1.3", which is refused: quote it. */
function numberAsRelease(n: number): string {
  return String(n);
}

/** "HPAScaleToZero=true,HPAConfigurableTolerance=false" (kube's --feature-gates syntax). */
export function parseFeatureGates(text: string): Parsed<Partial<Record<GateName, boolean>>> {
  const out: Partial<Record<GateName, boolean>> = {};
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: out };
  for (const part of trimmed.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    if (eq <= 0) return { ok: false, error: { code: 'badGateSyntax', value: item } };
    const name = item.slice(0, eq).trim();
    const value = item
      .slice(eq + 1)
      .trim()
      .toLowerCase();
    const checked = checkGateEntry(name, value === 'true' ? true : value === 'false' ? false : value);
    if (!checked.ok) return checked;
    out[checked.value[0]] = checked.value[1];
  }
  return { ok: true, value: out };
}

/** A `featureGates` map as a config file or the settings hold it. */
export function checkFeatureGateMap(
  map: Readonly<Record<string, unknown>>,
): Parsed<Partial<Record<GateName, boolean>>> {
  const out: Partial<Record<GateName, boolean>> = {};
  for (const [name, value] of Object.entries(map)) {
    const checked = checkGateEntry(name, typeof value === 'boolean' ? value : String(value));
    if (!checked.ok) return checked;
    out[checked.value[0]] = checked.value[1];
  }
  return { ok: true, value: out };
}

function checkGateEntry(name: string, value: boolean | string): Parsed<[GateName, boolean]> {
  if (!isGateName(name))
    return { ok: false, error: { code: 'unknownGate', gate: name, known: GATE_NAMES.join(', ') } };
  if (typeof value !== 'boolean') return { ok: false, error: { code: 'badGateValue', gate: name, value } };
  return { ok: true, value: [name, value] };
}

/**
 * The cluster from what the user configured. Errors as kube-apiserver gives them at start-up: a
 * gate that the release does not have (yet, or any more) cannot be set, nor a GA gate against its
 * locked value.
 */
export function resolveClusterTarget(spec: ClusterSpec = {}): Parsed<ClusterTarget> {
  let minor = DEFAULT_MINOR;
  const configured = spec.kubernetesVersion !== undefined && spec.kubernetesVersion !== '';
  if (configured) {
    const parsed = parseKubernetesVersion(spec.kubernetesVersion!);
    if (!parsed.ok) return parsed;
    minor = parsed.value;
  }
  const overrides: Partial<Record<GateName, boolean>> = {};
  if (spec.featureGates) {
    const checked = checkFeatureGateMap(spec.featureGates);
    if (!checked.ok) return checked;
    for (const [gate, value] of Object.entries(checked.value) as [GateName, boolean][]) {
      const status = gateStatus(gate, minor);
      const facts = FEATURE_GATES[gate];
      if (!status) {
        if (facts.removedIn !== undefined && minor >= facts.removedIn) {
          // The feature is simply on there; asking for it on is harmless, off is impossible.
          if (value) continue;
          return {
            ok: false,
            error: {
              code: 'gateRemoved',
              gate,
              release: releaseName(minor),
              removedIn: releaseName(facts.removedIn),
            },
          };
        }
        return {
          ok: false,
          error: {
            code: 'gateAbsent',
            gate,
            release: releaseName(minor),
            since: releaseName(gateIntroducedIn(gate)),
          },
        };
      }
      if (status.locked && value !== status.default)
        return { ok: false, error: { code: 'gateLocked', gate, value, release: releaseName(minor) } };
      overrides[gate] = value;
    }
  }
  const gates = {} as Record<GateName, boolean>;
  for (const gate of GATE_NAMES) {
    const status = gateStatus(gate, minor);
    const removed = FEATURE_GATES[gate].removedIn;
    gates[gate] = overrides[gate] ?? (status ? status.default : removed !== undefined && minor >= removed);
  }
  return { ok: true, value: { minor, configured, gates, overrides } };
}

/** The default cluster (nothing configured). Never fails. */
export function defaultClusterTarget(): ClusterTarget {
  const resolved = resolveClusterTarget({});
  if (!resolved.ok) throw new Error('the default cluster target cannot fail');
  return resolved.value;
}

/** "1.35" or "1.35 (HPAScaleToZero=true)" for status lines and messages. */
export function describeTarget(target: ClusterTarget): string {
  const gates = (Object.entries(target.overrides) as [GateName, boolean][])
    .map(([g, v]) => `${g}=${v}`)
    .join(', ');
  return gates ? `${releaseName(target.minor)} (${gates})` : releaseName(target.minor);
}

/** Two targets mean the same cluster. */
export function sameTarget(a: ClusterTarget, b: ClusterTarget): boolean {
  return (
    a.minor === b.minor &&
    a.configured === b.configured &&
    GATE_NAMES.every((g) => a.gates[g] === b.gates[g] && a.overrides[g] === b.overrides[g])
  );
}

// ---------------------------------------------------------------------------------------------
// What the release does, asked by name (one answer per behaviour, so no caller compares numbers)

/** `minReplicas: 0` passes API validation (semantics §3 row 2; with an Object/External metric). */
export function acceptsMinReplicasZero(target: ClusterTarget): boolean {
  return target.gates.HPAScaleToZero;
}

/**
 * The controller tracks the `ScaledToZero` condition (1.36+, semantics §1.9): at 0 replicas it
 * evaluates metrics only when it scaled the workload to 0 itself; a workload set to 0 by hand stays
 * paused. Before 1.36 released code evaluates metrics at 0 whenever minReplicas is 0.
 */
export function tracksScaledToZero(target: ClusterTarget): boolean {
  return target.minor >= 36;
}

/** Where a per-direction `behavior.*.tolerance` stands on this cluster. */
export type ToleranceSupport = 'unknown' | 'dropped' | 'honoured';

/** Before 1.33 the field does not exist; 1.33+ without the gate the API server drops it. */
export function toleranceSupport(target: ClusterTarget): ToleranceSupport {
  if (target.minor < VERSIONED_FIELDS['behavior.tolerance'].since) return 'unknown';
  return target.gates.HPAConfigurableTolerance ? 'honoured' : 'dropped';
}

/**
 * The controller divides by pod-level `spec.resources.requests` when set: from 1.34 (PodLevelResources
 * beta, and the HPA support in replica_calculator.go `calculatePodLevelRequests` came with it).
 * Before, or with the gate off, the containers' requests decide.
 */
export function countsPodLevelRequests(target: ClusterTarget): boolean {
  return target.minor >= 34 && target.gates.PodLevelResources;
}

/** Restartable init containers exist (the API server keeps `restartPolicy: Always` on them). */
export function hasSidecarContainers(target: ClusterTarget): boolean {
  return (
    target.minor >= VERSIONED_FIELDS['initContainers.restartPolicy'].since && target.gates.SidecarContainers
  );
}

/** ContainerResource metrics are kept by the API server. */
export function keepsContainerResourceMetrics(target: ClusterTarget): boolean {
  return target.gates.HPAContainerMetrics;
}

/** Whether a versioned field exists in the release's API types at all. */
export function fieldExists(field: VersionedField, target: ClusterTarget): boolean {
  return target.minor >= VERSIONED_FIELDS[field].since;
}
