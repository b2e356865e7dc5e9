/**
 * `.hpa-lint.yaml` files on disk (or as the editor holds them): the nearest one up the tree from a
 * linted file, parsed once per text, with its problems located for diagnostics. The keys and the
 * merge are common/config/lintConfig.ts's; the cluster each file names is the version model's.
 *
 * The walk up stops at the repository root (a folder holding `.git`), so a stray file above the
 * checkout (a home folder, /tmp) never changes what CI sees; at the filesystem root otherwise.
 */
import { dirname, join, relative, sep } from 'node:path';
import { CONFIG_FILE_NAME, readConfigLayer, type ConfigLayer } from '../../../common/config/lintConfig';
import { GATE_NAMES } from '../../../common/k8s/kubernetesVersions';
import { t } from '../localize';
import { ALL_RULE_IDS } from '../rules/index';
import { targetErrorText } from '../rules/kubernetesVersionText';
import { configSchemaProblems, placeOf, type ConfigSchemaProblem } from './configSchemaProblems';
import type { Span } from '../yaml/ranges';
import { FileModel } from '../yaml/documents';
import { YamlView } from '../yaml/yamlView';

export interface LoadedConfig {
  /** Absolute path of the `.hpa-lint.yaml`. */
  path: string;
  /** Its folder: `ignore` globs are relative to it. */
  folder: string;
  layer: ConfigLayer;
  /** Problems with their place in the file (already in the user's language). */
  problems: ConfigFileProblem[];
  /** Where each top-level key's value is (for the settings-differ findings). */
  keySpans: Partial<Record<string, Span>>;
  /** The parsed file (for ranges). */
  model: FileModel;
}

export interface ConfigFileProblem {
  span: Span;
  message: string;
  /** The key or entry it is about (['rules', 'min-replicas']). */
  path: (string | number)[];
}

export interface ConfigFileSource {
  /** The file's text, or undefined when there is none. */
  read(path: string): string | undefined;
  /** Whether a folder is a repository root (holds `.git`). */
  isRepositoryRoot(folder: string): boolean;
}

/** Finds and caches config files; `forget` after a file changed (the server's watcher, the editor). */
export class LintConfigFiles {
  private readonly byPath = new Map<string, { text: string | undefined; loaded: LoadedConfig | undefined }>();
  private readonly nearestByFolder = new Map<string, string | undefined>();

  constructor(private readonly source: ConfigFileSource) {}

  /** The config in force for a file (absolute path), or undefined. */
  forFile(filePath: string): LoadedConfig | undefined {
    const path = this.nearestPath(dirname(filePath));
    return path === undefined ? undefined : this.load(path);
  }

  /** The config file itself, parsed (for its own diagnostics). */
  load(path: string): LoadedConfig | undefined {
    const known = this.byPath.get(path);
    if (known) return known.loaded;
    const text = this.source.read(path);
    const loaded = text === undefined ? undefined : parseConfig(path, text);
    this.byPath.set(path, { text, loaded });
    return loaded;
  }

  /** A config file was created, changed or deleted: read it again, and look up nearest files again. */
  forget(path: string): void {
    this.byPath.delete(path);
    this.nearestByFolder.clear();
  }

  /** Every config file read so far. */
  known(): string[] {
    return [...this.byPath.entries()].filter(([, v]) => v.loaded).map(([p]) => p);
  }

  private nearestPath(folder: string): string | undefined {
    if (this.nearestByFolder.has(folder)) return this.nearestByFolder.get(folder);
    const candidate = join(folder, CONFIG_FILE_NAME);
    let found: string | undefined;
    if (this.load(candidate)) found = candidate;
    else if (!this.source.isRepositoryRoot(folder)) {
      const parent = dirname(folder);
      found = parent === folder ? undefined : this.nearestPath(parent);
    }
    this.nearestByFolder.set(folder, found);
    return found;
  }
}

/** True when `path` is a `.hpa-lint.yaml`. */
export function isLintConfigPath(path: string): boolean {
  return (
    path === CONFIG_FILE_NAME ||
    path.endsWith(`/${CONFIG_FILE_NAME}`) ||
    path.endsWith(`${sep}${CONFIG_FILE_NAME}`)
  );
}

/** A file's path relative to the config's folder, '/'-separated, for the `ignore` globs. */
export function pathBelow(config: LoadedConfig, filePath: string): string {
  return relative(config.folder, filePath).split(sep).join('/');
}

