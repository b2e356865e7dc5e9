/**
 * hpa-lint, simulate and tune keyed by the Kubernetes release: --kubernetes-version and
 * --feature-gates (a bad value is exit 2 naming it), the nearest .hpa-lint.yaml up the tree
 * (nested files, the flags over them, ignore globs, a broken file failing the run), and simulate
 * scaling to zero and back on 1.37 but never below 1 on 1.36. Real files in a temporary repository.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { main } from '../../../server/src/cli';
import type { CliIO } from '../../../server/src/cli/io';

const root = mkdtempSync(join(tmpdir(), 'hpa-k8s-ver-'));
after(() => rmSync(root, { recursive: true, force: true }));

const WORKER = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: worker }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: worker }
  minReplicas: 0
  maxReplicas: 10
  behavior: { scaleDown: { stabilizationWindowSeconds: 0 } }
  metrics:
    - type: External
      external:
        metric: { name: queue_depth }
        target: { type: AverageValue, averageValue: "30" }
`;

function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, 'repo-'));
  mkdirSync(join(dir, '.git'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

async function run(cwd: string, args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readFile: async (p) => readFileSync(resolve(cwd, p), 'utf8'),
    cwd,
  };
  const code = await main([...args, '--locale', 'en'], io);
  return { code, stdout, stderr };
}

interface JsonResult {
  file: string;
  diagnostics: { rule: string; severity: string; message: string }[];
}

async function lintJson(cwd: string, args: string[]) {
  const r = await run(cwd, [...args, '--format', 'json', '--rule', 'target-not-found=off']);
  const parsed = JSON.parse(r.stdout) as JsonResult[];
  const rules = Object.fromEntries(
    parsed.map((f) => [f.file, f.diagnostics.map((d) => `${d.rule}:${d.severity}`)]),
  );
  return { code: r.code, rules, parsed };
}

test('--kubernetes-version decides: minReplicas 0 with an External metric is an error on 1.36, fine on 1.37', async () => {
  const dir = repo({ 'worker.yaml': WORKER });
  const on136 = await lintJson(dir, ['worker.yaml', '--kubernetes-version', '1.36']);
  assert.equal(on136.code, 1);
  assert.deepEqual(on136.rules, { 'worker.yaml': ['min-replicas:error'] });
  assert.match(on136.parsed[0]!.diagnostics[0]!.message, /Kubernetes 1\.36 accepts minReplicas 0 only with/);
  const on137 = await lintJson(dir, ['worker.yaml', '--kubernetes-version', '1.37']);
  assert.equal(on137.code, 0);
  assert.deepEqual(on137.rules, { 'worker.yaml': [] });
  const gate = await lintJson(dir, [
    'worker.yaml',
    '--kubernetes-version=1.36',
    '--feature-gates=HPAScaleToZero=true',
  ]);
  assert.deepEqual(gate.rules, { 'worker.yaml': [] });
});

test('a bad --kubernetes-version or --feature-gates is a usage error (exit 2) naming the value', async () => {
  const dir = repo({ 'worker.yaml': WORKER });
  const cases: [string[], RegExp][] = [
    [
      ['--kubernetes-version', '1.99'],
      /--kubernetes-version 1\.99: Kubernetes 1\.99 is newer than the newest release modelled \(1\.38\)/,
    ],
    [['--kubernetes-version', 'latest'], /--kubernetes-version latest: "latest" is not a Kubernetes version/],
    [
      ['--feature-gates', 'HPAScaleToZro=true'],
      /--feature-gates HPAScaleToZro=true: unknown feature gate "HPAScaleToZro"/,
    ],
    [
      ['--feature-gates', 'HPAScaleToZero=maybe'],
      /feature gate HPAScaleToZero must be true or false, not "maybe"/,
    ],
    [
      ['--kubernetes-version', '1.31', '--feature-gates', 'HPAConfigurableTolerance=true'],
      /feature gate HPAConfigurableTolerance does not exist on Kubernetes 1\.31 \(it exists from 1\.33\)/,
    ],
  ];
  for (const [flags, message] of cases) {
    for (const command of [[], ['simulate'], ['tune']]) {
      const r = await run(dir, [...command, 'worker.yaml', ...flags]);
      assert.equal(r.code, 2, `${command.join(' ')} ${flags.join(' ')}`);
      assert.match(r.stderr, message);
    }
  }
});

test('the nearest .hpa-lint.yaml applies (staging 1.37, prod 1.35 from the root file); flags win over it', async () => {
  const dir = repo({
    '.hpa-lint.yaml': 'kubernetesVersion: "1.35"\n',
    'envs/staging/.hpa-lint.yaml': 'kubernetesVersion: "1.37"\n',
    'envs/staging/worker.yaml': WORKER,
    'envs/prod/worker.yaml': WORKER,
  });
  const nested = await lintJson(dir, ['envs']);
  assert.deepEqual(nested.rules, {
    'envs/prod/worker.yaml': ['min-replicas:error'],
    'envs/staging/.hpa-lint.yaml': [],
    'envs/staging/worker.yaml': [],
  });
  assert.match(
    nested.parsed.find((f) => f.file === 'envs/prod/worker.yaml')!.diagnostics[0]!.message,
    /\(Kubernetes 1\.35\)$/,
  );
  const flagged = await lintJson(dir, ['envs', '--kubernetes-version', '1.36']);
  assert.deepEqual(flagged.rules, {
    'envs/prod/worker.yaml': ['min-replicas:error'],
    'envs/staging/.hpa-lint.yaml': [],
    'envs/staging/worker.yaml': ['min-replicas:error'],
  });
});

test('rules and ignore in the file; a broken file is a config-file error that fails the run', async () => {
  const dir = repo({
    '.hpa-lint.yaml': 'kubernetesVersion: "1.36"\nrules:\n  min-replicas: warning\nignore:\n  - vendor/\n',
    'worker.yaml': WORKER,
    'vendor/worker.yaml': WORKER,
  });
  const r = await lintJson(dir, ['.']);
  assert.equal(r.code, 0);
  assert.deepEqual(r.rules, { '.hpa-lint.yaml': [], 'worker.yaml': ['min-replicas:warning'] });
  const overridden = await lintJson(dir, ['.', '--rule', 'min-replicas=error']);
  assert.deepEqual(overridden.rules, { '.hpa-lint.yaml': [], 'worker.yaml': ['min-replicas:error'] });

  const broken = repo({
    '.hpa-lint.yaml': 'kubernetesVerison: "1.35"\nkubernetesVersion: "1.24"\n',
    'worker.yaml': WORKER,
  });
  const b = await lintJson(broken, ['.']);
  assert.equal(b.code, 1);
  const config = b.parsed.find((f) => f.file === '.hpa-lint.yaml')!;
  assert.deepEqual(
    config.diagnostics.map((d) => [d.rule, d.severity, d.message]),
    [
      [
        'config-file',
        'error',
        'unknown setting "kubernetesVerison" (known: kubernetesVersion, featureGates, rules, slowRampBudgetSeconds, ignore)',
      ],
      ['config-file', 'error', 'Kubernetes 1.24 is older than the oldest release modelled (1.25)'],
    ],
  );
});

interface SimulationJson {
  steps: { t: number; desiredReplicas: number }[];
}

test('simulate: to zero and back on 1.37, never below 1 on 1.36 (and says why)', async () => {
  const dir = repo({ 'worker.yaml': WORKER, 'queue.csv': 't,queue_depth\n0,90\n120,0\n360,150\n' });
  const args = [
    'simulate',
    'worker.yaml',
    '--load',
    'queue.csv',
    '--duration',
    '600',
    '--replicas',
    '3',
    '--startup',
    '0',
    '--format',
    'json',
  ];
  const on137 = await run(dir, [...args, '--kubernetes-version', '1.37']);
  assert.equal(on137.code, 0, on137.stderr);
  const steps137 = (JSON.parse(on137.stdout) as SimulationJson).steps;
  assert.equal(steps137.find((s) => s.t === 120)!.desiredReplicas, 0);
  assert.equal(steps137.find((s) => s.t === 345)!.desiredReplicas, 0);
  assert.equal(steps137.find((s) => s.t === 375)!.desiredReplicas, 5);
  assert.match(on137.stderr, /modelled as Kubernetes 1\.37/);

  const on136 = await run(dir, [...args, '--kubernetes-version', '1.36']);
  assert.equal(on136.code, 0, on136.stderr);
  const steps136 = (JSON.parse(on136.stdout) as SimulationJson).steps;
  assert.equal(Math.min(...steps136.map((s) => s.desiredReplicas)), 1);
  assert.equal(steps136.at(-1)!.desiredReplicas, 5);
  assert.match(
    on136.stderr,
    /minReplicas 0 is refused by the API server of Kubernetes 1\.36 without HPAScaleToZero: simulated with minReplicas 1/,
  );

  // The nearest .hpa-lint.yaml is read by simulate too.
  writeFileSync(join(dir, '.hpa-lint.yaml'), 'kubernetesVersion: "1.36"\n');
  const fromFile = await run(dir, args);
  assert.equal(
    Math.min(...(JSON.parse(fromFile.stdout) as SimulationJson).steps.map((s) => s.desiredReplicas)),
    1,
  );
});
