/**
 * What a key completion inserts (issue 17, "Smaller"): `scaleUp` went in as `scaleUp: ` on the
 * same line, `stabilizationWindowSeconds` as `stabilizationWindowSeconds: ` with no value (an error
 * at once). Now a map key goes on with a line break and its children's indentation, a list key with
 * its first dash, and a scalar key with the API default as a placeholder; the text applied as the
 * editor applies it lints without a new error.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type CompletionItem, InsertTextFormat, InsertTextMode } from 'vscode-languageserver';
import { provideCompletion } from '../../../server/src/features/completion';
import { lintFile } from '../../../server/src/lint/lint';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';
import { FileModel } from '../../../server/src/yaml/documents';
import { SERVER_PARSE } from '../../support/indexedFiles';

const HEAD = 'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: web\n';
const SPEC =
  'spec:\n  scaleTargetRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: web\n  maxReplicas: 10\n';

/** The completion items at the `|` in the text, by label. */
function complete(textWithCursor: string, snippets = true): Map<string, CompletionItem> {
  const at = textWithCursor.indexOf('|');
  const text = textWithCursor.slice(0, at) + textWithCursor.slice(at + 1);
  const before = text.slice(0, at).split('\n');
  const position = { line: before.length - 1, character: before[before.length - 1]!.length };
  const file = new FileModel('file:///w/x.yaml', text, 1, undefined, SERVER_PARSE);
  const items = provideCompletion(file, position, { locale: 'en' }, { snippets });
  return new Map(items.map((i) => [String(i.label), i]));
}

function item(textWithCursor: string, label: string, snippets = true): CompletionItem {
  const found = complete(textWithCursor, snippets).get(label);
  assert.ok(found, `${label} is offered`);
  return found;
}

/** The text after choosing `label`, with each placeholder's default taken, as the editor leaves it. */
function chosen(textWithCursor: string, label: string): string {
  const insert = item(textWithCursor, label).insertText!;
  const typed = insert
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\{\d+\|([^,|]*)[^}]*\}/g, '$1')
    .replace(/\$\d+/g, '');
  return textWithCursor.replace('|', typed);
}

function errorsOf(text: string): string[] {
  const workspace = new WorkspaceIndex();
  const model = new FileModel('file:///w/x.yaml', text, 1);
  workspace.setFile(model);
  return lintFile(model, workspace, { ...DEFAULT_SETTINGS })
    .filter((f) => f.severity === 'error')
    .map((f) => `${f.rule}: ${f.message}`);
}

test('a map key: line break and the children indentation, kept as written by the client', () => {
  const scaleUp = item(`${HEAD}${SPEC}  behavior:\n    |\n`, 'scaleUp');
  assert.equal(scaleUp.insertText, 'scaleUp:\n      $0');
  assert.equal(scaleUp.insertTextFormat, InsertTextFormat.Snippet);
  assert.equal(scaleUp.insertTextMode, InsertTextMode.asIs);
  // Four-space files get four more spaces.
  const wide = `${HEAD.replace('  name', '    name')}spec:\n    maxReplicas: 3\n    behavior:\n        |\n`;
  assert.equal(item(wide, 'scaleDown').insertText, 'scaleDown:\n            $0');
  // Without snippet support: the same text without the tab stop.
  const plain = item(`${HEAD}${SPEC}  behavior:\n    |\n`, 'scaleUp', false);
  assert.equal(plain.insertText, 'scaleUp:\n      ');
  assert.equal(plain.insertTextFormat, undefined);
});

test('a list key: its first dash, in the file sequence style', () => {
  assert.equal(item(`${HEAD}${SPEC}  |\n`, 'metrics').insertText, 'metrics:\n    - $0');
  const flush = `${HEAD}spec:\n  metrics:\n  - type: Resource\n  behavior:\n    scaleUp:\n      |\n`;
  assert.equal(item(flush, 'policies').insertText, 'policies:\n      - $0');
});

test('scalar keys: the API default as a placeholder, per direction', () => {
  const up = `${HEAD}${SPEC}  behavior:\n    scaleUp:\n      |\n`;
  const down = `${HEAD}${SPEC}  behavior:\n    scaleDown:\n      |\n`;
  assert.equal(item(up, 'stabilizationWindowSeconds').insertText, 'stabilizationWindowSeconds: ${1:0}');
  assert.equal(item(down, 'stabilizationWindowSeconds').insertText, 'stabilizationWindowSeconds: ${1:300}');
  assert.equal(item(down, 'stabilizationWindowSeconds', false).insertText, 'stabilizationWindowSeconds: 300');
  assert.equal(item(up, 'selectPolicy').insertText, 'selectPolicy: ${1|Max,Min,Disabled|}');
  assert.equal(item(up, 'tolerance').insertText, 'tolerance: ${1:0.1}');
  assert.equal(item(`${HEAD}spec:\n  |\n`, 'minReplicas').insertText, 'minReplicas: ${1:1}');
  assert.equal(item(`${HEAD}spec:\n  |\n`, 'maxReplicas').insertText, 'maxReplicas: ${1:10}');
  assert.equal(item(`${HEAD}spec:\n  |\n`, 'scaleTargetRef').insertText, 'scaleTargetRef:\n    $0');
});

test("a policy's value and period: the direction's default policy of the written type", () => {
  const policy = (direction: string, type: string): string =>
    `${HEAD}${SPEC}  behavior:\n    ${direction}:\n      policies:\n        - type: ${type}\n          |\n`;
  assert.equal(item(policy('scaleUp', 'Pods'), 'value').insertText, 'value: ${1:4}');
  assert.equal(item(policy('scaleUp', 'Percent'), 'value').insertText, 'value: ${1:100}');
  assert.equal(item(policy('scaleDown', 'Percent'), 'value').insertText, 'value: ${1:100}');
  assert.equal(item(policy('scaleUp', 'Pods'), 'periodSeconds').insertText, 'periodSeconds: ${1:15}');
  const first = `${HEAD}${SPEC}  behavior:\n    scaleDown:\n      policies:\n        - |\n`;
  assert.equal(item(first, 'type').insertText, 'type: ${1|Percent,Pods|}');
  const target = `${HEAD}${SPEC}  metrics:\n    - type: Resource\n      resource:\n        name: cpu\n        target:\n          type: Utilization\n          |\n`;
  assert.equal(item(target, 'averageUtilization').insertText, 'averageUtilization: ${1:80}');
  const pods = `${HEAD}${SPEC}  metrics:\n    - type: Pods\n      pods:\n        target:\n          |\n`;
  assert.equal(item(pods, 'type').insertText, 'type: ${1|AverageValue|}');
});

test('the text as the editor leaves it lints without a new error', () => {
  const down = `${HEAD}${SPEC}  behavior:\n    scaleDown:\n      |\n`;
  for (const label of ['stabilizationWindowSeconds', 'selectPolicy', 'tolerance']) {
    assert.deepEqual(errorsOf(chosen(down, label)), [], label);
  }
  assert.deepEqual(
    errorsOf(chosen(`${HEAD}${SPEC}  behavior:\n    |\n`, 'scaleUp').replace(/\n$/, 'selectPolicy: Min\n')),
    [],
  );
  const policy = `${HEAD}${SPEC}  behavior:\n    scaleUp:\n      policies:\n        - type: Pods\n          value: 4\n          |\n`;
  assert.deepEqual(errorsOf(chosen(policy, 'periodSeconds')), []);
});
