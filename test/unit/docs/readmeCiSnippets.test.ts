/**
 * The README's CI recipes (GitHub code scanning, GitLab CI, a plain shell step) run word for word:
 * each snippet's commands are taken out of README.md and run in a checkout made of examples/, with
 * the npm package built from this repository served by a registry on 127.0.0.1 (so `npx --yes
 * hpa-lint@<version>` and `npm install --global hpa-lint@<version>` install what users would get).
 * Each recipe must give the exit codes the README's table promises, for a checkout with errors, a
 * clean one and one hpa-lint cannot read.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'yaml';
import { main } from '../../../server/src/cli';
import type { CliIO } from '../../../server/src/cli/io';
import { packCli, ROOT, VERSION } from '../../support/cliPackage';
import { type LocalRegistry, registryEnv, startRegistry } from '../../support/npmRegistry';
import { exampleCheckout, readmeSnippets, snippet } from '../../support/readmeSnippets';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

type Checkout = 'errors' | 'clean' | 'unreadable';

const work = mkdtempSync(join(tmpdir(), 'hpa-lint-readme-ci-'));
let registry: LocalRegistry;
let tarballPath = '';

before(async () => {
  tarballPath = packCli(join(work, 'out'));
  registry = await startRegistry(tarballPath);
});

after(async () => {
  await registry?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Runs a script as the CI would: bash, stopping at the first failing command (GitHub adds pipefail). */
function bash(script: string, cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
      cwd,
      env: registryEnv(registry, work),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let checkouts = 0;
function checkout(kind: Checkout): string {
  return exampleCheckout(join(work, `checkout-${++checkouts}-${kind}`), kind);
}

/** What the CLI finds in a checkout, from the sources: each finding as "file:line rule severity". */
async function expectedFindings(dir: string): Promise<string[]> {
  let stdout = '';
  const io: CliIO = {
    stdout: (t) => void (stdout += t),
    stderr: () => undefined,
    readFile: async (p) => readFileSync(p, 'utf8'),
    cwd: dir,
  };
  await main(['.', '--format', 'json', '--locale', 'en'], io);
  const results = JSON.parse(stdout) as {
    file: string;
    diagnostics: { rule: string; severity: string; range: { start: { line: number } } }[];
  }[];
  const level = (s: string) => (s === 'error' ? 'error' : s === 'warning' ? 'warning' : 'note');
  return results
    .flatMap((r) =>
      r.diagnostics.map((d) => `${r.file}:${d.range.start.line + 1} ${d.rule} ${level(d.severity)}`),
    )
    .sort();
}

interface SarifLog {
  version: string;
  runs: {
    results: {
      ruleId: string;
      level: string;
      locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
    }[];
  }[];
}

/** The findings of a SARIF file in the same shape, checking that each location is a path of the checkout. */
function sarifFindings(dir: string, file: string): string[] {
  const log = JSON.parse(readFileSync(join(dir, file), 'utf8')) as SarifLog;
  assert.equal(log.version, '2.1.0');
  return log.runs[0]!.results.map((r) => {
    const where = r.locations[0]!.physicalLocation;
    assert.ok(
      !where.artifactLocation.uri.startsWith('/'),
      `${where.artifactLocation.uri} is relative to the checkout`,
    );
    assert.ok(
      existsSync(join(dir, where.artifactLocation.uri)),
      `${where.artifactLocation.uri} is in the checkout`,
    );
    return `${where.artifactLocation.uri}:${where.region.startLine} ${r.ruleId} ${r.level}`;
  }).sort();
}

test('every version the recipes pin is the version of package.json (README, npm README, walkthrough)', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const pins = [...readme.matchAll(/hpa-lint@(\d[\w.-]*)/g)].map((m) => m[1]);
  assert.ok(pins.length >= 5, 'the recipes name hpa-lint@<version>');
  const others = ['npm/README.md', 'media/walkthrough/ci.md'].map((f) => readFileSync(join(ROOT, f), 'utf8'));
  for (const text of [readme, ...others]) {
    assert.deepEqual(
      [...text.matchAll(/hpa-lint@(\d[\w.-]*)/g)].map((m) => m[1]).filter((v) => v !== VERSION),
      [],
    );
    assert.deepEqual(
      [...new Set([...text.matchAll(/^\s*rev: (\S+)$/gm)].map((m) => m[1]))].filter(
        (r) => r !== `v${VERSION}`,
      ),
      [],
    );
  }
  assert.deepEqual([...new Set([...readme.matchAll(/^\s*rev: (\S+)$/gm)].map((m) => m[1]))], [`v${VERSION}`]);
  assert.deepEqual([...readmeSnippets(readme).keys()].sort(), [
    'github-code-scanning',
    'gitlab-ci',
    'pre-commit-node',
    'pre-commit-system',
    'shell',
    'shell-exit-codes',
  ]);
});

