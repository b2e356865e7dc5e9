/**
 * Quick fixes and refactors: each edit applied to the text gives exactly the expected YAML (comments,
 * indentation, list style and line endings kept), and the server's own rules, run again on the
 * result, no longer report the diagnostic the fix was for.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CodeAction, CodeActionContext, Diagnostic, Range, TextEdit } from 'vscode-languageserver';
import { provideCodeActions } from '../../../server/src/features/codeActions';
import type { FeatureContext } from '../../../server/src/features/context';
import { applyEdits } from '../../../server/src/edits/spanEdits';
import { FileModel } from '../../../server/src/yaml/documents';
import { locate } from '../../../server/src/lint/findingsOutput';
import { lintFile } from '../../../server/src/lint/lint';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';
import { sameBothWays } from '../../support/indexedFiles';

const URI = 'file:///w/app.yaml';

/** The diagnostics the language server would publish for this text (all rules, default settings). */
function lint(text: string): Diagnostic[] {
  const workspace = new WorkspaceIndex();
  const model = new FileModel(URI, text, 1);
  workspace.setFile(model);
  return locate(model, lintFile(model, workspace, { ...DEFAULT_SETTINGS })).map((f) => ({
    range: f.range,
    message: f.message,
    source: 'hpa',
    code: f.rule,
  }));
}

function codes(text: string): string[] {
  return lint(text).map((d) => String(d.code));
}

type Options = Partial<Omit<FeatureContext, 'workspace'>>;

/**
 * The code actions for a range of the text at URI, the same whether workloads were parsed in full
 * or from their read fields (as the language server parses them).
 */
function codeActions(
  text: string,
  range: Range,
  context: Pick<CodeActionContext, 'diagnostics' | 'only'>,
  options: Options = {},
): CodeAction[] {
  return sameBothWays({ [URI]: text }, ({ file, workspace }) =>
    provideCodeActions(file(URI), range, context, { locale: 'en', workspace, ...options }),
  );
}

function actionsFor(text: string, rule: string, options: Options = {}): CodeAction[] {
  const diagnostics = lint(text).filter((d) => d.code === rule);
  assert.ok(diagnostics.length > 0, `the text has a ${rule} diagnostic`);
  return diagnostics.flatMap((d) =>
    codeActions(text, d.range, { diagnostics: [d], only: ['quickfix'] }, options),
  );
}

function apply(text: string, action: CodeAction): string {
  const edits = action.edit?.changes?.[URI] as TextEdit[] | undefined;
  assert.ok(edits, 'a plain edit for the document');
  return applyEdits(new FileModel(URI, text, 1), edits);
}

const lines = (...ls: string[]): string => ls.map((l) => `${l}\n`).join('');

const DEPLOYMENT = lines(
  '# The API front end.',
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: api',
  'spec:',
  '  replicas: 3   # set by hand last spring',
  '  selector:',
  '    matchLabels:',
  '      app: api',
  '  template:',
  '    metadata:',
  '      labels:',
  '        app: api',
  '    spec:',
  '      containers:',
  '        - name: api',
  '          image: example/api:2',
  '          resources:',
  '            requests:',
  '              memory: 128Mi   # measured',
  '        - name: shipper',
  '          image: example/shipper:1',
);

const HPA = lines(
  '---',
  'apiVersion: autoscaling/v2',
  'kind: HorizontalPodAutoscaler',
  'metadata:',
  '  name: api',
  'spec:',
  '  scaleTargetRef:',
  '    apiVersion: apps/v1',
  '    kind: Deployment',
  '    name: api',
  '  minReplicas: 2',
  '  maxReplicas: 10',
  '  metrics:',
  '    - type: Resource',
  '      resource:',
  '        name: cpu',
  '        target:',
  '          type: Utilization',
  '          averageUtilization: 70',
);

test('replicas-conflict: removes the line with its comment, warns of the one-time drop to 1 replica', () => {
  const text = DEPLOYMENT + HPA;
  const [action, ...rest] = actionsFor(text, 'replicas-conflict');
  assert.equal(rest.length, 0);
  assert.equal(
    action!.title,
    'Remove spec.replicas from Deployment api (the next kubectl apply drops it to 1 replica once)',
  );
  assert.equal(action!.kind, 'quickfix');
  assert.equal(action!.diagnostics?.[0]?.code, 'replicas-conflict');
  const fixed = apply(text, action!);
  assert.equal(fixed, text.replace('  replicas: 3   # set by hand last spring\n', ''));
  assert.ok(!codes(fixed).includes('replicas-conflict'));
  const ja = actionsFor(text, 'replicas-conflict', { locale: 'ja' })[0]!;
  assert.equal(
    ja.title,
    'Deployment apiからspec.replicasを削除 (次回のkubectl applyで一時的にレプリカ数が1に減ります)',
  );
});

