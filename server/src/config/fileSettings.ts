/**
 * The settings one file is linted with: the editor's (or the CLI's defaults), then the nearest
 * `.hpa-lint.yaml`, then the CLI's flags, each over the one before (common/config/lintConfig.ts
 * `mergeConfigLayers`), and the cluster they name resolved by the version model. The language
 * server and `hpa-lint` both call this, so a file gets the same answer in the editor and in CI.
 */
import {
  differencesFromFile,
  isIgnored,
  mergeConfigLayers,
  type ConfigLayer,
  type NamedLayer,
} from '../../../common/config/lintConfig';
import {
  defaultClusterTarget,
  resolveClusterTarget,
  type TargetError,
} from '../../../common/k8s/kubernetesVersions';
import { t } from '../localize';
import { targetErrorText } from '../rules/kubernetesVersionText';
import type { HpaSettings, SeverityOverride } from '../settings';
import { pathBelow, type LoadedConfig } from './lintConfigFiles';

export interface FileSettings {
  settings: HpaSettings;
  /** The `.hpa-lint.yaml` in force, if any. */
  config: LoadedConfig | undefined;
  /** The file matches an `ignore` glob of that config: not linted. */
  ignored: boolean;
  /** The release or a gate named is wrong (in the user's language); the default release is used. */
  clusterError: string | undefined;
  /** The key the error is about (`kubernetesVersion`, or `featureGates` and the gate). */
  clusterErrorPath: string[] | undefined;
  /** Where the release came from. */
  origin: 'flags' | 'file' | 'settings' | 'default';
  /** Where the editor's settings differ from the file (the file wins), in the user's language. */
  conflicts: { key: string; text: string }[];
}

/** The editor settings' own values of the keys a config file also has. */
export function settingsLayer(settings: HpaSettings): ConfigLayer {
  return {
    kubernetesVersion: settings.kubernetesVersion || undefined,
    featureGates: settings.featureGates,
    rules: settings.rules as ConfigLayer['rules'],
    slowRampBudgetSeconds: settings.slowRampBudgetSeconds,
  };
}

/**
 * `base` is what the editor's settings say (the CLI passes the defaults with no version), `flags`
 * the CLI's `--kubernetes-version`, `--feature-gates`, `--rule`.
 */
export function settingsForFile(
  base: HpaSettings,
  config: LoadedConfig | undefined,
  filePath: string,
  flags?: ConfigLayer,
): FileSettings {
  const layers: NamedLayer[] = [];
  if (flags) layers.push({ origin: 'flags', layer: flags });
  if (config) layers.push({ origin: 'file', layer: config.layer });
  const own = settingsLayer(base);
  layers.push({ origin: 'settings', layer: own });
  const merged = mergeConfigLayers(layers);
  const resolved = resolveClusterTarget({
    kubernetesVersion: merged.kubernetesVersion,
    featureGates: merged.featureGates,
  });
  const settings: HpaSettings = {
    ...base,
    rules: (merged.rules ?? {}) as Record<string, SeverityOverride>,
    slowRampBudgetSeconds: merged.slowRampBudgetSeconds ?? base.slowRampBudgetSeconds,
    cluster: resolved.ok ? resolved.value : defaultClusterTarget(),
  };
  const errorAt = resolved.ok ? undefined : errorPath(resolved.error);
  const conflicts = config
    ? differencesFromFile(config.layer, own)
        .filter((d) => !isTheError(d, errorAt))
        .map((d) => ({
          key: d.key,
          text: t('the setting hpa.{key} says {settings}, {file} says {value}: the file applies, as in CI', {
            key: d.key,
            settings: d.settings,
            file: '.hpa-lint.yaml',
            value: d.file,
          }),
        }))
    : [];
  const origin =
    merged.origins.kubernetesVersion === 'default' && merged.origins.featureGates !== 'default'
      ? merged.origins.featureGates
      : merged.origins.kubernetesVersion;
  return {
    settings,
    config,
    ignored: config?.layer.ignore ? isIgnored(pathBelow(config, filePath), config.layer.ignore) : false,
    clusterError: resolved.ok ? undefined : targetErrorText(resolved.error),
    clusterErrorPath: errorAt,
    origin,
    conflicts,
  };
}

/**
 * A difference whose file value is the release or gate error itself (a version that is no release, a
 * gate the release refuses): the file's value does not apply either (the default release does), and
 * the error on that value already says what is wrong, so it is not said a second time on the key.
 */
function isTheError(difference: { key: string; file: string }, errorAt: string[] | undefined): boolean {
  if (errorAt === undefined || errorAt[0] !== difference.key) return false;
  return difference.key !== 'featureGates' || difference.file.startsWith(`${errorAt[1]}=`);
}

function errorPath(error: TargetError): string[] {
  return 'gate' in error ? ['featureGates', error.gate] : ['kubernetesVersion'];
}
