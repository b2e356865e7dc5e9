/**
 * Kustomize layouts through `hpa-lint`, with the real kustomize (`kubectl kustomize`, kubectl 1.32
 * bundles kustomize 5.5): patches checked as partial objects, overlays rendered and every rule run
 * on the output, findings on the line that caused them, kustomize's own errors, and what happens
 * without a binary. Fixtures: test/fixtures/kustomize/shop (base, a prod overlay, a broken one);
 * test/fixtures/kustomize/inline (patches written inline in the kustomization, both styles).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { main } from '../../../server/src/cli';
import type { CliIO } from '../../../server/src/cli/io';
import { kustomizeLayout } from '../../../server/src/kustomize/layout';
import { parseKustomization } from '../../../server/src/kustomize/kustomization';
import { LineIndex } from '../../../server/src/yaml/ranges';
import { findKustomizeCommand, renderOverlay } from '../../../server/src/overlays/render';
import { constants } from 'node:os';
import { findYamlFiles } from '../../../server/src/workspace/diskWorkspace';
import { SHARED } from '../../support/corpusFiles';
import { requireOnPath, skipUnlessOnPath } from '../../support/tools';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..');
const SHOP = join(REPO_ROOT, 'test', 'fixtures', 'kustomize', 'shop');
/** A base and an overlay whose kustomizations are both named `Kustomization` (no extension). */
const BARE_NAME = join(REPO_ROOT, 'test', 'fixtures', 'kustomize', 'bare-name');
const INLINE = join(REPO_ROOT, 'test', 'fixtures', 'kustomize', 'inline');
/** base <- mid (an inline patch) <- top (a JSON 6902 patch file): both set minReplicas. */
const INLINE_LAYERS = join(REPO_ROOT, 'test', 'fixtures', 'kustomize', 'inline-layers');
const KUSTOMIZE_REAL = join(SHARED, 'corpus', 'kustomize-real');

/** [file, rule, severity, startLine, startChar, endLine, endChar, message] */
type Row = [string, string, string, number, number, number, number, string];

async function lint(cwd: string, args: string[]): Promise<{ code: number; rows: Row[] }> {
  let stdout = '';
  const io: CliIO = {
    stdout: (text) => void (stdout += text),
    stderr: () => undefined,
    readFile: (path) => readFile(path, 'utf8'),
    cwd,
  };
  const code = await main(['--locale', 'en', '--format', 'json', ...args], io);
  const files = JSON.parse(stdout) as {
    file: string;
    diagnostics: {
      rule: string;
      severity: string;
      message: string;
      range: { start: { line: number; character: number }; end: { line: number; character: number } };
    }[];
  }[];
  const rows = files.flatMap((f) =>
    f.diagnostics.map((d): Row => [
      f.file,
      d.rule,
      d.severity,
      d.range.start.line,
      d.range.start.character,
      d.range.end.line,
      d.range.end.character,
      d.message,
    ]),
  );
  return { code, rows };
}

async function withPath<T>(path: string, body: () => Promise<T>): Promise<T> {
  const saved = process.env.PATH;
  process.env.PATH = path;
  try {
    return await body();
  } finally {
    process.env.PATH = saved;
  }
}

describe('kustomize layout', () => {
  test('patch files are partial; overlays are the kustomizations no other one includes', () => {
    const files = new Map<string, string>();
    for (const path of [
      'base/kustomization.yaml',
      'base/hpa.yaml',
      'overlays/prod/kustomization.yaml',
      'overlays/prod/hpa-patch.yaml',
      'overlays/prod/deployment-patch.yaml',
      'overlays/broken/kustomization.yaml',
    ])
      files.set(path, readFileSync(join(SHOP, path), 'utf8'));
    const layout = kustomizeLayout(files, SHOP);
    assert.deepEqual([...layout.patchUris].sort(), [
      'overlays/prod/deployment-patch.yaml',
      'overlays/prod/hpa-patch.yaml',
    ]);
    assert.deepEqual(layout.overlays.map((o) => o.uri).sort(), [
      'overlays/broken/kustomization.yaml',
      'overlays/prod/kustomization.yaml',
    ]);
  });
});