test('missing-resource-request: adds cpu next to memory, and a whole requests block where none exists', () => {
  const text = DEPLOYMENT.replace('  replicas: 3   # set by hand last spring\n', '') + HPA;
  const actions = actionsFor(text, 'missing-resource-request');
  const titles = [...new Set(actions.map((a) => a.title))];
  assert.deepEqual(titles, [
    'Add a cpu request (100m) to container api',
    'Add a cpu request (100m) to container shipper',
  ]);
  const api = actions.find((a) => a.title.endsWith('api'))!;
  assert.equal(api.isPreferred, true);
  const once = apply(text, api);
  assert.equal(
    once,
    text.replace(
      '              memory: 128Mi   # measured\n',
      '              memory: 128Mi   # measured\n              cpu: 100m\n',
    ),
  );
  const shipper = actionsFor(once, 'missing-resource-request').find((a) => a.title.endsWith('shipper'))!;
  const twice = apply(once, shipper);
  assert.equal(
    twice,
    once.replace(
      '          image: example/shipper:1\n',
      '          image: example/shipper:1\n          resources:\n            requests:\n              cpu: 100m\n',
    ),
  );
  assert.ok(!codes(twice).includes('missing-resource-request'));
});

test('missing-resource-request: requests go under an existing resources block, and as a snippet when the client takes one', () => {
  const text =
    lines(
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: api',
      'spec:',
      '  template:',
      '    spec:',
      '      containers:',
      '      - name: api',
      '        resources:',
      '          limits:',
      '            memory: 1Gi',
    ) + HPA;
  const [action] = actionsFor(text, 'missing-resource-request');
  const fixed = apply(text, action!);
  assert.equal(
    fixed,
    text.replace(
      '            memory: 1Gi\n',
      '            memory: 1Gi\n          requests:\n            cpu: 100m\n',
    ),
  );
  assert.ok(!codes(fixed).includes('missing-resource-request'));

  const [snippet] = actionsFor(text, 'missing-resource-request', { snippetEdits: true });
  const change = snippet!.edit!.documentChanges![0] as {
    edits: { snippet?: { kind: string; value: string } }[];
  };
  assert.deepEqual(change.edits[0]!.snippet, {
    kind: 'snippet',
    value: '          requests:\n            cpu: ${1:100m}\n',
  });
});

test('missing-resource-request: a container ending in fields no rule reads gets its requests after them', () => {
  // The language server parses this Deployment without env and probe values: the container's tree
  // ends at `env:`, its text four lines later. The fix goes where a full parse puts it.
  const deployment = lines(
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: api',
    'spec:',
    '  template:',
    '    spec:',
    '      containers:',
    '        - name: api',
    '          image: example/api:2',
    '          env:',
    '            - name: MODE',
    '              # production only',
    '              value: "prod"',
    '        # the sidecar',
    '        - name: shipper',
    '          livenessProbe:',
    '            httpGet: { path: /healthz, port: 8080 }',
    '      volumes:',
    '        - name: data',
    '          emptyDir: {}',
  );
  const text = deployment + HPA;
  const titles = actionsFor(text, 'missing-resource-request').map((a) => a.title);
  assert.deepEqual(
    [...new Set(titles)],
    ['Add a cpu request (100m) to container api', 'Add a cpu request (100m) to container shipper'],
  );
  const api = actionsFor(text, 'missing-resource-request').find((a) => a.title.endsWith(' api'))!;
  const once = apply(text, api);
  assert.equal(
    once,
    text.replace(
      '              value: "prod"\n',
      '              value: "prod"\n          resources:\n            requests:\n              cpu: 100m\n',
    ),
  );
  const shipper = actionsFor(once, 'missing-resource-request').find((a) => a.title.endsWith('shipper'))!;
  const twice = apply(once, shipper);
  assert.equal(
    twice,
    once.replace(
      '            httpGet: { path: /healthz, port: 8080 }\n',
      '            httpGet: { path: /healthz, port: 8080 }\n          resources:\n            requests:\n              cpu: 100m\n',
    ),
  );
  assert.ok(!codes(twice).includes('missing-resource-request'));
});