describe('GitHub code scanning', () => {
  const workflow = parse(snippet('github-code-scanning').text) as {
    jobs: Record<string, { steps: { uses?: string; run?: string; with?: Record<string, unknown> }[] }>;
  };
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  const lint = steps.filter((s) => s.run?.includes('hpa-lint'));
  const upload = steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));

  test('has one lint step writing SARIF, and uploads that file', () => {
    assert.equal(lint.length, 1);
    assert.match(lint[0]!.run!, /--format sarif/);
    assert.ok(upload, 'an upload-sarif step');
    assert.ok(
      lint[0]!.run!.includes(`> ${String(upload.with?.sarif_file)}`),
      'the step writes the uploaded file',
    );
  });

  test('errors found: the step passes and the SARIF holds every finding (exit 1 is not a failure)', async () => {
    const dir = checkout('errors');
    const r = await bash(lint[0]!.run!, dir);
    assert.equal(r.code, 0, r.stderr);
    const found = sarifFindings(dir, String(upload!.with!.sarif_file));
    assert.deepEqual(found, await expectedFindings(dir));
    assert.ok(
      found.some((f) => f.endsWith(' error')),
      'errors are in the upload',
    );
  });

  test('a clean checkout: the step passes with no error in the SARIF', async () => {
    const dir = checkout('clean');
    const r = await bash(lint[0]!.run!, dir);
    assert.equal(r.code, 0, r.stderr);
    const found = sarifFindings(dir, String(upload!.with!.sarif_file));
    assert.deepEqual(found, await expectedFindings(dir));
    assert.deepEqual(
      found.filter((f) => f.endsWith(' error')),
      [],
    );
  });

  test('hpa-lint cannot read a file (exit 2): the step fails', async () => {
    const r = await bash(lint[0]!.run!, checkout('unreadable'));
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /hpa-lint: .*dangling\.yaml/);
  });
});

describe('GitLab CI', () => {
  const config = parse(snippet('gitlab-ci').text) as Record<
    string,
    { script: string[]; artifacts?: { when?: string; paths: string[] } }
  >;
  const job = Object.values(config)[0]!;
  const script = job.script.join('\n');

  test('errors found: the job fails (exit 1) and the SARIF artifact holds every finding', async () => {
    const dir = checkout('errors');
    const r = await bash(script, dir);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /\d+ problems \(\d+ errors/, 'the findings are in the job log');
    assert.equal(job.artifacts?.when, 'always', 'the artifact is kept when the job fails');
    for (const path of job.artifacts!.paths)
      assert.deepEqual(sarifFindings(dir, path), await expectedFindings(dir));
  });

  test('a clean checkout: the job passes', async () => {
    const r = await bash(script, checkout('clean'));
    assert.equal(r.code, 0, r.stdout + r.stderr);
  });

  test('hpa-lint cannot read a file: the job fails', async () => {
    const r = await bash(script, checkout('unreadable'));
    assert.notEqual(r.code, 0);
  });
});

describe('a plain shell step', () => {
  const step = snippet('shell').text;
  const cases = snippet('shell-exit-codes').text;

  test('installs the package globally, says its version, and exits 1 on errors, 0 when clean, 2 when it cannot read', async () => {
    const errors = await bash(step, checkout('errors'));
    assert.equal(errors.code, 1, errors.stderr);
    assert.ok(errors.stdout.split('\n').includes(VERSION), 'hpa-lint --version says the version');
    assert.ok(existsSync(join(work, 'npm-global', 'bin', 'hpa-lint')), 'installed into the global prefix');
    assert.equal((await bash(step, checkout('clean'))).code, 0);
    assert.equal((await bash(step, checkout('unreadable'))).code, 2);
  });

  test('the script that tells the cases apart exits 1, 0 and 2 with its message', async () => {
    // hpa-lint on PATH as the step above puts it there (its first line).
    assert.equal((await bash(step.split('\n')[0]!, work)).code, 0);
    const errors = await bash(cases, checkout('errors'));
    assert.deepEqual([errors.code, errors.stdout], [1, 'hpa-lint: errors, see hpa-lint.json\n']);
    const clean = await bash(cases, checkout('clean'));
    assert.deepEqual([clean.code, clean.stdout], [0, 'hpa-lint: no errors\n']);
    const unreadable = await bash(cases, checkout('unreadable'));
    assert.equal(unreadable.code, 2);
    assert.match(unreadable.stderr, /hpa-lint could not run \(exit 2\)/);
  });
});

test('npm asked the registry for hpa-lint and its tarball only', () => {
  assert.ok(registry.requests.length > 0, 'the recipes installed from the registry');
  assert.deepEqual([...new Set(registry.requests)].sort(), [
    '/hpa-lint',
    `/hpa-lint/-/hpa-lint-${VERSION}.tgz`,
  ]);
});
