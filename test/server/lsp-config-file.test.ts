/**
 * `.hpa-lint.yaml` as the language server's own kind of document, spoken to over stdio without any
 * YAML extension: schema problems at their exact ranges (an unknown key, rule or gate on the key; a
 * bad release, gate value or severity on the value), completion of keys, releases, gates, rule ids
 * and severities, and hovers that say what each key does on the release in force (in en and ja).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { CompletionItem, Diagnostic, Hover } from 'vscode-languageserver-protocol';
import { SUPPORTED_RELEASES } from '../../common/k8s/kubernetesVersions';
import { ALL_RULE_IDS } from '../../server/src/rules/index';
import { EDITOR_CAPABILITIES, LspClient } from '../support/lspClient';

const root = mkdtempSync(join(tmpdir(), 'hpa-lsp-config-file-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** A repository (a folder holding .git) with one folder per test, so each file is its own config. */
mkdirSync(join(root, '.git'));
let folders = 0;
function configUri(): string {
  const dir = join(root, `f${++folders}`);
  mkdirSync(dir);
  return pathToFileURL(join(dir, '.hpa-lint.yaml')).toString();
}

type Row = [line: number, start: number, end: number, severity: number | undefined, message: string];
const rows = (diagnostics: Diagnostic[]): Row[] =>
  diagnostics
    .map((d): Row => [
      d.range.start.line,
      d.range.start.character,
      d.range.end.character,
      d.severity,
      d.message,
    ])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);

const labels = (items: CompletionItem[]) => items.map((i) => i.label);
const hoverText = (hover: Hover | null) => (hover?.contents as { value: string } | undefined)?.value ?? '';

