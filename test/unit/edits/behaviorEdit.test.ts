/**
 * Apply of a suggested behavior onto an existing `behavior:` block (server/src/edits/behaviorEdit.ts):
 * one TextEdit that changes only what differs. Each case checks that (a) `spec.behavior` parses to
 * exactly the asked block, (b) the comments of keys that stay are still there, on the lines they were
 * on, (c) every line outside the block is byte-identical, and (d) the edited file lints clean; where
 * the change is small, the edit's range and text are asserted exactly.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HPABehavior } from '../../../common/engine/types';
import { resolveClusterTarget } from '../../../common/k8s/kubernetesVersions';
import { behaviorEdit, BehaviorEditRefused } from '../../../server/src/edits/behaviorEdit';
import { setLocale } from '../../../server/src/localize';
import { lintFiles } from '../../support/inProcessLint';
import { type Applied, apply, assertWritten, URI } from './behaviorEditChecks';
import { indexFiles } from '../../support/indexedFiles';

const DEPLOYMENT = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: web',
  'spec:',
  '  selector:',
  '    matchLabels:',
  '      app: web',
  '  template:',
  '    metadata:',
  '      labels:',
  '        app: web',
  '    spec:',
  '      containers:',
  '        - name: web',
  '          image: registry.example.com/web:1.0.0',
  '          resources:',
  '            requests:',
  '              cpu: 500m',
  '---',
];

/** A Deployment and its HPA, the HPA's `behavior:` lines (written at column 2) between its other keys. */
function manifest(behavior: string[], eol = '\n'): string {
  return [
    ...DEPLOYMENT,
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
    '  # tuned in March',
    ...behavior,
    '  # keep two for zone spread',
    '  minReplicas: 2 # at least',
    '  metrics:',
    '    - type: Resource',
    '      resource:',
    '        name: cpu',
    '        target:',
    '          type: Utilization',
    '          averageUtilization: 60',
    '',
  ].join(eol);
}

/** (a), (c) and (d), and (b): each of `kept` (lines joined by the file's line break) is in the output. */
function check(input: string, behavior: HPABehavior, kept: string[] = []): Applied {
  const applied = apply(input, behavior);
  assertWritten(input, applied, behavior);
  const eol = input.includes('\r\n') ? '\r\n' : '\n';
  for (const lines of kept)
    assert.ok(
      applied.output.includes(lines.split('\n').join(eol)),
      `kept:\n${lines}\nin:\n${applied.output}`,
    );
  // On a release that honours a per-direction tolerance (nothing configured, an info says where it works).
  assert.deepEqual(
    lintFiles({ 'web.yaml': applied.output }, 'web.yaml', ON_1_35),
    [],
    'the edited file lints clean',
  );
  return applied;
}

const ON_1_35 = { cluster: clusterOn('1.35') };

function clusterOn(version: string) {
  const resolved = resolveClusterTarget({ kubernetesVersion: version });
  if (!resolved.ok) throw new Error(version);
  return resolved.value;
}

/** The edit's range as [startLine, startChar, endLine, endChar]. */
function rangeOf({ edit }: Applied): number[] {
  const { start, end } = edit.range;
  return [start.line, start.character, end.line, end.character];
}

const COMMENTED = [
  '  behavior: # both directions written out',
  '    # scale up at once',
  '    scaleUp:',
  '      stabilizationWindowSeconds: 0 # no window up',
  '      selectPolicy: Max',
  '      policies:',
  '        # a burst needs Pods',
  '        - type: Pods # absolute',
  '          value: 4',
  '          periodSeconds: 15',
  '        # and doubling',
  '        - type: Percent',
  '          value: 100 # double',
  '          periodSeconds: 15',
  '    # why 300 s: the nightly batch restarts',
  '    scaleDown:',
  '      # why 300 s',
  '      stabilizationWindowSeconds: 300 # five minutes',
  '      policies:',
  '        - type: Percent',
  '          value: 100',
  '          periodSeconds: 15 # one sync',
];

const COMMENTED_BEHAVIOR: HPABehavior = {
  scaleUp: {
    stabilizationWindowSeconds: 0,
    selectPolicy: 'Max',
    policies: [
      { type: 'Pods', value: 4, periodSeconds: 15 },
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ],
  },
  scaleDown: {
    stabilizationWindowSeconds: 300,
    policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }],
  },
};

