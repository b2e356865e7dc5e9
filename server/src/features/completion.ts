/**
 * Completion inside HPA documents: keys by path, enum values (metric and target types,
 * selectPolicy, policy types, resource names), and a snippet for a whole new HPA at the top level
 * of an empty document.
 */
import {
  type CompletionItem,
  CompletionItemKind,
  InsertTextFormat,
  InsertTextMode,
  MarkupKind,
  type Position,
} from 'vscode-languageserver';
import { toleranceSupport } from '../../../common/k8s/kubernetesVersions';
import type { FeatureContext } from './context';
import { keyInsert } from './completionInsert';
import { canonicalPath, type FieldSpec, HPA_FIELDS, hpaField } from './hpaSchema';
import { localeOf, type Locale, msg } from './messages';
import { newHpaLines } from './hpaTemplate';
import { detectLayout } from '../edits/textLayout';
import { containerPath, documentLines, lineInfo } from './textPath';
import type { FileModel } from '../yaml/documents';
import { HPA_KIND } from '../workspace/scaleTarget';

export interface CompletionOptions {
  /** The client accepts snippet syntax in completion items. */
  snippets?: boolean;
}

const VALUE_LINE = /^(\s*)((?:-\s+)?)([\w.-]+):\s+([\w./-]*)$/;
const KEY_LINE = /^(\s*)((?:-\s+)?)(\w*)$/;

/** Values a target type may take for each metric source (semantics §3 rows 18, 22–29). */
const TARGET_TYPES: Record<string, string[]> = {
  resource: ['Utilization', 'AverageValue'],
  containerResource: ['Utilization', 'AverageValue'],
  pods: ['AverageValue'],
  object: ['Value', 'AverageValue'],
  external: ['Value', 'AverageValue'],
};

function docOf(spec: FieldSpec | undefined, locale: Locale): CompletionItem['documentation'] {
  return spec ? { kind: MarkupKind.Markdown, value: msg(locale, spec.doc) } : undefined;
}

function isEmptyDocument(lines: string[], line: number): boolean {
  const { start, end } = documentLines(lines, line);
  for (let i = start; i <= end; i++) {
    if (i === line) continue;
    if (!lineInfo(lines[i] ?? '').blank) return false;
  }
  return true;
}

