/**
 * The output formats of `hpa-lint tune`: json (the shape, nothing more), yaml (the best
 * block, ready to paste under `spec:`) and a terminal table with one sentence per candidate.
 */
import {
  explainCandidate,
  formatNumber,
  formatRamp,
  formatShare,
  goalList,
  GOAL_KEYS,
  tuneText,
  unmetLines,
  type LoadFigures,
  type TuneCandidate,
  type TuneLocale,
  type TuneResult,
  type TuneStringKey,
} from '../../../common/tune';
import type { HPABehavior, HPAScalingRules, Quantity } from '../../../common/engine';

function figuresJson(f: LoadFigures) {
  return {
    load: f.load,
    scaleEvents: f.scaleEvents,
    podHours: f.podHours,
    underprovisionedShare: f.underprovisionedShare,
    rampSeconds: f.rampSeconds,
  };
}

/** `{"candidates": [{"behavior", "figures", "meets"}], "unmet": [...]}`, as the issue gives it. */
export function tuneJson(result: TuneResult): string {
  const out = {
    candidates: result.candidates.map((c) => ({
      behavior: c.behavior,
      figures: c.figures.map(figuresJson),
      meets: c.meets,
    })),
    unmet: result.unmet,
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

function scalar(v: Quantity): string {
  return typeof v === 'number' ? String(v) : JSON.stringify(v);
}

function rulesYaml(name: string, rules: HPAScalingRules | null | undefined, indent: string): string[] {
  if (!rules) return [];
  const lines = [`${indent}${name}:`];
  const inner = `${indent}  `;
  if (rules.stabilizationWindowSeconds !== undefined && rules.stabilizationWindowSeconds !== null)
    lines.push(`${inner}stabilizationWindowSeconds: ${rules.stabilizationWindowSeconds}`);
  if (rules.selectPolicy !== undefined) lines.push(`${inner}selectPolicy: ${rules.selectPolicy}`);
  if (rules.policies) {
    lines.push(`${inner}policies:`);
    for (const p of rules.policies) {
      lines.push(
        `${inner}  - type: ${p.type}`,
        `${inner}    value: ${p.value}`,
        `${inner}    periodSeconds: ${p.periodSeconds}`,
      );
    }
  }
  if (rules.tolerance !== undefined) lines.push(`${inner}tolerance: ${scalar(rules.tolerance)}`);
  return lines;
}

/** The block as YAML, `behavior:` at `indent`. */
export function behaviorYaml(behavior: HPABehavior, indent = ''): string {
  const lines = [
    `${indent}behavior:`,
    ...rulesYaml('scaleUp', behavior.scaleUp, `${indent}  `),
    ...rulesYaml('scaleDown', behavior.scaleDown, `${indent}  `),
  ];
  return `${lines.join('\n')}\n`;
}

/** Terminal columns a text takes: CJK and full-width characters take two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    const wide =
      (c >= 0x1100 && c <= 0x115f) ||
      (c >= 0x2e80 && c <= 0xa4cf) ||
      (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xfe30 && c <= 0xfe4f) ||
      (c >= 0xff00 && c <= 0xff60) ||
      (c >= 0xffe0 && c <= 0xffe6);
    width += wide ? 2 : 1;
  }
  return width;
}

function pad(rows: string[][], indent: string): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => displayWidth(r[i] ?? '')))) ?? [];
  return rows
    .map((r) =>
      `${indent}${r.map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat((widths[i] ?? 0) - displayWidth(c)))).join('  ')}`.trimEnd(),
    )
    .join('\n');
}

function figuresTable(locale: TuneLocale, c: TuneCandidate): string {
  const rows = [
    [
      tuneText(locale, 'tableLoad'),
      tuneText(locale, 'tableScaleEvents'),
      tuneText(locale, 'tablePodHours'),
      tuneText(locale, 'tableUnderprovisioned'),
      tuneText(locale, 'tableRamp'),
    ],
  ];
  for (const f of c.figures) {
    rows.push([
      f.load,
      String(f.scaleEvents),
      formatNumber(f.podHours),
      formatShare(locale, f.underprovisionedShare),
      formatRamp(locale, f.rampSeconds),
    ]);
  }
  return pad(rows, '  ');
}

function verdict(locale: TuneLocale, c: TuneCandidate): string {
  if (c.meetsAll) return tuneText(locale, 'tableMeets');
  return tuneText(locale, 'tableMisses', {
    goals: goalList(
      locale,
      GOAL_KEYS.filter((g) => !c.meets[g]),
    ),
  });
}

export function tuneTable(result: TuneResult, locale: TuneLocale, loadCount: number): string {
  const g = result.goals;
  const parts: string[] = [
    tuneText(locale, 'goalsLine', {
      ramp: formatRamp(locale, g.maxRampSeconds),
      events: formatNumber(g.maxScaleEventsPerHour),
      share: formatShare(locale, g.maxUnderprovisionedShare),
    }),
    tuneText(locale, 'searched', { count: result.evaluated, loads: loadCount }),
  ];
  parts.push(...unmetLines(locale, result));
  parts.push(
    '',
    tuneText(locale, 'heading', {
      label: tuneText(locale, 'tableCurrent'),
      verdict: verdict(locale, result.current),
    }),
    figuresTable(locale, result.current),
  );
  result.candidates.forEach((c, rank) => {
    parts.push(
      '',
      tuneText(locale, 'heading', {
        label: tuneText(locale, 'tableCandidate', { rank: rank + 1 }),
        verdict: verdict(locale, c),
      }),
      `  ${explainCandidate(locale, result, rank)}`,
      figuresTable(locale, c),
      behaviorYaml(c.behavior, '  ').trimEnd(),
    );
  });
  parts.push('', tuneText(locale, 'definitionsHeading'));
  for (const key of DEFINITION_KEYS) parts.push(`  ${tuneText(locale, key)}`);
  return `${parts.join('\n')}\n`;
}

/** The definitions printed under the table, in the order a reader needs them. */
const DEFINITION_KEYS = [
  'defineNeed',
  'defineUnderprovisioned',
  'defineRamp',
  'defineScaleEvent',
  'definePodHours',
] as const satisfies readonly TuneStringKey[];
