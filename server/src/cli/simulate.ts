/**
 * `hpa-lint simulate <file> [--hpa NAME] [--load FILE.csv | --profile NAME] [--replicas N]
 * [--duration S] [--startup S] [--format table|json|csv|html] [--mode controller|formula]
 * [--peak X] [--noise X] [--seed N]`: runs the controller model over a load and prints the timeline.
 */
import {
  assumeRequestsFor,
  buildSimulationInput,
  effectiveMetrics,
  LOAD_PROFILES,
  simulate,
  type LoadSeries,
} from '../../../common/engine';
import { currentLocale, t } from '../localize';
import { renderStandaloneReport } from '../preview/standaloneHtml';
import { parseSeconds } from './args';
import { readCommandLine } from './commandLine';
import { type CliIO } from './io';
import { UsageError } from '../usageError';
import { parseLoadCsv } from './loadCsv';
import { readInputFile } from './readInputFile';
import { loadFileNotes, noteLine, recordedSpan, requestNotes } from './runNotes';
import { podJson, toCsv, toJson, toTable } from './simulateFormat';
import { forCluster, metricNamesOf, readManifestHpa } from './simulateManifest';
import {
  backtestNotes,
  comparisonInWords,
  fetchForCli,
  PROMETHEUS_USAGE,
  realityOf,
  saveLoad,
  splitPrometheusArgs,
  type CliBacktest,
} from './simulatePrometheus';
import { redactUrl } from '../../../common/prometheus';
import { effectiveMinReplicas } from '../../../common/engine/defaults';
import { CLUSTER_FLAGS_USAGE, clusterForManifest, clusterNotes, controllerOptionsFor } from './clusterFlags';
import {
  formatOf,
  oneManifestFile,
  profileName,
  simulationOptions,
  type SimulationFlags,
} from './simulationFlags';

const FORMATS = ['table', 'json', 'csv', 'html'] as const;
/** A profile's run when --duration is not given. */
const DEFAULT_SIMULATE_SECONDS = 1800;
type Format = (typeof FORMATS)[number];

interface SimulateArgs extends SimulationFlags {
  file: string;
  load?: string;
  profile?: string;
  /** Absent: 30 minutes of a profile, or a recorded load's own span. */
  duration?: number;
  format: Format;
  mode: 'controller' | 'formula';
}

export function parseSimulateArgs(args: string[]): SimulateArgs {
  const out: Omit<SimulateArgs, 'file'> = {
    startup: 30,
    format: 'table',
    mode: 'controller',
    assumeRequest: {},
    cluster: {},
  };
  const files: string[] = [];
  readCommandLine(args, {
    options: {
      ...simulationOptions(out),
      '--load': {
        type: 'string',
        read: (v) => {
          out.load = v;
        },
      },
      '--profile': {
        type: 'string',
        read: (v) => {
          out.profile = profileName(v);
        },
      },
      '--duration': {
        type: 'string',
        read: (v, flag) => {
          out.duration = parseSeconds(flag, v);
        },
      },
      '--format': {
        type: 'string',
        read: (v) => {
          out.format = formatOf(FORMATS, v);
        },
      },
      '--mode': {
        type: 'string',
        read: (m) => {
          if (m !== 'controller' && m !== 'formula')
            throw new UsageError(t('--mode must be controller or formula, got "{value}"', { value: m }));
          out.mode = m;
        },
      },
    },
    positional: (word) => files.push(word),
    unknown: (_word, flag) => t('unknown option {flag} for simulate', { flag }),
  });
  const file = oneManifestFile(
    files,
    () => t('simulate needs a manifest file: hpa-lint simulate <file> [options]'),
    (count, list) => t('simulate takes one manifest file, got {count}: {files}', { count, files: list }),
  );
  if (out.duration !== undefined && out.duration > 7 * 24 * 3600)
    throw new UsageError(t('--duration is limited to 7 days'));
  return { ...out, file };
}

export const SIMULATE_USAGE = `usage: hpa-lint simulate <file> [options]
  --hpa NAME             the HPA to run when the file holds several (default: the first)
  --load FILE.csv        load over time: header t,<metric>..., t in seconds, quantities as values
  --profile NAME         synthetic load: ${LOAD_PROFILES.map((p) => p.name).join(', ')} (default normal)
  --replicas N           replicas at the start (default: the target's, else minReplicas)
  --duration S           how long to simulate: 900, 15m, 2h (default 30m; a --load file: its own span)
  --assume-request R=Q   what-if: a request the target lacks (cpu=500m, memory=1Gi; comma-separated or
                         repeated); without it a Utilization metric on Pods with no request fails as in
                         the controller
  --startup S            seconds until a new Pod is Ready (default 30)
  --mode controller|formula   the full controller model, or the bare formula for comparison
  --peak X, --noise X, --seed N   profile shape: peak multiplier, jitter fraction, random seed
  --format table|json|csv|html    output (default table)
  --locale L             language of the messages, table and report (default: LC_ALL, LC_MESSAGES, LANG)
${CLUSTER_FLAGS_USAGE}
${PROMETHEUS_USAGE}`;