test('missing-resource-request: a restartable init container counts, and gets the request too', () => {
  const text =
    lines(
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: api',
      'spec:',
      '  template:',
      '    spec:',
      '      initContainers:',
      '        - name: proxy',
      '          restartPolicy: Always',
      '          image: example/proxy:1',
      '      containers:',
      '        - name: api',
      '          resources:',
      '            requests:',
      '              cpu: 250m',
    ) + HPA;
  const actions = actionsFor(text, 'missing-resource-request');
  assert.deepEqual(
    [...new Set(actions.map((a) => a.title))],
    ['Add a cpu request (100m) to container proxy'],
  );
  const fixed = apply(text, actions[0]!);
  assert.equal(
    fixed,
    text.replace(
      '          image: example/proxy:1\n',
      '          image: example/proxy:1\n          resources:\n            requests:\n              cpu: 100m\n',
    ),
  );
  assert.ok(!codes(fixed).includes('missing-resource-request'));
});

test('fixes on an HPA whose workload is in another file edit that file', () => {
  const deploymentUri = 'file:///w/deployment.yaml';
  const deployment = DEPLOYMENT.replace(
    '              memory: 128Mi   # measured\n',
    '              memory: 128Mi\n',
  );
  const hpa = HPA.replace('---\n', '');
  const actions = sameBothWays({ [URI]: hpa, [deploymentUri]: deployment }, ({ file, workspace }) => {
    const hpaFile = file(URI);
    const findings = lintFile(hpaFile, workspace, { ...DEFAULT_SETTINGS }).filter((f) => f.uri === URI);
    const diagnostics = locate(hpaFile, findings)
      .filter((f) => f.rule === 'missing-resource-request')
      .map((f) => ({ range: f.range, message: f.message, source: 'hpa', code: f.rule }));
    assert.equal(diagnostics.length, 1, 'the HPA metric is reported');
    return provideCodeActions(
      hpaFile,
      diagnostics[0]!.range,
      { diagnostics, only: ['quickfix'] },
      {
        locale: 'en',
        workspace,
      },
    );
  });
  assert.deepEqual(
    actions.map((a) => a.title),
    ['Add a cpu request (100m) to container api', 'Add a cpu request (100m) to container shipper'],
  );
  const edits = actions[0]!.edit!.changes![deploymentUri]!;
  assert.equal(
    applyEdits(new FileModel(deploymentUri, deployment, 1), edits),
    deployment.replace(
      '              memory: 128Mi\n',
      '              memory: 128Mi\n              cpu: 100m\n',
    ),
  );
  assert.equal(actions[0]!.edit!.changes![URI], undefined, "nothing changes in the HPA's file");
});

test('fixes follow a CRLF file with four-space indentation', () => {
  const crlf = (...ls: string[]): string => ls.map((l) => `${l}\r\n`).join('');
  const text = crlf(
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '    name: api',
    'spec:',
    '    replicas: 2',
    '    template:',
    '        spec:',
    '            containers:',
    '                - name: api',
    '                  image: example/api:2',
    '---',
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    '    name: api',
    'spec:',
    '    scaleTargetRef:',
    '        apiVersion: apps/v1',
    '        kind: Deployment',
    '        name: api',
    '    maxReplicas: 4',
    '    metrics:',
    '        - type: Resource',
    '          resource:',
    '              name: memory',
    '              target:',
    '                  type: Utilization',
    '                  averageUtilization: 80',
  );
  const removed = apply(text, actionsFor(text, 'replicas-conflict')[0]!);
  assert.equal(removed, text.replace('    replicas: 2\r\n', ''));
  const [request] = actionsFor(removed, 'missing-resource-request');
  assert.equal(request!.title, 'Add a memory request (128Mi) to container api');
  const fixed = apply(removed, request!);
  assert.equal(
    fixed,
    removed.replace(
      '                  image: example/api:2\r\n',
      '                  image: example/api:2\r\n' +
        '                  resources:\r\n' +
        '                      requests:\r\n' +
        '                          memory: 128Mi\r\n',
    ),
  );
  assert.deepEqual(codes(fixed), []);
});