const EVERY_COMMENT = COMMENTED.filter((l) => l.includes('#')).map((l) => l.slice(l.indexOf('#')));

test('a changed window is the only text replaced; every comment of the block stays', () => {
  const input = manifest(COMMENTED);
  const behavior: HPABehavior = {
    ...COMMENTED_BEHAVIOR,
    scaleDown: { ...COMMENTED_BEHAVIOR.scaleDown, stabilizationWindowSeconds: 600 },
  };
  const applied = check(input, behavior, [
    '      # why 300 s\n      stabilizationWindowSeconds: 600 # five minutes',
  ]);
  const line = input.split('\n').indexOf('      stabilizationWindowSeconds: 300 # five minutes');
  assert.deepEqual(rangeOf(applied), [line, 34, line, 37]);
  assert.equal(applied.edit.newText, '600');
  for (const comment of EVERY_COMMENT) assert.ok(applied.output.includes(comment), comment);
});

test('the same block asked again is an empty edit', () => {
  const input = manifest(COMMENTED);
  const applied = check(input, COMMENTED_BEHAVIOR);
  assert.equal(applied.edit.newText, '');
  assert.equal(applied.output, input);
});

test('policies that match stay with their comments; the others are replaced, removed or added', () => {
  const input = manifest(COMMENTED);
  const behavior: HPABehavior = {
    scaleUp: {
      stabilizationWindowSeconds: 30,
      selectPolicy: 'Min',
      policies: [
        { type: 'Percent', value: 100, periodSeconds: 15 },
        { type: 'Pods', value: 2, periodSeconds: 60 },
      ],
    },
    scaleDown: {
      stabilizationWindowSeconds: 300,
      policies: [
        { type: 'Percent', value: 50, periodSeconds: 60 },
        { type: 'Pods', value: 1, periodSeconds: 60 },
      ],
    },
  };
  const applied = check(input, behavior, [
    '      stabilizationWindowSeconds: 30 # no window up',
    '      selectPolicy: Min',
    // The matching Percent item is untouched, its comments with it.
    '        # and doubling\n        - type: Percent\n          value: 100 # double\n          periodSeconds: 15',
    // The scale-down item is another policy now: replaced whole, the comment inside it gone.
    '      policies:\n        - type: Percent\n          value: 50\n          periodSeconds: 60\n        - type: Pods\n          value: 1\n          periodSeconds: 60\n  # keep two',
    '      # why 300 s\n      stabilizationWindowSeconds: 300 # five minutes',
    '    # why 300 s: the nightly batch restarts\n    scaleDown:',
  ]);
  // The Pods item that does not match is removed with its own lines; the comment above it stays.
  assert.ok(!applied.output.includes('# absolute'));
  assert.ok(applied.output.includes('        # a burst needs Pods\n        # and doubling\n'));
  assert.ok(!applied.output.includes('# one sync'));
});

test('CRLF: new and changed lines end in CRLF like the rest', () => {
  const input = manifest(COMMENTED, '\r\n');
  const behavior: HPABehavior = {
    scaleUp: {
      stabilizationWindowSeconds: 15,
      selectPolicy: 'Max',
      policies: [
        { type: 'Pods', value: 4, periodSeconds: 15 },
        { type: 'Percent', value: 100, periodSeconds: 15 },
        { type: 'Percent', value: 200, periodSeconds: 60 },
      ],
    },
    scaleDown: {
      stabilizationWindowSeconds: 600,
      selectPolicy: 'Min',
      policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }],
    },
  };
  const applied = check(input, behavior, [
    '          value: 100 # double\n          periodSeconds: 15\n        - type: Percent\n          value: 200\n          periodSeconds: 60\n    # why 300 s',
    '      stabilizationWindowSeconds: 600 # five minutes\n      selectPolicy: Min\n      policies:',
  ]);
  assert.equal(applied.output.replace(/\r\n/g, '').includes('\n'), false, 'no bare LF');
});

