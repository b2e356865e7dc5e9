/**
 * `.hpa-lint.yaml`, the repository's one answer to "which cluster, which rules", read alike by
 * `hpa-lint` (CI) and the language server. This file is the pure part: the file's keys checked
 * from its parsed value, the layers merged in their order of precedence, and the `ignore` globs.
 * The YAML parse and the walk up the folders to the nearest file are the server's
 * (server/src/config/), since common/ reads no files and parses no YAML.
 *
 * Precedence (README "Kubernetes versions"): CLI flags > the nearest `.hpa-lint.yaml` > editor
 * settings > defaults. The file is what CI sees, so in the editor it wins over the settings, and
 * the server says so where they differ instead of silently disagreeing with CI.
 */

export const CONFIG_FILE_NAME = '.hpa-lint.yaml';

export const CONFIG_KEYS = [
  'kubernetesVersion',
  'featureGates',
  'rules',
  'slowRampBudgetSeconds',
  'ignore',
] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

export type SeverityName = 'off' | 'hint' | 'info' | 'warning' | 'error';
export const SEVERITY_NAMES: readonly SeverityName[] = ['off', 'hint', 'info', 'warning', 'error'];

/** One layer's values (a file, the settings, the flags); a key left out defers to the layer below. */
export interface ConfigLayer {
  kubernetesVersion?: string;
  featureGates?: Record<string, boolean>;
  rules?: Record<string, SeverityName>;
  slowRampBudgetSeconds?: number;
  ignore?: string[];
}

export type ConfigProblem =
  | { code: 'notAMapping'; path: (string | number)[] }
  | { code: 'unknownKey'; path: (string | number)[]; key: string; known: string }
  | {
      code: 'wrongType';
      path: (string | number)[];
      expected: 'string' | 'boolean' | 'number' | 'mapping' | 'list';
    }
  | { code: 'unknownRule'; path: (string | number)[]; rule: string }
  | { code: 'badSeverity'; path: (string | number)[]; value: string; known: string }
  | { code: 'negative'; path: (string | number)[] };

/**
 * A key whose value maps names to entries (featureGates, rules): undefined, with a problem, when it
 * is not a mapping; else the entries `readEntry` accepts (it reports the ones it leaves out).
 */
function readMapping<T>(
  value: unknown,
  key: string,
  problems: ConfigProblem[],
  readEntry: (name: string, entry: unknown) => T | undefined,
): Record<string, T> | undefined {
  if (!isMapping(value)) {
    problems.push({ code: 'wrongType', path: [key], expected: 'mapping' });
    return undefined;
  }
  const entries: Record<string, T> = {};
  for (const [name, entry] of Object.entries(value)) {
    const read = readEntry(name, entry);
    if (read !== undefined) entries[name] = read;
  }
  return entries;
}

/**
 * The layer a parsed `.hpa-lint.yaml` gives, and what is wrong in it (each problem with its path,
 * for a diagnostic on that key). A wrong entry is left out; the rest still applies. Whether the
 * version and gates make sense is the version model's question (`resolveClusterTarget`).
 * `versionText` is the version as written in the file (YAML reads `1.30` as the number 1.3).
 */
export function readConfigLayer(
  value: unknown,
  knownRules: readonly string[],
  versionText?: string,
): { layer: ConfigLayer; problems: ConfigProblem[] } {
  const layer: ConfigLayer = {};
  const problems: ConfigProblem[] = [];
  if (value === null || value === undefined) return { layer, problems };
  if (!isMapping(value)) return { layer, problems: [{ code: 'notAMapping', path: [] }] };
  for (const [key, v] of Object.entries(value)) {
    switch (key) {
      case 'kubernetesVersion':
        if (typeof v === 'string') layer.kubernetesVersion = v;
        else if (typeof v === 'number') layer.kubernetesVersion = versionText ?? String(v);
        else problems.push({ code: 'wrongType', path: [key], expected: 'string' });
        break;
      case 'featureGates': {
        const gates = readMapping(v, key, problems, (gate, on) => {
          if (typeof on === 'boolean') return on;
          problems.push({ code: 'wrongType', path: [key, gate], expected: 'boolean' });
          return undefined;
        });
        if (gates) layer.featureGates = gates;
        break;
      }
      case 'rules': {
        const rules = readMapping(v, key, problems, (rule, severity) => {
          if (!knownRules.includes(rule)) {
            problems.push({ code: 'unknownRule', path: [key, rule], rule });
            return undefined;
          }
          if (typeof severity !== 'string' || !(SEVERITY_NAMES as readonly string[]).includes(severity)) {
            problems.push({
              code: 'badSeverity',
              path: [key, rule],
              value: String(severity),
              known: SEVERITY_NAMES.join(', '),
            });
            return undefined;
          }
          return severity as SeverityName;
        });
        if (rules) layer.rules = rules;
        break;
      }
      case 'slowRampBudgetSeconds':
        if (typeof v !== 'number' || !Number.isFinite(v))
          problems.push({ code: 'wrongType', path: [key], expected: 'number' });
        else if (v < 0) problems.push({ code: 'negative', path: [key] });
        else layer.slowRampBudgetSeconds = v;
        break;
      case 'ignore': {
        const list = typeof v === 'string' ? [v] : v;
        if (!Array.isArray(list)) {
          problems.push({ code: 'wrongType', path: [key], expected: 'list' });
          break;
        }
        const globs: string[] = [];
        list.forEach((g: unknown, i) => {
          if (typeof g === 'string' && g.trim() !== '') globs.push(g.trim());
          else problems.push({ code: 'wrongType', path: [key, i], expected: 'string' });
        });
        layer.ignore = globs;
        break;
      }
      default:
        problems.push({ code: 'unknownKey', path: [key], key, known: CONFIG_KEYS.join(', ') });
    }
  }
  return { layer, problems };
}

