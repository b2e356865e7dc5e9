/**
 * The one reading of hpa-lint's command lines (server/src/cli/commandLine.ts, over node:util's
 * parseArgs): the word forms it accepts, the order it reads them in, and the usage errors it
 * throws; then each command's table through main(), with the exact message and exit code.
 */
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { readCommandLine, type CommandLineSpec } from '../../../server/src/cli/commandLine';
import { parseSimulateArgs } from '../../../server/src/cli/simulate';
import { parseTuneArgs } from '../../../server/src/cli/tune';
import { cliVersion } from '../../../server/src/cli/version';
import { setLocale } from '../../../server/src/localize';
import { UsageError } from '../../../server/src/usageError';
import { runCli } from '../../support/cliIO';

afterEach(() => setLocale('en'));

const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 10
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } }
`;

/** What a small table saw, in order: `--name value` reads, `--on` reads and positionals. */
function read(args: string[], ifMissing?: string): string[] {
  const seen: string[] = [];
  const spec: CommandLineSpec = {
    options: {
      '--name': { type: 'string', read: (v, flag) => void seen.push(`${flag}=${v}`) },
      '--num': {
        type: 'string',
        read: (v, flag) => {
          if (!/^\d+$/.test(v)) throw new UsageError(`${flag} is not a number: ${v}`);
          seen.push(`${flag}=${v}`);
        },
      },
      '--opt': { type: 'string', ifMissing, read: (v, flag) => void seen.push(`${flag}=${v}`) },
      '--on': { type: 'boolean', read: (flag) => void seen.push(flag) },
    },
    positional: (word) => void seen.push(`file ${word}`),
    unknown: (word, flag) => `unknown ${word} (${flag})`,
  };
  readCommandLine(args, spec);
  return seen;
}

function usageError(message: string) {
  return (err: unknown) => err instanceof UsageError && err.message === message;
}

test('--flag value and --flag=value read the same; the value is what follows the first =', () => {
  assert.deepEqual(read(['--name', 'web']), ['--name=web']);
  assert.deepEqual(read(['--name=web']), ['--name=web']);
  assert.deepEqual(read(['--name=a=b']), ['--name=a=b']);
  assert.deepEqual(read(['--name=']), ['--name=']);
});

test('a value that looks like a flag is the value: the next word is taken whatever it is', () => {
  assert.deepEqual(read(['--name', '--num']), ['--name=--num']);
  assert.deepEqual(read(['--name', '-1']), ['--name=-1']);
  assert.deepEqual(read(['--name', '--']), ['--name=--']);
  assert.deepEqual(read(['--name', '-']), ['--name=-']);
});

test('a flag that ends the line without its value is a usage error naming it', () => {
  assert.throws(() => read(['a.yaml', '--name']), usageError('--name needs a value'));
  assert.deepEqual(read(['a.yaml', '--opt'], ''), ['file a.yaml', '--opt=']);
});

test('an unknown flag is the spec’s message, given the whole word and the flag before =', () => {
  assert.throws(() => read(['--bogus']), usageError('unknown --bogus (--bogus)'));
  assert.throws(() => read(['--bogus=1', 'a.yaml']), usageError('unknown --bogus=1 (--bogus)'));
  assert.throws(() => read(['--=x']), usageError('unknown --=x (--)'));
  assert.throws(() => read(['---name']), usageError('unknown ---name (---name)'));
  // Names of Object.prototype are no flags either.
  assert.throws(() => read(['--constructor']), usageError('unknown --constructor (--constructor)'));
  assert.throws(() => read(['--toString=1']), usageError('unknown --toString=1 (--toString)'));
});

test('-- is an unknown flag, not the end of the options: the words after it are not read', () => {
  const seen: string[] = [];
  assert.throws(
    () =>
      readCommandLine(['a.yaml', '--', 'b.yaml'], {
        options: {},
        positional: (word) => void seen.push(word),
        unknown: (word, flag) => `unknown ${word} (${flag})`,
      }),
    usageError('unknown -- (--)'),
  );
  assert.deepEqual(seen, ['a.yaml']);
});

test('a repeated flag is read each time, in the order of the line', () => {
  assert.deepEqual(read(['--name', 'a', '--num=1', '--name=b', '--name', 'c']), [
    '--name=a',
    '--num=1',
    '--name=b',
    '--name=c',
  ]);
});

test('positionals before, between and after flags keep their order; -, -x and -abc are positionals', () => {
  assert.deepEqual(read(['a.yaml', '--name', 'n', 'b.yaml', '-', '-x', '-abc', '--on', 'c.yaml']), [
    'file a.yaml',
    '--name=n',
    'file b.yaml',
    'file -',
    'file -x',
    'file -abc',
    '--on',
    'file c.yaml',
  ]);
});

test('a boolean flag takes no value: after = it is ignored, the next word is a positional', () => {
  assert.deepEqual(read(['--on=1']), ['--on']);
  assert.deepEqual(read(['--on', 'x']), ['--on', 'file x']);
});

test('the first mistake on the line is the one reported', () => {
  assert.throws(() => read(['--num', 'x', '--bogus']), usageError('--num is not a number: x'));
  assert.throws(() => read(['--bogus', '--num', 'x']), usageError('unknown --bogus (--bogus)'));
  assert.throws(() => read(['--num', '1', '--num']), usageError('--num needs a value'));
});

test('the missing-value message is in the run’s language', () => {
  setLocale('ja');
  assert.throws(() => read(['--name']), usageError('--nameには値が必要です'));
  setLocale('zh-tw');
  assert.throws(() => read(['--name']), usageError('--name 需要一個值'));
});

test('simulate: the flags shared with tune, the = form, repeats and a file named -x', () => {
  const args = parseSimulateArgs([
    '-x',
    '--hpa=web',
    '--replicas',
    '3',
    '--assume-request',
    'cpu=500m',
    '--assume-request=memory=1Gi',
    '--format=json',
    '--format',
    'csv',
    '--feature-gates',
    'HPAScaleToZero=true',
    '--kubernetes-version=1.35',
    '--locale',
    'ja',
  ]);
  assert.equal(args.file, '-x');
  assert.equal(args.hpa, 'web');
  assert.equal(args.replicas, 3);
  assert.deepEqual(args.assumeRequest, { cpu: 500, memory: 1024 ** 3 * 1000 });
  assert.equal(args.format, 'csv');
  assert.deepEqual(args.cluster, { featureGates: { HPAScaleToZero: true }, kubernetesVersion: '1.35' });
});

test('tune: --load and --profile build the loads in the order given', () => {
  const args = parseTuneArgs(['--profile', 'burst', 'hpa.yaml', '--load=a.csv', '--profile=night']);
  assert.equal(args.file, 'hpa.yaml');
  assert.deepEqual(args.loads, [
    { kind: 'profile', name: 'burst' },
    { kind: 'csv', file: 'a.csv' },
    { kind: 'profile', name: 'night' },
  ]);
});

for (const [args, stderr] of [
  [['simulate', 'hpa.yaml', '--bogus'], 'unknown option --bogus for simulate'],
  [['simulate', 'hpa.yaml', '--bogus=1'], 'unknown option --bogus for simulate'],
  [['simulate', 'hpa.yaml', '--', 'x'], 'unknown option -- for simulate'],
  [['simulate', 'hpa.yaml', '--hpa'], '--hpa needs a value'],
  [['simulate', '--replicas', '-1', 'hpa.yaml'], '--replicas expects a whole number >= 0, got "-1"'],
  [['simulate', '--peak=x', 'hpa.yaml'], '--peak expects a number >= 0, got "x"'],
  [['simulate', 'hpa.yaml', '--duration', '1d'], '--duration expects seconds (e.g. 900, 15m, 2h), got "1d"'],
  [['simulate', 'hpa.yaml', 'b.yaml'], 'simulate takes one manifest file, got 2: hpa.yaml, b.yaml'],
  [['simulate', '--duration', '200h'], 'simulate needs a manifest file: hpa-lint simulate <file> [options]'],
  [
    ['simulate', 'hpa.yaml', '--kubernetes-version=1.2'],
    '--kubernetes-version 1.2: Kubernetes 1.2 is older than the oldest release modelled (1.25)',
  ],
  [['tune', 'hpa.yaml', '--candidates', '0'], '--candidates must be in 1..20'],
  [['tune', 'hpa.yaml', '--format', 'csv'], '--format must be one of table, json, yaml, got "csv"'],
  [['tune', 'hpa.yaml', '--bogus=1'], 'unknown option --bogus for tune'],
  [['tune', 'hpa.yaml', '--load'], '--load needs a value'],
  [['a.yaml', '--bogus=1'], 'unknown option --bogus=1'],
  [['a.yaml', '--'], 'unknown option --'],
  [['a.yaml', '--version'], 'unknown option --version'],
  [['a.yaml', '--jobs'], '--jobs needs a value'],
  [['--jobs=0', 'a.yaml'], '--jobs 0: expected a whole number from 1'],
  [['--no-kustomize=1'], 'no input: give YAML files, directories, or - for standard input'],
  [['conformance', 'v.json', '--format'], '--format must be text or json, got ""'],
  [['conformance', '--format=xml', 'v.json'], '--format must be text or json, got "xml"'],
  [['conformance', 'v.json', '--bogus=1'], 'unknown option --bogus=1 for conformance'],
  [['conformance', 'v.json', '--', 'w.json'], 'unknown option -- for conformance'],
] as const) {
  test(`usage error, exit 2: hpa-lint ${args.join(' ')}`, async () => {
    const r = await runCli([...args], { '/virtual/hpa.yaml': HPA, 'hpa.yaml': HPA, 'v.json': '[]' });
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, `hpa-lint: ${stderr}\n`);
  });
}

test('conformance: --locale at the end of the line has no value to need', async () => {
  const r = await runCli(['conformance', 'v.json', '--locale'], { 'v.json': '[]' });
  assert.deepEqual(r, { code: 0, stdout: '0 passed, 0 failed\n', stderr: '' });
});

test('usage errors of each command are in the language --locale names', async () => {
  const ja = await runCli(['simulate', 'hpa.yaml', '--locale', 'ja', '--hpa'], {});
  assert.deepEqual(ja, { code: 2, stdout: '', stderr: 'hpa-lint: --hpaには値が必要です\n' });
  const zhTw = await runCli(['a.yaml', '--locale=zh-tw', '--bogus'], {});
  assert.deepEqual(zhTw, { code: 2, stdout: '', stderr: 'hpa-lint: 未知的選項 --bogus\n' });
  const simulateZhTw = await runCli(['simulate', '--locale=zh-tw', '--bogus'], {});
  assert.equal(simulateZhTw.stderr, 'hpa-lint: simulate 沒有 --bogus 這個選項\n');
});

test('--help and -h anywhere print the usage and exit 0, even where a value is due', async () => {
  for (const args of [
    ['simulate', '--hpa', '--help'],
    ['tune', 'hpa.yaml', '-h'],
    ['a.yaml', '--help'],
  ]) {
    const r = await runCli(args, {});
    assert.equal(r.code, 0, args.join(' '));
    assert.equal(r.stderr, '');
    assert.match(r.stdout, /^usage: hpa-lint /, args.join(' '));
  }
  const conformance = await runCli(['conformance', '--format', '--help'], {});
  assert.deepEqual(conformance, {
    code: 0,
    stdout: 'usage: hpa-lint conformance <vectors.json> [--format text|json]\n',
    stderr: '',
  });
});

test('--version as the first word prints the version alone', async () => {
  const r = await runCli(['--version', '--bogus'], {});
  assert.deepEqual(r, { code: 0, stdout: `${cliVersion()}\n`, stderr: '' });
  assert.match(r.stdout, /^\d+\.\d+\.\d+/);
});
