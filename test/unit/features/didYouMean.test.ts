/**
 * Typos get help (issue 17 item 7): an unknown field or an unsupported value close to an allowed one
 * says "did you mean …?" in its one diagnostic, the required field the typo leaves missing is not a
 * second error, and the quick fix writes the suggested name over the typo (exact YAML after, and
 * the diagnostic gone when linted again).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver';
import { provideCodeActions } from '../../../server/src/features/codeActions';
import { applyEdits } from '../../../server/src/edits/spanEdits';
import { locate } from '../../../server/src/lint/findingsOutput';
import { lintFile } from '../../../server/src/lint/lint';
import { DEFAULT_SETTINGS, type HpaSettings } from '../../../server/src/settings';
import { setLocale } from '../../../server/src/localize';
import { likelyField, likelyMeant } from '../../../server/src/rules/suggestions';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';
import { FileModel } from '../../../server/src/yaml/documents';
import { sameBothWays } from '../../support/indexedFiles';

const URI = 'file:///w/typos.yaml';
const lines = (...ls: string[]): string => ls.map((l) => `${l}\n`).join('');

const DEPLOYMENT = lines(
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: web',
  'spec:',
  '  template:',
  '    spec:',
  '      containers:',
  '        - name: web',
  '          resources:',
  '            requests:',
  '              cpu: 200m',
  '---',
);

/** The HPA of the issue: each typo it names, one per line. Lines count from the `---` above + 13. */
const TYPOS = lines(
  'apiVersion: autoscaling/v2', // 13
  'kind: HorizontalPodAutoscaler',
  'metadata:',
  '  name: web',
  'spec:',
  '  scaleTargetRef:',
  '    apiVersion: apps/v1',
  '    kind: Deployment',
  '    name: web',
  '  minReplica: 2 # at least two', // 22
  '  maxReplicas: 10',
  '  metrics:',
  '    - type: Resource',
  '      resource:',
  '        name: cpu',
  '        target:',
  '          type: Utilization',
  '          averageUtilisation: 60', // 30
  '  behavior:',
  '    scaledown:', // 32
  '      stabilizationWindowSeconds: 60',
  '    scaleUp:',
  '      selectPolicy: max', // 35
  '      policies:',
  '        - type: pods', // 37
  '          value: 4',
  '          periodSecond: 15', // 39
);

function lint(text: string, settings: HpaSettings = DEFAULT_SETTINGS): Diagnostic[] {
  const workspace = new WorkspaceIndex();
  const model = new FileModel(URI, text, 1);
  workspace.setFile(model);
  return locate(model, lintFile(model, workspace, { ...settings })).map((f) => ({
    range: f.range,
    message: f.message,
    source: 'hpa',
    code: f.rule,
  }));
}

type Row = [code: string, line: number, from: number, to: number, message: string];

function rows(diagnostics: Diagnostic[]): Row[] {
  return diagnostics.map((d) => [
    String(d.code),
    d.range.start.line,
    d.range.start.character,
    d.range.end.character,
    d.message,
  ]);
}

function quickFixes(text: string, diagnostic: Diagnostic, locale = 'en'): CodeAction[] {
  return sameBothWays({ [URI]: text }, ({ file, workspace }) =>
    provideCodeActions(
      file(URI),
      diagnostic.range,
      { diagnostics: [diagnostic], only: ['quickfix'] },
      { locale, workspace },
    ),
  );
}

function apply(text: string, action: CodeAction): string {
  const edits = action.edit?.changes?.[URI] as TextEdit[] | undefined;
  assert.ok(edits, 'a plain edit for the document');
  return applyEdits(new FileModel(URI, text, 1), edits);
}

