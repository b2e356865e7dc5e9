/**
 * One diagnostic per YAML mistake, over LSP: a line that breaks the block structure early in an HPA
 * made the `yaml` library report every following line of the block twice (BLOCK_AS_IMPLICIT_KEY
 * and MULTILINE_IMPLICIT_KEY). Only the first cause is published; a separate mistake further down,
 * after the structure recovered, still is. Run `node scripts/build.mjs` first.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { LspClient, compact } from '../support/lspClient';

const ERROR = 1;

const HPA = [
  'apiVersion: autoscaling/v2', // 0
  'kind: HorizontalPodAutoscaler',
  'metadata:',
  '  name: api',
  'spec:',
  '  scaleTargetRef:', // 5
  '    apiVersion: apps/v1',
  '    kind: Deployment',
  '    name: api',
  '  minReplicas: 2',
  '  maxReplicas: 10', // 10
  '  metrics:',
  '    - type: Resource',
  '      resource:',
  '        name: cpu',
  '        target:', // 15
  '          type: Utilization',
  '          averageUtilization: 70',
  '',
].join('\n');

let client: LspClient;
let opened = 0;

before(async () => {
  client = await LspClient.start();
});

after(async () => {
  await client.stop();
});

async function yamlErrors(text: string) {
  const uri = `file:///workspace/follow-on-${++opened}.yaml`;
  const diagnostics = await client.open(uri, text);
  return diagnostics.filter((d) => d.code === 'yaml-syntax');
}

test('a key without its colon: one error on that line, none for the four lines it swallows', async () => {
  const errors = await yamlErrors(HPA.replace('  scaleTargetRef:', '  scaleTargetRef'));
  assert.deepEqual(compact(errors), [['yaml-syntax', ERROR, 5, 2, 6, 14]]);
  assert.match(errors[0]!.message, /\(MULTILINE_IMPLICIT_KEY\)/);
});

test('an unclosed [ : the first error only, not two for each of the four lines after it', async () => {
  const errors = await yamlErrors(HPA.replace('apiVersion: apps/v1', 'apiVersion: [apps/v1'));
  assert.deepEqual(compact(errors), [['yaml-syntax', ERROR, 7, 4, 7, 8]]);
  assert.match(errors[0]!.message, /\(BAD_INDENT\)/);
});

test('a tab in the indentation: the tab is reported, not the lines after it', async () => {
  const errors = await yamlErrors(HPA.replace('    name: api\n  min', '\t    name: api\n  min'));
  assert.deepEqual(compact(errors), [['yaml-syntax', ERROR, 8, 0, 8, 5]]);
  assert.match(errors[0]!.message, /\(TAB_AS_INDENT\)/);
});

test('a second mistake after the structure recovered is reported too', async () => {
  const errors = await yamlErrors(
    HPA.replace('apiVersion: apps/v1', 'apiVersion: [apps/v1').replace(
      'type: Utilization',
      'type Utilization',
    ),
  );
  assert.deepEqual(compact(errors), [
    ['yaml-syntax', ERROR, 7, 4, 7, 8],
    ['yaml-syntax', ERROR, 16, 10, 17, 28],
  ]);
});

test('each document of a file on its own: a cascade in one does not hide the other’s error', async () => {
  const broken = HPA.replace('  scaleTargetRef:', '  scaleTargetRef');
  const errors = await yamlErrors(
    `${broken}---\n${HPA.replace('    kind: Deployment', '    kind Deployment')}`,
  );
  assert.deepEqual(compact(errors), [
    ['yaml-syntax', ERROR, 5, 2, 6, 14],
    ['yaml-syntax', ERROR, 26, 4, 27, 8],
  ]);
});
