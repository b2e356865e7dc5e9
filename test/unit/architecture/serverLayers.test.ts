// server/src is drawn in layers (server/layers.mjs, docs/architecture.md): each folder imports only
// the folders below it. These tests read every import of every file, so a new upward import, a new
// folder left out of the picture, or an eslint rule that stopped catching one fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ESLint } from 'eslint';
import { SERVER_ENTRY_POINTS, SERVER_LAYERS, SERVER_ROOT_FILES } from '../../../server/layers.mjs';

const root = join(import.meta.dirname, '..', '..', '..');
const src = join(root, 'server', 'src');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return tsFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** The folder of server/src a path lies in, '' for a root file, undefined outside server/src. */
function folderOf(path: string): string | undefined {
  const rel = relative(src, path);
  if (rel.startsWith('..')) return undefined;
  return rel.includes(sep) ? rel.split(sep)[0] : '';
}

/** Every relative import (static, dynamic, re-export) of a file, resolved to a path. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
  return specs.map((spec) => resolve(dirname(file), spec));
}

test('every folder and root file of server/src has its place in server/layers.mjs', () => {
  const entries = readdirSync(src);
  const folders = entries.filter((name) => statSync(join(src, name)).isDirectory()).sort();
  assert.deepEqual(folders, [...SERVER_LAYERS].sort());
  const rootFiles = entries.filter((name) => name.endsWith('.ts')).sort();
  assert.deepEqual(rootFiles, [...SERVER_ROOT_FILES, ...SERVER_ENTRY_POINTS].sort());
});

test('every import between folders of server/src points down, so no two folders import each other', () => {
  const rank = new Map<string, number>(SERVER_LAYERS.map((folder, i) => [folder, i]));
  const upward: string[] = [];
  const edges = new Set<string>();
  for (const file of tsFiles(src)) {
    const from = folderOf(file)!;
    if (SERVER_ENTRY_POINTS.includes(relative(src, file))) continue;
    for (const target of importsOf(file)) {
      const to = folderOf(target);
      if (to === undefined || to === from) continue;
      edges.add(`${from || '(root)'} -> ${to || '(root)'}`);
      const ok = to === '' ? true : from !== '' && rank.get(to)! > rank.get(from)!;
      if (!ok) upward.push(`${relative(root, file)} imports ${relative(root, target)}`);
    }
  }
  assert.deepEqual(upward, []);
  // The picture is not empty: the layers really do lean on each other.
  assert.ok(edges.has('lsp -> lint') && edges.has('rules -> workspace') && edges.has('workspace -> yaml'));
});

test('npm run lint rejects an upward import and a root file that imports a folder', async () => {
  const eslint = new ESLint({ cwd: root });
  const [yamlFile] = await eslint.lintText("import { x } from '../lsp/service';\nexport const y = x;\n", {
    filePath: join(src, 'yaml', 'upward-probe.ts'),
  });
  assert.deepEqual(
    yamlFile.messages.map((m) => [m.ruleId, m.line]),
    [['no-restricted-imports', 1]],
  );
  const [downward] = await eslint.lintText("import { x } from '../yaml/ranges';\nexport const y = x;\n", {
    filePath: join(src, 'rules', 'downward-probe.ts'),
  });
  assert.deepEqual(downward.messages, []);
  const [rootFile] = await eslint.lintText("import { x } from './rules/index';\nexport const y = x;\n", {
    filePath: join(src, 'root-probe.ts'),
  });
  assert.deepEqual(
    rootFile.messages.map((m) => m.ruleId),
    ['no-restricted-imports'],
  );
});