test('likelyMeant: case-only and near misses; nothing when two are as close or the word is too short', () => {
  assert.equal(likelyMeant('max', ['Disabled', 'Max', 'Min']), 'Max');
  assert.equal(likelyMeant('Mon', ['Disabled', 'Max', 'Min']), 'Min');
  assert.equal(
    likelyMeant('Man', ['Disabled', 'Max', 'Min']),
    undefined,
    'Max and Min are both one edit away',
  );
  assert.equal(likelyMeant('Mx', ['Max', 'Percent']), undefined, 'two letters are too few to guess from');
  assert.equal(likelyMeant('periodSecond', ['type', 'value', 'periodSeconds']), 'periodSeconds');
  assert.equal(
    likelyMeant('stabilisationWindowSecnds', ['stabilizationWindowSeconds']),
    'stabilizationWindowSeconds',
  );
  assert.equal(
    likelyMeant('averageUtilisaton', ['averageValue', 'averageUtilization']),
    'averageUtilization',
  );
  assert.equal(likelyMeant('replicas', ['minReplicas', 'maxReplicas']), undefined);
  assert.equal(likelyMeant('foo', ['type', 'value', 'averageValue']), undefined);
  assert.equal(
    likelyMeant('seletcPolicy', ['selectPolicy', 'policies']),
    'selectPolicy',
    'a swap is one edit',
  );
  assert.equal(
    likelyField('minReplica', ['minReplicas', 'maxReplicas'], ['minReplicas', 'minReplica']),
    undefined,
  );
});

test('each typo of the issue is one diagnostic that says what was meant', () => {
  const text = DEPLOYMENT + TYPOS;
  assert.deepEqual(rows(lint(text)), [
    ['schema', 22, 2, 12, 'unknown field "spec.minReplica": did you mean "minReplicas"?'],
    [
      'schema',
      30,
      10,
      28,
      'unknown field "spec.metrics[0].resource.target.averageUtilisation": did you mean "averageUtilization"?',
    ],
    ['schema', 32, 4, 13, 'unknown field "spec.behavior.scaledown": did you mean "scaleDown"?'],
    [
      'select-policy',
      35,
      20,
      23,
      'spec.behavior.scaleUp.selectPolicy: Unsupported value: "max": supported values: "Disabled", "Max", "Min"; did you mean "Max"?',
    ],
    [
      'schema',
      37,
      16,
      20,
      'spec.behavior.scaleUp.policies[0].type: Unsupported value: "pods": supported values: "Percent", "Pods"; did you mean "Pods"?',
    ],
    [
      'schema',
      39,
      10,
      22,
      'unknown field "spec.behavior.scaleUp.policies[0].periodSecond": did you mean "periodSeconds"?',
    ],
  ]);
});

test('the quick fix writes the suggested name over the typo, one edit, and the diagnostic goes', () => {
  let text = DEPLOYMENT + TYPOS;
  const titles: string[] = [];
  // Fix them one at a time, as a user would, re-linting after each.
  for (;;) {
    const diagnostic = lint(text).find((d) => d.message.includes('did you mean'));
    if (!diagnostic) break;
    const actions = quickFixes(text, diagnostic);
    assert.equal(actions.length, 1, `one fix for: ${diagnostic.message}`);
    const action = actions[0]!;
    assert.equal(action.isPreferred, true);
    assert.deepEqual(action.diagnostics, [diagnostic]);
    assert.equal(action.edit?.changes?.[URI]?.length, 1, 'one edit: one undo step');
    assert.deepEqual(action.edit?.changes?.[URI]?.[0]?.range, diagnostic.range, 'only the typo is replaced');
    titles.push(action.title);
    const fixed = apply(text, action);
    assert.ok(!lint(fixed).some((d) => d.message === diagnostic.message), `fixed: ${diagnostic.message}`);
    text = fixed;
  }
  assert.deepEqual(titles, [
    'Change minReplica to minReplicas',
    'Change averageUtilisation to averageUtilization',
    'Change scaledown to scaleDown',
    'Change max to Max',
    'Change pods to Pods',
    'Change periodSecond to periodSeconds',
  ]);
  assert.equal(
    text,
    DEPLOYMENT +
      TYPOS.replace('minReplica:', 'minReplicas:')
        .replace('averageUtilisation', 'averageUtilization')
        .replace('scaledown', 'scaleDown')
        .replace('selectPolicy: max', 'selectPolicy: Max')
        .replace('type: pods', 'type: Pods')
        .replace('periodSecond:', 'periodSeconds:'),
  );
  assert.deepEqual(rows(lint(text)), [], 'the fixed manifest lints clean');
});