describe('.hpa-lint.yaml from the language server itself', () => {
  let client: LspClient;
  let ja: LspClient;

  before(async () => {
    client = await LspClient.start({ workspaceFolders: [root], capabilities: EDITOR_CAPABILITIES });
    ja = await LspClient.start({ workspaceFolders: [root], capabilities: EDITOR_CAPABILITIES, locale: 'ja' });
  });
  after(async () => {
    await client.stop();
    await ja.stop();
  });

  test('schema problems, each at its exact range', async () => {
    const text = [
      'kubernetesVersion: 1.24',
      'featureGates:',
      '  HPAScaleToZer: true',
      '  HPAConfigurableTolerance: yes',
      'rules:',
      '  min-replica: off',
      '  max-replicas: loud',
      'slowRampBudgetSeconds: -5',
      'bogus: 1',
      '',
    ].join('\n');
    const diagnostics = await client.open(configUri(), text);
    assert.ok(diagnostics.every((d) => d.code === 'config-file'));
    assert.deepEqual(rows(diagnostics), [
      [0, 19, 23, 1, 'Kubernetes 1.24 is older than the oldest release modelled (1.25)'],
      [
        2,
        2,
        15,
        1,
        'unknown feature gate "HPAScaleToZer" (known: HPAScaleToZero, HPAConfigurableTolerance, PodLevelResources, HPAContainerMetrics, SidecarContainers)',
      ],
      [3, 28, 31, 1, 'featureGates.HPAConfigurableTolerance must be true or false'],
      [5, 2, 13, 1, 'unknown rule "min-replica"'],
      [6, 16, 20, 1, 'rules.max-replicas: "loud" is not a severity (use off, hint, info, warning, error)'],
      [7, 23, 25, 1, 'slowRampBudgetSeconds must be 0 or more'],
      [
        8,
        0,
        5,
        1,
        'unknown setting "bogus" (known: kubernetesVersion, featureGates, rules, slowRampBudgetSeconds, ignore)',
      ],
    ]);
  });

  test('a version that is no release is said once, on its value; a quoted one that is passes', async () => {
    const bad = await client.open(configUri(), 'kubernetesVersion: "abc"\n');
    assert.deepEqual(rows(bad), [
      [0, 19, 24, 1, '"abc" is not a Kubernetes version (expected a release such as 1.35)'],
    ]);
    assert.deepEqual(await client.open(configUri(), 'kubernetesVersion: "1.35"\nignore: vendor/\n'), []);
  });

  test('a gate the release does not have is an error on that gate', async () => {
    const diagnostics = await client.open(
      configUri(),
      'kubernetesVersion: "1.37"\nfeatureGates:\n  HPAConfigurableTolerance: false\n',
    );
    assert.deepEqual(rows(diagnostics), [
      [2, 2, 26, 1, 'feature gate HPAConfigurableTolerance is GA and locked to true on Kubernetes 1.37'],
    ]);
  });

  test('completion: the keys not yet written, then releases, gates, rule ids, severities', async () => {
    const uri = configUri();
    const text =
      'kubernetesVersion: "1.3\nfeatureGates:\n  HPAScaleToZero: true\n  \nrules:\n  max-replicas: \n';
    await client.open(uri, text);
    const at = (line: number, character: number) =>
      client.request<CompletionItem[]>('textDocument/completion', {
        textDocument: { uri },
        position: { line, character },
      });

    const releases = await at(0, 23);
    assert.deepEqual(labels(releases), SUPPORTED_RELEASES);
    assert.deepEqual(releases.find((i) => i.label === '1.35')?.textEdit, {
      range: { start: { line: 0, character: 19 }, end: { line: 0, character: 23 } },
      newText: '"1.35"',
    });

    const gates = await at(3, 2);
    assert.deepEqual(labels(gates), [
      'HPAConfigurableTolerance',
      'PodLevelResources',
      'HPAContainerMetrics',
      'SidecarContainers',
    ]);
    assert.equal(gates[0]!.insertText, 'HPAConfigurableTolerance: ');
    // The file is broken while typed ("1.3), so the release in force is the newest one.
    assert.deepEqual(gates[0]!.documentation, {
      kind: 'markdown',
      value: 'HPAConfigurableTolerance on Kubernetes 1.37: GA and always on (false is refused).',
    });

    const gateValues = await at(2, 18);
    assert.deepEqual(labels(gateValues), ['true', 'false']);

    const severities = await at(5, 16);
    assert.deepEqual(labels(severities), ['off', 'hint', 'info', 'warning', 'error']);

    const topLevel = await at(6, 0);
    assert.deepEqual(labels(topLevel), ['slowRampBudgetSeconds', 'ignore']);
    assert.equal(topLevel[1]!.insertText, 'ignore:\n  - ');
  });

  test('completion of rule ids offers every rule not yet set', async () => {
    const uri = configUri();
    await client.open(uri, 'rules:\n  min-replicas: off\n  \n');
    const items = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 2, character: 2 },
    });
    assert.deepEqual(
      labels(items),
      ALL_RULE_IDS.filter((id) => id !== 'min-replicas'),
    );
  });

  test('hovers: each key, a gate on the release in force, a rule, in English and Japanese', async () => {
    const uri = configUri();
    const text =
      'kubernetesVersion: "1.35"\nfeatureGates:\n  HPAScaleToZero: true\nrules:\n  slow-ramp: off\n';
    await client.open(uri, text);
    const hover = (c: LspClient, line: number, character: number) =>
      c.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } });

    const version = await hover(client, 0, 3);
    assert.deepEqual(version?.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 17 } });
    assert.match(hoverText(version), /^\*\*`kubernetesVersion`\*\*\n\nThe Kubernetes release the manifests/);
    assert.match(hoverText(version), /\n\nIn force here: Kubernetes 1\.35\.$/);

    const gate = await hover(client, 2, 5);
    assert.deepEqual(gate?.range, { start: { line: 2, character: 2 }, end: { line: 2, character: 16 } });
    assert.match(hoverText(gate), /\n\nHPAScaleToZero on Kubernetes 1\.35: alpha, off by default\.$/);

    const rule = await hover(client, 4, 4);
    assert.equal(
      hoverText(rule),
      '**`rules.slow-ramp`**\n\nThe severity of slow-ramp here (its default: info).',
    );

    const rulesKey = await hover(client, 3, 1);
    assert.match(hoverText(rulesKey), /^\*\*`rules`\*\*\n\nThe severity of each rule by its id/);

    await ja.open(uri, text);
    const jaGate = await hover(ja, 2, 5);
    assert.match(hoverText(jaGate), /Kubernetes 1\.35のHPAScaleToZero: alpha、デフォルトで無効。$/);
  });
});
