/**
 * `hpa-lint tune <file> [--hpa NAME] [--load FILE.csv | --profile NAME]... [--max-ramp 60s]
 * [--max-events-per-hour N] [--max-underprovisioned 2%] [--format table|json|yaml]`: searches the
 * engine for the `behavior` block that meets the goals on every load (common/tune). The loads are
 * built exactly as `hpa-lint simulate` builds them from the same flags, so each candidate's figures
 * can be checked with `simulate`. Exit 0 when a candidate meets every goal, 1 when none does, 2 on
 * bad input.
 */
import {
  assumeRequestsFor,
  buildSimulationInput,
  effectiveMetrics,
  LOAD_PROFILES,
  type LoadSeries,
} from '../../../common/engine';
import { DEFAULT_GOALS, tune, TuneInputError, type TuneGoals, type TuneLoad } from '../../../common/tune';
import { currentLocale, t } from '../localize';
import { DEFAULT_SETTINGS } from '../settings';
import { parseNumber, parseSeconds } from './args';
import { readCommandLine } from './commandLine';
import { type CliIO } from './io';
import { UsageError } from '../usageError';
import { parseLoadCsv } from './loadCsv';
import { readInputFile } from './readInputFile';
import { loadFileNotes, noteLine, recordedSpan, requestNotes } from './runNotes';
import { forCluster, metricNamesOf, readManifestHpa } from './simulateManifest';
import { CLUSTER_FLAGS_USAGE, clusterForManifest, clusterNotes, controllerOptionsFor } from './clusterFlags';
import {
  formatOf,
  oneManifestFile,
  profileName,
  simulationOptions,
  type SimulationFlags,
} from './simulationFlags';
import { behaviorYaml } from '../../../common/tune/behaviorYaml';
import { tuneJson, tuneTable } from './tuneFormat';

const FORMATS = ['table', 'json', 'yaml'] as const;
type Format = (typeof FORMATS)[number];

type LoadChoice = { kind: 'profile'; name: string } | { kind: 'csv'; file: string };

interface TuneArgs extends SimulationFlags {
  file: string;
  loads: LoadChoice[];
  goals: TuneGoals;
  format: Format;
  /** Absent: 24 h for a profile, a --load file's own span. */
  duration?: number;
  candidates: number;
}

/** The loads when none is given: the book demo's three. */
export const DEFAULT_TUNE_PROFILES = ['night', 'normal', 'burst'] as const;
/** One day of 15 s syncs: long enough for a burst and the night after it. */
export const DEFAULT_TUNE_DURATION_SECONDS = 86_400;

/** "2%", "2 %", "0.02" -> 0.02. A bare number above 1 is read as percent ("2" = 2 %). */
function parseShare(flag: string, v: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(%)?$/.exec(v.trim());
  if (!m)
    throw new UsageError(t('{flag} expects a share such as 2% or 0.02, got "{value}"', { flag, value: v }));
  const n = Number(m[1]);
  const share = m[2] === '%' || n > 1 ? n / 100 : n;
  if (share > 1)
    throw new UsageError(t('{flag} cannot be more than 100%, got "{value}"', { flag, value: v }));
  return share;
}

export function parseTuneArgs(args: string[]): TuneArgs {
  const out: Omit<TuneArgs, 'file'> = {
    loads: [],
    goals: { ...DEFAULT_GOALS },
    format: 'table',
    startup: 30,
    assumeRequest: {},
    candidates: 3,
    cluster: {},
  };
  const files: string[] = [];
  readCommandLine(args, {
    options: {
      ...simulationOptions(out),
      '--load': {
        type: 'string',
        read: (v) => {
          out.loads.push({ kind: 'csv', file: v });
        },
      },
      '--profile': {
        type: 'string',
        read: (v) => {
          out.loads.push({ kind: 'profile', name: profileName(v) });
        },
      },
      '--max-ramp': {
        type: 'string',
        read: (v, flag) => {
          out.goals.maxRampSeconds = parseSeconds(flag, v);
        },
      },
      '--max-events-per-hour': {
        type: 'string',
        read: (v, flag) => {
          out.goals.maxScaleEventsPerHour = parseNumber(flag, v, false);
        },
      },
      '--max-underprovisioned': {
        type: 'string',
        read: (v, flag) => {
          out.goals.maxUnderprovisionedShare = parseShare(flag, v);
        },
      },
      '--format': {
        type: 'string',
        read: (v) => {
          out.format = formatOf(FORMATS, v);
        },
      },
      '--duration': {
        type: 'string',
        read: (v, flag) => {
          out.duration = parseSeconds(flag, v);
          if (out.duration > 7 * 24 * 3600) throw new UsageError(t('--duration is limited to 7 days'));
          if (out.duration < 60) throw new UsageError(t('--duration must be at least 60 s'));
        },
      },
      '--candidates': {
        type: 'string',
        read: (v, flag) => {
          out.candidates = parseNumber(flag, v, true);
          if (out.candidates < 1 || out.candidates > 20)
            throw new UsageError(t('--candidates must be in 1..20'));
        },
      },
    },
    positional: (word) => files.push(word),
    unknown: (_word, flag) => t('unknown option {flag} for tune', { flag }),
  });
  const file = oneManifestFile(
    files,
    () => t('tune needs a manifest file: hpa-lint tune <file> [options]'),
    (count, list) => t('tune takes one manifest file, got {count}: {files}', { count, files: list }),
  );
  if (out.loads.length === 0) out.loads = DEFAULT_TUNE_PROFILES.map((name) => ({ kind: 'profile', name }));
  return { ...out, file };
}