test('4-space indentation: an inserted key and policy list follow the file', () => {
  const input = [
    ...DEPLOYMENT,
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    '    name: web',
    'spec:',
    '    scaleTargetRef:',
    '        apiVersion: apps/v1',
    '        kind: Deployment',
    '        name: web',
    '    maxReplicas: 10',
    '    behavior:',
    '        scaleDown:',
    '            # slow down',
    '            stabilizationWindowSeconds: 600',
    '    minReplicas: 1',
    '',
  ].join('\n');
  const behavior: HPABehavior = {
    scaleDown: {
      stabilizationWindowSeconds: 600,
      policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }],
    },
  };
  const applied = check(input, behavior, [
    [
      '        scaleDown:',
      '            # slow down',
      '            stabilizationWindowSeconds: 600',
      '            policies:',
      '                - type: Pods',
      '                  value: 1',
      '                  periodSeconds: 60',
      '    minReplicas: 1',
    ].join('\n'),
  ]);
  // One insertion after the window's line, nothing replaced.
  assert.deepEqual(rangeOf(applied), [34, 0, 34, 0]);
});

test('compact sequences (dashes at the key\u2019s column): a new policy is written the same way', () => {
  const input = manifest([
    '  behavior:',
    '    scaleUp:',
    '      policies:',
    '      # pods first',
    '      - type: Pods',
    '        value: 4',
    '        periodSeconds: 15',
  ]);
  const behavior: HPABehavior = {
    scaleUp: {
      selectPolicy: 'Max',
      policies: [
        { type: 'Pods', value: 4, periodSeconds: 15 },
        { type: 'Percent', value: 100, periodSeconds: 15 },
      ],
    },
  };
  check(input, behavior, [
    [
      '    scaleUp:',
      '      selectPolicy: Max',
      '      policies:',
      '      # pods first',
      '      - type: Pods',
      '        value: 4',
      '        periodSeconds: 15',
      '      - type: Percent',
      '        value: 100',
      '        periodSeconds: 15',
      '  # keep two',
    ].join('\n'),
  ]);
});

test('quoted values keep their quotes, changed or not', () => {
  const input = manifest([
    '  behavior:',
    '    scaleUp:',
    '      selectPolicy: "Max" # the larger step',
    '      policies:',
    "        - type: 'Pods'",
    '          value: 4',
    '          periodSeconds: 15',
    "        - type: 'Percent'",
    '          value: 100',
    '          periodSeconds: 15',
  ]);
  const behavior: HPABehavior = {
    scaleUp: {
      selectPolicy: 'Min',
      policies: [
        { type: 'Pods', value: 4, periodSeconds: 15 },
        { type: 'Pods', value: 100, periodSeconds: 15 },
      ],
    },
  };
  check(input, behavior, [
    '      selectPolicy: "Min" # the larger step',
    // The matching policy is kept as written; the other is replaced, in the file's default style.
    "        - type: 'Pods'\n          value: 4\n          periodSeconds: 15\n        - type: Pods\n          value: 100",
  ]);
});

test('flow style: a flow value is rewritten in flow style, whole, and what follows it on the line stays', () => {
  const input = manifest(['  behavior: {scaleDown: {stabilizationWindowSeconds: 0}} # from the chart']);
  const behavior: HPABehavior = {
    scaleUp: { stabilizationWindowSeconds: 0 },
    scaleDown: {
      stabilizationWindowSeconds: 300,
      policies: [{ type: 'Percent', value: 50, periodSeconds: 60 }],
    },
  };
  const applied = check(input, behavior);
  assert.ok(
    applied.output.includes(
      '  behavior: {scaleUp: {stabilizationWindowSeconds: 0}, scaleDown: {stabilizationWindowSeconds: 300, policies: [{type: Percent, value: 50, periodSeconds: 60}]}} # from the chart\n',
    ),
    applied.output,
  );
  const nested = manifest([
    '  behavior:',
    '    scaleUp:',
    '      # one flow list',
    '      policies: [{type: Pods, value: 4, periodSeconds: 15}] # inline',
  ]);
  check(nested, { scaleUp: { policies: [{ type: 'Pods', value: 8, periodSeconds: 15 }] } }, [
    '      # one flow list\n      policies: [{type: Pods, value: 8, periodSeconds: 15}] # inline',
  ]);
});