/**
 * Where a piece of an inline patch's text is in the kustomization: [startLine, startChar, endLine,
 * endChar], 0-based, for the first `token` in patch number `patch`, and the file text there.
 */
function inlinePosition(text: string, patch: number, token: string): [number[], string] {
  const inline = parseKustomization(text)?.patches[patch]?.inline;
  assert.ok(inline, `patch ${patch} is inline`);
  const at = inline.text.indexOf(token);
  assert.ok(at >= 0, `"${token}" is in the patch`);
  const span = inline.fileSpan({ start: at, end: at + token.length });
  const lines = new LineIndex(text);
  const start = lines.position(span.start);
  const end = lines.position(span.end);
  return [[start.line, start.character, end.line, end.character], text.slice(span.start, span.end)];
}

describe('patches written inline: offsets in the kustomization', () => {
  const stripped = [
    'resources:',
    '  - ../base',
    'patches:',
    '  - patch: |-',
    '      kind: HorizontalPodAutoscaler',
    '      metadata:',
    '        name: web',
    '      spec:',
    '        behavior:',
    '          scaleUp:',
    '            policies:',
    '              - { type: Pods, value: 4, periodSeconds: 3600 }',
    '',
  ];

  test('|- : line and columns of the field inside the block', () => {
    const text = stripped.join('\n');
    assert.deepEqual(inlinePosition(text, 0, '3600'), [[11, 55, 11, 59], '3600']);
    assert.deepEqual(inlinePosition(text, 0, 'name: web'), [[6, 8, 6, 17], 'name: web']);
  });

  test('CRLF and lone CR line breaks give the same lines and columns', () => {
    for (const lineBreak of ['\r\n', '\r']) {
      const text = stripped.join(lineBreak);
      assert.deepEqual(
        inlinePosition(text, 0, '3600'),
        [[11, 55, 11, 59], '3600'],
        JSON.stringify(lineBreak),
      );
      assert.deepEqual(inlinePosition(text, 0, 'kind'), [[4, 6, 4, 10], 'kind'], JSON.stringify(lineBreak));
    }
  });

  test('| in patchesStrategicMerge, with blank lines holding fewer spaces than the block', () => {
    const text = [
      'patchesStrategicMerge:',
      '  - |',
      '    kind: Deployment',
      '',
      '  ',
      '    spec:',
      '      replicas: 3',
      '',
    ].join('\n');
    assert.deepEqual(inlinePosition(text, 0, '3'), [[6, 16, 6, 17], '3']);
    assert.deepEqual(inlinePosition(text, 0, 'replicas'), [[6, 6, 6, 14], 'replicas']);
  });

  test('|2: an indentation indicator with the first line indented further', () => {
    const text = [
      'patchesJson6902:',
      '  - target: { kind: Deployment, name: web }',
      '    patch: |2',
      '        - op: add',
      '          path: /spec/replicas',
      '          value: 3',
      '',
    ].join('\n');
    // `patch:` sits at column 4, so the block is indented 6 and its value keeps 2 more spaces.
    assert.equal(parseKustomization(text)?.patches[0]?.inline?.text.split('\n')[0], '  - op: add');
    assert.deepEqual(inlinePosition(text, 0, '/spec/replicas'), [[4, 16, 4, 30], '/spec/replicas']);
    assert.deepEqual(inlinePosition(text, 0, '3'), [[5, 17, 5, 18], '3']);
  });

  test('a folded or quoted patch has no line-for-line text: its key (or entry), first line only', () => {
    const folded = [
      'patches:',
      '  - patch: >-',
      '      kind: Deployment',
      '      spec: {replicas: 3}',
      '',
    ].join('\n');
    assert.deepEqual(inlinePosition(folded, 0, '3'), [[1, 4, 1, 9], 'patch']);
    const quoted = ['patchesStrategicMerge:', '  - "kind: Deployment\\nspec:\\n  replicas: 3"', ''].join(
      '\n',
    );
    assert.deepEqual(inlinePosition(quoted, 0, '3'), [
      [1, 4, 1, 44],
      '"kind: Deployment\\nspec:\\n  replicas: 3"',
    ]);
  });

  test('odd shapes are skipped, not thrown on: kustomize reports them when it renders', () => {
    const text = [
      'patches:',
      '  - patch: 42',
      '  - { patch: "", target: [Deployment] }',
      '  - target: not-a-map',
      '    patch: |-',
      '      - op: replace',
      '        path: /spec/replicas',
      '        value: 2',
      'patchesJson6902: just-a-string',
      'patchesStrategicMerge: [{ nested: map }, ""]',
      '',
    ].join('\n');
    const patches = parseKustomization(text)?.patches ?? [];
    assert.deepEqual(
      patches.map((p) => [p.list, p.inline?.text ?? p.path, p.target]),
      [['patches', '- op: replace\n  path: /spec/replicas\n  value: 2', undefined]],
    );
  });

  test('file patches and inline ones are listed in the order kustomize applies them', () => {
    const text = [
      'patchesJson6902:',
      '  - { target: { kind: Deployment, name: web }, path: ops.yaml }',
      'patches:',
      '  - path: hpa-patch.yaml',
      '  - patch: "kind: Deployment"',
      'patchesStrategicMerge:',
      '  - deployment-patch.yaml',
      '  - "kind: Deployment"',
      '',
    ].join('\n');
    const patches = parseKustomization(text)?.patches ?? [];
    assert.deepEqual(
      patches.map((p) => [p.list, p.path ?? 'inline', p.target?.kind ?? '']),
      [
        ['patchesStrategicMerge', 'deployment-patch.yaml', ''],
        ['patchesStrategicMerge', 'inline', ''],
        ['patches', 'hpa-patch.yaml', ''],
        ['patches', 'inline', ''],
        ['patchesJson6902', 'ops.yaml', 'Deployment'],
      ],
    );
    assert.deepEqual(parseKustomization(text)?.patchFiles, [
      'deployment-patch.yaml',
      'hpa-patch.yaml',
      'ops.yaml',
    ]);
  });
});

