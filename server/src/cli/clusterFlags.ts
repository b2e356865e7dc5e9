/**
 * `--kubernetes-version 1.35` and `--feature-gates HPAScaleToZero=true,...`, shared by lint,
 * `simulate` and `tune`, and the `.hpa-lint.yaml` they read beside them (the nearest one up from
 * the manifest; the flags win over it). A bad value is a usage error (exit 2) that names it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { ConfigLayer } from '../../../common/config/lintConfig';
import { controllerOptionsFor } from '../../../common/engine/clusterOptions';
import type { ControllerOptions, HPASpec } from '../../../common/engine/types';
import {
  describeTarget,
  parseFeatureGates,
  parseKubernetesVersion,
  resolveClusterTarget,
  toleranceSupport,
  type ClusterTarget,
  type Parsed,
} from '../../../common/k8s/kubernetesVersions';
import { LintConfigFiles, type LoadedConfig } from '../config/lintConfigFiles';
import { t } from '../localize';
import type { OptionTable } from './commandLine';
import { targetErrorText } from '../rules/kubernetesVersionText';
import { UsageError } from '../usageError';

export const CLUSTER_FLAGS_USAGE = `  --kubernetes-version 1.35   the release the manifests are for (default: .hpa-lint.yaml, else the newest, 1.37)
  --feature-gates A=true,B=false   gates the cluster sets differently from the release's defaults`;

export interface ClusterFlags {
  kubernetesVersion?: string;
  featureGates?: Record<string, boolean>;
}

/** The two flags for a command's option table, read into `into`; a bad value is a UsageError naming it. */
export function clusterFlagOptions(into: ClusterFlags): OptionTable {
  return {
    '--kubernetes-version': {
      type: 'string',
      read: (text, flag) => {
        parsedOrUsageError(flag, text, parseKubernetesVersion(text));
        into.kubernetesVersion = text;
      },
    },
    '--feature-gates': {
      type: 'string',
      read: (text, flag) => {
        into.featureGates = {
          ...into.featureGates,
          ...parsedOrUsageError(flag, text, parseFeatureGates(text)),
        };
      },
    },
  };
}

/** The parsed value, or the usage error that names the flag and its value and says what is wrong. */
function parsedOrUsageError<T>(flag: string, text: string, parsed: Parsed<T>): T {
  if (!parsed.ok)
    throw new UsageError(
      t('{flag} {value}: {detail}', { flag, value: text, detail: targetErrorText(parsed.error) }),
    );
  return parsed.value;
}

/** The flags as the top layer of the merge. */
export function flagsLayer(flags: ClusterFlags, rules?: ConfigLayer['rules']): ConfigLayer {
  return {
    ...(flags.kubernetesVersion !== undefined ? { kubernetesVersion: flags.kubernetesVersion } : {}),
    ...(flags.featureGates ? { featureGates: flags.featureGates } : {}),
    ...(rules && Object.keys(rules).length > 0 ? { rules } : {}),
  };
}

/** The flags alone make sense (a gate the release lacks, a locked gate): else a usage error. */
export function checkClusterFlags(flags: ClusterFlags): void {
  const resolved = resolveClusterTarget(flags);
  if (!resolved.ok) throw new UsageError(flagText(flags, targetErrorText(resolved.error)));
}

function flagText(flags: ClusterFlags, reason: string): string {
  const words = [
    flags.kubernetesVersion !== undefined ? `--kubernetes-version ${flags.kubernetesVersion}` : '',
    flags.featureGates
      ? `--feature-gates ${Object.entries(flags.featureGates)
          .map(([g, v]) => `${g}=${v}`)
          .join(',')}`
      : '',
  ].filter((w) => w !== '');
  return `${words.join(' ')}: ${reason}`;
}

/** Config files as `hpa-lint` reads them: from disk, the walk up stopping at the repository root. */
export function diskConfigFiles(): LintConfigFiles {
  return new LintConfigFiles({
    read: (path) => {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return undefined;
      }
    },
    isRepositoryRoot: (folder) => existsSync(join(folder, '.git')),
  });
}

/**
 * The cluster `simulate` and `tune` model for a manifest: the flags over the nearest
 * `.hpa-lint.yaml`. A bad combination is a usage error naming where it came from.
 */
export function clusterForManifest(
  flags: ClusterFlags,
  manifestPath: string,
  cwd: string,
): { cluster: ClusterTarget; config: LoadedConfig | undefined } {
  checkClusterFlags(flags);
  const full =
    manifestPath === '-'
      ? join(cwd, '-')
      : isAbsolute(manifestPath)
        ? manifestPath
        : resolve(cwd, manifestPath);
  const config = diskConfigFiles().forFile(full);
  const file = config?.layer ?? {};
  const spec = {
    kubernetesVersion: flags.kubernetesVersion ?? file.kubernetesVersion,
    featureGates: { ...file.featureGates, ...flags.featureGates },
  };
  const resolved = resolveClusterTarget(spec);
  if (!resolved.ok) {
    const where = config ? config.path : dirname(full);
    throw new UsageError(`${where}: ${targetErrorText(resolved.error)}`);
  }
  return { cluster: resolved.value, config };
}

/**
 * What `simulate` and `tune` say about the release they modelled, when it changes the run
 * (minReplicas 0, a per-direction tolerance): which release it assumed, a minReplicas 0 the API
 * server refuses, a tolerance it drops.
 */
export function clusterNotes(
  spec: HPASpec,
  cluster: ClusterTarget,
  options: Partial<ControllerOptions>,
): string[] {
  const notes: string[] = [];
  const release = describeTarget(cluster);
  const tolerance = spec.behavior?.scaleUp?.tolerance ?? spec.behavior?.scaleDown?.tolerance;
  const hasTolerance = tolerance !== undefined && tolerance !== null;
  // Only where the release changes the run: scale to zero, a per-direction tolerance.
  if (spec.minReplicas !== 0 && !hasTolerance) return notes;
  notes.push(
    cluster.configured
      ? t('modelled as Kubernetes {release}', { release })
      : t(
          'modelled as Kubernetes {release}, the newest release (set --kubernetes-version or kubernetesVersion in .hpa-lint.yaml)',
          {
            release,
          },
        ),
  );
  if (spec.minReplicas === 0 && options.scaleToZero === false)
    notes.push(
      t(
        'minReplicas 0 is refused by the API server of Kubernetes {release} without HPAScaleToZero: simulated with minReplicas 1',
        {
          release,
        },
      ),
    );
  if (hasTolerance && toleranceSupport(cluster) !== 'honoured')
    notes.push(
      t(
        'Kubernetes {release} does not honour behavior.*.tolerance: simulated with the cluster-wide tolerance (0.1)',
        {
          release,
        },
      ),
    );
  return notes;
}

export { controllerOptionsFor };
