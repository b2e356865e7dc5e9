/** Completion: keys by path, enum values, and the new-HPA snippet; the indentation-based path finder. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CompletionItem } from 'vscode-languageserver';
import { provideCompletion } from '../../../server/src/features/completion';
import { containerPath } from '../../../server/src/features/textPath';
import { FileModel } from '../../../server/src/yaml/documents';
import { SERVER_PARSE } from '../../support/indexedFiles';

const HEAD = 'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: web\n';

/** Completes at the `|` in the text. */
function complete(textWithCursor: string, locale = 'en', snippets = true): CompletionItem[] {
  const at = textWithCursor.indexOf('|');
  const text = textWithCursor.slice(0, at) + textWithCursor.slice(at + 1);
  const before = text.slice(0, at).split('\n');
  const position = { line: before.length - 1, character: before[before.length - 1]!.length };
  const file = new FileModel('file:///w/x.yaml', text, 1, undefined, SERVER_PARSE);
  return provideCompletion(file, position, { locale }, { snippets });
}

const labels = (items: CompletionItem[]): string[] => items.map((i) => String(i.label));

test('enum values by path', () => {
  assert.deepEqual(labels(complete(`${HEAD}spec:\n  behavior:\n    scaleUp:\n      selectPolicy: |\n`)), [
    'Max',
    'Min',
    'Disabled',
  ]);
  assert.deepEqual(
    labels(complete(`${HEAD}spec:\n  behavior:\n    scaleDown:\n      policies:\n        - type: P|\n`)),
    ['Pods', 'Percent'],
  );
  assert.deepEqual(labels(complete(`${HEAD}spec:\n  metrics:\n    - type: |\n`)), [
    'Resource',
    'Pods',
    'Object',
    'External',
    'ContainerResource',
  ]);
  assert.deepEqual(
    labels(complete(`${HEAD}spec:\n  metrics:\n  - type: Resource\n    resource:\n      name: |\n`)),
    ['cpu', 'memory'],
  );
});

test('target.type offers only what the metric source accepts', () => {
  const target = (source: string): string[] =>
    labels(
      complete(
        `${HEAD}spec:\n  metrics:\n    - type: X\n      ${source}:\n        target:\n          type: |\n`,
      ),
    );
  assert.deepEqual(target('resource'), ['Utilization', 'AverageValue']);
  assert.deepEqual(target('containerResource'), ['Utilization', 'AverageValue']);
  assert.deepEqual(target('pods'), ['AverageValue']);
  assert.deepEqual(target('object'), ['Value', 'AverageValue']);
  assert.deepEqual(target('external'), ['Value', 'AverageValue']);
});

test('keys by path, without the ones already written, with localized documentation', () => {
  const spec = complete(`${HEAD}spec:\n  minReplicas: 1\n  |\n  metrics: []\n`);
  assert.deepEqual(labels(spec), ['scaleTargetRef', 'maxReplicas', 'behavior']);
  // A map key goes on with a line break and its children's indentation (features-completion-insert).
  assert.equal(spec[0]!.insertText, 'scaleTargetRef:\n    $0');
  const ja = complete(`${HEAD}spec:\n  minReplicas: 1\n  |\n`, 'ja');
  assert.deepEqual(ja.find((i) => i.label === 'maxReplicas')!.documentation, {
    kind: 'markdown',
    value: 'オートスケーラーが設定できる最大のレプリカ数。',
  });
  assert.deepEqual(
    labels(
      complete(`${HEAD}spec:\n  behavior:\n    scaleUp:\n      policies:\n      - type: Pods\n        |\n`),
    ),
    ['value', 'periodSeconds'],
  );
  assert.deepEqual(labels(complete(`${HEAD}spec:\n  metrics:\n    - |\n`)), [
    'type',
    'resource',
    'containerResource',
    'pods',
    'object',
    'external',
  ]);
  assert.deepEqual(labels(complete(`${HEAD}spec:\n  behavior:\n    |\n`)), ['scaleUp', 'scaleDown']);
});

test('nothing in documents of other kinds', () => {
  assert.deepEqual(complete('apiVersion: v1\nkind: Service\nspec:\n  |\n'), []);
});

test("a new HPA snippet at the top of an empty document, in the file's list style", () => {
  const [item, ...rest] = complete(
    'kind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: a\n---\nHor|',
  );
  assert.equal(rest.length, 0);
  assert.equal(item!.label, 'New HorizontalPodAutoscaler (autoscaling/v2)');
  assert.equal(item!.insertTextFormat, 2);
  assert.deepEqual((item!.textEdit as { range: unknown }).range, {
    start: { line: 7, character: 0 },
    end: { line: 7, character: 3 },
  });
  assert.equal(
    (item!.textEdit as { newText: string }).newText,
    [
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata:',
      '  name: ${1:name}',
      'spec:',
      '  scaleTargetRef:',
      '    apiVersion: apps/v1',
      '    kind: Deployment',
      '    name: ${1:name}',
      '  minReplicas: ${2:2}',
      '  maxReplicas: ${3:10}',
      '  metrics:',
      '  - type: Resource',
      '    resource:',
      '      name: cpu',
      '      target:',
      '        type: Utilization',
      '        averageUtilization: ${4:70}',
    ].join('\n'),
  );
  const plain = complete('|', 'zh-tw', false)[0]!;
  assert.equal(plain.label, '新的 HorizontalPodAutoscaler (autoscaling/v2)');
  assert.equal(plain.insertTextFormat, 1);
  assert.match(
    (plain.textEdit as { newText: string }).newText,
    /\n {2}minReplicas: 2\n {2}maxReplicas: 10\n/,
  );
  assert.match((plain.textEdit as { newText: string }).newText, /\n {4}- type: Resource\n/);
});

test('containerPath reads the path from indentation in both list styles', () => {
  const doc = [
    'spec:', // 0
    '  template:', // 1
    '    spec:', // 2
    '      containers:', // 3
    '        - name: api', // 4
    '          resources:', // 5
    '            requests:', // 6
    '              cpu: 1', // 7
    '      volumes:', // 8
    '      - name: data', // 9
    '        emptyDir: {}', // 10
  ];
  assert.deepEqual(containerPath(doc, 7, 14), [
    'spec',
    'template',
    'spec',
    'containers',
    '[]',
    'resources',
    'requests',
  ]);
  assert.deepEqual(containerPath(doc, 5, 10), ['spec', 'template', 'spec', 'containers', '[]']);
  assert.deepEqual(containerPath(doc, 10, 8), ['spec', 'template', 'spec', 'volumes', '[]']);
  assert.deepEqual(containerPath(doc, 8, 6), ['spec', 'template', 'spec']);
  assert.deepEqual(containerPath(doc, 9, 8, true, 6), ['spec', 'template', 'spec', 'volumes', '[]']);
  assert.deepEqual(containerPath(doc, 0, 0), []);
});
