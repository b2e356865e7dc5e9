/**
 * Apply over random pairs (old block, new block) from the tuner's search space
 * (common/tune/searchSpace.ts: grid points moved by a few random `neighbours` steps), the old one
 * written with a comment above and after every key, in a random layout (2 or 4 spaces, indented or
 * compact lists, LF or CRLF, quoting, a policy list in flow style, fields or a direction left out).
 * Always: (a) `spec.behavior` parses to exactly the new block, (c) every line outside the block is
 * byte-identical; and the comment above each key both blocks have is still there.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HPABehavior, HPAScalingRules } from '../../../common/engine/types';
import {
  type BehaviorParams,
  DOWN_POLICY_GRID,
  DOWN_WINDOW_GRID,
  neighbours,
  normalizeParams,
  type SpaceBounds,
  toBehavior,
  UP_POLICY_GRID,
  UP_WINDOW_GRID,
} from '../../../common/tune';
import { apply, assertWritten } from './behaviorEditChecks';

const BOUNDS: SpaceBounds = { syncSeconds: 15, maxReplicas: 10 };
const PAIRS = 300;

/** xorshift32 with a fixed seed: the same pairs on every run, so a failure repeats. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

function randomParams(random: Random): BehaviorParams {
  let p: BehaviorParams = normalizeParams(
    {
      scaleUp: {
        windowSeconds: pick(random, UP_WINDOW_GRID),
        selectPolicy: random() < 0.5 ? 'Max' : 'Min',
        policies: [...pick(random, UP_POLICY_GRID)],
      },
      scaleDown: {
        windowSeconds: pick(random, DOWN_WINDOW_GRID),
        selectPolicy: random() < 0.5 ? 'Max' : 'Min',
        policies: [...pick(random, DOWN_POLICY_GRID)],
      },
    },
    BOUNDS,
  );
  const moves = Math.floor(random() * 4);
  for (let i = 0; i < moves; i++) p = pick(random, neighbours(p, BOUNDS));
  return p;
}

/** A block as the tuner writes it, maybe with a direction or a selectPolicy left out. */
function randomBehavior(random: Random): HPABehavior {
  const behavior = toBehavior(randomParams(random));
  const roll = random();
  if (roll < 0.1) delete behavior.scaleUp;
  else if (roll < 0.2) delete behavior.scaleDown;
  for (const rules of [behavior.scaleUp, behavior.scaleDown])
    if (rules && random() < 0.2) delete rules.selectPolicy;
  return behavior;
}

interface Style {
  indent: number;
  compactLists: boolean;
  eol: string;
  quote: (text: string) => string;
  flowPolicies: boolean;
}

function randomStyle(random: Random): Style {
  return {
    indent: random() < 0.5 ? 2 : 4,
    compactLists: random() < 0.3,
    eol: random() < 0.25 ? '\r\n' : '\n',
    quote: pick(random, [(s: string) => s, (s: string) => `'${s}'`, (s: string) => `"${s}"`]),
    flowPolicies: random() < 0.15,
  };
}

/** The comment above the key at `path`: unique, so the test can look for it. */
const above = (path: string): string => `# about ${path}`;

/** The old block's lines, every key with a comment above it and every value line with one after it. */
function commentedBlock(behavior: HPABehavior, style: Style): string[] {
  const pad = (level: number) => ' '.repeat(level * style.indent);
  const lines = [`${pad(1)}behavior: # written by hand`];
  for (const direction of ['scaleUp', 'scaleDown'] as const) {
    const rules: HPAScalingRules | null | undefined = behavior[direction];
    if (!rules) continue;
    lines.push(`${pad(2)}${above(direction)}`, `${pad(2)}${direction}:`);
    const key = (name: string, value: string) =>
      lines.push(`${pad(3)}${above(`${direction}.${name}`)}`, `${pad(3)}${name}: ${value} # was ${value}`);
    if (typeof rules.stabilizationWindowSeconds === 'number')
      key('stabilizationWindowSeconds', String(rules.stabilizationWindowSeconds));
    if (rules.selectPolicy) key('selectPolicy', style.quote(rules.selectPolicy));
    const policies = rules.policies ?? [];
    if (policies.length === 0) continue;
    lines.push(`${pad(3)}${above(`${direction}.policies`)}`);
    if (style.flowPolicies) {
      const items = policies.map(
        (p) => `{type: ${style.quote(p.type)}, value: ${p.value}, periodSeconds: ${p.periodSeconds}}`,
      );
      lines.push(`${pad(3)}policies: [${items.join(', ')}] # flow`);
      continue;
    }
    lines.push(`${pad(3)}policies:`);
    const dash = style.compactLists ? pad(3) : pad(4);
    for (const p of policies) {
      lines.push(
        `${dash}# a ${p.type} step`,
        `${dash}- type: ${style.quote(p.type)} # kind of step`,
        `${dash}  value: ${p.value}`,
        `${dash}  periodSeconds: ${p.periodSeconds} # seconds`,
      );
    }
  }
  return lines;
}

function manifest(block: string[], style: Style): string {
  const pad = (level: number) => ' '.repeat(level * style.indent);
  return [
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    `${pad(1)}name: web # the service`,
    'spec:',
    `${pad(1)}scaleTargetRef:`,
    `${pad(2)}apiVersion: apps/v1`,
    `${pad(2)}kind: Deployment`,
    `${pad(2)}name: web`,
    `${pad(1)}maxReplicas: 10`,
    ...block,
    `${pad(1)}# after the block`,
    `${pad(1)}minReplicas: 1`,
    '---',
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    `${pad(1)}name: after`,
    '',
  ].join(style.eol);
}

/** Paths of the keys the block writes: directions, their fields, and `policies`. */
function keyPaths(behavior: HPABehavior): Set<string> {
  const paths = new Set<string>();
  for (const direction of ['scaleUp', 'scaleDown'] as const) {
    const rules = behavior[direction];
    if (!rules) continue;
    paths.add(direction);
    if (typeof rules.stabilizationWindowSeconds === 'number')
      paths.add(`${direction}.stabilizationWindowSeconds`);
    if (rules.selectPolicy) paths.add(`${direction}.selectPolicy`);
    if (rules.policies && rules.policies.length > 0) paths.add(`${direction}.policies`);
  }
  return paths;
}

test(`Apply over ${PAIRS} random (old, new) pairs of the tuner's space: exact block, nothing else moved, comments of kept keys kept`, () => {
  const random = randomSource(0x15ed17);
  let inPlace = 0;
  for (let n = 0; n < PAIRS; n++) {
    const before = randomBehavior(random);
    const after = randomBehavior(random);
    const style = randomStyle(random);
    const input = manifest(commentedBlock(before, style), style);
    const label = `pair ${n}: ${JSON.stringify({ before, after, indent: style.indent, compact: style.compactLists })}`;
    // The HPA is the file's first document here.
    const applied = apply(input, after, 0);
    try {
      assertWritten(input, applied, after);
    } catch (error) {
      assert.fail(`${label}\n${(error as Error).message}\n${applied.output}`);
    }
    const oldPaths = keyPaths(before);
    for (const path of keyPaths(after)) {
      if (oldPaths.has(path))
        assert.ok(applied.output.includes(above(path)), `${label}: the comment above ${path}`);
    }
    assert.ok(applied.output.includes('behavior: # written by hand'), label);
    if (applied.output.includes('# was ')) inPlace++;
  }
  // Nearly every pair shares a field with the same value; a block rewritten whole would drop every "# was".
  assert.ok(inPlace > PAIRS * 0.9, `${inPlace} of ${PAIRS} edited in place`);
});
