/**
 * What a `.hpa-lint.yaml` may hold, as completion and hover offer it: the keys, the values each
 * takes, and the message that explains it. The lists are the ones the server checks the file
 * against (common/config/lintConfig.ts, the version model, the rule list), which
 * test/unit/config/lintConfig.test.ts holds to schemas/hpa-lint-config.json.
 */
import { CONFIG_KEYS, SEVERITY_NAMES } from '../../../common/config/lintConfig';
import {
  GATE_NAMES,
  gateStatus,
  releaseName,
  SUPPORTED_RELEASES,
  type GateName,
} from '../../../common/k8s/kubernetesVersions';
import { ALL_RULE_IDS } from '../rules/index';
import { DEFAULT_SETTINGS } from '../settings';
import { msg, type Locale, type MessageKey } from './messages';

/** A key's explanation, and whether its value is a mapping, a list or a scalar. */
export interface ConfigKeySpec {
  doc: MessageKey;
  shape: 'scalar' | 'mapping' | 'list';
}

export const CONFIG_KEY_SPECS: Readonly<Record<(typeof CONFIG_KEYS)[number], ConfigKeySpec>> = {
  kubernetesVersion: { doc: 'config.kubernetesVersion', shape: 'scalar' },
  featureGates: { doc: 'config.featureGates', shape: 'mapping' },
  rules: { doc: 'config.rules', shape: 'mapping' },
  slowRampBudgetSeconds: { doc: 'config.slowRampBudgetSeconds', shape: 'scalar' },
  ignore: { doc: 'config.ignore', shape: 'list' },
};

/** The keys that may be written at a path of the file ([] is the top level). */
export function configKeysAt(path: readonly string[]): readonly string[] {
  if (path.length === 0) return CONFIG_KEYS;
  if (path.length === 1 && path[0] === 'featureGates') return GATE_NAMES;
  if (path.length === 1 && path[0] === 'rules') return ALL_RULE_IDS;
  return [];
}

/** The values the key at a path takes, as they are written (a release quoted: YAML reads 1.30 as 1.3). */
export function configValuesAt(path: readonly string[]): { label: string; text: string }[] {
  if (path.length === 1 && path[0] === 'kubernetesVersion')
    return SUPPORTED_RELEASES.map((r) => ({ label: r, text: `"${r}"` }));
  if (path.length === 2 && path[0] === 'featureGates')
    return ['true', 'false'].map((v) => ({ label: v, text: v }));
  if (path.length === 2 && path[0] === 'rules') return SEVERITY_NAMES.map((s) => ({ label: s, text: s }));
  return [];
}

/** What a top-level key does, in the user's language. */
export function configKeyText(key: keyof typeof CONFIG_KEY_SPECS, locale: Locale): string {
  return msg(locale, CONFIG_KEY_SPECS[key].doc, { seconds: DEFAULT_SETTINGS.slowRampBudgetSeconds });
}

/** A gate on a release: its stage and default, always on (GA), or not there at all. */
export function gateText(gate: GateName, minor: number, locale: Locale): string {
  const release = releaseName(minor);
  const status = gateStatus(gate, minor);
  if (!status) return msg(locale, 'config.gateAbsent', { gate, release });
  if (status.locked) return msg(locale, 'config.gateLocked', { gate, release });
  return msg(locale, status.default ? 'config.gateOn' : 'config.gateOff', {
    gate,
    release,
    stage: status.stage,
  });
}