export const TUNE_USAGE = `usage: hpa-lint tune <file> [options]
  --hpa NAME                   the HPA to tune when the file holds several (default: the first)
  --load FILE.csv              a load to tune for (as for simulate); repeat for several
  --profile NAME               a synthetic load: ${LOAD_PROFILES.map((p) => p.name).join(', ')}; repeat for several
                               (default: night, normal and burst)
  --max-ramp S                 longest time under-provisioned in one stretch: 60, 60s, 2m (default 60s)
  --max-events-per-hour N      most scale events per hour on any load (default 6)
  --max-underprovisioned P     largest share of syncs under-provisioned: 2%, 0.02 (default 2%)
  --replicas N, --duration S, --startup S, --peak X, --noise X, --seed N
                               the loads, as for simulate (default duration 24h; a --load file: its own span)
  --assume-request R=Q         what-if: a request the target lacks (cpu=500m), as for simulate
  --candidates N               how many candidates to show (default 3)
  --format table|json|yaml     yaml prints the best block, ready to paste under spec:
  --locale L                   en, ja or zh-tw (default: LANG)
${CLUSTER_FLAGS_USAGE}
Exit status: 0 a candidate meets every goal, 1 none does (the closest compromise is shown), 2 bad input.
Definitions of every figure: docs/tune.md.
`;

export async function runTune(args: string[], io: CliIO): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(TUNE_USAGE);
    return 0;
  }
  const opts = parseTuneArgs(args);
  // main() has set the run's language from --locale or the environment.
  const locale = currentLocale();
  const { cluster } = clusterForManifest(opts.cluster, opts.file, io.cwd);
  const options = controllerOptionsFor(cluster);
  const manifest = forCluster(
    readManifestHpa(await readInputFile(io, opts.file), opts.file, opts.hpa),
    cluster,
  );
  const metricNames = metricNamesOf(effectiveMetrics(manifest.spec));
  const notes: string[] = clusterNotes(manifest.spec, cluster, options);
  const assumption = assumeRequestsFor(
    manifest.spec,
    manifest.podRequests,
    manifest.containerRequests,
    manifest.target !== null,
    opts.assumeRequest,
  );
  const loads: TuneLoad[] = [];
  for (const choice of opts.loads) {
    let series: LoadSeries[] | undefined;
    let durationSeconds = opts.duration ?? DEFAULT_TUNE_DURATION_SECONDS;
    if (choice.kind === 'csv') {
      const csv = parseLoadCsv(await readInputFile(io, choice.file), choice.file, metricNames);
      series = csv.loads;
      notes.push(...loadFileNotes(choice.file, csv, metricNames, 'normal'));
      const span = recordedSpan(choice.file, csv.spanSeconds, opts.duration, DEFAULT_TUNE_DURATION_SECONDS);
      durationSeconds = span.durationSeconds;
      notes.push(...span.notes);
    }
    const name = choice.kind === 'csv' ? choice.file : choice.name;
    loads.push({
      name,
      input: buildSimulationInput(manifest.spec, manifest.podRequests, {
        name: manifest.name,
        profile: choice.kind === 'profile' ? choice.name : 'normal',
        initialReplicas: opts.replicas ?? manifest.targetReplicas,
        durationSeconds,
        podStartupSeconds: opts.startup,
        peak: opts.peak,
        noise: opts.noise,
        seed: opts.seed,
        containerRequests: manifest.containerRequests,
        assumeRequests: assumption.assumeRequests,
        loads: series,
        options,
      }),
    });
  }
  notes.push(...requestNotes(manifest, assumption, effectiveMetrics(manifest.spec).length));
  if ((manifest.spec.minReplicas ?? 1) === manifest.spec.maxReplicas)
    notes.push(
      t('minReplicas equals maxReplicas: the HPA never scales, so no behavior block changes anything'),
    );
  for (const note of notes) io.stderr(noteLine(note));
  let result;
  try {
    result = tune({
      loads,
      goals: opts.goals,
      candidates: opts.candidates,
      maxFullRampSeconds: DEFAULT_SETTINGS.slowRampBudgetSeconds,
    });
  } catch (err) {
    if (err instanceof TuneInputError) throw new UsageError(`${opts.file}: ${err.describe(locale)}`);
    throw err;
  }
  const best = result.candidates[0];
  if (opts.format === 'json') io.stdout(tuneJson(result));
  else if (opts.format === 'yaml') {
    if (best) io.stdout(behaviorYaml(best.behavior));
    if (result.unmet.length > 0)
      io.stderr(`hpa-lint: no block meets every goal; unmet: ${result.unmet.join(', ')}\n`);
  } else io.stdout(tuneTable(result, locale, loads.length));
  return best?.meetsAll ? 0 : 1;
}