const BEHAVIOR_HPA = lines(
  'apiVersion: autoscaling/v2',
  'kind: HorizontalPodAutoscaler',
  'metadata:',
  '  name: api',
  'spec:',
  '  scaleTargetRef:',
  '    apiVersion: apps/v1',
  '    kind: Deployment',
  '    name: api',
  '  maxReplicas: 10',
  '  behavior:',
  '    scaleUp:',
  '      policies:',
  '        - type: Pods',
  '          value: 2',
  '          periodSeconds: 3600     # an hour',
  '        - type: Percent',
  '          value: 50',
  '          periodSeconds: 0',
  '    scaleDown:',
  '      stabilizationWindowSeconds: 7200   # two hours',
);

test('period-seconds-range: clamps to 1800 and to 1, keeping the comment', () => {
  const actions = actionsFor(BEHAVIOR_HPA, 'period-seconds-range');
  assert.deepEqual(
    actions.map((a) => [a.title, a.isPreferred]),
    [
      ['Set periodSeconds to 1800 (valid: 1 to 1800)', true],
      ['Set periodSeconds to 1 (valid: 1 to 1800)', true],
    ],
  );
  let text = BEHAVIOR_HPA;
  text = apply(text, actions[0]!);
  assert.equal(
    text,
    BEHAVIOR_HPA.replace('periodSeconds: 3600     # an hour', 'periodSeconds: 1800     # an hour'),
  );
  text = apply(text, actionsFor(text, 'period-seconds-range')[0]!);
  assert.equal(text.split('\n')[18], '          periodSeconds: 1');
  assert.ok(!codes(text).includes('period-seconds-range'));
});

test('stabilization-window-range: clamps 7200 to 3600 and -5 to 0', () => {
  const [action] = actionsFor(BEHAVIOR_HPA, 'stabilization-window-range');
  assert.equal(action!.title, 'Set stabilizationWindowSeconds to 3600 (valid: 0 to 3600)');
  const fixed = apply(BEHAVIOR_HPA, action!);
  assert.equal(fixed, BEHAVIOR_HPA.replace('7200   # two hours', '3600   # two hours'));
  assert.ok(!codes(fixed).includes('stabilization-window-range'));
  const negative = BEHAVIOR_HPA.replace('7200', '-5');
  const zero = apply(negative, actionsFor(negative, 'stabilization-window-range')[0]!);
  assert.equal(zero, BEHAVIOR_HPA.replace('7200', '0'));
  assert.ok(!codes(zero).includes('stabilization-window-range'));
});

test('deprecated-api-version: v2beta2 changes only the apiVersion and keeps its comment', () => {
  const text = HPA.replace('autoscaling/v2', 'autoscaling/v2beta2   # old');
  const [action] = actionsFor(text, 'deprecated-api-version');
  assert.equal(action!.title, 'Migrate autoscaling/v2beta2 to autoscaling/v2');
  const fixed = apply(text, action!);
  assert.equal(fixed, HPA.replace('autoscaling/v2', 'autoscaling/v2   # old'));
  assert.deepEqual(codes(fixed), codes(HPA));
});

test('autoscaling-v1-cpu-only: v1 targetCPUUtilizationPercentage becomes a Resource cpu metric (CRLF, flush lists)', () => {
  const v1 = [
    'apiVersion: autoscaling/v1',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    '  name: api',
    '  labels:',
    '    tier: web',
    'spec:',
    '  scaleTargetRef:',
    '    apiVersion: apps/v1',
    '    kind: Deployment',
    '    name: api',
    '  minReplicas: 2',
    '  maxReplicas: 10',
    '  targetCPUUtilizationPercentage: 65  # tuned',
    'status:',
    '  conditions:',
    '  - type: AbleToScale',
    '',
  ].join('\r\n');
  const [action] = actionsFor(v1, 'autoscaling-v1-cpu-only');
  const fixed = apply(v1, action!);
  assert.equal(
    fixed,
    [
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata:',
      '  name: api',
      '  labels:',
      '    tier: web',
      'spec:',
      '  scaleTargetRef:',
      '    apiVersion: apps/v1',
      '    kind: Deployment',
      '    name: api',
      '  minReplicas: 2',
      '  maxReplicas: 10',
      '  metrics:',
      '  - type: Resource',
      '    resource:',
      '      name: cpu',
      '      target:',
      '        type: Utilization',
      '        averageUtilization: 65  # tuned',
      'status:',
      '  conditions:',
      '  - type: AbleToScale',
      '',
    ].join('\r\n'),
  );
  // The Deployment is not in this file: that is the only finding left.
  assert.deepEqual(codes(fixed), ['target-not-found']);
});

