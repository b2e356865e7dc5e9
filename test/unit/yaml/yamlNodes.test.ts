/**
 * The server's questions to `yaml`'s nodes (server/src/yaml/yamlNodes.ts) and the line-break rule every
 * parse goes through (common/yamlLineBreaks.ts).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { parseDocument } from 'yaml';
import { yamlLineBreaks } from '../../../common/yamlLineBreaks';
import { FileModel } from '../../../server/src/yaml/documents';
import {
  ExcessiveAliasing,
  isMap,
  isSeq,
  keyName,
  nodeAtPath,
  pairOf,
  plainValue,
} from '../../../server/src/yaml/yamlNodes';

const DOCUMENTS_MODULE = resolve(__dirname, '..', '..', '..', 'server', 'src', 'yaml', 'documents.ts');

test('pairOf finds string keys, and number keys by their text', () => {
  const doc = parseDocument('name: web\n80: http\n"443": https\ntrue: yes\n');
  assert.equal(keyName(pairOf(doc.value, 'name')!), 'name');
  assert.equal(plainValue(pairOf(doc.value, '80')!.value, doc), 'http');
  assert.equal(plainValue(pairOf(doc.value, '443')!.value, doc), 'https');
  assert.equal(pairOf(doc.value, 'true'), undefined, 'a boolean key is no field name');
  assert.equal(pairOf(doc.value, 'missing'), undefined);
  assert.equal(pairOf(doc.value, '080'), undefined, '080 is not the text of the number 80');
  assert.equal(pairOf(parseDocument('- a\n').value, 'a'), undefined, 'a sequence has no keys');
});

test('nodeAtPath walks keys and indices; kinds are told apart', () => {
  const doc = parseDocument('spec:\n  containers:\n    - name: app\n      ports: [80]\n');
  const containers = nodeAtPath(doc.value, ['spec', 'containers']);
  assert.ok(isSeq(containers) && !isMap(containers));
  assert.equal(plainValue(nodeAtPath(doc.value, ['spec', 'containers', 0, 'name']), doc), 'app');
  assert.deepEqual(plainValue(nodeAtPath(doc.value, ['spec', 'containers', 0, 'ports']), doc), [80]);
  assert.equal(nodeAtPath(doc.value, ['spec', 'containers', 1]), undefined);
  assert.equal(nodeAtPath(doc.value, ['spec', 'containers', 'name']), undefined);
});

test('plainValue is the JSON the API would decode, aliases resolved', () => {
  const doc = parseDocument(
    'base: &requests {cpu: 250m, memory: 1Gi}\nfirst:\n  requests: *requests\n__proto__: {polluted: 1}\nn:\n',
  );
  const value = plainValue(doc.value, doc) as Record<string, unknown>;
  assert.deepEqual(value.first, { requests: { cpu: '250m', memory: '1Gi' } });
  assert.equal(value.n, null);
  assert.deepEqual(Object.keys(value), ['base', 'first', '__proto__', 'n']);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(Object.getPrototypeOf(value), Object.prototype, '__proto__ is data, not the prototype');
  assert.deepEqual(plainValue(nodeAtPath(doc.value, ['first']), doc), value.first);
});

test('an alias bomb is a YAML error of its document, and no value expands it', () => {
  const lines = [
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'a0: &a0 [x, x, x, x, x, x, x, x, x]',
  ];
  for (let level = 1; level <= 7; level++)
    lines.push(
      `a${level}: &a${level} [${Array(9)
        .fill(`*a${level - 1}`)
        .join(', ')}]`,
    );
  lines.push('spec: {minReplicas: *a7}');
  const text = `${lines.join('\n')}\n`;
  const doc = parseDocument(text);
  assert.throws(() => plainValue(doc.value, doc), ExcessiveAliasing);
  const file = new FileModel('file:///bomb.yaml', text, 1);
  const errors = file.documents[0]!.model.parsed.errors;
  assert.deepEqual(
    errors.map((e) => e.code),
    ['RESOURCE_EXHAUSTION'],
  );
  assert.equal(text.slice(errors[0]!.pos[0], errors[0]!.pos[1]), '*a0', 'reported at the first alias');
  // Nine levels less is an ordinary anchor: no error.
  const small = new FileModel('file:///small.yaml', 'a: &a [x]\nb: *a\nkind: HorizontalPodAutoscaler\n', 1);
  assert.deepEqual(small.documents[0]!.model.parsed.errors, []);
});

test('a lone CR is a line break, one character for one; CRLF and LF are left alone', () => {
  assert.equal(yamlLineBreaks('a: 1\rb: 2\r'), 'a: 1\nb: 2\n');
  assert.equal(yamlLineBreaks('a: 1\r\nb: 2\r\n'), 'a: 1\r\nb: 2\r\n');
  assert.equal(yamlLineBreaks('a: 1\nb: 2\n'), 'a: 1\nb: 2\n');
  assert.equal(yamlLineBreaks('a\r\r\nb').length, 'a\r\r\nb'.length);
  // yaml 3.0.0-2 alone never returns from this one, so it runs in a child that a timeout can stop.
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--eval',
      `const { FileModel } = require(${JSON.stringify(DOCUMENTS_MODULE)});
       process.stdout.write(String(new FileModel('file:///old-mac.yaml', ' # a\\r# b\\r', 1).documents.length));`,
    ],
    { encoding: 'utf8', timeout: 30_000 },
  );
  assert.equal(child.signal, null, 'parsing a comment followed by a lone CR did not return');
  assert.equal(child.stdout, '0', child.stderr);
  const mac = new FileModel(
    'file:///mac.yaml',
    'kind: HorizontalPodAutoscaler\rspec:\r  maxReplicas: 3\r',
    1,
  );
  const parsed = mac.documents[0]!.model.parsed;
  assert.deepEqual(parsed.errors, []);
  assert.deepEqual(plainValue(parsed.value, parsed), {
    kind: 'HorizontalPodAutoscaler',
    spec: { maxReplicas: 3 },
  });
});
