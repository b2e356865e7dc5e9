/**
 * In-process linting for the unit tests: texts in, compact findings out. Every call lints twice, as
 * the CLI does (full parse) and as the language server does (workloads parsed from their read
 * fields, then the rest checked for YAML errors), and fails when the two disagree: so every rule
 * test also guards readSets.ts.
 */
import assert from 'node:assert/strict';
import { FileModel, type ParseOptions } from '../../server/src/yaml/documents';
import { locate } from '../../server/src/lint/findingsOutput';
import { lintFile } from '../../server/src/lint/lint';
import { setLocale } from '../../server/src/localize';
import { DEFAULT_SETTINGS, type HpaSettings } from '../../server/src/settings';
import { WorkspaceIndex } from '../../server/src/workspace/workspaceIndex';

/** [rule, severity, startLine, startChar, endLine, endChar, message] */
export type Row = [string, string, number, number, number, number, string];

/** Lints `files` (name -> text) as one workspace and returns the rows for `name`. */
export function lintFiles(
  files: Record<string, string>,
  name: string,
  settings: Partial<HpaSettings> = {},
): Row[] {
  const full = lintWorkspace(files, name, settings, { blankUnreadFields: false });
  const blanked = lintWorkspace(files, name, settings, { blankUnreadFields: true });
  assert.deepEqual(blanked, full, 'the server (read fields first) and the CLI (full parse) disagree');
  return full;
}

/** A finding's related place: [uri, startLine, startChar, endLine, endChar, message]. */
export type RelatedRow = [string, number, number, number, number, string];

/**
 * Like lintFiles, each row with its related places (both parses must agree on them too). Rows
 * without related places have an empty list.
 */
export function lintFilesRelated(
  files: Record<string, string>,
  name: string,
  settings: Partial<HpaSettings> = {},
): [Row, RelatedRow[]][] {
  const full = locatedFindings(files, name, settings, { blankUnreadFields: false });
  const blanked = locatedFindings(files, name, settings, { blankUnreadFields: true });
  assert.deepEqual(blanked, full, 'the server (read fields first) and the CLI (full parse) disagree');
  return full;
}

function lintWorkspace(
  files: Record<string, string>,
  name: string,
  settings: Partial<HpaSettings>,
  options: ParseOptions,
): Row[] {
  return locatedFindings(files, name, settings, options).map(([row]) => row);
}

function locatedFindings(
  files: Record<string, string>,
  name: string,
  settings: Partial<HpaSettings>,
  options: ParseOptions,
): [Row, RelatedRow[]][] {
  setLocale('en');
  const workspace = new WorkspaceIndex();
  for (const [uri, text] of Object.entries(files))
    workspace.setFile(new FileModel(uri, text, 1, undefined, options));
  // What the server's background check does once the user pauses.
  for (const uri of workspace.uris()) {
    const file = workspace.getFile(uri);
    if (file?.checkFullTexts()) workspace.setFile(file);
  }
  const file = workspace.getFile(name);
  if (!file) throw new Error(`no file ${name}`);
  const all = { ...DEFAULT_SETTINGS, ...settings };
  const findings = lintFile(file, workspace, all).filter((f) => f.uri === name);
  return locate(file, findings, (uri) => workspace.getFile(uri)).map((f) => [
    [
      f.rule,
      f.severity,
      f.range.start.line,
      f.range.start.character,
      f.range.end.line,
      f.range.end.character,
      f.message,
    ],
    (f.related ?? []).map((r) => [
      r.uri,
      r.range.start.line,
      r.range.start.character,
      r.range.end.line,
      r.range.end.character,
      r.message,
    ]),
  ]);
}

/** Lints one text; `target-not-found` is off unless asked for, since most snippets have no workload. */
export function lint(text: string, settings: Partial<HpaSettings> = {}): Row[] {
  return lintFiles({ 'test.yaml': text }, 'test.yaml', {
    rules: { 'target-not-found': 'off', ...settings.rules },
    ...withoutRules(settings),
  });
}

function withoutRules(settings: Partial<HpaSettings>): Partial<HpaSettings> {
  const { rules: _rules, ...rest } = settings;
  return rest;
}

/** Builds an autoscaling/v2 HPA document with `spec` lines appended (indented two spaces). */
export function hpa(specLines: string[], name = 'web', target = 'web'): string {
  return [
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    '  scaleTargetRef:',
    '    apiVersion: apps/v1',
    '    kind: Deployment',
    `    name: ${target}`,
    ...specLines.map((l) => `  ${l}`),
    '',
  ].join('\n');
}

/** Rows of one rule only, without the message. */
export function only(rows: Row[], rule: string): [number, number, number, number][] {
  return rows.filter((r) => r[0] === rule).map((r) => [r[2], r[3], r[4], r[5]]);
}
