/**
 * selector-overlap: another workload's Pods that the HPA target's selector matches (matchLabels and
 * matchExpressions read as Kubernetes reads them), in the target's folder and namespace, reported on
 * the target's name in scaleTargetRef with each matched workload as a related place.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintFilesRelated } from '../../support/inProcessLint';

const RULE = 'selector-overlap';

/** A Deployment with a selector (YAML flow text) and Pod labels (YAML flow text); line 9 is `labels:`. */
function deployment(
  name: string,
  selector: string,
  labels: string,
  extra: { namespace?: string; replicas?: number; kind?: string; apiVersion?: string } = {},
): string {
  return [
    `apiVersion: ${extra.apiVersion ?? 'apps/v1'}`,
    `kind: ${extra.kind ?? 'Deployment'}`,
    'metadata:',
    `  name: ${name}`,
    `  namespace: ${extra.namespace ?? 'shop'}`,
    'spec:',
    `  replicas: ${extra.replicas ?? 2}`,
    `  selector: ${selector}`,
    '  template:',
    '    metadata:',
    `      labels: ${labels}`,
    '    spec:',
    '      containers:',
    '        - name: app',
    '          image: app:1',
    '          resources: { requests: { cpu: 100m } }',
    '',
  ].join('\n');
}

/** An HPA on Deployment "web"; the target's name is on line 6, characters 65..68. */
function hpa(name = 'web', metrics = '', namespace = 'shop'): string {
  return [
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    `  name: ${name}`,
    `  namespace: ${namespace}`,
    'spec:',
    `  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: ${name} }`,
    '  maxReplicas: 10',
    ...(metrics ? ['  metrics:', ...metrics.split('\n').map((l) => `    ${l}`)] : []),
    '',
  ].join('\n');
}

const WEB = deployment('web', '{ matchLabels: { app: web } }', '{ app: web }');
const CANARY = deployment(
  'web-canary',
  '{ matchLabels: { app: web, track: canary } }',
  '{ app: web, track: canary }',
);

const PLAIN = (others: string, selector = 'app=web') =>
  `The selector of Deployment "web" (${selector}) also matches the Pods of ${others}: the HPA averages its metrics over those Pods too and scales Deployment "web" on their load; give the Pods of Deployment "web" a label the others lack and select on it`;

/** The rule's rows on hpa.yaml: [line, char, endLine, endChar, message] with related rows. */
function overlapOn(files: Record<string, string>, name = 'hpa.yaml') {
  return lintFilesRelated(files, name)
    .filter(([row]) => row[0] === RULE)
    .map(([row, related]) => [[row[1], row[2], row[3], row[4], row[5], row[6]], related]);
}

