/**
 * The language server's side of `.hpa-lint.yaml`: the settings each open file is linted with (the
 * nearest file over the editor's settings, config/fileSettings.ts), the file's own diagnostics
 * (its problems, a bad release, and where the editor's settings differ from it, since the file is
 * what CI reads), and the answer to the status item's `hpa/kubernetesVersion`. A config file the
 * editor holds is read from the editor (unsaved text counts), others through the host (the disk in
 * Node, the client in the browser), for documents of any file system (configLocations.ts).
 */
import { join } from 'node:path';
import type { Diagnostic, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { releaseName } from '../../../common/k8s/kubernetesVersions';
import type { KubernetesVersionInfo, PreviewCluster } from '../../../common/protocol';
import { settingsForFile, type FileSettings } from '../config/fileSettings';
import {
  clusterErrorProblem,
  isLintConfigPath,
  LintConfigFiles,
  type LoadedConfig,
} from '../config/lintConfigFiles';
import { locate } from '../lint/findingsOutput';
import { CONFIG_FILE_RULE } from '../rules/index';
import type { Finding } from '../rules/types';
import type { HpaSettings, Severity } from '../settings';
import { displayLookupPath, isOtherFileSystemTop, lookupPathOf, uriOfLookupPath } from './configLocations';
import { toDiagnostic } from './diagnostics';
import type { ConfigFileAccess } from './serverHost';

export class ClusterSettings {
  private readonly files: LintConfigFiles;

  /**
   * `loaded` is called when config files the host was still reading have come (the browser): what
   * was linted without them must be linted again.
   */
  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly settings: () => HpaSettings,
    private readonly disk: ConfigFileAccess,
    loaded: () => void = () => undefined,
  ) {
    this.files = new LintConfigFiles({
      read: (path) => {
        const uri = uriOfLookupPath(path);
        const open = this.documents.get(uri);
        if (open) return open.getText();
        return disk.read(uri);
      },
      isRepositoryRoot: (folder) =>
        isOtherFileSystemTop(folder) || disk.isRepositoryRoot(uriOfLookupPath(folder)),
    });
    disk.onDidLoad?.((uris) => {
      for (const uri of uris) {
        const path = lookupPathOf(uri);
        if (path !== undefined) this.files.forget(path);
      }
      loaded();
    });
  }

  /** True while the host is still reading a config file a lookup asked for: lint waits for it. */
  loading(): boolean {
    return this.disk.loading?.() ?? false;
  }

  /** The settings, config and release for a document (`untitled:` ones get the editor's settings). */
  forUri(uri: string): FileSettings {
    const path = lookupPathOf(uri);
    const config = path === undefined ? undefined : this.files.forFile(path);
    return settingsForFile(this.settings(), config, path ?? uri);
  }

  /** Whether a URI is a `.hpa-lint.yaml` (its change re-lints every open file). */
  isConfig(uri: unknown): boolean {
    // A client may send anything as a URI (test/server/robustness-protocol.test.ts).
    return typeof uri === 'string' && isLintConfigPath(uri);
  }

  /** A config file changed (typed, saved, created, deleted, closed): read it again. */
  changed(uri: string): void {
    this.disk.changed?.(uri);
    const path = lookupPathOf(uri);
    if (path !== undefined) this.files.forget(path);
  }

  /** The diagnostics of a `.hpa-lint.yaml` itself. */
  diagnosticsOf(uri: string): Diagnostic[] {
    const path = lookupPathOf(uri);
    const config = path === undefined ? undefined : this.files.load(path);
    if (!config) return [];
    // The file as it applies to a manifest beside it: its release, and how the settings compare.
    const applied = settingsForFile(this.settings(), config, join(config.folder, '_'));
    const severityOf = (reported: Severity): Severity | undefined => {
      const override = applied.settings.rules[CONFIG_FILE_RULE.id];
      return override === 'off' ? undefined : (override ?? reported);
    };
    const findings: Finding[] = [];
    const push = (span: { start: number; end: number }, message: string, reported: Severity) => {
      const severity = severityOf(reported);
      if (severity) findings.push({ rule: CONFIG_FILE_RULE.id, severity, message, span, uri });
    };
    for (const p of config.problems) push(p.span, p.message, CONFIG_FILE_RULE.defaultSeverity);
    const cluster = clusterErrorProblem(config, {
      message: applied.clusterError,
      path: applied.clusterErrorPath,
    });
    if (cluster) push(cluster.span, cluster.message, 'error');
    for (const conflict of applied.conflicts)
      push(conflictSpan(config, conflict.key), conflict.text, 'warning');
    return locate(config.model, findings).map(toDiagnostic);
  }

  /**
   * Where a file's release came from, for the preview panel: the `.hpa-lint.yaml` in force as a
   * path relative to the workspace folder `root` (a URI), or the settings; undefined by default.
   */
  previewSource(uri: string, root: string | undefined): PreviewCluster['source'] {
    const fs = this.forUri(uri);
    if (fs.origin === 'settings' || fs.origin === 'flags') return { origin: 'settings' };
    if (fs.origin !== 'file' || !fs.config) return undefined;
    const configUri = uriOfLookupPath(fs.config.path);
    const prefix = root === undefined ? undefined : root.endsWith('/') ? root : `${root}/`;
    const file =
      prefix !== undefined && configUri.startsWith(prefix)
        ? decodeURIComponent(configUri.slice(prefix.length))
        : displayLookupPath(fs.config.path);
    return { origin: 'file', file };
  }

  /** What the status item shows for a file. */
  versionInfo(uri: string): KubernetesVersionInfo {
    const fs = this.forUri(uri);
    const cluster = fs.settings.cluster;
    const gates = Object.entries(cluster.overrides)
      .map(([g, v]) => `${g}=${v}`)
      .join(', ');
    return {
      release: releaseName(cluster.minor),
      configured: cluster.configured,
      origin: fs.origin === 'flags' ? 'settings' : fs.origin,
      ...(fs.config ? { configFile: uriOfLookupPath(fs.config.path) } : {}),
      gates,
      conflicts: fs.conflicts.map((c) => c.text),
      ...(fs.clusterError ? { error: fs.clusterError } : {}),
    };
  }
}

function conflictSpan(config: LoadedConfig, key: string): { start: number; end: number } {
  return config.keySpans[key] ?? { start: 0, end: 0 };
}
