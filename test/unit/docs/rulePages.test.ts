// docs/rules/ holds one page per lint rule; diagnostics link to them (codeDescription.href). A rule
// without a page gives a dead link, a page with broken YAML teaches the mistake it warns about, and
// a severity in the docs that differs from the code misleads. These tests keep the three in step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { FileModel } from '../../../server/src/yaml/documents';
import { lintFile } from '../../../server/src/lint/lint';
import { ALL_RULES, FILE_TOO_LARGE_RULE, YAML_SYNTAX_RULE } from '../../../server/src/rules/index';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { resolveClusterTarget } from '../../../common/k8s/kubernetesVersions';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';

const root = join(import.meta.dirname, '..', '..', '..');
const docsDir = join(root, 'docs', 'rules');

/** The headings every rule page has, in this order. */
const SECTIONS = [
  'What it checks',
  // What the rule takes for granted about the cluster and the repository (API-server defaults,
  // injected sidecars, namespaces, layouts, kustomize, Helm): a finding is only as good as these.
  'Assumptions',
  'Why it matters',
  'How to fix',
  'Bad example',
  'Good example',
  'Severity and switching it off',
  'Related rules',
];

/** The levels `hpa.rules` accepts besides `off` (package.json), as the docs spell them. */
const SEVERITIES = new Set(['error', 'warning', 'info', 'hint']);

interface IndexRow {
  id: string;
  link: string;
  severity: string;
}

/** Every rule the linter can report: its own two (YAML errors, skipped files) and the registry's. */
const REGISTERED: { id: string; defaultSeverity: string }[] = [
  YAML_SYNTAX_RULE,
  FILE_TOO_LARGE_RULE,
  ...ALL_RULES,
];

/** Rules whose examples can be linted in isolation; file-too-large needs a file of megabytes. */
const LINTABLE = REGISTERED.filter((r) => r.id !== FILE_TOO_LARGE_RULE.id);

/** The rule ids the linter reports for one file holding `text`, alone in its workspace. */
function reportedRules(text: string, settings = DEFAULT_SETTINGS): string[] {
  const uri = 'file:///docs/example.yaml';
  const workspace = new WorkspaceIndex();
  workspace.setFile(new FileModel(uri, text, undefined));
  const file = workspace.getFile(uri);
  assert.ok(file, 'the example is in the workspace');
  return lintFile(file, workspace, settings).map((f) => f.rule);
}

/**
 * A page whose examples are for one release says so ("The examples are for Kubernetes 1.26."): a
 * rule that only fires on older releases is shown there; the others lint on the default release.
 */
function exampleSettings(page: string): typeof DEFAULT_SETTINGS {
  const release = /^The examples are for Kubernetes (1\.\d+)\.$/m.exec(page)?.[1];
  if (release === undefined) return DEFAULT_SETTINGS;
  const resolved = resolveClusterTarget({ kubernetesVersion: release });
  assert.ok(resolved.ok, `Kubernetes ${release} is a release the model knows`);
  return { ...DEFAULT_SETTINGS, cluster: resolved.value };
}

/** The first fenced block after a `## <section>` heading (any language: a YAML error is shown as text). */
function exampleIn(markdown: string, section: string): string {
  const at = markdown.indexOf(`## ${section}`);
  assert.ok(at >= 0, `has a "${section}" section`);
  const block = codeBlocks(markdown.slice(at))[0];
  assert.ok(block, `"${section}" holds a code block`);
  return block.body;
}

/** A complete manifest names its kind; a fragment (`containers:` alone) cannot be linted on its own. */
function isCompleteManifest(text: string): boolean {
  return /^kind: /m.test(text);
}

/** Rows of the index table: `| [`id`](id.md) | severity | category | text |`. */
function indexRows(): IndexRow[] {
  const text = readFileSync(join(docsDir, 'README.md'), 'utf8');
  const row = /^\|\s*\[`([a-z0-9-]+)`\]\(([^)]+)\)\s*\|\s*([a-z]+)\s*\|/gm;
  return [...text.matchAll(row)].map((m) => ({ id: m[1]!, link: m[2]!, severity: m[3]! }));
}