describe('selector-overlap', () => {
  test('a canary whose labels the selector matches: on the target name, linking the canary\u2019s labels', () => {
    const rows = overlapOn({ 'hpa.yaml': hpa(), 'web.yaml': WEB, 'canary.yaml': CANARY });
    assert.deepEqual(rows, [
      [
        ['warning', 6, 65, 6, 68, PLAIN('Deployment "web-canary" (canary.yaml)')],
        [['canary.yaml', 10, 6, 10, 12, 'Deployment "web-canary": its Pods match the selector app=web']],
      ],
    ]);
  });

  test('the workload file itself has no finding; the target alone or with a copy of itself has none', () => {
    assert.deepEqual(
      overlapOn({ 'hpa.yaml': hpa(), 'web.yaml': WEB, 'canary.yaml': CANARY }, 'web.yaml'),
      [],
    );
    assert.deepEqual(overlapOn({ 'hpa.yaml': hpa(), 'web.yaml': WEB }), []);
    // The same Deployment written twice in the folder is one object defined twice.
    assert.deepEqual(overlapOn({ 'hpa.yaml': hpa(), 'web.yaml': WEB, 'web-copy.yaml': WEB }), []);
  });

  test('labels the selector does not match: no finding', () => {
    const other = deployment('api', '{ matchLabels: { app: api } }', '{ app: api, tier: web }');
    assert.deepEqual(overlapOn({ 'hpa.yaml': hpa(), 'web.yaml': WEB, 'api.yaml': other }), []);
  });

  test('another namespace: no finding; an unset namespace may be the target\u2019s', () => {
    const elsewhere = CANARY.replace('namespace: shop', 'namespace: staging');
    assert.deepEqual(overlapOn({ 'hpa.yaml': hpa(), 'web.yaml': WEB, 'canary.yaml': elsewhere }), []);
    const unset = CANARY.replace('  namespace: shop\n', '');
    assert.deepEqual(
      overlapOn({ 'hpa.yaml': hpa(), 'web.yaml': WEB, 'canary.yaml': unset }).map(
        (r) => (r[0] as unknown[])[1],
      ),
      [6],
    );
  });

  test('another folder is another environment: no finding', () => {
    assert.deepEqual(overlapOn({ 'hpa.yaml': hpa(), 'web.yaml': WEB, 'canary/canary.yaml': CANARY }), []);
  });

  test('a folder of samples: another file holding a workload with its own HPA is another application', () => {
    const sample = `${CANARY}---\n${hpa('web-canary')}`;
    assert.deepEqual(overlapOn({ 'hpa.yaml': hpa(), 'web.yaml': WEB, 'sample.yaml': sample }), []);
    // In the target's own file it is applied with the target.
    const together = `${WEB}---\n${sample}`;
    assert.equal(overlapOn({ 'hpa.yaml': hpa(), 'web.yaml': together }).length, 1);
  });

  test('matchExpressions: In, NotIn, Exists and DoesNotExist as Kubernetes reads them', () => {
    const selector =
      '{ matchExpressions: [{ key: app, operator: In, values: [web, www] }, { key: track, operator: NotIn, values: [canary] }, { key: tier, operator: Exists }, { key: legacy, operator: DoesNotExist }] }';
    const target = deployment('web', selector, '{ app: web, tier: fe }');
    const text = 'app in (web,www),track notin (canary),tier,!legacy';
    const other = (name: string, labels: string) => deployment(name, `{ matchLabels: ${labels} }`, labels);
    const matched = (labels: string) =>
      overlapOn({ 'hpa.yaml': hpa(), 'web.yaml': target, 'other.yaml': other('other', labels) }).map(
        (r) => (r[0] as unknown[])[5],
      );
    assert.deepEqual(matched('{ app: www, tier: be }'), [PLAIN('Deployment "other" (other.yaml)', text)]);
    assert.deepEqual(matched('{ app: www, tier: be, track: stable }'), [
      PLAIN('Deployment "other" (other.yaml)', text),
    ]);
    assert.deepEqual(matched('{ app: api, tier: be }'), [], 'In: a value not listed');
    assert.deepEqual(matched('{ app: web, tier: be, track: canary }'), [], 'NotIn: a listed value');
    assert.deepEqual(matched('{ app: web }'), [], 'Exists: the key is missing');
    assert.deepEqual(matched('{ app: web, tier: be, legacy: "true" }'), [], 'DoesNotExist: the key is there');
  });

  test('a Job, a CronJob and a bare Pod with matching labels are named, in one finding', () => {
    const job = [
      'apiVersion: batch/v1',
      'kind: Job',
      'metadata: { name: migrate, namespace: shop }',
      'spec:',
      '  template:',
      '    metadata:',
      '      labels: { app: web, job: migrate }',
      '    spec: { restartPolicy: Never, containers: [{ name: m, image: m:1 }] }',
      '---',
      'apiVersion: batch/v1',
      'kind: CronJob',
      'metadata: { name: report, namespace: shop }',
      'spec:',
      '  schedule: "0 * * * *"',
      '  jobTemplate:',
      '    spec:',
      '      template:',
      '        metadata:',
      '          labels: { app: web }',
      '        spec: { restartPolicy: Never, containers: [{ name: r, image: r:1 }] }',
      '---',
      'apiVersion: v1',
      'kind: Pod',
      'metadata:',
      '  name: debug',
      '  namespace: shop',
      '  labels: { app: web }',
      'spec: { containers: [{ name: d, image: d:1 }] }',
      '',
    ].join('\n');
    const rows = overlapOn({ 'hpa.yaml': hpa(), 'web.yaml': WEB, 'jobs.yaml': job });
    assert.deepEqual(rows, [
      [
        [
          'warning',
          6,
          65,
          6,
          68,
          PLAIN('Job "migrate" (jobs.yaml), CronJob "report" (jobs.yaml), Pod "debug" (jobs.yaml)'),
        ],
        [
          ['jobs.yaml', 6, 6, 6, 12, 'Job "migrate": its Pods match the selector app=web'],
          ['jobs.yaml', 18, 10, 18, 16, 'CronJob "report": its Pods match the selector app=web'],
          ['jobs.yaml', 26, 2, 26, 8, 'Pod "debug": its Pods match the selector app=web'],
        ],
      ],
    ]);
  });

  test('a matched workload with an autoscaler of its own: both select its Pods (AmbiguousSelector)', () => {
    const canaryHpa = hpa('web-canary');
    const rows = overlapOn({
      'hpa.yaml': hpa(),
      'web.yaml': WEB,
      'canary.yaml': CANARY,
      'canary-hpa.yaml': canaryHpa,
    });
    assert.deepEqual(
      rows.map((r) => (r[0] as unknown[])[5]),
      [
        'The selector of Deployment "web" (app=web) also matches the Pods of Deployment "web-canary" (canary.yaml), which another autoscaler scales: both select the same Pods, so the controller scales neither (AmbiguousSelector); give each workload a label the other\u2019s Pods lack and select on it',
      ],
    );
    // The canary's own selector matches only its Pods.
    assert.deepEqual(
      overlapOn(
        { 'hpa.yaml': hpa(), 'web.yaml': WEB, 'canary.yaml': CANARY, 'canary-hpa.yaml': canaryHpa },
        'canary-hpa.yaml',
      ),
      [],
    );
  });

  test('Pods that do not exist or do not count: replicas 0, AverageValue External metrics only', () => {
    const idle = deployment('web-canary', '{ matchLabels: { app: web } }', '{ app: web }', { replicas: 0 });
    assert.deepEqual(overlapOn({ 'hpa.yaml': hpa(), 'web.yaml': WEB, 'canary.yaml': idle }), []);
    const external = [
      '- type: External',
      '  external:',
      '    metric: { name: queue_depth }',
      '    target: { type: AverageValue, averageValue: "30" }',
    ].join('\n');
    assert.deepEqual(
      overlapOn({ 'hpa.yaml': hpa('web', external), 'web.yaml': WEB, 'canary.yaml': CANARY }),
      [],
    );
    // A Value target counts the ready Pods the selector lists: they matter again.
    const value = external.replace('type: AverageValue, averageValue', 'type: Value, value');
    assert.equal(
      overlapOn({ 'hpa.yaml': hpa('web', value), 'web.yaml': WEB, 'canary.yaml': CANARY }).length,
      1,
    );
  });

  test('a ReplicationController\u2019s map selector, and one defaulted from the template labels', () => {
    const rc = [
      'apiVersion: v1',
      'kind: ReplicationController',
      'metadata: { name: web, namespace: shop }',
      'spec:',
      '  template:',
      '    metadata:',
      '      labels: { app: web }',
      '    spec: { containers: [{ name: app, image: app:1, resources: { requests: { cpu: 100m } } }] }',
      '',
    ].join('\n');
    const rcHpa = hpa().replace(
      'apiVersion: apps/v1, kind: Deployment',
      'apiVersion: v1, kind: ReplicationController',
    );
    const rows = overlapOn({ 'hpa.yaml': rcHpa, 'web.yaml': rc, 'canary.yaml': CANARY });
    assert.equal(rows.length, 1);
    assert.match(
      String((rows[0]![0] as unknown[])[5]),
      /^The selector of ReplicationController "web" \(app=web\)/,
    );
    const mapSelector = rc.replace('  template:', '  selector: { app: web, track: stable }\n  template:');
    assert.deepEqual(overlapOn({ 'hpa.yaml': rcHpa, 'web.yaml': mapSelector, 'canary.yaml': CANARY }), []);
  });
});
