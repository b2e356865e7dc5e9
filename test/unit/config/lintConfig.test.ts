/**
 * common/config/lintConfig.ts: the keys of .hpa-lint.yaml, the merge of flags > file > settings,
 * the differences the editor reports, the ignore globs; and schemas/hpa-lint-config.json in step
 * with the version model and the rule registry.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  differencesFromFile,
  isIgnored,
  mergeConfigLayers,
  readConfigLayer,
} from '../../../common/config/lintConfig';
import { GATE_NAMES, SUPPORTED_RELEASES } from '../../../common/k8s/kubernetesVersions';
import { ALL_RULE_IDS } from '../../../server/src/rules';

const RULES = ['slow-ramp', 'min-replicas'];

test('a file with every key reads into one layer without problems', () => {
  const { layer, problems } = readConfigLayer(
    {
      kubernetesVersion: '1.35',
      featureGates: { HPAScaleToZero: true },
      rules: { 'slow-ramp': 'off' },
      slowRampBudgetSeconds: 900,
      ignore: ['vendor/'],
    },
    RULES,
  );
  assert.deepEqual(problems, []);
  assert.deepEqual(layer, {
    kubernetesVersion: '1.35',
    featureGates: { HPAScaleToZero: true },
    rules: { 'slow-ramp': 'off' },
    slowRampBudgetSeconds: 900,
    ignore: ['vendor/'],
  });
});

test('each wrong entry is a problem at its path; the rest still applies', () => {
  const { layer, problems } = readConfigLayer(
    {
      kubernetesVersion: 1.3,
      featureGates: { HPAScaleToZero: 'yes' },
      rules: { 'slow-ramp': 'loud', 'no-such-rule': 'off', 'min-replicas': 'warning' },
      slowRampBudgetSeconds: -1,
      ignore: 'charts/',
      colour: 'blue',
    },
    RULES,
    '1.30',
  );
  assert.equal(layer.kubernetesVersion, '1.30', 'the number as written, not as YAML read it');
  assert.deepEqual(layer.rules, { 'min-replicas': 'warning' });
  assert.deepEqual(layer.ignore, ['charts/']);
  assert.deepEqual(
    problems.map((p) => [p.code, p.path.join('.')]),
    [
      ['wrongType', 'featureGates.HPAScaleToZero'],
      ['badSeverity', 'rules.slow-ramp'],
      ['unknownRule', 'rules.no-such-rule'],
      ['negative', 'slowRampBudgetSeconds'],
      ['unknownKey', 'colour'],
    ],
  );
  assert.deepEqual(readConfigLayer(['a'], RULES).problems, [{ code: 'notAMapping', path: [] }]);
  assert.deepEqual(readConfigLayer(null, RULES), { layer: {}, problems: [] });
});

test('flags over the file over the settings; gates and rules merge per entry', () => {
  const merged = mergeConfigLayers([
    { origin: 'flags', layer: { kubernetesVersion: '1.37' } },
    {
      origin: 'file',
      layer: {
        kubernetesVersion: '1.35',
        featureGates: { HPAScaleToZero: true },
        rules: { 'slow-ramp': 'off' },
      },
    },
    {
      origin: 'settings',
      layer: {
        kubernetesVersion: '1.33',
        featureGates: { HPAConfigurableTolerance: true, HPAScaleToZero: false },
        rules: { 'slow-ramp': 'error', 'min-replicas': 'warning' },
        slowRampBudgetSeconds: 300,
      },
    },
  ]);
  assert.equal(merged.kubernetesVersion, '1.37');
  assert.deepEqual(merged.featureGates, { HPAConfigurableTolerance: true, HPAScaleToZero: true });
  assert.deepEqual(merged.rules, { 'slow-ramp': 'off', 'min-replicas': 'warning' });
  assert.equal(merged.slowRampBudgetSeconds, 300);
  assert.deepEqual(merged.origins, {
    kubernetesVersion: 'flags',
    featureGates: 'file',
    rules: 'file',
    slowRampBudgetSeconds: 'settings',
    ignore: 'default',
  });
});

test('where the settings differ from the file, each difference is named', () => {
  assert.deepEqual(
    differencesFromFile(
      { kubernetesVersion: '1.35', featureGates: { HPAScaleToZero: true }, rules: { 'slow-ramp': 'off' } },
      { kubernetesVersion: '1.36', featureGates: { HPAScaleToZero: false }, rules: { 'slow-ramp': 'off' } },
    ),
    [
      { key: 'kubernetesVersion', settings: '1.36', file: '1.35' },
      { key: 'featureGates', settings: 'HPAScaleToZero=false', file: 'HPAScaleToZero=true' },
    ],
  );
  assert.deepEqual(differencesFromFile({ kubernetesVersion: '1.35' }, { kubernetesVersion: '' }), []);
});

test('ignore globs read as .gitignore does, relative to the file', () => {
  assert.equal(isIgnored('vendor/a/hpa.yaml', ['vendor/']), true);
  assert.equal(isIgnored('src/vendor/hpa.yaml', ['vendor/']), true);
  assert.equal(isIgnored('envs/prod/hpa.yaml', ['envs/staging/**']), false);
  assert.equal(isIgnored('envs/staging/x/hpa.yaml', ['envs/staging/**']), true);
  assert.equal(isIgnored('a/generated/x.yaml', ['**/generated/*.yaml']), true);
  assert.equal(isIgnored('generated/x.yaml', ['**/generated/*.yaml']), true);
  assert.equal(isIgnored('a/generated/b/x.yaml', ['**/generated/*.yaml']), false);
  assert.equal(isIgnored('hpa.yml', ['*.yml']), true);
  assert.equal(isIgnored('../other/hpa.yaml', ['**']), false);
});

test('the schema offers every release, gate and rule id', () => {
  const schema = JSON.parse(
    readFileSync(new URL('../../../schemas/hpa-lint-config.json', import.meta.url), 'utf8'),
  );
  assert.deepEqual(schema.properties.kubernetesVersion.enum, SUPPORTED_RELEASES);
  assert.deepEqual(Object.keys(schema.properties.featureGates.properties).sort(), [...GATE_NAMES].sort());
  assert.deepEqual(Object.keys(schema.properties.rules.properties).sort(), [...ALL_RULE_IDS].sort());
});