export type ConfigOrigin = 'flags' | 'file' | 'settings' | 'default';

export interface NamedLayer {
  origin: Exclude<ConfigOrigin, 'default'>;
  layer: ConfigLayer;
}

export interface MergedConfig extends ConfigLayer {
  /** Where each key's value came from (keys no layer set: 'default'). */
  origins: Record<ConfigKey, ConfigOrigin>;
}

/**
 * The layers merged, highest precedence first: scalars from the highest layer that sets them;
 * `featureGates` and `rules` merged per entry (a higher layer's entry wins); `ignore` from the
 * highest layer that sets it (globs are relative to the file, so lists do not add up).
 */
export function mergeConfigLayers(layers: readonly NamedLayer[]): MergedConfig {
  const origins = Object.fromEntries(CONFIG_KEYS.map((k) => [k, 'default'])) as Record<
    ConfigKey,
    ConfigOrigin
  >;
  const out: MergedConfig = { origins };
  for (const { origin, layer } of [...layers].reverse()) {
    if (layer.kubernetesVersion !== undefined) {
      out.kubernetesVersion = layer.kubernetesVersion;
      origins.kubernetesVersion = origin;
    }
    if (layer.slowRampBudgetSeconds !== undefined) {
      out.slowRampBudgetSeconds = layer.slowRampBudgetSeconds;
      origins.slowRampBudgetSeconds = origin;
    }
    if (layer.ignore !== undefined) {
      out.ignore = layer.ignore;
      origins.ignore = origin;
    }
    if (layer.featureGates !== undefined && Object.keys(layer.featureGates).length > 0) {
      out.featureGates = { ...out.featureGates, ...layer.featureGates };
      origins.featureGates = origin;
    }
    if (layer.rules !== undefined && Object.keys(layer.rules).length > 0) {
      out.rules = { ...out.rules, ...layer.rules };
      origins.rules = origin;
    }
  }
  return out;
}

/** Where a lower layer sets a key differently from the file (the file wins; the editor says so). */
export function differencesFromFile(
  file: ConfigLayer,
  settings: ConfigLayer,
): { key: ConfigKey; settings: string; file: string }[] {
  const out: { key: ConfigKey; settings: string; file: string }[] = [];
  if (
    file.kubernetesVersion !== undefined &&
    settings.kubernetesVersion !== undefined &&
    settings.kubernetesVersion !== '' &&
    settings.kubernetesVersion !== file.kubernetesVersion
  )
    out.push({
      key: 'kubernetesVersion',
      settings: settings.kubernetesVersion,
      file: file.kubernetesVersion,
    });
  if (file.featureGates && settings.featureGates) {
    for (const [gate, on] of Object.entries(settings.featureGates)) {
      const fileValue = file.featureGates[gate];
      if (fileValue !== undefined && fileValue !== on)
        out.push({ key: 'featureGates', settings: `${gate}=${on}`, file: `${gate}=${fileValue}` });
    }
  }
  if (
    file.slowRampBudgetSeconds !== undefined &&
    settings.slowRampBudgetSeconds !== undefined &&
    file.slowRampBudgetSeconds !== settings.slowRampBudgetSeconds
  )
    out.push({
      key: 'slowRampBudgetSeconds',
      settings: String(settings.slowRampBudgetSeconds),
      file: String(file.slowRampBudgetSeconds),
    });
  if (file.rules && settings.rules) {
    for (const [rule, severity] of Object.entries(settings.rules)) {
      const fileValue = file.rules[rule];
      if (fileValue !== undefined && fileValue !== severity)
        out.push({ key: 'rules', settings: `${rule}: ${severity}`, file: `${rule}: ${fileValue}` });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// ignore globs

/**
 * `ignore` globs as .gitignore reads them, relative to the folder of the file that lists them:
 * `*` and `?` stay inside one path segment, `**` spans segments, a glob with no `/` (other than a
 * trailing one) matches a name at any depth, a trailing `/` matches a folder and all below it.
 */
export function globToRegExp(glob: string): RegExp {
  let g = glob.replace(/\\/g, '/');
  const folder = g.endsWith('/');
  if (folder) g = g.slice(0, -1);
  const anchored = g.includes('/');
  if (g.startsWith('/')) g = g.slice(1);
  let re = '';
  for (let i = 0; i < g.length; i++) {
    const c = g[i]!;
    if (c === '*') {
      if (g[i + 1] === '*') {
        const slash = g[i + 2] === '/';
        re += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  const prefix = anchored ? '^' : '^(?:.*/)?';
  return new RegExp(`${prefix}${re}(?:/.*)?$`);
}

/** A path relative to the config file's folder ('/'-separated) matches one of the globs. */
export function isIgnored(relativePath: string, globs: readonly string[]): boolean {
  const path = relativePath.replace(/\\/g, '/').replace(/^\.\//, '');
  if (path.startsWith('../')) return false;
  return globs.some((g) => globToRegExp(g).test(path));
}

function isMapping(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
