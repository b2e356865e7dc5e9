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
import { behaviorYaml } from '../../../common/tune/behaviorYaml';
import { padColumns } from './terminalTable';

function figuresJson(f: LoadFigures) {
  return {
    load: f.load,
    scaleEvents: f.scaleEvents,
    podHours: f.podHours,
    underprovisionedShare: f.underprovisionedShare,
    rampSeconds: f.rampSeconds,
    // How long the load ran: a recorded one over its own span, so a 2 h CSV says 7200.
    durationSeconds: f.durationSeconds,
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

function figuresTable(locale: TuneLocale, c: TuneCandidate): string {
  const rows = [
    [
      tuneText(locale, 'tableLoad'),
      tuneText(locale, 'tableScaleEvents'),
      tuneText(locale, 'tablePodHours'),
      tuneText(locale, 'tableUnderprovisioned'),
      tuneText(locale, 'tableRamp'),
      tuneText(locale, 'tableDuration'),
    ],
  ];
  for (const f of c.figures) {
    rows.push([
      f.load,
      String(f.scaleEvents),
      formatNumber(f.podHours),
      formatShare(locale, f.underprovisionedShare),
      formatRamp(locale, f.rampSeconds),
      tuneText(locale, 'hours', { value: formatNumber(f.durationSeconds / 3600) }),
    ]);
  }
  return padColumns(rows, '  ');
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
