/**
 * `hpa-lint simulate` in-process through main() with an in-memory CliIO.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../../server/src/cli';
import { parseLoadCsv } from '../../../common/preview/csv';
import { memoryIO } from '../../support/cliIO';

const fakeIO = memoryIO;

const MANIFEST = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
        - name: web
          resources:
            requests:
              cpu: 250m
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  minReplicas: 2
  maxReplicas: 10
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: 50
`;

test('--format json has exactly the documented shape', async () => {
  const f = fakeIO({ 'web.yaml': MANIFEST });
  const code = await main(
    ['simulate', 'web.yaml', '--format', 'json', '--duration', '60', '--profile', 'normal'],
    f.io,
  );
  assert.equal(code, 0);
  assert.equal(f.stderr(), '');
  const json = JSON.parse(f.stdout());
  assert.deepEqual(Object.keys(json), ['hpa', 'syncPeriodSeconds', 'pod', 'steps']);
  assert.equal(json.hpa, 'web');
  assert.equal(json.syncPeriodSeconds, 15);
  assert.equal(json.steps.length, 4);
  assert.deepEqual(
    json.steps.map((s: { t: number }) => s.t),
    [0, 15, 30, 45],
  );
  for (const step of json.steps) {
    assert.deepEqual(Object.keys(step), [
      't',
      'replicas',
      'readyReplicas',
      'desiredReplicas',
      'metrics',
      'limitedBy',
      'reason',
    ]);
    assert.deepEqual(Object.keys(step.metrics[0]), ['name', 'value', 'target', 'utilization']);
    assert.equal(step.metrics[0].name, 'cpu');
    assert.equal(step.metrics[0].target, 50);
    assert.equal(step.replicas, 2);
    assert.equal(step.limitedBy, null);
    assert.equal(step.reason, 'withinTolerance');
  }
});

test('a CSV load drives the metric: 1 CPU over 2 Pods of 250m is 200 %', async () => {
  const f = fakeIO({ 'web.yaml': MANIFEST, 'load.csv': 't,cpu\n0,1\n30,250m\n' });
  const code = await main(
    ['simulate', 'web.yaml', '--load', 'load.csv', '--format', 'json', '--duration', '45', '--startup', '0'],
    f.io,
  );
  assert.equal(code, 0);
  const steps = JSON.parse(f.stdout()).steps;
  assert.equal(steps[0].metrics[0].utilization, 200);
  assert.equal(steps[0].metrics[0].value, 500);
  // The formula asks for ceil(4 x 2) = 8; without behavior the legacy limit is max(2 x 2, 4) = 4.
  assert.equal(steps[0].desiredReplicas, 4);
  assert.equal(steps[0].reason, 'legacyScaleUpLimit');
  assert.equal(steps[0].limitedBy, 'ScaleUpLimit');
  assert.equal(steps[2].metrics[0].utilization, 12); // 250m over 4 Pods of 250m
});

test('a timeline the preview exported loads as a load file: its load:cpu column, the rest ignored', async () => {
  const exported = 't_seconds,load:cpu,base:replicas,base:reason\n0,1,2,withinTolerance\n30,250m,4,scaleUp\n';
  const f = fakeIO({ 'web.yaml': MANIFEST, 'timeline.csv': exported });
  const code = await main(
    [
      'simulate',
      'web.yaml',
      '--load',
      'timeline.csv',
      '--format',
      'json',
      '--duration',
      '45',
      '--startup',
      '0',
    ],
    f.io,
  );
  assert.equal(code, 0);
  assert.equal(
    f.stderr(),
    'hpa-lint: note: timeline.csv: columns ignored (no metric of this HPA is named so): base:replicas, base:reason\n' +
      'hpa-lint: note: timeline.csv covers 1m; --duration 45s runs only its first 45s\n',
  );
  const steps = JSON.parse(f.stdout()).steps;
  // 1 CPU over 2 then 4 Pods; then 250m over the 8 Pods the HPA has reached, 31.25m read as 32m.
  assert.deepEqual(
    steps.map((s: { replicas: number; metrics: { value: number }[] }) => [s.replicas, s.metrics[0]?.value]),
    [
      [2, 500],
      [4, 250],
      [8, 32],
    ],
  );
});

test('csv and table formats', async () => {
  const f = fakeIO({ 'web.yaml': MANIFEST });
  assert.equal(await main(['simulate', 'web.yaml', '--format', 'csv', '--duration', '30'], f.io), 0);
  const lines = f.stdout().trimEnd().split('\n');
  assert.equal(
    lines[0],
    't_seconds,load:cpu (cores),hpa:replicas,hpa:ready,hpa:desired,hpa:reason,hpa:cpu:value_milli,' +
      'hpa:limited_by,hpa:cpu:target,hpa:cpu:utilization_percent,hpa:cpu:proposal',
  );
  assert.equal(lines.length, 3);
  const t = fakeIO({ 'web.yaml': MANIFEST });
  assert.equal(await main(['simulate', 'web.yaml', '--duration', '15'], t.io), 0);
  const table = t.stdout().split('\n');
  assert.equal(table[0], 'HPA web, one sync every 15 s');
  assert.match(table[1] as string, /^t\s+load\s+utilization\s+proposal\s+replicas\s+ready\s+decision$/);
  assert.match(
    table[2] as string,
    /^00:00\s+cpu=\S+\s+\d+%\/50%\s+2\s+2\s+2\s+Every metric is within the tolerance band: no change from 2\.$/,
  );
});

async function failure(files: Record<string, string>, args: string[]): Promise<string> {
  const f = fakeIO(files);
  const code = await main(['simulate', ...args], f.io);
  assert.equal(code, 2);
  assert.equal(f.stdout(), '');
  assert.doesNotMatch(f.stderr(), /\n\s+at /); // no stack trace
  return f.stderr();
}

test('bad input exits 2 with a message naming the file and line', async () => {
  assert.equal(await failure({}, ['missing.yaml']), 'hpa-lint: cannot read missing.yaml: no such file\n');
  assert.equal(
    await failure({ 'd.yaml': 'apiVersion: v1\nkind: ConfigMap\n' }, ['d.yaml']),
    'hpa-lint: d.yaml: no HorizontalPodAutoscaler in this file\n',
  );
  const badType = MANIFEST.replace('    - type: Resource', '    - type: Magic');
  assert.equal(
    await failure({ 'b.yaml': badType }, ['b.yaml']),
    'hpa-lint: b.yaml:26: unknown metric type "Magic" (expected Resource, ContainerResource, Pods, Object or External)\n',
  );
  assert.equal(
    await failure({ 'web.yaml': MANIFEST, 'l.csv': 't,cpu\n0,1\n15,lots\n' }, [
      'web.yaml',
      '--load',
      'l.csv',
    ]),
    'hpa-lint: l.csv:3: column "cpu": "lots" is not a quantity ≥ 0 (e.g. 250m, 1.5, 2Gi)\n',
  );
  assert.equal(
    await failure({ 'web.yaml': MANIFEST, 'l.csv': 't,qps\n0,1\n' }, ['web.yaml', '--load', 'l.csv']),
    'hpa-lint: l.csv:1: no column matches a metric of this HPA (cpu)\n',
  );
  assert.equal(
    await failure({ 'web.yaml': MANIFEST, 'l.csv': 't,cpu\n0,1\n0,2\n' }, ['web.yaml', '--load', 'l.csv']),
    'hpa-lint: l.csv:3: time 0 does not increase (the row before is at 0)\n',
  );
  assert.equal(
    await failure({ 'web.yaml': MANIFEST, 'l.csv': 't,cpu\n0,1,2\n' }, ['web.yaml', '--load', 'l.csv']),
    'hpa-lint: l.csv:2: expected at most 2 values (t,cpu), found 3\n',
  );
  // Lines count comments and blank lines, so the number is the editor's.
  assert.equal(
    await failure({ 'web.yaml': MANIFEST, 'l.csv': '# load\nt,cpu\n\n0,1\n-5,2\n' }, [
      'web.yaml',
      '--load',
      'l.csv',
    ]),
    'hpa-lint: l.csv:5: time "-5" is not a number of seconds ≥ 0\n',
  );
  assert.equal(
    await failure({ 'web.yaml': MANIFEST, 'l.csv': 't,cpu,cpu\n0,1,2\n' }, ['web.yaml', '--load', 'l.csv']),
    'hpa-lint: l.csv:1: two columns feed the metric "cpu"\n',
  );
  assert.equal(
    await failure({ 'y.yaml': 'a: [1, 2\n' }, ['y.yaml']),
    'hpa-lint: y.yaml:2: Flow sequence in block collection must be sufficiently indented and end with a ]\n',
  );
  assert.equal(
    await failure({ 'web.yaml': MANIFEST }, ['web.yaml', '--hpa', 'api']),
    'hpa-lint: web.yaml: no HorizontalPodAutoscaler named "api" (found: web)\n',
  );
  assert.equal(
    await failure({ 'web.yaml': MANIFEST }, ['web.yaml', '--format', 'xml']),
    'hpa-lint: --format must be one of table, json, csv, html, got "xml"\n',
  );
  assert.equal(
    await failure({}, []),
    'hpa-lint: simulate needs a manifest file: hpa-lint simulate <file> [options]\n',
  );
  assert.equal(
    await failure({ 'web.yaml': MANIFEST }, ['web.yaml', '--profile', 'storm']),
    'hpa-lint: unknown profile "storm" (known: night, normal, burst, ramp, daily, spike-train)\n',
  );
});

test('a target outside the file: requests are assumed and said so', async () => {
  const hpaOnly = MANIFEST.slice(MANIFEST.indexOf('apiVersion: autoscaling/v2'));
  const f = fakeIO({ 'h.yaml': hpaOnly });
  assert.equal(await main(['simulate', 'h.yaml', '--format', 'json', '--duration', '15'], f.io), 0);
  assert.equal(
    f.stderr(),
    'hpa-lint: note: the scale target is not in this file, so its requests are unknown: the simulation assumes cpu 1 per Pod (--assume-request sets others)\n',
  );
  assert.equal(JSON.parse(f.stdout()).steps[0].reason, 'withinTolerance');
});

test('--help prints the options and exits 0', async () => {
  const f = fakeIO({});
  assert.equal(await main(['simulate', '--help'], f.io), 0);
  const lines = f.stdout().split('\n');
  assert.equal(lines[0], 'usage: hpa-lint simulate <file> [options]');
  assert.ok(
    lines.some(
      (l) =>
        l.startsWith('  --profile NAME ') && l.includes('night, normal, burst, ramp, daily, spike-train'),
    ),
  );
  assert.equal(f.stderr(), '');
});

test('older autoscaling versions are converted: v1 and v2beta1', async () => {
  const v1 = `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata:
  name: old
spec:
  scaleTargetRef: { kind: Deployment, name: web }
  minReplicas: 1
  maxReplicas: 4
  targetCPUUtilizationPercentage: 70
`;
  const f = fakeIO({ 'v1.yaml': v1 });
  assert.equal(await main(['simulate', 'v1.yaml', '--format', 'json', '--duration', '15'], f.io), 0);
  assert.equal(JSON.parse(f.stdout()).steps[0].metrics[0].target, 70);
  const v2beta1 = `apiVersion: autoscaling/v2beta1
kind: HorizontalPodAutoscaler
metadata:
  name: beta
spec:
  scaleTargetRef: { kind: Deployment, name: web }
  maxReplicas: 4
  metrics:
    - type: Pods
      pods: { metricName: rps, targetAverageValue: 20 }
    - type: External
      external: { metricName: queue, targetValue: 100 }
`;
  const g = fakeIO({ 'b.yaml': v2beta1 });
  assert.equal(await main(['simulate', 'b.yaml', '--format', 'json', '--duration', '15'], g.io), 0);
  assert.deepEqual(
    JSON.parse(g.stdout()).steps[0].metrics.map((m: { name: string; target: number }) => [m.name, m.target]),
    [
      ['rps', 20000],
      ['queue', 100000],
    ],
  );
  const mislabelled = v2beta1.replace('v2beta1', 'v2beta2');
  const h = fakeIO({ 'm.yaml': mislabelled });
  assert.equal(await main(['simulate', 'm.yaml'], h.io), 2);
  assert.equal(
    h.stderr(),
    'hpa-lint: m.yaml:9: a Pods metric needs pods.target (this is autoscaling/v2beta1 syntax; set apiVersion: autoscaling/v2beta1 or use target)\n',
  );
});

test('simulate --format csv is a load: --load replays it as the same run, and the panel reads the same loads', async () => {
  const first = fakeIO({ 'web.yaml': MANIFEST });
  const flags = ['--profile', 'burst', '--duration', '40m', '--replicas', '3'];
  assert.equal(
    await main(['simulate', 'web.yaml', ...flags, '--format', 'csv'], first.io),
    0,
    first.stderr(),
  );
  const exported = first.stdout();
  const replay = fakeIO({ 'web.yaml': MANIFEST, 'run.csv': exported });
  assert.equal(
    await main(
      [
        'simulate',
        'web.yaml',
        '--load',
        'run.csv',
        '--duration',
        '40m',
        '--replicas',
        '3',
        '--format',
        'csv',
      ],
      replay.io,
    ),
    0,
    replay.stderr(),
  );
  // Every column but the notes: the same loads, replicas, reasons and proposals at every sync.
  const rows = (text: string) => text.trimEnd().split('\n');
  assert.equal(rows(exported).length, 161);
  assert.deepEqual(rows(replay.stdout()), rows(exported));
  assert.ok(new Set(rows(exported).map((r) => r.split(',')[2])).size > 2, 'the run scales');
  // The preview's own reader takes the same file: one load column, every sync of the run.
  const loads = parseLoadCsv(exported, ['cpu']);
  assert.equal(loads.rows, 160);
  assert.equal(loads.loads[0]!.points.length, 160);
  assert.deepEqual(loads.ignoredColumns.slice(0, 2), ['hpa:replicas', 'hpa:ready']);
});