test('deprecated-api-version: v2beta1 metrics get target blocks, metric names and describedObject', () => {
  const v2beta1 = lines(
    'apiVersion: autoscaling/v2beta1',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    '  name: api',
    'spec:',
    '  scaleTargetRef:',
    '    apiVersion: apps/v1',
    '    kind: Deployment',
    '    name: api',
    '  maxReplicas: 10',
    '  metrics:',
    '    - type: Resource',
    '      resource:',
    '        name: memory',
    '        targetAverageValue: 500Mi',
    '    - type: Pods',
    '      pods:',
    '        metricName: requests_per_second   # from the adapter',
    '        targetAverageValue: "10"',
    '    - type: Object',
    '      object:',
    '        target:',
    '          apiVersion: networking.k8s.io/v1',
    '          kind: Ingress',
    '          name: main',
    '        metricName: hits',
    '        targetValue: 2k',
    '    - type: Resource',
    '      resource:',
    '        name: cpu',
    '        targetAverageUtilization: 60',
  );
  const [action] = actionsFor(v2beta1, 'deprecated-api-version');
  assert.equal(action!.title, 'Migrate autoscaling/v2beta1 to autoscaling/v2');
  const fixed = apply(v2beta1, action!);
  assert.equal(
    fixed,
    lines(
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata:',
      '  name: api',
      'spec:',
      '  scaleTargetRef:',
      '    apiVersion: apps/v1',
      '    kind: Deployment',
      '    name: api',
      '  maxReplicas: 10',
      '  metrics:',
      '    - type: Resource',
      '      resource:',
      '        name: memory',
      '        target:',
      '          type: AverageValue',
      '          averageValue: 500Mi',
      '    - type: Pods',
      '      pods:',
      '        metric:',
      '          name: requests_per_second   # from the adapter',
      '        target:',
      '          type: AverageValue',
      '          averageValue: "10"',
      '    - type: Object',
      '      object:',
      '        describedObject:',
      '          apiVersion: networking.k8s.io/v1',
      '          kind: Ingress',
      '          name: main',
      '        metric:',
      '          name: hits',
      '        target:',
      '          type: Value',
      '          value: 2k',
      '    - type: Resource',
      '      resource:',
      '        name: cpu',
      '        target:',
      '          type: Utilization',
      '          averageUtilization: 60',
    ),
  );
  assert.deepEqual(codes(fixed), ['target-not-found']);
});

test('deprecated-api-version: v2beta1 selectors move under metric', () => {
  const v2beta1 = lines(
    'apiVersion: autoscaling/v2beta1',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    '  name: worker',
    'spec:',
    '  scaleTargetRef:',
    '    apiVersion: apps/v1',
    '    kind: Deployment',
    '    name: worker',
    '  maxReplicas: 30',
    '  metrics:',
    '  - type: External',
    '    external:',
    '      metricName: queue_messages_ready',
    '      metricSelector:',
    '        matchLabels:',
    '          queue: jobs   # the main queue',
    '      targetAverageValue: 30',
    '  - type: Pods',
    '    pods:',
    '      metricName: inflight',
    '      selector: {matchLabels: {verb: GET}}',
    '      targetAverageValue: 5',
  );
  const fixed = apply(v2beta1, actionsFor(v2beta1, 'deprecated-api-version')[0]!);
  assert.equal(
    fixed,
    lines(
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata:',
      '  name: worker',
      'spec:',
      '  scaleTargetRef:',
      '    apiVersion: apps/v1',
      '    kind: Deployment',
      '    name: worker',
      '  maxReplicas: 30',
      '  metrics:',
      '  - type: External',
      '    external:',
      '      metric:',
      '        name: queue_messages_ready',
      '        selector:',
      '          matchLabels:',
      '            queue: jobs   # the main queue',
      '      target:',
      '        type: AverageValue',
      '        averageValue: 30',
      '  - type: Pods',
      '    pods:',
      '      metric:',
      '        name: inflight',
      '        selector: {matchLabels: {verb: GET}}',
      '      target:',
      '        type: AverageValue',
      '        averageValue: 5',
    ),
  );
  assert.deepEqual(codes(fixed), ['target-not-found']);
});

