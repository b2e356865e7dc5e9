/** settings.ts mirrors package.json's contributes.configuration; this keeps the two in step. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { ALL_RULE_IDS } from '../../../server/src/rules/index';
import {
  DEFAULT_SETTINGS,
  SETTINGS_MINIMUMS,
  SETTINGS_SECTION,
  normalizeSettings,
} from '../../../server/src/settings';

interface Property {
  default?: unknown;
  minimum?: number;
  additionalProperties?: { enum?: string[] };
}
const manifest = JSON.parse(readFileSync(resolve(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, Property> } };
};
const properties = manifest.contributes.configuration.properties;

/**
 * The server's settings as package.json names them: `hpa.kustomize.command` is `kustomize.command`
 * in the object VS Code sends; `rules` and `featureGates` are one setting each whose value is a map.
 * `cluster` is no setting: the server derives it from `kubernetesVersion` and `featureGates`.
 */
function dottedDefaults(value: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, child] of Object.entries(value)) {
    if (key === 'cluster' && prefix === '') continue;
    const nested =
      typeof child === 'object' &&
      child !== null &&
      key !== 'rules' &&
      key !== 'featureGates' &&
      prefix === '';
    if (nested) for (const [k, v] of dottedDefaults(child as object, `${key}.`)) out.set(k, v);
    else out.set(`${prefix}${key}`, child);
  }
  return out;
}

test('every server setting in package.json has the same default and minimum here', () => {
  const serverKeys = Object.keys(properties).filter(
    // hpa.trace.server and hpa.prometheus.* are read by the extension host, not the server.
    (k) =>
      k.startsWith(`${SETTINGS_SECTION}.`) && k !== 'hpa.trace.server' && !k.startsWith('hpa.prometheus.'),
  );
  const defaults = dottedDefaults(DEFAULT_SETTINGS);
  assert.deepEqual(
    serverKeys.map((k) => k.slice(SETTINGS_SECTION.length + 1)).sort(),
    [...defaults.keys()].sort(),
  );
  for (const key of serverKeys) {
    const name = key.slice(SETTINGS_SECTION.length + 1);
    assert.deepEqual(properties[key].default, defaults.get(name), key);
    if (properties[key].minimum !== undefined) {
      assert.equal(properties[key].minimum, SETTINGS_MINIMUMS[name as keyof typeof SETTINGS_MINIMUMS], key);
    }
  }
});

test('the severities package.json offers for hpa.rules are the ones the server accepts', () => {
  const offered = properties['hpa.rules'].additionalProperties?.enum ?? [];
  assert.deepEqual(offered, ['off', 'hint', 'info', 'warning', 'error']);
  const normalized = normalizeSettings({
    rules: Object.fromEntries(offered.map((s, i) => [ALL_RULE_IDS[i], s])),
  });
  assert.equal(Object.keys(normalized.rules).length, offered.length);
});

test('normalizeSettings keeps valid values and replaces the rest with defaults', () => {
  assert.deepEqual(normalizeSettings(undefined), DEFAULT_SETTINGS);
  assert.deepEqual(
    normalizeSettings({
      rules: { 'slow-ramp': 'off', schema: 'loud', x: 3 },
      slowRampBudgetSeconds: 120,
      maxFileSizeBytes: 10,
    }),
    {
      rules: { 'slow-ramp': 'off' },
      slowRampBudgetSeconds: 120,
      maxFileSizeBytes: 5_000_000,
      kustomize: { command: '' },
      kubernetesVersion: '',
      featureGates: {},
      cluster: DEFAULT_SETTINGS.cluster,
    },
  );
  const on136 = normalizeSettings({
    kubernetesVersion: ' 1.36 ',
    featureGates: { HPAScaleToZero: true, x: 'on' },
  });
  assert.deepEqual(
    [on136.kubernetesVersion, on136.featureGates, on136.cluster.minor, on136.cluster.gates.HPAScaleToZero],
    ['1.36', { HPAScaleToZero: true }, 36, true],
  );
  // A bad version is kept as written (the server reports it) and the newest release applies.
  const bad = normalizeSettings({ kubernetesVersion: '1.99' });
  assert.deepEqual([bad.kubernetesVersion, bad.cluster.minor, bad.cluster.configured], ['1.99', 37, false]);
  assert.deepEqual(normalizeSettings({ kustomize: { command: ' kustomize build ' } }).kustomize, {
    command: 'kustomize build',
  });
  assert.deepEqual(normalizeSettings({ kustomize: { command: 7 } }).kustomize, { command: '' });
  assert.equal(normalizeSettings({ slowRampBudgetSeconds: -1 }).slowRampBudgetSeconds, 600);
});
