/** hpa-lint in-process through main() with a fake CliIO: output shapes, exit codes, options. */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { main } from '../../../server/src/cli';
import type { CliIO } from '../../../server/src/cli/io';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const HPA = [
  'apiVersion: autoscaling/v2',
  'kind: HorizontalPodAutoscaler',
  'metadata: { name: web }',
  'spec:',
  '  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }',
  '  maxReplicas: 0',
  '',
].join('\n');
const DEPLOYMENT =
  'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: web }\nspec:\n  replicas: 2\n  template: { spec: { containers: [{ name: app, resources: { requests: { cpu: 100m } } }] } }\n';

async function run(args: string[], files: Record<string, string> = {}, stdin = ''): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const cwd = '/virtual';
  const io: CliIO = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readFile: async (p) => {
      if (p === '-') return stdin;
      const rel = p.startsWith(`${cwd}/`) ? p.slice(cwd.length + 1) : p;
      if (rel in files) return files[rel];
      throw Object.assign(new Error(`ENOENT: no such file or directory, open '${p}'`), { code: 'ENOENT' });
    },
    cwd,
  };
  const code = await main(['--locale', 'en', ...args], io);
  return { code, stdout, stderr };
}

describe('hpa-lint lint', () => {
  test('json: one entry per file, 0-based ranges, exit 1 on errors', async () => {
    const r = await run(['hpa.yaml', 'deploy.yaml', '--format', 'json'], {
      'hpa.yaml': HPA,
      'deploy.yaml': DEPLOYMENT,
    });
    assert.equal(r.code, 1);
    assert.deepEqual(JSON.parse(r.stdout), [
      {
        file: 'hpa.yaml',
        diagnostics: [
          {
            rule: 'max-replicas',
            severity: 'error',
            message: 'spec.maxReplicas: Invalid value: 0: must be greater than 0',
            range: { start: { line: 5, character: 15 }, end: { line: 5, character: 16 } },
          },
        ],
      },
      {
        file: 'deploy.yaml',
        diagnostics: [
          {
            rule: 'replicas-conflict',
            severity: 'warning',
            message:
              'spec.replicas is managed by HorizontalPodAutoscaler "web": every apply resets it to 2 and undoes the autoscaler\u2019s choice; remove the field',
            range: { start: { line: 4, character: 2 }, end: { line: 4, character: 10 } },
          },
        ],
      },
    ]);
  });

  test('sarif 2.1.0: rules with help links, results with 1-based regions', async () => {
    const r = await run(['hpa.yaml', '--format=sarif', '--rule', 'target-not-found=off'], {
      'hpa.yaml': HPA,
    });
    const sarif = JSON.parse(r.stdout);
    assert.equal(sarif.version, '2.1.0');
    assert.equal(sarif.$schema, 'https://json.schemastore.org/sarif-2.1.0.json');
    const run0 = sarif.runs[0];
    assert.equal(run0.tool.driver.name, 'hpa-lint');
    const rule = run0.tool.driver.rules[run0.results[0].ruleIndex];
    assert.equal(rule.id, 'max-replicas');
    assert.equal(
      rule.helpUri,
      'https://github.com/hpa-tools/hpa-linter/blob/main/docs/rules/max-replicas.md',
    );
    assert.deepEqual(run0.results, [
      {
        ruleId: 'max-replicas',
        ruleIndex: run0.results[0].ruleIndex,
        level: 'error',
        message: { text: 'spec.maxReplicas: Invalid value: 0: must be greater than 0' },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'hpa.yaml' },
              region: { startLine: 6, startColumn: 16, endLine: 6, endColumn: 17 },
            },
          },
        ],
      },
    ]);
  });

  test('exit 0 without errors; --rule can demote an error', async () => {
    const r = await run(['hpa.yaml', '--rule', 'max-replicas=warning', '--format', 'json'], {
      'hpa.yaml': HPA,
    });
    assert.equal(r.code, 0);
    assert.deepEqual(
      JSON.parse(r.stdout)[0].diagnostics.map((d: { rule: string; severity: string }) => [
        d.rule,
        d.severity,
      ]),
      [
        ['target-not-found', 'hint'],
        ['max-replicas', 'warning'],
      ],
    );
  });

  test('stylish lists problems with 1-based positions and a summary', async () => {
    const r = await run(['hpa.yaml', '--rule', 'target-not-found=off'], { 'hpa.yaml': HPA });
    assert.equal(
      r.stdout,
      'hpa.yaml\n  6:16     error    spec.maxReplicas: Invalid value: 0: must be greater than 0  max-replicas\n\n1 problems (1 errors, 0 warnings, 0 infos)\n',
    );
  });

  test('standard input with -', async () => {
    const r = await run(['-', '--format', 'json', '--rule', 'target-not-found=off'], {}, HPA);
    assert.equal(r.code, 1);
    assert.equal(JSON.parse(r.stdout)[0].file, '<stdin>');
  });

  test('--locale ja gives Japanese messages', async () => {
    const r = await run(
      ['hpa.yaml', '--format', 'json', '--rule', 'target-not-found=off', '--locale', 'ja'],
      { 'hpa.yaml': HPA },
    );
    assert.equal(
      JSON.parse(r.stdout)[0].diagnostics[0].message,
      'spec.maxReplicas: 無効な値: 0: 0より大きくなければなりません',
    );
  });

  test('directories are searched recursively for YAML', async () => {
    const examples = resolve(__dirname, '..', '..', '..', 'examples');
    let stdout = '';
    const io: CliIO = {
      stdout: (t) => void (stdout += t),
      stderr: () => undefined,
      readFile: async (p) => (await import('node:fs/promises')).readFile(p, 'utf8'),
      cwd: resolve(__dirname, '..', '..', '..'),
    };
    const code = await main(['examples', '--format', 'json', '--locale', 'en'], io);
    assert.equal(code, 1); // broken-hpa.yaml has errors
    assert.deepEqual(
      JSON.parse(stdout).map((f: { file: string }) => f.file),
      ['broken-hpa.yaml', 'cache-statefulset.yaml', 'queue-worker.yaml', 'web-hpa.yaml'].map(
        (n) => `examples/${n}`,
      ),
    );
    assert.ok(examples.endsWith('examples'));
  });

  for (const [args, message] of [
    [['--format', 'xml', 'a.yaml'], 'hpa-lint: unknown format "xml": use stylish, json or sarif\n'],
    [['--rule', 'nope=off', 'a.yaml'], 'hpa-lint: unknown rule "nope"\n'],
    [
      ['--rule', 'schema=loud', 'a.yaml'],
      'hpa-lint: --rule schema=loud: expected ID=off|info|warning|error\n',
    ],
    [['--frobnicate', 'a.yaml'], 'hpa-lint: unknown option --frobnicate\n'],
    [[], 'hpa-lint: no input: give YAML files, directories, or - for standard input\n'],
  ] as const) {
    test(`usage error exits 2: ${args.join(' ') || '(no arguments)'}`, async () => {
      const r = await run([...args]);
      assert.equal(r.code, 2);
      assert.equal(r.stderr, message);
      assert.equal(r.stdout, '');
    });
  }

  test('--help prints the usage and exits 0', async () => {
    const r = await run(['--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^usage: hpa-lint \[paths\|-\]\.\.\. \[--format stylish\|json\|sarif\]/);
  });

  test('an unreadable file exits 2 with one line', async () => {
    const r = await run(['missing.yaml']);
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      "hpa-lint: cannot read missing.yaml: ENOENT: no such file or directory, open '/virtual/missing.yaml'\n",
    );
  });
});