test('deprecated-api-version: a v2beta1 Object averageValue wins over targetValue; a stray CPU percentage migrates', () => {
  const object = lines(
    'apiVersion: autoscaling/v2beta1',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    '  name: web',
    'spec:',
    '  scaleTargetRef:',
    '    apiVersion: apps/v1',
    '    kind: Deployment',
    '    name: web',
    '  maxReplicas: 10',
    '  metrics:',
    '  - type: Object',
    '    object:',
    '      metricName: rps',
    '      target:',
    '        kind: Ingress',
    '        name: web',
    '      averageValue: 10',
    '      targetValue: 10 # no effect next to averageValue',
  );
  const fixed = apply(object, actionsFor(object, 'deprecated-api-version')[0]!);
  assert.equal(
    fixed,
    lines(
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata:',
      '  name: web',
      'spec:',
      '  scaleTargetRef:',
      '    apiVersion: apps/v1',
      '    kind: Deployment',
      '    name: web',
      '  maxReplicas: 10',
      '  metrics:',
      '  - type: Object',
      '    object:',
      '      metric:',
      '        name: rps',
      '      describedObject:',
      '        kind: Ingress',
      '        name: web',
      '      target:',
      '        type: AverageValue',
      '        averageValue: 10',
    ),
  );
  const stray = HPA.replace('autoscaling/v2', 'autoscaling/v2beta1').replace(
    / {2}metrics:\n[^]*$/,
    '  targetCPUUtilizationPercentage: 85\n',
  );
  const migrated = apply(stray, actionsFor(stray, 'deprecated-api-version')[0]!);
  assert.equal(migrated, HPA.replace('averageUtilization: 70', 'averageUtilization: 85'));
});

test('refactor: write the default behavior out, matching the file; offered only without behavior', () => {
  const actions = codeActions(
    HPA,
    { start: { line: 6, character: 2 }, end: { line: 6, character: 2 } },
    { diagnostics: [] },
    { locale: 'en' },
  );
  const action = actions.find((a) => a.kind === 'refactor.rewrite.hpa.writeDefaultBehavior');
  assert.ok(action);
  assert.equal(action.title, 'Write the default behavior out explicitly');
  const fixed = apply(HPA, action);
  assert.equal(
    fixed,
    HPA +
      lines(
        '  behavior:',
        '    scaleUp:',
        '      stabilizationWindowSeconds: 0',
        '      selectPolicy: Max',
        '      policies:',
        '        - type: Pods',
        '          value: 4',
        '          periodSeconds: 15',
        '        - type: Percent',
        '          value: 100',
        '          periodSeconds: 15',
        '    scaleDown:',
        '      stabilizationWindowSeconds: 300',
        '      selectPolicy: Max',
        '      policies:',
        '        - type: Percent',
        '          value: 100',
        '          periodSeconds: 15',
      ),
  );
  assert.deepEqual(codes(fixed), codes(HPA));
  const again = codeActions(
    fixed,
    { start: { line: 6, character: 2 }, end: { line: 6, character: 2 } },
    { diagnostics: [] },
    { locale: 'en' },
  );
  assert.equal(again.filter((a) => a.kind === 'refactor.rewrite.hpa.writeDefaultBehavior').length, 0);
  assert.deepEqual(
    codeActions(
      HPA,
      { start: { line: 6, character: 2 }, end: { line: 6, character: 2 } },
      { diagnostics: [], only: ['quickfix'] },
      { locale: 'en' },
    ),
    [],
  );
});

