/**
 * The npm package `hpa-lint` as a user installs it: `scripts/packageCli.mjs` builds the tarball,
 * `npm install --offline` puts it into an empty folder (it has no dependencies, so nothing is
 * fetched), and the installed `hpa-lint` lints a copy of examples/ outside the repository. Its
 * findings must be the ones the CLI gives from source on the same files.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { main } from '../../../server/src/cli';
import type { CliIO } from '../../../server/src/cli/io';
import { installCli, packCli, ROOT, VERSION } from '../../support/cliPackage';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const work = mkdtempSync(join(tmpdir(), 'hpa-lint-package-'));
/** A user's folder: a copy of examples/ and the package installed beside it. */
const project = join(work, 'project');
let tarball = '';
let bin = '';

function installed(args: string[], cwd = project, env: NodeJS.ProcessEnv = {}): Run {
  const r = spawnSync(bin, args, { cwd, encoding: 'utf8', env: { ...process.env, LANG: 'C', ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The same command line through the sources, in this process. */
async function fromSource(args: string[], cwd = project): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readFile: async (p) => readFileSync(p, 'utf8'),
    cwd,
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

before(() => {
  tarball = packCli(join(work, 'out'));
  cpSync(join(ROOT, 'examples'), join(project, 'examples'), { recursive: true });
  bin = installCli(tarball, project);
});

after(() => rmSync(work, { recursive: true, force: true }));

describe('the tarball', () => {
  test('is named hpa-lint-<version>.tgz after package.json', () => {
    assert.equal(basename(tarball), `hpa-lint-${VERSION}.tgz`);
  });

  test('holds the bundles, the README, the licences and nothing else', () => {
    const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort();
    assert.deepEqual(files, [
      'package/LICENSE',
      'package/README.md',
      'package/THIRD_PARTY_LICENSES.md',
      'package/dist/cli.js',
      'package/dist/lintWorker.js',
      'package/dist/webview.css',
      'package/dist/webview.js',
      'package/package.json',
    ]);
  });

  test('has its own README and the repository licence', () => {
    const dir = join(project, 'node_modules', 'hpa-lint');
    assert.equal(
      readFileSync(join(dir, 'README.md'), 'utf8'),
      readFileSync(join(ROOT, 'npm', 'README.md'), 'utf8'),
    );
    assert.equal(readFileSync(join(dir, 'LICENSE'), 'utf8'), readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
    const notices = readFileSync(join(dir, 'THIRD_PARTY_LICENSES.md'), 'utf8');
    // The two packages whose code the CLI bundles; a bundle that took in another one lists it too.
    for (const name of ['ajv', 'yaml']) assert.match(notices, new RegExp(`^## ${name} \\d`, 'm'));
  });

  test('declares the bin and no dependencies of any kind', () => {
    const manifest = JSON.parse(
      readFileSync(join(project, 'node_modules', 'hpa-lint', 'package.json'), 'utf8'),
    );
    assert.equal(manifest.name, 'hpa-lint');
    assert.equal(manifest.version, VERSION);
    assert.deepEqual(manifest.bin, { 'hpa-lint': 'dist/cli.js' });
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies'])
      assert.equal(manifest[field], undefined, `no ${field}`);
    assert.equal(manifest.scripts, undefined, 'nothing runs on install');
  });
});

describe('the installed hpa-lint', () => {
  test('--version prints the version of package.json', () => {
    const r = installed(['--version']);
    assert.deepEqual(r, { code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  test('--version from the sources reads the same package.json', async () => {
    assert.deepEqual(await fromSource(['--version']), { code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  test('finds in examples/ what the sources find, and exits 1 for the errors', async () => {
    const args = ['examples', '--format', 'json', '--locale', 'en'];
    const r = installed(args);
    const expected = await fromSource(args);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(expected.code, 1);
    assert.deepEqual(JSON.parse(r.stdout), JSON.parse(expected.stdout));
    const errors = (
      JSON.parse(r.stdout) as { file: string; diagnostics: { severity: string; rule: string }[] }[]
    )
      .flatMap((f) => f.diagnostics.filter((d) => d.severity === 'error').map((d) => `${f.file} ${d.rule}`))
      .sort();
    assert.ok(errors.length > 0, 'broken-hpa.yaml has errors');
    assert.ok(
      errors.every((e) => e.startsWith('examples/broken-hpa.yaml ')),
      errors.join('\n'),
    );
  });

  test('lints on worker threads with --jobs 2, from dist/lintWorker.js beside the CLI, with the same findings', () => {
    // The CLI falls back to one thread when the worker script is missing, with the same output: a
    // preloaded hook reports each Worker started, so a package without its worker fails here.
    const hook = join(work, 'report-workers.cjs');
    writeFileSync(
      hook,
      `const wt = require('node:worker_threads');
const Original = wt.Worker;
wt.Worker = class extends Original {
  constructor(script, options) { process.stderr.write('worker: ' + script + '\\n'); super(script, options); }
};
`,
    );
    const one = installed(['examples', '--format', 'json', '--jobs', '1']);
    const two = installed(['examples', '--format', 'json', '--jobs', '2'], project, {
      NODE_OPTIONS: `--require ${hook}`,
    });
    assert.equal(two.code, 1, two.stderr);
    assert.deepEqual(JSON.parse(two.stdout), JSON.parse(one.stdout));
    const workers = two.stderr.split('\n').filter((line) => line.startsWith('worker: '));
    assert.deepEqual(workers, [
      `worker: ${join(project, 'node_modules', 'hpa-lint', 'dist', 'lintWorker.js')}`,
    ]);
  });

  test('exits 0 on the clean examples and 2 on a usage error', () => {
    const clean = installed([
      'examples/web-hpa.yaml',
      'examples/queue-worker.yaml',
      'examples/cache-statefulset.yaml',
    ]);
    assert.equal(clean.code, 0, clean.stdout + clean.stderr);
    const usage = installed(['examples', '--format', 'xml']);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /^hpa-lint: .*xml/);
    const missing = installed(['examples/no-such-file.yaml']);
    assert.equal(missing.code, 2);
  });

  test('speaks Japanese with --locale ja (the l10n bundles are inside)', async () => {
    const args = ['examples/broken-hpa.yaml', '--locale', 'ja'];
    const r = installed(args);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /[\u3040-\u30ff]/, 'kana in the findings');
    assert.equal(r.stdout, (await fromSource(args)).stdout);
  });

  test('writes the standalone HTML report (the preview assets are inside)', () => {
    const r = installed(['simulate', 'examples/web-hpa.yaml', '--profile', 'burst', '--format', 'html']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^<!DOCTYPE html>/);
    assert.match(r.stdout, /Content-Security-Policy/);
    const webview = readFileSync(join(project, 'node_modules', 'hpa-lint', 'dist', 'webview.js'), 'utf8');
    assert.ok(r.stdout.includes(webview.slice(0, 200)), 'the packaged webview bundle is inlined');
  });
});