describe('overlays rendered with the real kustomize', { skip: skipUnlessOnPath('kubectl') }, () => {
  test('kubectl is what renders here (no kustomize on PATH)', async () => {
    assert.equal(
      (await findKustomizeCommand(undefined, dirname(requireOnPath('kubectl'))))?.label,
      'kubectl kustomize',
    );
  });

  test('each finding on the line that caused it, naming the overlay; kustomize errors as its message', async () => {
    const { code, rows } = await lint(SHOP, ['.']);
    assert.equal(code, 1); // the patch's periodSeconds is an error
    assert.deepEqual(
      rows.map((r) => r.slice(0, 7)),
      [
        // Rendered: prod's Pod gains a container without a cpu request (the base alone is fine);
        // reported once, on the HPA's metric (not again on the patch's container).
        ['base/hpa.yaml', 'missing-resource-request', 'warning', 13, 14, 13, 17],
        // A listed file that is not there: information (partial checkouts look like this).
        ['overlays/broken/kustomization.yaml', 'kustomize-render', 'info', 0, 0, 0, 9],
        // The patch itself: checked field by field, with no required-field errors.
        ['overlays/prod/hpa-patch.yaml', 'period-seconds-range', 'error', 11, 25, 11, 29],
        // The kustomization's replicas entry sets a count the HPA manages.
        ['overlays/prod/kustomization.yaml', 'replicas-conflict', 'warning', 5, 4, 5, 9],
      ],
    );
    assert.equal(
      rows[0]![7],
      'cpu utilization cannot be computed: Deployment "prod-web" has no cpu request in container "log-shipper" (missing request for cpu) (rendered overlay overlays/prod)',
    );
    assert.match(
      rows[1]![7],
      /^kustomize could not render this overlay: accumulating resources: .*missing\.yaml/,
    );
    assert.ok(!rows[1]![7].includes('hpa-kustomize-'), 'no trace of the wrapper folder');
  });

  test('--no-kustomize: only the files, patches still partial', async () => {
    const { rows } = await lint(SHOP, ['.', '--no-kustomize']);
    assert.deepEqual(
      rows.map((r) => r.slice(0, 7)),
      [['overlays/prod/hpa-patch.yaml', 'period-seconds-range', 'error', 11, 25, 11, 29]],
    );
  });

  /** test/fixtures/kustomize/inline, rendered: every finding a patch written inline causes is on its line. */
  const INLINE_ROWS = [
    // Not set by a patch: the base's line (the legacy overlay adds a container without requests).
    ['base/hpa.yaml', 'missing-resource-request', 'warning', 13, 14, 13, 17],
    // JSON 6902 in a |2 block: the `value:` of the replace, a field inside an add's value, and
    // the key a JSON patch in `patches` adds (the last segment of its path).
    ['overlays/json6902/kustomization.yaml', 'min-replicas', 'error', 13, 17, 13, 18],
    ['overlays/json6902/kustomization.yaml', 'stabilization-window-range', 'error', 18, 42, 18, 46],
    ['overlays/json6902/kustomization.yaml', 'replicas-conflict', 'warning', 25, 20, 25, 28],
    // patchesStrategicMerge, | block, under a namePrefix.
    // (The container it adds without a request is the base HPA's finding above, not a second one.)
    ['overlays/legacy/kustomization.yaml', 'replicas-conflict', 'warning', 11, 6, 11, 14],
    // patches, |- block (found on the patch itself, as a partial object) and a targeted | block.
    ['overlays/strategic/kustomization.yaml', 'period-seconds-range', 'error', 16, 31, 16, 35],
    ['overlays/strategic/kustomization.yaml', 'replicas-conflict', 'warning', 26, 8, 26, 16],
  ];

  test('patches written inline: each finding at the field the patch sets, in the kustomization', async () => {
    const { rows } = await lint(INLINE, ['.']);
    assert.deepEqual(
      rows.map((r) => r.slice(0, 7)),
      INLINE_ROWS,
    );
    const byRule = (file: string, rule: string) => rows.find((r) => r[0] === file && r[1] === rule)?.[7];
    // Found in the patch alone, so it does not need the overlay's name; the others do.
    assert.equal(
      byRule('overlays/strategic/kustomization.yaml', 'period-seconds-range'),
      'spec.behavior.scaleUp.policies[0].periodSeconds: Invalid value: 3600: must be less than or equal to 1800',
    );
    assert.match(
      byRule('overlays/strategic/kustomization.yaml', 'replicas-conflict') ?? '',
      /resets it to 3 .*\(rendered overlay overlays\/strategic\)$/,
    );
  });

  test('patches written inline with CRLF line breaks: the same lines and columns', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hpa-inline-crlf-'));
    try {
      await cp(INLINE, dir, { recursive: true });
      for (const file of [...new Set(INLINE_ROWS.map((r) => r[0] as string))]) {
        const text = await readFile(join(dir, file), 'utf8');
        assert.ok(!text.includes('\r'), `${file} starts with LF line breaks`);
        await writeFile(join(dir, file), text.replace(/\n/g, '\r\n'));
      }
      const { rows } = await lint(dir, ['.']);
      assert.deepEqual(
        rows.map((r) => r.slice(0, 7)),
        INLINE_ROWS,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('--no-kustomize: an inline strategic-merge patch is still checked as a partial object', async () => {
    const { rows } = await lint(INLINE, ['.', '--no-kustomize']);
    // No required-field errors for what the patches leave out; the field they set, at its line.
    assert.deepEqual(
      rows.map((r) => r.slice(0, 7)),
      [['overlays/strategic/kustomization.yaml', 'period-seconds-range', 'error', 16, 31, 16, 35]],
    );
  });

  test('the last kustomization to set a field is where the rendered finding goes (a JSON 6902 patch file)', async () => {
    const { rows } = await lint(INLINE_LAYERS, ['.']);
    assert.deepEqual(
      rows.map((r) => r.slice(0, 7)),
      [
        // mid's inline patch, checked on its own (mid is rendered only as part of top).
        ['mid/kustomization.yaml', 'min-replicas', 'error', 10, 21, 10, 22],
        // top's patch file replaces the value after mid's patch: its `value:`, not mid's line.
        ['top/min-replicas.yaml', 'min-replicas', 'error', 5, 9, 5, 10],
      ],
    );
    assert.match(rows[1]![7], /\(rendered overlay top\)$/);
  });

  test('a folder walk finds kustomizations named Kustomization and renders their overlay', async () => {
    const { rows } = await lint(BARE_NAME, ['.']);
    assert.deepEqual(
      rows.map((r) => r.slice(0, 7)),
      [['overlays/staging/Kustomization', 'replicas-conflict', 'warning', 6, 4, 6, 9]],
    );
    assert.match(rows[0]![7], /\(rendered overlay overlays\/staging\)$/);
  });

  test(
    'real kustomize trees: the overlays render except the two that fail upstream',
    { skip: existsSync(KUSTOMIZE_REAL) ? false : `corpus not found at ${KUSTOMIZE_REAL}` },
    async () => {
      const { rows } = await lint(KUSTOMIZE_REAL, ['.']);
      assert.deepEqual(
        rows.filter((r) => r[1] === 'kustomize-render').map((r) => [r[0], r[2]]),
        [
          // A JSON patch removing a missing annotation; a file outside the overlay's root.
          ['jrmarcello__gopherplate/deploy/overlays/develop/kustomization.yaml', 'warning'],
          ['tomshley__workload-templates-k8s/examples/scaling-hpa-karpenter/kustomization.yaml', 'warning'],
        ],
      );
      // Patches are partial: no "Required value" on any file a kustomization patches with.
      assert.deepEqual(
        rows.filter((r) => r[7].endsWith(': Required value') && r[0].includes('patch')),
        [],
      );
    },
  );
});

describe('the kustomize process', { skip: process.platform === 'win32' ? 'POSIX shell' : false }, () => {
  test('runs at low priority with its input closed, so typing keeps the CPU', async () => {
    // `read` returns at end of input, which comes after the priority is lowered; `nice` then
    // prints the niceness the command runs at (as output, which renderOverlay hands back).
    const result = await renderOverlay({ argv: ['sh', '-c', 'read line; nice'], label: 'sh' }, SHOP, 10_000);
    assert.deepEqual(
      result.ok ? result.yaml.trim() : result.message,
      String(constants.priority.PRIORITY_LOW),
    );
  });
});

describe("the server's disk scan", () => {
  test('indexes YAML files and extension-less Kustomization files, nothing else', async () => {
    const found = (await findYamlFiles(pathToFileURL(BARE_NAME).toString()))
      .map((uri) => relative(BARE_NAME, fileURLToPath(uri)).split(sep).join('/'))
      .sort();
    assert.deepEqual(found, [
      'base/Kustomization',
      'base/deployment.yaml',
      'base/hpa.yaml',
      'overlays/staging/Kustomization',
    ]);
  });
});

describe('without a kustomize binary', () => {
  test('one information finding per overlay, saying how to enable the checks', async () => {
    const { rows } = await withPath('', () => lint(SHOP, ['.']));
    assert.deepEqual(
      rows.filter((r) => r[1] === 'kustomize-unavailable').map((r) => r.slice(0, 7)),
      [
        ['overlays/broken/kustomization.yaml', 'kustomize-unavailable', 'info', 0, 0, 0, 9],
        ['overlays/prod/kustomization.yaml', 'kustomize-unavailable', 'info', 0, 0, 0, 9],
      ],
    );
    assert.equal(
      rows.find((r) => r[1] === 'kustomize-unavailable')?.[7],
      'This overlay is not rendered, so its patches are checked only one by one: install kubectl (or kustomize) on PATH, or pass --kustomize-command; --no-kustomize silences this',
    );
  });
});