test('refactor: create an HPA for a Deployment, as a new document right after it', () => {
  const service = lines('---', 'apiVersion: v1', 'kind: Service', 'metadata:', '  name: api');
  const deployment = lines(
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: api',
    '  namespace: shop',
    'spec:',
    '  template:',
    '    spec:',
    '      containers:',
    '      - name: api',
    '        resources:',
    '          requests:',
    '            cpu: 200m',
  );
  const text = deployment + service;
  const actions = codeActions(
    text,
    { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } },
    { diagnostics: [] },
    { locale: 'en' },
  );
  const create = actions.find((a) => a.kind === 'refactor.hpa.create');
  assert.ok(create);
  assert.equal(create.title, 'Create HPA for Deployment api');
  const fixed = apply(text, create);
  assert.equal(
    fixed,
    deployment +
      lines(
        '---',
        'apiVersion: autoscaling/v2',
        'kind: HorizontalPodAutoscaler',
        'metadata:',
        '  name: api',
        '  namespace: shop',
        'spec:',
        '  scaleTargetRef:',
        '    apiVersion: apps/v1',
        '    kind: Deployment',
        '    name: api',
        '  minReplicas: 2',
        '  maxReplicas: 10',
        '  metrics:',
        '  - type: Resource',
        '    resource:',
        '      name: cpu',
        '      target:',
        '        type: Utilization',
        '        averageUtilization: 70',
      ) +
      service,
  );
  assert.deepEqual(codes(fixed), []);
  // Now that an HPA targets it, the action is gone; with snippet support min/max are tab stops.
  const after = codeActions(
    fixed,
    { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } },
    { diagnostics: [] },
    { locale: 'en' },
  );
  assert.equal(after.filter((a) => a.kind === 'refactor.hpa.create').length, 0);
  const snippet = codeActions(
    text,
    { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } },
    { diagnostics: [] },
    { locale: 'en', snippetEdits: true },
  ).find((a) => a.kind === 'refactor.hpa.create')!;
  const edit = (snippet.edit!.documentChanges![0] as unknown as { edits: { snippet: { value: string } }[] })
    .edits[0]!;
  assert.match(edit.snippet.value, /\n {2}minReplicas: \$\{2:2\}\n {2}maxReplicas: \$\{3:10\}\n/);
  assert.match(edit.snippet.value, /\n {2}name: api\n/);
});

test('create HPA at the end of a file without a final line break', () => {
  const text =
    'apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: cache\nspec:\n  serviceName: cache';
  const create = codeActions(
    text,
    { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    { diagnostics: [] },
    { locale: 'ja' },
  ).find((a) => a.kind === 'refactor.hpa.create')!;
  assert.equal(create.title, 'StatefulSet cacheのHPAを作成');
  const fixed = apply(text, create);
  assert.ok(fixed.startsWith(`${text}\n---\napiVersion: autoscaling/v2\n`));
  assert.match(fixed, /\n {4}kind: StatefulSet\n {4}name: cache\n/);
});

test('a diagnostic from another source or with an unknown code gets no fix; a broken file no crash', () => {
  const range = { start: { line: 15, character: 25 }, end: { line: 15, character: 29 } };
  const foreign = { range, message: 'x', source: 'yaml', code: 'period-seconds-range' };
  const unknown = { range, message: 'x', source: 'hpa', code: 'no-such-rule' };
  assert.deepEqual(
    codeActions(
      BEHAVIOR_HPA,
      range,
      { diagnostics: [foreign, unknown], only: ['quickfix'] },
      { locale: 'en' },
    ),
    [],
  );
  const broken = 'kind: HorizontalPodAutoscaler\nspec: [1, 2\n  behavior: {';
  const d = {
    range: { start: { line: 1, character: 0 }, end: { line: 1, character: 4 } },
    message: 'x',
    source: 'hpa',
    code: 'deprecated-api-version',
  };
  assert.deepEqual(codeActions(broken, d.range, { diagnostics: [d] }, { locale: 'en' }), []);
});

test('keys named like Object.prototype members are plain keys to every fix', () => {
  const text = lines(
    'apiVersion: autoscaling/v2beta1',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    '  name: api',
    'spec:',
    '  maxReplicas: 3',
    '  metrics:',
    '    - type: constructor',
    '      resource:',
    '        constructor: 5',
    '        toString: 1',
  );
  const d = {
    range: { start: { line: 0, character: 12 }, end: { line: 0, character: 31 } },
    message: 'x',
    source: 'hpa',
    code: 'deprecated-api-version',
  };
  const [action] = codeActions(text, d.range, { diagnostics: [d] }, { locale: 'en' });
  assert.equal(apply(text, action!), text.replace('autoscaling/v2beta1', 'autoscaling/v2'));
  const requestFor = { ...d, code: 'missing-resource-request', data: { resource: 'constructor' } };
  assert.deepEqual(
    codeActions(text, d.range, { diagnostics: [requestFor], only: ['quickfix'] }, { locale: 'en' }),
    [],
  );
});
