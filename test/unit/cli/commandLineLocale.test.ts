/**
 * `hpa-lint` speaks the run's language in every subcommand: the lint summary line, simulate's
 * usage errors, notes, table and HTML report (`lang`), from `--locale` or the POSIX variables.
 * The HTML case runs dist/cli.js (node scripts/build.mjs first), the others main() in-process.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { main } from '../../../server/src/cli';
import type { CliIO } from '../../../server/src/cli/io';

const runFile = promisify(execFile);
const CLI = join(__dirname, '..', '..', '..', 'dist', 'cli.js');

const HPA_ONLY = `apiVersion: autoscaling/v2
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

async function run(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    readFile: async (path) => {
      if (path.endsWith('hpa.yaml')) return HPA_ONLY;
      if (path.endsWith('quoted.yaml')) return HPA_ONLY.replace('minReplicas: 2', 'minReplicas: "2"');
      if (path.endsWith('invalid.yaml')) return HPA_ONLY.replace('maxReplicas: 10', 'maxReplicas: 0');
      if (path.endsWith('load.csv')) return 't,cpu\nsoon,1\n';
      if (path.endsWith('external.yaml'))
        return HPA_ONLY.replace(
          /metrics:[\s\S]*$/,
          'metrics:\n    - type: External\n      external:\n        metric: { name: queue }\n        target: { type: Value, value: "30" }\n',
        );
      throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    },
    cwd: '/virtual',
  };
  const saved = { LC_ALL: process.env.LC_ALL, LC_MESSAGES: process.env.LC_MESSAGES, LANG: process.env.LANG };
  Object.assign(process.env, { LC_ALL: '', LC_MESSAGES: '', LANG: '' }, env);
  try {
    const code = await main(args, io);
    return { code, stdout, stderr };
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

test('the lint summary line is translated', async () => {
  const ja = await run(['invalid.yaml', '--locale', 'ja']);
  assert.match(ja.stdout, /^\d+件の問題 \(エラー\d+件、警告\d+件、情報\d+件\)$/m);
  const zhTw = await run(['invalid.yaml'], { LANG: 'zh_TW.UTF-8' });
  assert.match(zhTw.stdout, /^\d+ 個問題（\d+ 個錯誤，\d+ 個警告，\d+ 個資訊）$/m);
  const en = await run(['invalid.yaml', '--locale', 'en']);
  assert.match(en.stdout, /^\d+ problems \(\d+ errors, \d+ warnings, \d+ infos\)$/m);
});

test('JSON Schema type names are words of the language, not bare English', async () => {
  const ja = await run(['quoted.yaml', '--locale', 'ja', '--format', 'json']);
  assert.match(ja.stdout, /spec\.minReplicas: 無効な値: \\"2\\": 整数である必要があります/);
  const zhTw = await run(['quoted.yaml', '--locale', 'zh-tw', '--format', 'json']);
  assert.match(zhTw.stdout, /spec\.minReplicas：無效的值：\\"2\\"：應為整數/);
  const en = await run(['quoted.yaml', '--locale', 'en', '--format', 'json']);
  assert.match(en.stdout, /spec\.minReplicas: Invalid value: \\"2\\": expected integer/);
});

test("simulate: a load file's error in the run's language, after its file and line", async () => {
  const ja = await run(['simulate', 'hpa.yaml', '--load', 'load.csv', '--locale', 'ja']);
  assert.equal(ja.code, 2);
  assert.equal(ja.stderr, 'hpa-lint: load.csv:2: 時刻「soon」は0以上の秒数ではありません\n');
  const zhTw = await run(['simulate', 'hpa.yaml', '--load', 'load.csv'], { LANG: 'zh_TW.UTF-8' });
  assert.equal(zhTw.stderr, 'hpa-lint: load.csv:2: 時間「soon」不是大於或等於 0 的秒數\n');
});

test("tune and conformance: usage errors and input problems in the run's language", async () => {
  const candidates = await run(['tune', 'hpa.yaml', '--candidates', '50', '--locale', 'ja']);
  assert.equal(candidates.code, 2);
  assert.equal(candidates.stderr, 'hpa-lint: --candidatesは1から20の範囲で指定してください\n');
  const external = await run(['tune', 'external.yaml', '--duration', '1h'], { LANG: 'zh_TW.UTF-8' });
  assert.equal(external.code, 2);
  assert.equal(
    external.stderr,
    'hpa-lint: external.yaml: 此 HPA 沒有任何指標設有每個 Pod 的目標值（目標類型為 Value 的 Object 與 External 指標不算），因此無法得知負載所需的副本數\n',
  );
  const missing = await run(['conformance', 'gone.json', '--locale', 'ja']);
  assert.equal(missing.code, 2);
  assert.equal(missing.stderr, 'hpa-lint: gone.jsonを読み込めません: ファイルがありません\n');
  const noHpa = await run(['simulate', 'load.csv', '--locale', 'zh-tw']);
  assert.equal(noHpa.stderr, 'hpa-lint: load.csv: 此檔案中沒有 HorizontalPodAutoscaler\n');
});

test('simulate: usage errors in the language of --locale, even before the flag is parsed', async () => {
  const result = await run(['simulate', '--replicas', 'x', 'hpa.yaml', '--locale', 'ja']);
  assert.equal(result.code, 2);
  assert.equal(result.stderr, 'hpa-lint: --replicasには0以上の整数を指定してください。指定された値: "x"\n');
});

test('simulate: the note, the table heading, its columns and decisions follow LANG', async () => {
  const result = await run(['simulate', 'hpa.yaml', '--duration', '30'], { LANG: 'ja_JP.UTF-8' });
  assert.equal(result.code, 0, result.stderr);
  assert.equal(
    result.stderr,
    'hpa-lint: 注意: スケール対象がこのファイルにないため、リソース要求は不明です。シミュレーションではPodあたりcpu 1を仮定します (--assume-requestで別の値を指定できます)\n',
  );
  const [heading, columns] = result.stdout.split('\n');
  assert.equal(heading, 'HPA web、15秒ごとに同期');
  assert.deepEqual(columns?.split(/\s{2,}/), [
    '時刻',
    '負荷',
    '使用率',
    '提案',
    'レプリカ数',
    'Ready',
    '判断',
  ]);
});

test('simulate: wide characters keep the table columns aligned', async () => {
  const result = await run(['simulate', 'hpa.yaml', '--duration', '60', '--locale', 'zh-TW']);
  assert.equal(result.code, 0, result.stderr);
  const rows = result.stdout.split('\n').slice(1, -1);
  assert.ok(rows.length >= 3, result.stdout);
  // Where the fifth column (副本數, replicas) starts, counted in terminal cells (wide characters take two).
  const cells = (text: string) =>
    [...text].reduce((sum, char) => sum + (/[\u3000-\u9fff\uff00-\uff60]/.test(char) ? 2 : 1), 0);
  const fifthColumn = (row: string) => cells(/^(?:\S+(?: \S+)*\s{2,}){4}/.exec(row)?.[0] ?? '');
  assert.ok(rows[0]!.includes('副本數'), rows[0]);
  assert.deepEqual(
    rows.map(fifthColumn),
    rows.map(() => fifthColumn(rows[0]!)),
  );
});

test('simulate: the HTML report (dist/cli.js, bundles inlined) is in the language of the run', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'hpa-l10n-'));
  try {
    await writeFile(join(dir, 'hpa.yaml'), HPA_ONLY);
    const { stdout } = await runFile(
      process.execPath,
      [CLI, 'simulate', 'hpa.yaml', '--duration', '30', '--format', 'html'],
      { cwd: dir, env: { ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'zh_TW.UTF-8' } },
    );
    assert.match(stdout, /<html lang="zh-tw">/);
    assert.match(stdout, /"locale":"zh-tw"/);
    assert.match(stdout, /擴展目標不在此檔案中/, 'the notes inside the report are translated too');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
