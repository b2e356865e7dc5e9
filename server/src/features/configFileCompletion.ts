/**
 * Completion in `.hpa-lint.yaml`: its keys, the releases, the gate names and their true/false, the
 * rule ids and their severities. Like HPA completion it reads the text's indentation, not the tree
 * (while the user types, the file is often not valid YAML); the lists are configFileFields.ts's.
 */
import {
  type CompletionItem,
  CompletionItemKind,
  InsertTextMode,
  MarkupKind,
  type Position,
} from 'vscode-languageserver';
import { GATE_NAMES, releaseName, type GateName } from '../../../common/k8s/kubernetesVersions';
import type { FileModel } from '../yaml/documents';
import { CONFIG_KEY_SPECS, configKeysAt, configKeyText, configValuesAt, gateText } from './configFileFields';
import type { FeatureContext } from './context';
import { localeOf, type Locale } from './messages';
import { containerPath, lineInfo } from './textPath';

/** `key: "1.3` with the cursor at the end: the value typed so far, its opening quote included. */
const VALUE_LINE = /^(\s*)([\w.-]+):\s+(["']?[\w./-]*)$/;
const KEY_LINE = /^(\s*)([\w.-]*)$/;

export function provideConfigCompletion(
  file: FileModel,
  position: Position,
  ctx: Pick<FeatureContext, 'locale' | 'cluster'>,
): CompletionItem[] {
  const locale = localeOf(ctx.locale);
  const lines = file.text.split(/\r\n?|\n/);
  const prefix = (lines[position.line] ?? '').slice(0, position.character);

  const value = VALUE_LINE.exec(prefix);
  if (value) {
    const [, indent, key, typed] = value;
    const path = [...containerPath(lines, position.line, indent!.length), key!];
    const start = { line: position.line, character: position.character - typed!.length };
    return configValuesAt(path).map((v, i) => ({
      label: v.label,
      kind: CompletionItemKind.EnumMember,
      sortText: String(i).padStart(2, '0'),
      filterText: v.text,
      textEdit: { range: { start, end: position }, newText: v.text },
      ...valueDoc(path, v.label, locale, ctx),
    }));
  }

  const keyLine = KEY_LINE.exec(prefix);
  if (!keyLine) return [];
  const column = keyLine[1]!.length;
  const path = containerPath(lines, position.line, column);
  const present = siblingKeys(lines, position.line, column);
  const indent = ' '.repeat(column);
  return configKeysAt(path)
    .filter((key) => !present.has(key))
    .map((key, i) => {
      const shape =
        path.length === 0 ? CONFIG_KEY_SPECS[key as keyof typeof CONFIG_KEY_SPECS].shape : 'scalar';
      // A mapping's or list's first entry goes on the next line, one step (two spaces) in.
      const insertText =
        shape === 'mapping'
          ? `${key}:\n${indent}  `
          : shape === 'list'
            ? `${key}:\n${indent}  - `
            : `${key}: `;
      return {
        label: key,
        kind: CompletionItemKind.Property,
        sortText: String(i).padStart(2, '0'),
        insertText,
        ...(shape === 'scalar' ? {} : { insertTextMode: InsertTextMode.asIs }),
        ...keyDoc(path, key, locale, ctx),
      };
    });
}

function keyDoc(
  path: string[],
  key: string,
  locale: Locale,
  ctx: Pick<FeatureContext, 'cluster'>,
): Pick<CompletionItem, 'documentation'> {
  if (path.length === 0) return markdown(configKeyText(key as keyof typeof CONFIG_KEY_SPECS, locale));
  if (path[0] === 'featureGates' && ctx.cluster)
    return markdown(gateText(key as GateName, ctx.cluster.minor, locale));
  return {};
}

function valueDoc(
  path: string[],
  value: string,
  locale: Locale,
  ctx: Pick<FeatureContext, 'cluster'>,
): Pick<CompletionItem, 'documentation' | 'preselect'> {
  // The release in force comes first in the editor's list.
  if (path[0] === 'kubernetesVersion' && ctx.cluster && value === releaseName(ctx.cluster.minor))
    return { preselect: true };
  if (path[0] === 'featureGates' && ctx.cluster && (GATE_NAMES as readonly string[]).includes(path[1] ?? ''))
    return markdown(gateText(path[1] as GateName, ctx.cluster.minor, locale));
  return {};
}

function markdown(value: string): Pick<CompletionItem, 'documentation'> {
  return { documentation: { kind: MarkupKind.Markdown, value } };
}

/** The keys already written in the mapping whose keys start at `column` around `line`. */
function siblingKeys(lines: string[], line: number, column: number): Set<string> {
  const keys = new Set<string>();
  for (const step of [-1, 1]) {
    for (let i = line + step; i >= 0 && i < lines.length; i += step) {
      const info = lineInfo(lines[i] ?? '');
      if (info.blank) continue;
      if (info.marker || info.contentCol < column) break;
      if (info.contentCol === column && info.key) keys.add(info.key);
    }
  }
  return keys;
}
