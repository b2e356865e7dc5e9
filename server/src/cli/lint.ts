/**
 * hpa-lint [paths|-]... [--format stylish|json|sarif] [--rule ID=off|info|warning|error] [--locale L]
 *          [--no-kustomize] [--kustomize-command CMD] [--jobs N]
 *          [--kubernetes-version 1.35] [--feature-gates A=true,B=false]
 *
 * Each file is linted with the nearest `.hpa-lint.yaml` up the tree (its release, gates, rules,
 * budget and ignore globs), the flags over it (config/fileSettings.ts); a problem in that file is a
 * `config-file` finding on it, so CI fails on a broken config rather than linting against a guess.
 *
 * Lints files and directories (recursively, *.yaml and *.yml) with the language server's rules. All
 * inputs form one workspace, so an HPA's target in another file of the same run resolves. Files a
 * kustomization applies as patches are checked as partial objects, and each overlay no other
 * kustomization includes is rendered with the real kustomize and checked too (kustomizeRun.ts).
 * Many files without kustomizations are linted on one worker thread per core (parallelLint.ts),
 * with the same findings.
 * Exit 0 without errors, 1 with errors, 2 on usage or I/O failure.
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { FileModel } from '../yaml/documents';
import { type LocatedFinding, locate } from '../lint/findingsOutput';
import { lintFile } from '../lint/lint';
import { t } from '../localize';
import { ALL_RULE_IDS, CONFIG_FILE_RULE } from '../rules/index';
import { settingsForFile, type FileSettings } from '../config/fileSettings';
import { clusterErrorProblem, type LoadedConfig } from '../config/lintConfigFiles';
import {
  checkClusterFlags,
  clusterFlagOptions,
  diskConfigFiles,
  flagsLayer,
  type ClusterFlags,
} from './clusterFlags';
import { readCommandLine } from './commandLine';
import { LOCALE_OPTION } from './commandLineLocale';
import type { Finding } from '../rules/types';
import type { SeverityOverride } from '../settings';
import { type KustomizationFile, kustomizeLayout } from '../kustomize/layout';
import { applyLayout } from '../kustomize/deploymentUnits';
import { listFolder } from '../workspace/diskWorkspace';
import { findIndexedFiles } from '../workspace/workspaceFiles';
import { overlayCheckFindings } from '../overlays/kustomizeRun';
import { DEFAULT_SETTINGS, type HpaSettings } from '../settings';
import { WorkspaceIndex } from '../workspace/workspaceIndex';
import { type CliIO } from './io';
import { UsageError } from '../usageError';
import { formatJson, formatSarif, formatStylish, type FileResult } from './lintFormats';
import { thisMachine } from './parallelLint';
import { readInputs } from './readInputs';
import { lintOnThreads } from './threadedLint';
import { tooLargeFindings } from '../lint/fileTooLarge';

type Format = 'stylish' | 'json' | 'sarif';

interface LintOptions {
  inputs: string[];
  format: Format;
  rules: Record<string, SeverityOverride>;
  kustomize: boolean;
  kustomizeCommand: string | undefined;
  /** Threads to lint on (`--jobs`); when not given, one per core for a large run (parallelLint.ts). */
  jobs: number | undefined;
  cluster: ClusterFlags;
}

const OVERRIDES = new Set(['off', 'info', 'warning', 'error', 'hint']);

const USAGE = `usage: hpa-lint [paths|-]... [--format stylish|json|sarif] [--rule ID=off|info|warning|error]... [--locale L]
                [--no-kustomize] [--kustomize-command "kustomize build"] [--jobs N]
                [--kubernetes-version 1.35] [--feature-gates HPAScaleToZero=true,...]
       hpa-lint simulate <file> ...
       hpa-lint conformance <file>
       hpa-lint tune <file> ...
       hpa-lint --version
Lints Kubernetes HorizontalPodAutoscalers and their workloads. Directories are searched for *.yaml
and *.yml; - reads standard input. Kustomize overlays found there are rendered (kubectl kustomize, or
kustomize build when on PATH) and checked; --no-kustomize turns that off. The nearest .hpa-lint.yaml
up the tree from each file says which Kubernetes release it is for (and rules, ignore globs); the
flags win over it. Exit status: 0 no errors, 1 errors found, 2 usage or I/O failure.
`;

