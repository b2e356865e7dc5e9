/**
 * The rules over real manifests (../shared/corpus/real beside the checkout, read in place): no crash,
 * and every error is a real mistake listed in test/fixtures/corpus-expected.json with its reason, so
 * a false positive or a lost true positive fails. Files are linted per repository, one workspace each,
 * as they would be opened in an editor. Skips, saying so, where the corpus is absent.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { FileModel } from '../../../server/src/yaml/documents';
import { locate } from '../../../server/src/lint/findingsOutput';
import { lintFile } from '../../../server/src/lint/lint';
import { setLocale } from '../../../server/src/localize';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';
import { SHARED } from '../../support/corpusFiles';

const REPO_ROOT = resolve(__dirname, '..', '..', '..');
const CORPUS = join(SHARED, 'corpus', 'real');

interface ExpectedError {
  file: string;
  rule: string;
  line: number;
  message: string;
  reason: string;
}

const expected = (
  JSON.parse(readFileSync(resolve(REPO_ROOT, 'test', 'fixtures', 'corpus-expected.json'), 'utf8')) as {
    errors: ExpectedError[];
  }
).errors;

/** Corpus files grouped by the repository SOURCES.tsv names (helm-templates/ by their own file name). */
function repositories(): Map<string, string[]> {
  const repoOf = new Map<string, string>();
  for (const line of readFileSync(join(CORPUS, 'SOURCES.tsv'), 'utf8').split(/\r?\n/).slice(1)) {
    const [file, repo] = line.split('\t');
    if (file && repo) repoOf.set(file, repo);
  }
  const files = readdirSync(CORPUS)
    .filter((f) => /\.ya?ml$/i.test(f))
    .concat(
      existsSync(join(CORPUS, 'helm-templates'))
        ? readdirSync(join(CORPUS, 'helm-templates')).map((f) => `helm-templates/${f}`)
        : [],
    );
  const groups = new Map<string, string[]>();
  for (const file of files) {
    const repo = repoOf.get(file) ?? repoOf.get(file.replace('helm-templates/', '')) ?? file;
    groups.set(repo, [...(groups.get(repo) ?? []), file]);
  }
  return groups;
}

test(
  'real manifests: no crash, and only the listed real mistakes are errors',
  { skip: existsSync(CORPUS) ? false : `corpus not found at ${CORPUS}` },
  () => {
    setLocale('en');
    const found: Omit<ExpectedError, 'reason'>[] = [];
    let linted = 0;
    for (const files of repositories().values()) {
      const workspace = new WorkspaceIndex();
      for (const file of files)
        workspace.setFile(new FileModel(file, readFileSync(join(CORPUS, file), 'utf8'), 1));
      for (const file of files) {
        const model = workspace.getFile(file);
        assert.ok(model, file);
        const findings = lintFile(model, workspace, DEFAULT_SETTINGS).filter((f) => f.uri === file);
        linted++;
        for (const d of locate(model, findings)) {
          if (d.severity === 'error')
            found.push({ file, rule: d.rule, line: d.range.start.line, message: d.message });
        }
      }
    }
    assert.ok(linted >= 90, `only ${linted} corpus files linted`);
    const key = (e: { file: string; rule: string; line: number; message: string }) =>
      `${e.file}:${e.line} ${e.rule} ${e.message}`;
    const expectedKeys = new Set(expected.map(key));
    const foundKeys = new Set(found.map(key));
    assert.deepEqual(
      found.map(key).filter((k) => !expectedKeys.has(k)),
      [],
      'errors not in corpus-expected.json (false positives?)',
    );
    assert.deepEqual(
      expected.map(key).filter((k) => !foundKeys.has(k)),
      [],
      'listed errors no longer found (regressions?)',
    );
    for (const e of expected) assert.ok(e.reason.length > 10, `no reason given for ${key(e)}`);
  },
);