test('a quoted value keeps its quotes; the title is in the user language', () => {
  const text = DEPLOYMENT + TYPOS.replace('selectPolicy: max', 'selectPolicy: "max"');
  const diagnostic = lint(text).find((d) => d.code === 'select-policy')!;
  assert.deepEqual(rows([diagnostic])[0]!.slice(1, 4), [35, 20, 25]);
  const [action] = quickFixes(text, diagnostic, 'ja');
  assert.equal(action?.title, 'maxをMaxに変更');
  assert.equal(apply(text, action!), text.replace('selectPolicy: "max"', 'selectPolicy: "Max"'));
  assert.equal(quickFixes(text, diagnostic, 'zh-tw')[0]?.title, '將 max 改為 Max');
});

test('no guess, no fix: a key already written, a far-off name, an ambiguous value', () => {
  const text =
    DEPLOYMENT +
    TYPOS.replace('  minReplica: 2 # at least two', '  minReplicas: 2\n  minReplica: 3').replace(
      'selectPolicy: max',
      'selectPolicy: Man',
    );
  const diagnostics = lint(text);
  const duplicate = diagnostics.find((d) => d.message.startsWith('unknown field "spec.minReplica"'))!;
  assert.equal(duplicate.message, 'unknown field "spec.minReplica"');
  assert.deepEqual(quickFixes(text, duplicate), []);
  const select = diagnostics.find((d) => d.code === 'select-policy')!;
  assert.equal(
    select.message,
    'spec.behavior.scaleUp.selectPolicy: Unsupported value: "Man": supported values: "Disabled", "Max", "Min"',
  );
  assert.deepEqual(quickFixes(text, select), []);
});

test('the required value is left to the typo only when the typo is its likely misspelling', () => {
  const typo = DEPLOYMENT + TYPOS;
  assert.ok(!lint(typo).some((d) => d.code === 'metric-target'), 'averageUtilisation: one diagnostic');
  assert.ok(!lint(typo).some((d) => d.message.endsWith('periodSeconds: Required value')));

  // An unrelated unknown key does not stand for the missing target value: both errors stay.
  const unrelated = DEPLOYMENT + TYPOS.replace('averageUtilisation: 60', 'threshold: 60');
  assert.deepEqual(
    rows(lint(unrelated)).filter((r) => r[1] === 28 || r[1] === 30),
    [
      [
        'metric-target',
        28,
        8,
        14,
        'spec.metrics[0].resource.target.averageUtilization: Required value: must set either a target raw value or a target utilization',
      ],
      ['schema', 30, 10, 19, 'unknown field "spec.metrics[0].resource.target.threshold"'],
    ],
  );

  // With the schema rule off nothing would speak for the typo, so the required value is reported.
  const schemaOff = lint(typo, { ...DEFAULT_SETTINGS, rules: { schema: 'off' } });
  assert.deepEqual(
    rows(schemaOff).filter((r) => r[0] === 'metric-target'),
    [
      [
        'metric-target',
        28,
        8,
        14,
        'spec.metrics[0].resource.target.averageUtilization: Required value: must set either a target raw value or a target utilization',
      ],
    ],
  );

  // A misspelt source block: the metric's "Required value" is folded into the typo's diagnostic.
  const source = DEPLOYMENT + TYPOS.replace('      resource:', '      resorce:');
  assert.deepEqual(
    rows(lint(source)).filter((r) => r[1] === 25 || r[1] === 26),
    [['schema', 26, 6, 13, 'unknown field "spec.metrics[0].resorce": did you mean "resource"?']],
  );
  // A missing required field of the schema: maxRepicas for maxReplicas.
  const max = DEPLOYMENT + TYPOS.replace('maxReplicas: 10', 'maxRepicas: 10');
  assert.deepEqual(
    rows(lint(max)).filter((r) => r[1] === 17 || r[1] === 23),
    [['schema', 23, 2, 12, 'unknown field "spec.maxRepicas": did you mean "maxReplicas"?']],
  );
});

test('the messages in Japanese and Traditional Chinese', () => {
  try {
    setLocale('ja');
    assert.equal(
      lint(DEPLOYMENT + TYPOS)[0]!.message,
      '不明なフィールド "spec.minReplica": もしかして"minReplicas"ですか?',
    );
    setLocale('zh-tw');
    assert.equal(
      lint(DEPLOYMENT + TYPOS)[3]!.message,
      'spec.behavior.scaleUp.selectPolicy：不支援的值："max"：支援的值："Disabled", "Max", "Min"；您是不是要輸入 "Max"？',
    );
  } finally {
    setLocale('en');
  }
});