test('a flow value over several lines, flow policy items, and tolerance quantities', () => {
  const multiLine = manifest([
    '  behavior: {scaleUp: {stabilizationWindowSeconds: 0},',
    '    scaleDown: {stabilizationWindowSeconds: 60}} # from the chart',
  ]);
  const applied = check(multiLine, { scaleDown: { stabilizationWindowSeconds: 120 } }, [
    '  behavior: {scaleDown: {stabilizationWindowSeconds: 120}} # from the chart\n  # keep two',
  ]);
  assert.equal(applied.edit.newText, ' {scaleDown: {stabilizationWindowSeconds: 120}}');
  const flowItems = manifest([
    '  behavior:',
    '    scaleDown:',
    '      policies:',
    '        - {type: Pods, value: 1, periodSeconds: 60} # one Pod',
    '        - {type: Percent, value: 10, periodSeconds: 60} # ten percent',
  ]);
  const items = check(
    flowItems,
    {
      scaleDown: {
        policies: [
          { type: 'Pods', value: 1, periodSeconds: 60 },
          { type: 'Percent', value: 20, periodSeconds: 60 },
        ],
      },
    },
    [
      '        - {type: Pods, value: 1, periodSeconds: 60} # one Pod\n        - {type: Percent, value: 20, periodSeconds: 60} # ten percent',
    ],
  );
  assert.equal(items.edit.newText, '{type: Percent, value: 20, periodSeconds: 60}');
  // A quantity string YAML would read as a number or that has a unit is quoted; a number is not.
  const tolerance = manifest(['  behavior:', '    scaleDown:', '      tolerance: 0.05 # five percent']);
  check(tolerance, { scaleDown: { tolerance: '50m' } }, ["      tolerance: '50m' # five percent"]);
  check(tolerance, { scaleDown: { tolerance: '0.02', selectPolicy: 'Min' } }, [
    // selectPolicy comes before tolerance in the API's order, so it goes at the top of the map.
    "    scaleDown:\n      selectPolicy: Min\n      tolerance: '0.02' # five percent\n",
  ]);
});

test('a block with only scaleDown gets scaleUp above it; scaleDown\u2019s own comment stays on top of it', () => {
  const input = manifest([
    '  behavior:',
    '    # nightly batch restarts',
    '    scaleDown:',
    '      stabilizationWindowSeconds: 600 # ten minutes',
  ]);
  const behavior: HPABehavior = {
    scaleUp: {
      stabilizationWindowSeconds: 0,
      policies: [{ type: 'Percent', value: 200, periodSeconds: 15 }],
    },
    scaleDown: { stabilizationWindowSeconds: 600 },
  };
  const applied = check(input, behavior, [
    [
      '  behavior:',
      '    scaleUp:',
      '      stabilizationWindowSeconds: 0',
      '      policies:',
      '        - type: Percent',
      '          value: 200',
      '          periodSeconds: 15',
      '    # nightly batch restarts',
      '    scaleDown:',
      '      stabilizationWindowSeconds: 600 # ten minutes',
    ].join('\n'),
  ]);
  assert.equal(applied.edit.range.start.line, applied.edit.range.end.line, 'an insertion');
});

test('a direction the suggestion leaves unset is removed with its own lines', () => {
  const input = manifest(COMMENTED);
  const behavior: HPABehavior = { scaleDown: COMMENTED_BEHAVIOR.scaleDown };
  const applied = check(input, behavior, [
    '  behavior: # both directions written out\n    # scale up at once\n    # why 300 s: the nightly batch restarts\n    scaleDown:\n      # why 300 s',
  ]);
  assert.ok(!applied.output.includes('scaleUp'));
  const asked = { scaleUp: COMMENTED_BEHAVIOR.scaleUp };
  check(input, asked, [
    '    # scale up at once\n    scaleUp:\n      stabilizationWindowSeconds: 0 # no window up',
  ]);
});

test('an empty asked block or direction is written as {}, comments on the key line kept', () => {
  const input = manifest(COMMENTED);
  check(input, {}, ['  behavior: {} # both directions written out\n  # keep two']);
  check(input, { scaleUp: {}, scaleDown: COMMENTED_BEHAVIOR.scaleDown }, [
    '    # scale up at once\n    scaleUp: {}\n    # why 300 s: the nightly batch restarts',
  ]);
});

test('an empty behavior: or direction key gets its lines under the key', () => {
  const behavior: HPABehavior = {
    scaleUp: { stabilizationWindowSeconds: 0, policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }] },
  };
  check(manifest(['  behavior: # to do']), behavior, [
    '  behavior: # to do\n    scaleUp:\n      stabilizationWindowSeconds: 0\n      policies:\n        - type: Pods',
  ]);
  check(manifest(['  behavior:', '    scaleUp: null # to do']), behavior, [
    '    scaleUp: # to do\n      stabilizationWindowSeconds: 0\n      policies:\n        - type: Pods',
  ]);
});

