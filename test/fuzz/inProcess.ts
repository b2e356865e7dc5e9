/**
 * The server's document pipeline, in-process: the same functions service.ts calls on every open or
 * change (FileModel -> WorkspaceIndex.setFile -> lintFile -> locate, behind the size guard), the
 * preview requests (documentHpas, previewModelAt), the language features (hover, completion, code
 * actions) and the CLI's `main`. Thousands of cases a minute instead of a process round-trip each.
 */
import type { CodeAction, Range } from 'vscode-languageserver-types';
import { main as cliMain } from '../../server/src/cli';
import type { CliIO } from '../../server/src/cli/io';
import { FileModel, type ParseOptions } from '../../server/src/yaml/documents';
import { type LocatedFinding, locate } from '../../server/src/lint/findingsOutput';
import { lintFile } from '../../server/src/lint/lint';
import { documentHpas, previewModelAt } from '../../server/src/preview/previewModel';
import { FILE_TOO_LARGE_RULE } from '../../server/src/rules/index';
import { DEFAULT_SETTINGS, type HpaSettings } from '../../server/src/settings';
import { WorkspaceIndex } from '../../server/src/workspace/workspaceIndex';
import { provideCodeActions } from '../../server/src/features/codeActions';
import { provideCompletion } from '../../server/src/features/completion';
import type { FeatureContext } from '../../server/src/features/context';
import { provideHover } from '../../server/src/features/hover';

export interface LintOutcome {
  diagnostics: LocatedFinding[];
  /** True when the size guard skipped the file (diagnostics then hold its one information finding). */
  skipped: boolean;
  /** Set when the server's way (read fields first, full text checked after) found something else than a full parse. */
  mismatch?: string;
}

/** As service.ts parses: workloads from their read fields. */
const SERVER_PARSE: ParseOptions = { blankUnreadFields: true };
/** Files up to this size are also linted from a full parse, to compare. */
const COMPARE_UP_TO_CHARS = 200_000;

/** One language-server session's state: a workspace index and settings, fed document by document. */
export class InProcessServer {
  readonly workspace = new WorkspaceIndex();

  constructor(readonly settings: HpaSettings = { ...DEFAULT_SETTINGS }) {}

  /** What service.ts does for an open or changed document: guard, index, lint, locate. */
  lint(uri: string, text: string, version = 1): LintOutcome {
    if (text.length > this.settings.maxFileSizeBytes) {
      this.workspace.deleteFile(uri);
      return {
        skipped: true,
        diagnostics: [
          {
            rule: FILE_TOO_LARGE_RULE.id,
            severity: FILE_TOO_LARGE_RULE.defaultSeverity,
            message: 'skipped',
            range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
          },
        ],
      };
    }
    const file = new FileModel(uri, text, version, this.workspace.getFile(uri), SERVER_PARSE);
    this.workspace.setFile(file);
    // What the server's background check does once the user pauses.
    if (file.checkFullTexts()) this.workspace.setFile(file);
    const findings = lintFile(file, this.workspace, this.settings).filter((f) => f.uri === uri);
    const diagnostics = locate(file, findings);
    return { skipped: false, diagnostics, mismatch: this.compareWithFullParse(uri, diagnostics) };
  }

  /** The same file linted as the CLI does (every document parsed in full), in a copy of the workspace. */
  private compareWithFullParse(uri: string, diagnostics: LocatedFinding[]): string | undefined {
    const uris = this.workspace.uris();
    if (uris.some((u) => (this.workspace.getFile(u)?.text.length ?? 0) > COMPARE_UP_TO_CHARS))
      return undefined;
    const mirror = new WorkspaceIndex();
    for (const u of uris) mirror.setFile(new FileModel(u, this.workspace.getFile(u)!.text, 1));
    const file = mirror.getFile(uri)!;
    const full = locate(
      file,
      lintFile(file, mirror, this.settings).filter((f) => f.uri === uri),
    );
    const a = JSON.stringify(diagnostics);
    const b = JSON.stringify(full);
    // Where the parser runs out of stack depends on how deep the caller's stack already is.
    if (a.includes('RESOURCE_EXHAUSTION') && b.includes('RESOURCE_EXHAUSTION')) return undefined;
    return a === b ? undefined : `read fields first: ${a.slice(0, 400)} / full parse: ${b.slice(0, 400)}`;
  }

  /** The preview's two requests, at a given line. Returns how many HPAs the document has. */
  preview(uri: string, line: number): number {
    const file = this.workspace.getFile(uri);
    if (!file) return 0;
    previewModelAt(file, this.workspace, line);
    return documentHpas(file, this.workspace).length;
  }

  close(uri: string): void {
    this.workspace.deleteFile(uri);
  }

  /**
   * Hover and completion at each position, and code actions for the diagnostics; returns every range
   * the answers carry for this document, so the caller can check they lie inside it.
   */
  features(
    uri: string,
    text: string,
    positions: { line: number; character: number }[],
    diagnostics: LocatedFinding[],
  ): Range[] {
    // As the server answers: from the model the lint indexed, nothing for a file it skipped.
    const file = this.workspace.getFile(uri);
    if (!file) return [];
    if (file.text !== text) throw new Error(`features asked about a text that ${uri} was not linted with`);
    const ctx: FeatureContext = { locale: 'en', workspace: this.workspace };
    const ranges: Range[] = [];
    for (const position of positions) {
      const hover = provideHover(file, position, ctx);
      if (hover?.range) ranges.push(hover.range);
      for (const item of provideCompletion(file, position, ctx)) {
        const edit = item.textEdit;
        if (edit && 'range' in edit) ranges.push(edit.range);
        for (const extra of item.additionalTextEdits ?? []) ranges.push(extra.range);
      }
    }
    const lspDiagnostics = diagnostics.map((d) => ({
      range: d.range,
      message: d.message,
      code: d.rule,
      source: 'hpa',
    }));
    const start = positions[0] ?? { line: 0, character: 0 };
    const actions = provideCodeActions(file, { start, end: start }, { diagnostics: lspDiagnostics }, ctx);
    for (const action of actions) ranges.push(...editRanges(action, uri));
    return ranges;
  }
}

/** Ranges of the edits a code action makes to this document (edits that create other files are not checked). */
function editRanges(action: CodeAction, uri: string): Range[] {
  const out: Range[] = [];
  const edits: { range: Range }[] = [...(action.edit?.changes?.[uri] ?? [])];
  for (const change of action.edit?.documentChanges ?? []) {
    if ('textDocument' in change && change.textDocument.uri === uri) {
      for (const e of change.edits) if ('range' in e) edits.push(e);
    }
  }
  for (const e of edits) out.push(e.range);
  return out;
}

export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** `hpa-lint <argv>` in-process; `files` are what its readFile sees (`-` is standard input). */
export async function runCli(argv: string[], files: Record<string, string>): Promise<CliOutcome> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readFile: async (path) => {
      const key = Object.keys(files).find((name) => path === name || path.endsWith(`/${name}`));
      if (key === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      return files[key]!;
    },
    cwd: '/nonexistent-fuzz-cwd',
  };
  const code = await cliMain(argv, io);
  return { code, stdout, stderr };
}