function pageIds(): string[] {
  return readdirSync(docsDir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .map((f) => f.slice(0, -'.md'.length))
    .sort();
}

function readPage(id: string): string {
  return readFileSync(join(docsDir, `${id}.md`), 'utf8');
}

/** Fenced code blocks with their info string (```yaml → 'yaml'). */
function codeBlocks(markdown: string): { lang: string; body: string }[] {
  const fence = /^```([^\n`]*)\n([\s\S]*?)^```\s*$/gm;
  return [...markdown.matchAll(fence)].map((m) => ({ lang: m[1]!.trim(), body: m[2]! }));
}

/** The text of a `## <section>`, up to the next heading. */
function sectionText(markdown: string, section: string): string {
  const at = markdown.indexOf(`\n## ${section}\n`);
  if (at < 0) return '';
  const body = markdown.slice(at + section.length + 5);
  const next = body.search(/^## /m);
  return (next < 0 ? body : body.slice(0, next)).trim();
}

/** `## Heading` lines, in order. */
function headings(markdown: string): string[] {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```\s*$/gm, '');
  return [...withoutCode.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
}

test('every registered rule has a page and a row in the index', () => {
  const pages = new Set(pageIds());
  const indexed = new Set(indexRows().map((r) => r.id));
  const ids = REGISTERED.map((r) => r.id);
  assert.ok(ids.length >= 20, 'the registry lists the rules');
  assert.deepEqual(
    ids.filter((id) => !pages.has(id)),
    [],
    'rules without docs/rules/<id>.md',
  );
  assert.deepEqual(
    ids.filter((id) => !indexed.has(id)),
    [],
    'rules missing from docs/rules/README.md',
  );
});

test('the index documents the default severity the code uses', () => {
  const documented = new Map(indexRows().map((r) => [r.id, r.severity]));
  const mismatches = REGISTERED.filter((r) => documented.get(r.id) !== r.defaultSeverity).map(
    (r) => `${r.id}: code ${r.defaultSeverity}, docs ${documented.get(r.id)}`,
  );
  assert.deepEqual(mismatches, []);
});

test('the index lists every page once, links each to its own file, with a known severity', () => {
  const rows = indexRows();
  const ids = rows.map((r) => r.id);
  assert.deepEqual([...ids].sort(), pageIds(), 'index rows and page files differ');
  assert.equal(new Set(ids).size, ids.length, 'an id appears twice in the index');
  for (const row of rows) {
    assert.equal(row.link, `${row.id}.md`, `index link of ${row.id}`);
    assert.ok(SEVERITIES.has(row.severity), `${row.id}: unknown severity "${row.severity}"`);
  }
});

test('each page states its own assumptions, not a paragraph copied onto every page', () => {
  const pageOf = new Map<string, string>();
  const copied: string[] = [];
  for (const id of pageIds()) {
    for (const point of sectionText(readPage(id), 'Assumptions').split(/\n(?=- )/)) {
      // The Helm line is one fact about the linter, worded for HPA pages alike; the rest is per rule.
      if (point.startsWith('- **Helm templates:**')) continue;
      const other = pageOf.get(point);
      if (other !== undefined) copied.push(`${id} repeats ${other}: ${point.slice(0, 60)}`);
      else pageOf.set(point, id);
    }
  }
  assert.deepEqual(copied, []);
});

test('the index explains how to switch rules off in VS Code and on the command line', () => {
  const text = readFileSync(join(docsDir, 'README.md'), 'utf8');
  assert.match(text, /"hpa\.rules"/);
  assert.match(text, /hpa-lint --rule [a-z-]+=off/);
});

for (const id of pageIds()) {
  test(`docs/rules/${id}.md: title, sections, severity, settings`, () => {
    const page = readPage(id);
    assert.equal(page.split('\n')[0], `# \`${id}\``, 'the first line is the title with the id');
    assert.deepEqual(headings(page), SECTIONS);
    const severity = /^\*\*Default severity:\*\* ([a-z]+)/m.exec(page)?.[1];
    const indexed = indexRows().find((r) => r.id === id);
    assert.ok(indexed, 'the page is in the index');
    assert.equal(severity, indexed.severity, 'the page and the index give the same default severity');
    assert.ok(page.includes(`{ "hpa.rules": { "${id}": "off" } }`), 'names the VS Code setting for this id');
    assert.ok(page.includes(`hpa-lint --rule ${id}=off`), 'names the CLI flag for this id');
    const lines = page.trimEnd().split('\n').length;
    assert.ok(lines >= 40 && lines <= 100, `a page stays between 40 and 100 lines (has ${lines})`);
  });

  test(`docs/rules/${id}.md: states its assumptions`, () => {
    const assumptions = sectionText(readPage(id), 'Assumptions');
    assert.notEqual(assumptions, '', 'has a non-empty "## Assumptions" section');
    const points = assumptions.split('\n').filter((line) => /^- \*\*[^*]+:\*\* \S/.test(line));
    assert.ok(points.length >= 2, 'names at least two assumptions, each as "- **Topic:** what is assumed"');
  });

  test(`docs/rules/${id}.md: every yaml example parses`, () => {
    const blocks = codeBlocks(readPage(id)).filter((b) => b.lang === 'yaml');
    assert.ok(blocks.length >= 1, 'at least one ```yaml example');
    for (const [n, block] of blocks.entries()) {
      const documents = parseAllDocuments(block.body);
      assert.ok(documents.length >= 1, `yaml block ${n + 1} holds a document`);
      const errors = documents.flatMap((d) => [...d.errors, ...d.warnings]).map((e) => e.message);
      assert.deepEqual(errors, [], `yaml block ${n + 1} parses cleanly`);
    }
  });

  test(`docs/rules/${id}.md: related rules link to existing pages`, () => {
    const page = readPage(id);
    const related = page.slice(page.indexOf('## Related rules'));
    const links = [...related.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    assert.ok(links.length >= 1, 'names at least one related rule');
    for (const link of links) {
      assert.match(link, /^[a-z0-9-]+\.md$/, `relative link to a rule page: ${link}`);
      assert.ok(existsSync(join(docsDir, link)), `${link} exists`);
      assert.notEqual(link, `${id}.md`, 'a page does not list itself');
    }
  });
}

for (const { id } of LINTABLE) {
  test(`docs/rules/${id}.md: the bad example triggers ${id}, the good one does not`, () => {
    const page = readPage(id);
    const settings = exampleSettings(page);
    assert.ok(
      reportedRules(exampleIn(page, 'Bad example'), settings).includes(id),
      'the bad example is reported',
    );
    const good = exampleIn(page, 'Good example');
    if (isCompleteManifest(good)) {
      assert.ok(!reportedRules(good, settings).includes(id), 'the good example is clean');
    }
  });
}
