/**
 * The pre-commit recipes of the README with Debian's real `pre-commit`, on temporary git
 * repositories, without the network:
 * - the shared hook (`.pre-commit-hooks.yaml` of this repository, `language: system`): the README's
 *   config with its `rev`, pointed at a local repository holding this working tree's manifest
 *   (tagged with that rev), and hpa-lint installed as the README says (npm install --global);
 * - the local hook with `language: node`, word for word: pre-commit installs `hpa-lint@<version>`
 *   into its own Node environment from the registry, here one on 127.0.0.1 serving the package built
 *   from this repository (test/support/npmRegistry.ts).
 * A commit of an HPA with errors is stopped with the findings printed; a clean one goes through.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'yaml';
import { packCli, ROOT, VERSION } from '../../support/cliPackage';
import { type LocalRegistry, registryEnv, startRegistry } from '../../support/npmRegistry';
import { snippet } from '../../support/readmeSnippets';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const work = mkdtempSync(join(tmpdir(), 'hpa-lint-pre-commit-'));
let registry: LocalRegistry;

function env(): NodeJS.ProcessEnv {
  return {
    ...registryEnv(registry, work),
    PRE_COMMIT_HOME: join(work, 'pre-commit-cache'),
    GIT_AUTHOR_NAME: 'Test',
    GIT_AUTHOR_EMAIL: 'test@example.invalid',
    GIT_COMMITTER_NAME: 'Test',
    GIT_COMMITTER_EMAIL: 'test@example.invalid',
    GIT_CONFIG_NOSYSTEM: '1',
    HOME: work,
  };
}

function run(command: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: env() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function ok(command: string, args: string[], cwd: string): Promise<Run> {
  const r = await run(command, args, cwd);
  assert.equal(r.code, 0, `${command} ${args.join(' ')}: ${r.stdout}${r.stderr}`);
  return r;
}

/** A git repository with the clean examples and `config` as its .pre-commit-config.yaml, committed. */
async function userRepository(name: string, config: string): Promise<string> {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  await ok('git', ['init', '-q', '-b', 'main'], dir);
  for (const file of ['web-hpa.yaml', 'queue-worker.yaml'])
    copyFileSync(join(ROOT, 'examples', file), join(dir, file));
  writeFileSync(join(dir, '.pre-commit-config.yaml'), config);
  await ok('git', ['add', '-A'], dir);
  await ok('git', ['commit', '-q', '-m', 'clean manifests', '--no-verify'], dir);
  return dir;
}

async function commits(dir: string): Promise<number> {
  return Number((await ok('git', ['rev-list', '--count', 'HEAD'], dir)).stdout.trim());
}

before(async () => {
  registry = await startRegistry(packCli(join(work, 'out')));
});

after(async () => {
  await registry?.close();
  rmSync(work, { recursive: true, force: true });
});

test('.pre-commit-hooks.yaml is a valid manifest with the hook hpa-lint for YAML files', async () => {
  await ok('pre-commit', ['validate-manifest', join(ROOT, '.pre-commit-hooks.yaml')], ROOT);
  const hooks = parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Record<
    string,
    unknown
  >[];
  assert.deepEqual(
    hooks.map((h) => [h.id, h.entry, h.language, h.types, h.require_serial]),
    [['hpa-lint', 'hpa-lint', 'system', ['yaml'], true]],
  );
});

describe('the shared hook (language: system)', () => {
  let repo = '';

  before(async () => {
    // This working tree's manifest, in a repository of its own tagged with the README's rev.
    const hooks = join(work, 'hook-repository');
    mkdirSync(hooks);
    copyFileSync(join(ROOT, '.pre-commit-hooks.yaml'), join(hooks, '.pre-commit-hooks.yaml'));
    await ok('git', ['init', '-q', '-b', 'main'], hooks);
    await ok('git', ['add', '-A'], hooks);
    await ok('git', ['commit', '-q', '-m', 'hooks'], hooks);
    await ok('git', ['tag', `v${VERSION}`], hooks);
    const config = snippet('pre-commit-system').text;
    assert.match(config, /repo: https:\/\/github\.com\/hpa-tools\/hpa-linter\n/);
    repo = await userRepository(
      'system-hook',
      config.replace('https://github.com/hpa-tools/hpa-linter', hooks),
    );
    // The README's install line for this hook.
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    await ok('bash', ['-c', /npm install --global hpa-lint@\d[\w.-]*/.exec(readme)![0]], work);
  });

  test('a clean commit passes, a commit with errors is stopped with the findings, and nothing is fetched', async () => {
    const asked = registry.requests.length;
    await ok('pre-commit', ['install'], repo);
    writeFileSync(join(repo, 'notes.yaml'), 'owner: platform-team\n');
    await ok('git', ['add', 'notes.yaml'], repo);
    const clean = await ok('git', ['commit', '-m', 'notes'], repo);
    assert.match(clean.stdout + clean.stderr, /hpa-lint\.+Passed/);

    copyFileSync(join(ROOT, 'examples', 'broken-hpa.yaml'), join(repo, 'broken-hpa.yaml'));
    await ok('git', ['add', 'broken-hpa.yaml'], repo);
    const before = await commits(repo);
    const broken = await run('git', ['commit', '-m', 'broken'], repo);
    assert.equal(broken.code, 1);
    const output = broken.stdout + broken.stderr;
    assert.match(output, /hpa-lint\.+Failed/);
    assert.match(output, /- exit code: 1/);
    assert.match(output, /^broken-hpa\.yaml$/m);
    assert.match(output, /^\s+48:26\s+error\s+.*period-seconds-range$/m);
    assert.equal(await commits(repo), before, 'the commit was not made');
    assert.equal(registry.requests.length, asked, 'pre-commit reached no registry');
  });
});

describe('the local hook (language: node)', () => {
  test('pre-commit installs hpa-lint from the registry into its environment and runs it', async () => {
    const repo = await userRepository('node-hook', snippet('pre-commit-node').text);
    const clean = await run('pre-commit', ['run', '--all-files'], repo);
    assert.equal(clean.code, 0, clean.stdout + clean.stderr);
    assert.ok(
      registry.requests.includes(`/hpa-lint/-/hpa-lint-${VERSION}.tgz`),
      'the package came from the registry',
    );

    copyFileSync(join(ROOT, 'examples', 'broken-hpa.yaml'), join(repo, 'broken-hpa.yaml'));
    await ok('git', ['add', 'broken-hpa.yaml'], repo);
    const broken = await run('pre-commit', ['run'], repo);
    assert.equal(broken.code, 1, broken.stdout + broken.stderr);
    assert.match(broken.stdout, /hpa-lint\.+Failed/);
    assert.match(broken.stdout, /48:26\s+error\s+.*period-seconds-range/);
  });
});