function documentKind(lines: string[], line: number): string | undefined {
  const { start, end } = documentLines(lines, line);
  for (let i = start; i <= end; i++) {
    const m = /^kind:\s*["']?([\w.-]+)/.exec(lines[i] ?? '');
    if (m) return m[1];
  }
  return undefined;
}

/** Keys already written in the mapping whose keys start at `column` around `line`, with their lines. */
function siblingKeys(lines: string[], line: number, column: number): Map<string, string> {
  const keys = new Map<string, string>();
  const { start, end } = documentLines(lines, line);
  for (const step of [-1, 1]) {
    for (let i = line + step; i >= start && i <= end; i += step) {
      const info = lineInfo(lines[i] ?? '');
      if (info.blank) continue;
      if (info.dash && info.contentCol === column) {
        // Above: the first key of our own item. Below: the next item begins.
        if (step === -1 && info.key) keys.set(info.key, lines[i]!);
        break;
      }
      if (info.contentCol < column) break;
      if (info.contentCol === column && info.key) keys.set(info.key, lines[i]!);
    }
  }
  return keys;
}

/**
 * The lines around a position that completion reads: from the start of the `---` document holding
 * it to the start of the next document with content, with `line` counted from there. Completion is
 * asked for on every keystroke, and splitting a 40,000-line file each time would cost more than the
 * answer; the line scans stop at `---` markers, so they never need more than this.
 */
function linesAround(file: FileModel, position: Position): { lines: string[]; line: number } {
  const offset = file.lineIndex.offsetOfLine(position.line);
  const documents = file.documents;
  // The last document with content that starts at or before the line (-1: none does).
  let k = -1;
  for (let low = 0, high = documents.length - 1; low <= high;) {
    const mid = (low + high) >> 1;
    if (documents[mid]!.offset <= offset) {
      k = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  const start = k >= 0 ? documents[k]!.offset : 0;
  const end = documents[k + 1]?.offset ?? file.text.length;
  const firstLine = file.lineIndex.position(start).line;
  // Every line break the editor counts (a lone \r too), so `line` means the editor's line.
  return { lines: file.text.slice(start, end).split(/\r\n?|\n/), line: position.line - firstLine };
}

export function provideCompletion(
  file: FileModel,
  position: Position,
  ctx: Pick<FeatureContext, 'locale' | 'cluster'>,
  options: CompletionOptions = {},
): CompletionItem[] {
  const locale = localeOf(ctx.locale);
  const around = linesAround(file, position);
  const lines = around.lines;
  const line = around.line;
  const current = (lines[line] ?? '').replace(/\r$/, '');
  const prefix = current.slice(0, position.character);
  const snippets = options.snippets !== false;

  if (isEmptyDocument(lines, line) && /^\w*$/.test(prefix)) {
    const layout = detectLayout(file);
    const body = newHpaLines(layout, { kind: 'Deployment', name: 'name' }, snippets).join('\n');
    return [
      {
        label: msg(locale, 'completion.hpa'),
        kind: CompletionItemKind.Snippet,
        detail: 'autoscaling/v2',
        documentation: { kind: MarkupKind.Markdown, value: msg(locale, 'completion.hpaDoc') },
        insertTextFormat: snippets ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
        textEdit: {
          range: { start: { line: position.line, character: 0 }, end: position },
          newText: body,
        },
        filterText: prefix || 'HorizontalPodAutoscaler',
      },
    ];
  }
  if (documentKind(lines, line) !== HPA_KIND) return [];

  const valueMatch = VALUE_LINE.exec(prefix);
  if (valueMatch) {
    const [, indent, dashes, key] = valueMatch;
    const dashed = dashes!.length > 0;
    const keyColumn = indent!.length + dashes!.length;
    const path = [...containerPath(lines, line, keyColumn, dashed, indent!.length), key!];
    const canonical = canonicalPath(path);
    let values = hpaField(path)?.values ?? []; // own keys only: `constructor:` must not find Object.values
    if (canonical === 'metric.target.type') {
      const source = path[path.length - 3];
      if (Object.hasOwn(TARGET_TYPES, source ?? '')) values = TARGET_TYPES[source ?? '']!;
    }
    return values.map((value, i) => ({
      label: value,
      kind: CompletionItemKind.EnumMember,
      sortText: String(i).padStart(2, '0'),
      documentation: docOf(hpaField(path), locale),
    }));
  }

  const keyMatch = KEY_LINE.exec(prefix);
  if (!keyMatch) return [];
  const [, indent, dashes] = keyMatch;
  const dashed = dashes!.length > 0;
  const keyColumn = indent!.length + dashes!.length;
  const path = containerPath(lines, line, keyColumn, dashed, indent!.length);
  const spec = hpaField(path);
  if (!spec?.children) return [];
  const present = dashed ? new Map<string, string>() : siblingKeys(lines, line, keyColumn);
  const typeLine = present.get('type');
  const siblingType = typeLine === undefined ? undefined : /type:\s*["']?([\w]+)/.exec(typeLine)?.[1];
  const site = { parent: path, column: keyColumn, ...(siblingType ? { siblingType } : {}) };
  const layout = detectLayout(file);
  const cluster = ctx.cluster;
  return (
    spec.children
      .filter((key) => !present.has(key))
      // Only what the release has: a per-direction tolerance exists from 1.33.
      .filter((key) => !(key === 'tolerance' && cluster && toleranceSupport(cluster) === 'unknown'))
      .map((key, i) => {
        const child = HPA_FIELDS[canonicalPath([...path, key])];
        const source = path[path.length - 2];
        const values =
          canonicalPath([...path, key]) === 'metric.target.type' && Object.hasOwn(TARGET_TYPES, source ?? '')
            ? TARGET_TYPES[source ?? '']
            : child?.values;
        const insert = keyInsert(key, site, layout, snippets, values);
        return {
          label: key,
          kind: CompletionItemKind.Property,
          sortText: String(i).padStart(2, '0'),
          insertText: insert.text,
          ...(insert.snippet ? { insertTextFormat: InsertTextFormat.Snippet } : {}),
          // The lines after the first carry their full indentation already.
          ...(insert.multiline ? { insertTextMode: InsertTextMode.asIs } : {}),
          documentation: docOf(child, locale),
        };
      })
  );
}