export async function runLint(args: string[], io: CliIO): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(USAGE);
    return 0;
  }
  const options = parseArgs(args);
  checkClusterFlags(options.cluster);
  const flags = flagsLayer(options.cluster, options.rules);
  const configs = diskConfigFiles();
  const perFile = new Map<string, FileSettings>();
  const settingsOf = (display: string): FileSettings => {
    let known = perFile.get(display);
    if (!known) {
      const full = display === '<stdin>' ? join(io.cwd, '<stdin>') : absolute(display, io);
      known = settingsForFile(DEFAULT_SETTINGS, configs.forFile(full), full, flags);
      perFile.set(display, known);
    }
    return known;
  };

  const paths: string[] = [];
  for (const input of options.inputs) paths.push(...(await expandInput(input, io)));
  const kept = paths.filter((p) => !settingsOf(p).ignored);
  // Workers get one settings object: a run whose files differ (several .hpa-lint.yaml) stays on this thread.
  const distinct = new Set(kept.map((p) => settingsKeyOf(settingsOf(p).settings)));
  const settings: HpaSettings =
    kept.length > 0 ? settingsOf(kept[0]!).settings : { ...DEFAULT_SETTINGS, rules: options.rules };
  const machine = thisMachine();
  const { files, threads } = await readInputs(
    kept,
    (path) => absolute(path, io),
    io,
    settings,
    distinct.size > 1 ? 1 : options.jobs,
    machine,
  );
  const configResults = configFileResults(perFile, io);

  const layout = kustomizeLayout(new Map(files.map((f) => [f.display, f.text])), io.cwd);
  // Patches and rendered overlays read the whole workspace: a run with kustomizations stays on one thread.
  if (layout.kustomizations.length > 0) await threads?.stop();
  const threaded =
    layout.kustomizations.length === 0
      ? await lintOnThreads(files, settings, options.jobs, threads, machine)
      : undefined;
  if (threaded) return report(mergeResults(threaded, configResults), options.format, io);

  const workspace = new WorkspaceIndex();
  const tooLarge = new Set<string>();
  for (const f of files) {
    if (f.text.length > settings.maxFileSizeBytes) tooLarge.add(f.display);
    else workspace.setFile(new FileModel(f.display, f.text, undefined));
  }
  applyLayout(workspace, layout);
  const results: FileResult[] = [];
  const direct: Finding[] = [];
  for (const f of files) {
    if (tooLarge.has(f.display)) {
      results.push({ file: f.display, diagnostics: tooLargeFindings(f.text.length, settings) });
      continue;
    }
    const model = workspace.getFile(f.display);
    if (!model) continue;
    const own = lintFile(model, workspace, settingsOf(f.display).settings).filter((x) => x.uri === f.display);
    direct.push(...own);
    results.push({ file: f.display, diagnostics: locate(model, own, (uri) => workspace.getFile(uri)) });
  }
  if (options.kustomize) {
    // Each overlay with the .hpa-lint.yaml nearest to its kustomization, not the first file's.
    const overlaySettings = (overlay: KustomizationFile) => settingsOf(overlay.uri).settings;
    const overlays = await overlayCheckFindings(layout, workspace, overlaySettings, direct, {
      command: options.kustomizeCommand,
      cwd: io.cwd,
    });
    for (const result of results) {
      const model = workspace.getFile(result.file);
      const extra = overlays.filter((x) => x.uri === result.file);
      if (model && extra.length > 0)
        result.diagnostics = locate(model, [...extra], (uri) => workspace.getFile(uri))
          .concat(result.diagnostics)
          .sort(byPosition);
    }
  }
  return report(mergeResults(results, configResults), options.format, io);
}

/** What the findings depend on in the settings, to tell whether every file has the same. */
function settingsKeyOf(settings: HpaSettings): string {
  return JSON.stringify([settings.rules, settings.slowRampBudgetSeconds, settings.cluster]);
}

/**
 * The findings on the `.hpa-lint.yaml` files in force: their own problems, and a release or gate
 * that does not make sense (the default release was used instead). A config file outside the
 * linted paths gets its own entry: a broken config must fail CI.
 */
