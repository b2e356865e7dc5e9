// docs/rules/ holds one page per lint rule; diagnostics link to them (codeDescription.href). A rule
// without a page gives a dead link, a page with broken YAML teaches the mistake it warns about, and
// a severity in the docs that differs from the code misleads. These tests keep the three in step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAllDocuments } from 'yaml';

const root = join(import.meta.dirname, '..', '..');
const docsDir = join(root, 'docs', 'rules');
const rulesDir = join(root, 'server', 'src', 'rules');

/** The headings every rule page has, in this order. */
const SECTIONS = [
  'What it checks',
  'Why it matters',
  'How to fix',
  'Bad example',
  'Good example',
  'Severity and switching it off',
  'Related rules',
];

/** The levels `hpa.rules` accepts besides `off` (package.json), as the docs spell them. */
const SEVERITIES = new Set(['error', 'warning', 'info']);

interface RegisteredRule {
  id: string;
  /** Unknown when the registry lists the id only. */
  defaultSeverity: string | undefined;
}

interface IndexRow {
  id: string;
  link: string;
  severity: string;
}

function isRule(value: unknown): value is { id: string; defaultSeverity: string } {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.id === 'string' && typeof candidate.defaultSeverity === 'string';
}

/** Rules a module exports: rule objects, arrays of them, and arrays of rule ids (`ALL_RULE_IDS`). */
function rulesExportedBy(module: Record<string, unknown>): RegisteredRule[] {
  const found: RegisteredRule[] = [];
  for (const value of Object.values(module)) {
    if (isRule(value)) found.push({ id: value.id, defaultSeverity: value.defaultSeverity });
    else if (Array.isArray(value) && value.length > 0 && value.every(isRule)) {
      found.push(...value.map((r) => ({ id: r.id, defaultSeverity: r.defaultSeverity })));
    } else if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) {
      found.push(...value.map((id: string) => ({ id, defaultSeverity: undefined })));
    }
  }
  return found;
}

/** One entry per id, keeping a known severity over an unknown one. */
function byId(rules: RegisteredRule[]): RegisteredRule[] {
  const merged = new Map<string, RegisteredRule>();
  for (const rule of rules) {
    const known = merged.get(rule.id);
    if (!known || known.defaultSeverity === undefined) merged.set(rule.id, rule);
  }
  return [...merged.values()];
}

async function importTs(path: string): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
}

/**
 * The rules the server registers. The registry (server/src/rules/index.ts) is authoritative once it
 * exists; until then every rule module in the folder is read, so a new rule still needs its page.
 */
async function registeredRules(): Promise<{ rules: RegisteredRule[]; source: string }> {
  const index = join(rulesDir, 'index.ts');
  if (existsSync(index)) {
    return { rules: byId(rulesExportedBy(await importTs(index))), source: 'server/src/rules/index.ts' };
  }
  const files = existsSync(rulesDir) ? readdirSync(rulesDir).filter((f) => f.endsWith('.ts')) : [];
  const rules: RegisteredRule[] = [];
  for (const file of files) rules.push(...rulesExportedBy(await importTs(join(rulesDir, file))));
  return { rules: byId(rules), source: 'the rule modules in server/src/rules/' };
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

/** `## Heading` lines, in order. */
function headings(markdown: string): string[] {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```\s*$/gm, '');
  return [...withoutCode.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
}

test('every registered rule has a page and a row in the index', async () => {
  const { rules, source } = await registeredRules();
  assert.ok(rules.length > 0, `no rules found in ${source}`);
  const pages = new Set(pageIds());
  const indexed = new Set(indexRows().map((r) => r.id));
  const withoutPage = rules.map((r) => r.id).filter((id) => !pages.has(id));
  const notIndexed = rules.map((r) => r.id).filter((id) => !indexed.has(id));
  assert.deepEqual(withoutPage, [], `rules in ${source} without docs/rules/<id>.md`);
  assert.deepEqual(notIndexed, [], `rules in ${source} missing from docs/rules/README.md`);
});

test('the index and the pages document the default severity the code uses', async () => {
  const { rules } = await registeredRules();
  const documented = new Map(indexRows().map((r) => [r.id, r.severity]));
  const mismatches = rules
    .filter((r) => r.defaultSeverity !== undefined && documented.has(r.id))
    .filter((r) => documented.get(r.id) !== r.defaultSeverity)
    .map((r) => `${r.id}: code ${r.defaultSeverity}, docs ${documented.get(r.id)}`);
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
