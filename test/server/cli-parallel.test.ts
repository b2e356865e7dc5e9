/**
 * hpa-lint on worker threads gives exactly the one-thread findings: the built CLI (`--jobs 1` against
 * `--jobs 2`) over the shared corpus real/ and examples/ (runs with kustomizations stay on one
 * thread, so real2/'s comparison is the next one), and the threaded lint in-process against the
 * one-thread CLI over every corpus repository without a kustomization, plus files whose cross-file
 * relations span batches.
 * Needs dist/ (node scripts/build.mjs).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runLint } from '../../server/src/cli/lint';
import type { FileResult } from '../../server/src/cli/lintFormats';
import { batchesOf, groupFilesByKeys } from '../../server/src/cli/fileGroups';
import {
  lintInParallel,
  type Machine,
  BATCH_MIN_CHARS,
  WORKERS_MIN_CHARS,
  thisMachine,
  threadsFor,
} from '../../server/src/cli/parallelLint';
import { readInputs } from '../../server/src/cli/readInputs';
import { DEFAULT_SETTINGS } from '../../server/src/settings';
import { setLocale } from '../../server/src/localize';
import { ROOT, SHARED, yamlFilesUnder } from '../support/corpusFiles';

const CLI = join(ROOT, 'dist', 'cli.js');
const WORKER = join(ROOT, 'dist', 'lintWorker.js');
const CORPORA = [join(SHARED, 'corpus', 'real'), join(SHARED, 'corpus', 'real2'), join(ROOT, 'examples')];

function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  // The timeout turns a worker left running (the process never exiting) into a failure.
  const r = spawnSync(process.execPath, [CLI, '--locale', 'en', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function isKustomization(path: string): boolean {
  return /(^|\/)kustomization\.ya?ml$/i.test(path);
}

describe('hpa-lint on worker threads', () => {
  for (const corpus of [CORPORA[0]!, CORPORA[2]!]) {
    test(
      `${corpus}: --jobs 2 prints what --jobs 1 prints`,
      { skip: existsSync(corpus) ? false : `corpus not found at ${corpus}` },
      () => {
        const one = cli([corpus, '--format', 'json', '--jobs', '1']);
        const two = cli([corpus, '--format', 'json', '--jobs', '2']);
        assert.equal(two.stderr, '');
        assert.equal(two.status, one.status);
        assert.equal(two.stdout, one.stdout);
        const findings = (JSON.parse(one.stdout) as { diagnostics: unknown[] }[]).flatMap(
          (f) => f.diagnostics,
        );
        assert.ok(findings.length > 0, 'the corpus has findings, so the comparison compares something');
      },
    );
  }

  test('batches in-process, on two threads and on this one: every corpus file at once, relations across batches, same findings', async () => {
    setLocale('en');
    const files = CORPORA.filter((c) => existsSync(c))
      .flatMap((corpus) => readdirSync(corpus).map((entry) => join(corpus, entry)))
      .flatMap((entry) => {
        // A repository folder with a kustomization is left out (that run stays on one thread).
        if (!statSync(entry).isDirectory()) return /\.ya?ml$/i.test(entry) ? [entry] : [];
        const inside = yamlFilesUnder(entry);
        return inside.some(isKustomization) ? [] : inside;
      })
      .map((path) => ({ display: path, text: readFileSync(path, 'utf8') }));
    assert.ok(files.length > 200, 'most of the corpora take part (202 of 233 files when written)');
    // The HPAs of one file and their Deployments in another, at opposite ends of the list, so the
    // batches split the pair and the group's second lint must bring them together.
    const hpa = (name: string) =>
      `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: { name: ${name} }\nspec:\n  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: ${name} }\n  minReplicas: 1\n  maxReplicas: 4\n`;
    const deployment = (name: string) =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: ${name} }\nspec:\n  replicas: 3\n  selector: { matchLabels: { app: ${name} } }\n  template: { metadata: { labels: { app: ${name} } }, spec: { containers: [{ name: app }] } }\n`;
    files.unshift({ display: '/split/a-hpas.yaml', text: `${hpa('split-a')}---\n${hpa('split-b')}` });
    // A Job whose Pods split-a's selector matches, in the middle of the list: a third batch that
    // only the selector's key (not a name) joins to the pair (selector-overlap).
    files.splice(Math.floor(files.length / 2), 0, {
      display: '/split/m-job.yaml',
      text: 'apiVersion: batch/v1\nkind: Job\nmetadata: { name: warm-up }\nspec:\n  template: { metadata: { labels: { app: split-a, job: warm } }, spec: { containers: [{ name: w }] } }\n',
    });
    files.push({
      display: '/split/z-deployments.yaml',
      text: `${deployment('split-a')}---\n${deployment('split-b')}`,
    });

    const settings = { ...DEFAULT_SETTINGS, rules: {} };
    // The one-thread run of the CLI itself, over the same texts.
    const texts = new Map(files.map((f) => [f.display, f.text]));
    let stdout = '';
    await runLint([...texts.keys(), '--format', 'json', '--jobs', '1', '--no-kustomize'], {
      stdout: (text) => void (stdout += text),
      stderr: () => undefined,
      readFile: async (path) => texts.get(path) ?? '',
      cwd: '/',
    });
    // The json names a related place's file as `file`, as it names the results'; in-process it is the uri.
    const oneThread = (JSON.parse(stdout) as FileResult[]).map((r) => ({
      ...r,
      diagnostics: r.diagnostics.map((d) =>
        d.related
          ? {
              ...d,
              related: d.related.map((x) => {
                const { file, ...rest } = x as typeof x & { file: string };
                return { ...rest, uri: file };
              }),
            }
          : d,
      ),
    }));
    // Small batches, so many groups span batches and are linted a second time, as a whole.
    const threaded = await lintInParallel(
      files.map((f) => ({ uri: f.display, text: f.text })),
      settings,
      2,
      WORKER,
      20_000,
    );
    assert.deepEqual(
      threaded,
      oneThread.map((r) => r.diagnostics),
    );
    // The same batches on this thread alone (a large run on a busy machine) give them too.
    const batchesHere = await lintInParallel(
      files.map((f) => ({ uri: f.display, text: f.text })),
      settings,
      1,
      WORKER,
      20_000,
    );
    assert.deepEqual(
      batchesHere,
      oneThread.map((r) => r.diagnostics),
    );
    assert.deepEqual(
      oneThread[0]!.diagnostics.filter((d) => d.rule === 'selector-overlap').map((d) => d.range.start.line),
      [4],
      'the HPA sees the Job of a third batch through its target\u2019s selector',
    );
    const last = oneThread[oneThread.length - 1]!;
    assert.ok(
      last.diagnostics.some((d) => d.rule === 'replicas-conflict'),
      'the Deployments see their HPAs in the other batch',
    );
  });
});

describe('hpa-lint threads: starting, choosing, stopping', () => {
  test(
    'a run with a kustomization stays on one thread, whatever --jobs says',
    {
      skip: existsSync(CORPORA[1]!) ? false : `corpus not found at ${CORPORA[1]}`,
    },
    () => {
      const one = cli([CORPORA[1]!, '--format', 'json', '--no-kustomize', '--jobs', '1']);
      const two = cli([CORPORA[1]!, '--format', 'json', '--no-kustomize', '--jobs', '2']);
      assert.equal(two.stderr, '');
      assert.equal(two.stdout, one.stdout);
      assert.equal(two.status, one.status);
    },
  );

  test('threads started while reading end when a later file cannot be read: exit 2, the first such file named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hpa-cli-threads-'));
    try {
      const deployment = (i: number) =>
        `apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: app-${i} }\nspec:\n  template: { spec: { containers: [{ name: app }] } }\n`;
      for (let i = 0; i < 4; i++) writeFileSync(join(dir, `app-${i}.yaml`), deployment(i));
      // The folder's files are read (and with --jobs 2 the worker starts) before the missing ones fail.
      const run = cli([dir, join(dir, 'missing-a.yaml'), join(dir, 'missing-b.yaml'), '--jobs', '2']);
      assert.equal(run.status, 2, 'the process exited by itself, with the usage status');
      assert.equal(run.stdout, '');
      assert.match(run.stderr, /^hpa-lint: cannot read [^\n]*missing-a\.yaml: ENOENT[^\n]*\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a worker that fails fails the run with its message', async () => {
    setLocale('en');
    const dir = mkdtempSync(join(tmpdir(), 'hpa-cli-failing-worker-'));
    try {
      const script = join(dir, 'failingWorker.js');
      writeFileSync(
        script,
        "const { parentPort } = require('node:worker_threads');\n" +
          "parentPort.on('message', () => parentPort.postMessage({ type: 'failed', message: 'boom in the worker' }));\n",
      );
      const files = Array.from({ length: 40 }, (_, i) => ({
        uri: `/failing/app-${i}.yaml`,
        text: `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: app-${i} }\n`,
      }));
      await assert.rejects(
        lintInParallel(files, { ...DEFAULT_SETTINGS, rules: {} }, 2, script, 1),
        /boom in the worker/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('readInputs: texts in the order given, however the reads finish', async () => {
    setLocale('en');
    const paths = ['a.yaml', 'b.yaml', 'c.yaml'];
    // b finishes first, then c, then a: each read waits for the one after it to have finished.
    const finished = new Map<string, () => void>();
    const done = (path: string) => new Promise<void>((resolveDone) => finished.set(path, resolveDone));
    const waits = { 'a.yaml': done('c.yaml'), 'b.yaml': Promise.resolve(), 'c.yaml': done('b.yaml') };
    const { files, threads } = await readInputs(
      paths,
      (path) => path,
      {
        stdout: () => undefined,
        stderr: () => undefined,
        cwd: '/',
        readFile: async (path) => {
          await waits[path as keyof typeof waits];
          finished.get(path)?.();
          return `# ${path}\n`;
        },
      },
      { ...DEFAULT_SETTINGS, rules: {} },
      1,
      thisMachine(),
    );
    assert.equal(threads, undefined, '--jobs 1 starts no thread');
    assert.deepEqual(
      files.map((f) => [f.display, f.text]),
      paths.map((p) => [p, `# ${p}\n`]),
    );
  });

  test('readInputs: of two failures, the one given first is reported, even when it fails last', async () => {
    setLocale('en');
    let failSecond: () => void = () => undefined;
    const secondFailed = new Promise<void>((resolveFailed) => (failSecond = resolveFailed));
    const io = {
      stdout: () => undefined,
      stderr: () => undefined,
      cwd: '/',
      readFile: async (path: string) => {
        if (path === 'late.yaml') {
          await secondFailed;
          throw new Error('late failure');
        }
        failSecond();
        throw new Error('early failure');
      },
    };
    await assert.rejects(
      readInputs(
        ['late.yaml', 'early.yaml'],
        (p) => p,
        io,
        { ...DEFAULT_SETTINGS, rules: {} },
        1,
        thisMachine(),
      ),
      { name: 'UsageError', message: 'cannot read late.yaml: late failure' },
    );
  });

  test('the plan: the whole workspace for small runs and --jobs 1, batches for large ones, on the idle cores for very large ones', () => {
    const idle: Machine = { cores: 2, load: 0.2, workerScript: WORKER };
    const busy: Machine = { cores: 2, load: 6, workerScript: WORKER };
    const fromSources: Machine = { cores: 2, load: 0, workerScript: join(ROOT, 'no-such-worker.js') };
    const large = WORKERS_MIN_CHARS;
    assert.equal(threadsFor(undefined, 1, large * 10, idle), undefined, 'one file: the whole workspace');
    assert.equal(
      threadsFor(undefined, 300, BATCH_MIN_CHARS - 1, idle),
      undefined,
      'small: the whole workspace',
    );
    assert.equal(threadsFor(undefined, 300, BATCH_MIN_CHARS, idle), 1, 'larger: batches on this thread');
    assert.equal(threadsFor(undefined, 300, large - 1, idle), 1);
    assert.equal(threadsFor(undefined, 300, large, idle), 2, 'very large on an idle machine: both cores');
    assert.equal(threadsFor(undefined, 300, large, { ...idle, load: 1.3 }), 1, 'one core busy: this thread');
    assert.equal(threadsFor(undefined, 300, large, { ...idle, cores: 8, load: 5.5 }), 3);
    assert.equal(threadsFor(undefined, 300, large, busy), 1, 'a busy machine: batches on this thread');
    assert.equal(threadsFor(undefined, 300, large, fromSources), 1, 'no worker bundle: this thread');
    assert.equal(threadsFor(3, 2, 0, busy), 2, '--jobs is followed, capped by the number of files');
    assert.equal(threadsFor(1, 300, large * 10, idle), undefined, '--jobs 1 is the whole workspace');
    assert.equal(threadsFor(2, 300, 0, fromSources), undefined, 'no worker bundle: the whole workspace');
  });
});

describe('file groups', () => {
  test('files sharing a key are one group, named by their first file', () => {
    assert.deepEqual(groupFilesByKeys([['a'], ['b'], ['c', 'a'], [], ['b', 'd'], ['d']]), [
      [0, 2],
      [1, 4, 5],
      [3],
    ]);
  });

  test('a key chain joins groups that met separately', () => {
    assert.deepEqual(groupFilesByKeys([['x'], ['y'], ['x', 'y']]), [[0, 1, 2]]);
  });

  test('batches: contiguous runs under the limit, a large file alone', () => {
    assert.deepEqual(batchesOf([1, 1, 1, 1], 2), [
      [0, 1],
      [2, 3],
    ]);
    assert.deepEqual(batchesOf([1, 10, 1, 1], 3), [[0], [1], [2, 3]]);
    assert.deepEqual(batchesOf([], 3), []);
  });
});