function configFileResults(perFile: Map<string, FileSettings>, io: CliIO): FileResult[] {
  const byConfig = new Map<string, { config: LoadedConfig; clusterError?: FileSettings }>();
  for (const fs of perFile.values()) {
    if (!fs.config) continue;
    const entry = byConfig.get(fs.config.path) ?? { config: fs.config };
    if (fs.clusterError !== undefined) entry.clusterError ??= fs;
    byConfig.set(fs.config.path, entry);
  }
  const out: FileResult[] = [];
  for (const { config, clusterError } of byConfig.values()) {
    const display = relative(io.cwd, config.path) || config.path;
    const findings: Finding[] = config.problems.map((p) => ({
      rule: CONFIG_FILE_RULE.id,
      severity: CONFIG_FILE_RULE.defaultSeverity,
      message: p.message,
      span: p.span,
      uri: display,
    }));
    const cluster =
      clusterError &&
      clusterErrorProblem(config, {
        message: clusterError.clusterError,
        path: clusterError.clusterErrorPath,
      });
    if (cluster) {
      findings.push({
        rule: CONFIG_FILE_RULE.id,
        severity: 'error',
        message: cluster.message,
        span: cluster.span,
        uri: display,
      });
    }
    if (findings.length > 0) out.push({ file: display, diagnostics: locate(config.model, findings) });
  }
  return out;
}

/** The config files' findings joined to the linted files' results (a config file linted as YAML too). */
function mergeResults(results: FileResult[], extra: FileResult[]): FileResult[] {
  const out = results.map((r) => ({ ...r }));
  for (const e of extra) {
    const same = out.find((r) => r.file === e.file || absoluteEqual(r.file, e.file));
    if (same) same.diagnostics = [...e.diagnostics, ...same.diagnostics].sort(byPosition);
    else out.push(e);
  }
  return out;
}

function absoluteEqual(a: string, b: string): boolean {
  return resolve(a) === resolve(b);
}

function report(results: FileResult[], format: Format, io: CliIO): number {
  if (format === 'json') io.stdout(formatJson(results));
  else if (format === 'sarif') io.stdout(formatSarif(results));
  else io.stdout(formatStylish(results));
  return results.some((r) => r.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
}

function parseArgs(args: string[]): LintOptions {
  const options: LintOptions = {
    inputs: [],
    format: 'stylish',
    rules: {},
    kustomize: true,
    kustomizeCommand: undefined,
    jobs: undefined,
    cluster: {},
  };
  readCommandLine(args, {
    options: {
      '--format': {
        type: 'string',
        read: (format) => {
          if (format !== 'stylish' && format !== 'json' && format !== 'sarif')
            throw new UsageError(t('unknown format "{format}": use stylish, json or sarif', { format }));
          options.format = format;
        },
      },
      '--rule': {
        type: 'string',
        read: (spec) => {
          const eq = spec.indexOf('=');
          const id = eq === -1 ? spec : spec.slice(0, eq);
          const level = eq === -1 ? '' : spec.slice(eq + 1);
          if (!ALL_RULE_IDS.includes(id)) throw new UsageError(t('unknown rule "{rule}"', { rule: id }));
          if (!OVERRIDES.has(level))
            throw new UsageError(t('--rule {spec}: expected ID=off|info|warning|error', { spec }));
          options.rules[id] = level as SeverityOverride;
        },
      },
      '--locale': LOCALE_OPTION,
      ...clusterFlagOptions(options.cluster),
      '--no-kustomize': {
        type: 'boolean',
        read: () => {
          options.kustomize = false;
        },
      },
      '--kustomize-command': {
        type: 'string',
        read: (command) => {
          options.kustomizeCommand = command;
        },
      },
      '--jobs': {
        type: 'string',
        read: (jobs) => {
          if (!/^[1-9]\d{0,2}$/.test(jobs))
            throw new UsageError(t('--jobs {value}: expected a whole number from 1', { value: jobs }));
          options.jobs = Number(jobs);
        },
      },
    },
    positional: (input) => options.inputs.push(input),
    unknown: (word) => t('unknown option {option}', { option: word }),
  });
  if (options.inputs.length === 0)
    throw new UsageError(t('no input: give YAML files, directories, or - for standard input'));
  return options;
}

function byPosition(a: LocatedFinding, b: LocatedFinding): number {
  return a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;
}

function absolute(path: string, io: CliIO): string {
  return isAbsolute(path) ? path : resolve(io.cwd, path);
}

/** A file stays as given; a directory becomes its *.yaml, *.yml and `Kustomization` files, sorted, recursively. */
async function expandInput(input: string, io: CliIO): Promise<string[]> {
  if (input === '-') return ['<stdin>'];
  const full = absolute(input, io);
  let isDirectory = false;
  try {
    isDirectory = (await stat(full)).isDirectory();
  } catch {
    return [input]; // not on disk: io.readFile decides (and reports the failure)
  }
  if (!isDirectory) return [input];
  // Every file, however many: the server's start-up limit is not the CLI's.
  const found = await findIndexedFiles(full, listFolder, Infinity);
  found.sort();
  return found.map((p) => (isAbsolute(input) ? p : relative(io.cwd, p) || p));
}