test('keys our rules flag as unknown go; a policy whose first key must go is rewritten whole', () => {
  const input = manifest([
    '  behavior:',
    '    scaleup: {} # typo',
    '    scaleDown:',
    '      policies:',
    '        - kind: Pods',
    '          type: Pods',
    '          value: 1',
    '          periodSeconds: 60 # one a minute',
    '        - type: Pods',
    '          value: 1',
    '          periodSeconds: 60',
    '          note: same',
  ]);
  const behavior: HPABehavior = {
    scaleDown: {
      policies: [
        { type: 'Pods', value: 1, periodSeconds: 60 },
        { type: 'Pods', value: 2, periodSeconds: 60 },
      ],
    },
  };
  check(input, behavior, [
    '    scaleDown:\n      policies:\n        - type: Pods\n          value: 1\n          periodSeconds: 60\n        - type: Pods\n          value: 2\n          periodSeconds: 60\n  # keep two',
  ]);
});

test('an explicit tag on a value that is rewritten goes with it; comments on the key lines stay', () => {
  const input = manifest([
    '  behavior: !!map # tagged',
    '    scaleUp: !!map # up',
    '      stabilizationWindowSeconds: 0',
  ]);
  const applied = check(input, { scaleUp: {} }, [
    '  behavior: !!map # tagged\n    scaleUp: {} # up\n  # keep two',
  ]);
  assert.equal(applied.edit.newText, ' {} # up\n');
});

test('a file that ends without a line break after the block', () => {
  const whole = manifest(['  behavior:', '    scaleDown:', '      stabilizationWindowSeconds: 60']);
  const input = whole.slice(0, whole.indexOf('\n  # keep two'));
  const behavior: HPABehavior = {
    scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Min' },
  };
  const { output } = apply(input, behavior);
  assert.equal(output, `${input}\n      selectPolicy: Min\n`);
});

test('anchors and aliases are refused with a message, not rewritten', () => {
  setLocale('en');
  const inputs = [
    manifest([
      '  behavior:',
      '    scaleUp: &fast',
      '      stabilizationWindowSeconds: 0',
      '    scaleDown: *fast',
    ]),
    manifest([
      '  behavior:',
      '    scaleDown:',
      '      policies:',
      '        - &slow {type: Pods, value: 1, periodSeconds: 60}',
    ]),
  ];
  for (const input of inputs) {
    const { file } = indexFiles({ [URI]: input });
    assert.throws(
      () => behaviorEdit(file(URI), 1, COMMENTED_BEHAVIOR),
      (error: unknown) =>
        error instanceof BehaviorEditRefused &&
        error.message ===
          'spec.behavior uses a YAML anchor or alias, so a change here could also change what shares it: edit the block by hand',
    );
  }
});

test('a malformed request and a document with a YAML error are refused with a message', () => {
  setLocale('en');
  const { file } = indexFiles({ [URI]: manifest(COMMENTED) });
  assert.throws(
    () =>
      behaviorEdit(file(URI), 1, {
        scaleUp: { policies: [{ type: 'Pods', value: Number.NaN, periodSeconds: 15 }] },
      }),
    new BehaviorEditRefused(
      'the block to write is not a valid behavior (behavior.scaleUp.policies[0].value)',
    ),
  );
  assert.throws(
    () => behaviorEdit(file(URI), 1, 'fast' as unknown as HPABehavior),
    new BehaviorEditRefused('the block to write is not a valid behavior (behavior)'),
  );
  const broken = indexFiles({ [URI]: manifest(['  behavior:', '    scaleUp: {', '    scaleDown: {}']) });
  assert.throws(
    () => behaviorEdit(broken.file(URI), 1, COMMENTED_BEHAVIOR),
    new BehaviorEditRefused('the HPA has a YAML error: fix it first'),
  );
});

test('the refusals read in Japanese and Traditional Chinese', () => {
  const { file } = indexFiles({
    [URI]: manifest(['  behavior:', '    scaleUp: &a {}', '    scaleDown: *a']),
  });
  try {
    setLocale('ja');
    assert.throws(() => behaviorEdit(file(URI), 1, {}), /アンカーまたはエイリアス/);
    setLocale('zh-tw');
    assert.throws(() => behaviorEdit(file(URI), 1, {}), /錨點或別名/);
  } finally {
    setLocale('en');
  }
});
