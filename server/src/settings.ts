/**
 * The extension's settings as the server uses them: one typed mirror of package.json's
 * `contributes.configuration` (a unit test keeps the defaults in step), and a normaliser that turns
 * whatever the client sends into valid values.
 */
import {
  defaultClusterTarget,
  resolveClusterTarget,
  type ClusterTarget,
} from '../../common/k8s/kubernetesVersions';

/** A finding's severity, as LSP and SARIF name them. */
export type Severity = 'error' | 'warning' | 'info' | 'hint';
/** What `hpa.rules` (and `.hpa-lint.yaml`'s `rules`) may set a rule to. */
export type SeverityOverride = Severity | 'off';

export interface HpaSettings {
  /** Per-rule severity overrides (`hpa.rules`). */
  rules: Record<string, SeverityOverride>;
  /** `hpa.slowRampBudgetSeconds`: the slow-ramp rule fires above this many seconds from min to max. */
  slowRampBudgetSeconds: number;
  /** `hpa.maxFileSizeBytes`: larger files are skipped with one information diagnostic. */
  maxFileSizeBytes: number;
  /**
   * `hpa.kustomize.command`: the command line that renders an overlay (the folder is appended);
   * empty means `kustomize build` when on PATH, else `kubectl kustomize`.
   */
  kustomize: { command: string };
  /** `hpa.kubernetesVersion` as written ('' = not set); a `.hpa-lint.yaml` wins (config/fileSettings.ts). */
  kubernetesVersion: string;
  /** `hpa.featureGates`: gates set differently from the release's defaults. */
  featureGates: Record<string, boolean>;
  /**
   * The cluster the rules judge against: for one file, what `settingsForFile` resolved from the
   * flags, the nearest `.hpa-lint.yaml` and these settings; here, from these settings alone.
   */
  cluster: ClusterTarget;
}

/** The configuration section the server pulls with workspace/configuration. */
export const SETTINGS_SECTION = 'hpa';

export const DEFAULT_SETTINGS: Readonly<HpaSettings> = Object.freeze({
  rules: {},
  slowRampBudgetSeconds: 600,
  maxFileSizeBytes: 5_000_000,
  kustomize: Object.freeze({ command: '' }),
  kubernetesVersion: '',
  featureGates: Object.freeze({}) as Record<string, boolean>,
  cluster: defaultClusterTarget(),
});

/** Minimums declared in package.json. */
export const SETTINGS_MINIMUMS = { slowRampBudgetSeconds: 0, maxFileSizeBytes: 1000 } as const;

const OVERRIDES: ReadonlySet<string> = new Set(['off', 'info', 'warning', 'error', 'hint']);

export function normalizeSettings(raw: unknown): HpaSettings {
  const input = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const rules: Record<string, SeverityOverride> = {};
  if (typeof input.rules === 'object' && input.rules !== null) {
    for (const [id, value] of Object.entries(input.rules as Record<string, unknown>)) {
      if (typeof value === 'string' && OVERRIDES.has(value)) rules[id] = value as SeverityOverride;
    }
  }
  const kustomize = (
    typeof input.kustomize === 'object' && input.kustomize !== null ? input.kustomize : {}
  ) as Record<string, unknown>;
  const kubernetesVersion = typeof input.kubernetesVersion === 'string' ? input.kubernetesVersion.trim() : '';
  const featureGates: Record<string, boolean> = {};
  if (typeof input.featureGates === 'object' && input.featureGates !== null) {
    for (const [gate, on] of Object.entries(input.featureGates as Record<string, unknown>))
      if (typeof on === 'boolean') featureGates[gate] = on;
  }
  const resolved = resolveClusterTarget({ kubernetesVersion, featureGates });
  return {
    rules,
    slowRampBudgetSeconds: numberAtLeast(
      input.slowRampBudgetSeconds,
      SETTINGS_MINIMUMS.slowRampBudgetSeconds,
      DEFAULT_SETTINGS.slowRampBudgetSeconds,
    ),
    maxFileSizeBytes: numberAtLeast(
      input.maxFileSizeBytes,
      SETTINGS_MINIMUMS.maxFileSizeBytes,
      DEFAULT_SETTINGS.maxFileSizeBytes,
    ),
    kustomize: { command: typeof kustomize.command === 'string' ? kustomize.command.trim() : '' },
    kubernetesVersion,
    featureGates,
    // A bad version or gate is reported by the server (config/fileSettings.ts); the newest release applies.
    cluster: resolved.ok ? resolved.value : defaultClusterTarget(),
  };
}

function numberAtLeast(value: unknown, minimum: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= minimum ? value : fallback;
}