export async function runSimulate(args: string[], io: CliIO): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(SIMULATE_USAGE);
    return 0;
  }
  const { prometheus, rest } = splitPrometheusArgs(args);
  const opts = parseSimulateArgs(rest);
  const { cluster } = clusterForManifest(opts.cluster, opts.file, io.cwd);
  const options = controllerOptionsFor(cluster);
  const manifest = forCluster(
    readManifestHpa(await readInputFile(io, opts.file), opts.file, opts.hpa),
    cluster,
  );
  const metrics = effectiveMetrics(manifest.spec);
  const notes: string[] = clusterNotes(manifest.spec, cluster, options);
  let loads: LoadSeries[] | undefined;
  let durationSeconds = opts.duration ?? DEFAULT_SIMULATE_SECONDS;
  if (opts.load !== undefined) {
    const csv = parseLoadCsv(await readInputFile(io, opts.load), opts.load, metricNamesOf(metrics));
    loads = csv.loads;
    notes.push(...loadFileNotes(opts.load, csv, metricNamesOf(metrics), opts.profile ?? 'normal'));
    const span = recordedSpan(opts.load, csv.spanSeconds, opts.duration, DEFAULT_SIMULATE_SECONDS);
    durationSeconds = span.durationSeconds;
    notes.push(...span.notes);
  }
  let backtest: CliBacktest | null = null;
  if (prometheus) {
    if (opts.load !== undefined)
      throw new UsageError(t('--load and --prometheus both give the load: use one'));
    backtest = await fetchForCli(prometheus, manifest, metrics);
    loads = backtest.data.loads;
    notes.push(...backtestNotes(backtest));
    if (prometheus.saveLoad !== null) await saveLoad(backtest, prometheus.saveLoad);
  }
  const assumption = assumeRequestsFor(
    manifest.spec,
    manifest.podRequests,
    manifest.containerRequests,
    manifest.target !== null,
    opts.assumeRequest,
  );
  notes.push(...requestNotes(manifest, assumption, metrics.length));
  for (const note of notes) io.stderr(noteLine(note));
  const input = buildSimulationInput(manifest.spec, manifest.podRequests, {
    name: manifest.name,
    profile: opts.profile ?? 'normal',
    initialReplicas: opts.replicas ?? backtest?.initialReplicas ?? manifest.targetReplicas,
    durationSeconds: backtest?.durationSeconds ?? durationSeconds,
    podStartupSeconds: opts.startup,
    peak: opts.peak,
    noise: opts.noise,
    seed: opts.seed,
    mode: opts.mode,
    containerRequests: manifest.containerRequests,
    assumeRequests: assumption.assumeRequests,
    loads,
    options,
  });
  const result = simulate(input);
  const reality = backtest ? realityOf(backtest, result) : null;
  if (reality) io.stderr(`hpa-lint: note: ${comparisonInWords(reality.comparison)}\n`);
  const actual = reality?.actual ?? undefined;
  const resourceOf = (name: string) => (name === 'memory' || name === 'ephemeral-storage' ? name : undefined);
  switch (opts.format) {
    case 'json':
      io.stdout(
        toJson(
          result,
          podJson(manifest.target, manifest.pod, notes),
          actual && { actual, comparison: reality?.comparison ?? null },
        ),
      );
      break;
    case 'csv':
      io.stdout(toCsv(result, actual));
      break;
    case 'html':
      io.stdout(
        renderStandaloneReport(input, {
          name: manifest.name,
          loadName: prometheus
            ? `Prometheus ${redactUrl(prometheus.url)}`
            : (opts.load ?? opts.profile ?? 'normal'),
          notes: reality ? [...notes, comparisonInWords(reality.comparison)] : notes,
          locale: currentLocale(),
          target: manifest.target
            ? {
                uri: opts.file,
                kind: manifest.target.kind,
                name: manifest.target.name,
                replicas: manifest.targetReplicas,
              }
            : null,
        }),
      );
      break;
    default:
      if (reality) io.stdout(`${comparisonInWords(reality.comparison)}\n`);
      io.stdout(
        toTable(result, resourceOf, {
          min: effectiveMinReplicas(input.spec),
          max: input.spec.maxReplicas,
        }),
      );
  }
  return 0;
}