export function parseConfig(path: string, text: string): LoadedConfig {
  const model = new FileModel(path, text, undefined);
  const problems: ConfigFileProblem[] = [];
  const keySpans: Partial<Record<string, Span>> = {};
  const doc = model.documents[0];
  if (!doc) return { path, folder: dirname(path), layer: {}, problems, keySpans, model };
  const parsed = doc.model.parsed;
  if (parsed.errors.length > 0) {
    const error = parsed.errors[0]!;
    problems.push({
      path: [],
      span: { start: doc.offset + error.pos[0], end: doc.offset + error.pos[1] },
      message: t('{file} is not valid YAML: {detail}', {
        file: CONFIG_FILE_NAME,
        detail: error.message.split('\n')[0]!.trim(),
      }),
    });
    return { path, folder: dirname(path), layer: {}, problems, keySpans, model };
  }
  const root = YamlView.root(parsed, doc.offset);
  for (const key of root.keys()) keySpans[key] = root.get(key).keySpan();
  const version = root.get('kubernetesVersion');
  // The reader takes what is usable; the schema says what is wrong, and where (configSchemaProblems.ts).
  const { layer } = readConfigLayer(root.value, ALL_RULE_IDS, version.sourceText);
  for (const problem of configSchemaProblems(root)) {
    const view = viewAt(root, problem.path);
    problems.push({
      span: placeOf(problem) === 'key' ? view.keySpan() : view.valueSpan(),
      message: problemText(problem),
      path: problem.path,
    });
  }
  return { path, folder: dirname(path), layer, problems, keySpans, model };
}

/**
 * Where a release or gate error (the version model's, FileSettings.clusterError) shows in the file:
 * on the version's value or the gate's entry when the file sets them; undefined when the file's
 * own problems already say it (an unknown gate, a version that is no release), or there is none.
 */
export function clusterErrorProblem(
  config: LoadedConfig,
  error: { message: string | undefined; path: string[] | undefined },
): { span: Span; message: string } | undefined {
  if (error.message === undefined) return undefined;
  const path = error.path ?? ['kubernetesVersion'];
  const same = (p: ConfigFileProblem) =>
    p.path.length === path.length && p.path.every((k, i) => k === path[i]);
  if (config.problems.some(same)) return undefined;
  const doc = config.model.documents[0];
  const view = doc ? viewAt(YamlView.root(doc.model.parsed, doc.offset), path) : undefined;
  const span = view?.exists
    ? path[0] === 'kubernetesVersion'
      ? view.valueSpan()
      : view.keySpan()
    : (config.keySpans.kubernetesVersion ?? config.keySpans.featureGates ?? { start: 0, end: 0 });
  return { span, message: error.message };
}

function viewAt(root: YamlView, path: readonly (string | number)[]): YamlView {
  return path.length === 0 ? root : root.at(...path);
}

function problemText(problem: ConfigSchemaProblem): string {
  switch (problem.code) {
    case 'unknownGate':
      return targetErrorText({ code: 'unknownGate', gate: problem.gate, known: GATE_NAMES.join(', ') });
    case 'badVersion':
      return problem.text;
    case 'notAMapping':
      return t(
        '{file} must be a mapping of settings (kubernetesVersion, featureGates, rules, slowRampBudgetSeconds, ignore)',
        {
          file: CONFIG_FILE_NAME,
        },
      );
    case 'unknownKey':
      return t('unknown setting "{key}" (known: {known})', { key: problem.key, known: problem.known });
    case 'wrongType':
      return wrongTypeText(problem.path.join('.'), problem.expected);
    case 'unknownRule':
      return t('unknown rule "{rule}"', { rule: problem.rule });
    case 'badSeverity':
      return t('{path}: "{value}" is not a severity (use {known})', {
        path: problem.path.join('.'),
        value: problem.value,
        known: problem.known,
      });
    case 'negative':
      return t('{path} must be 0 or more', { path: problem.path.join('.') });
  }
}

function wrongTypeText(path: string, expected: 'string' | 'boolean' | 'number' | 'mapping' | 'list'): string {
  switch (expected) {
    case 'string':
      return t('{path} must be a string (quote a version: "1.30")', { path });
    case 'boolean':
      return t('{path} must be true or false', { path });
    case 'number':
      return t('{path} must be a number', { path });
    case 'mapping':
      return t('{path} must be a mapping', { path });
    case 'list':
      return t('{path} must be a list of globs', { path });
  }
}
