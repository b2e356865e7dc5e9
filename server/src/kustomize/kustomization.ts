/**
 * What a kustomization file says about the files around it: the resources and components it
 * includes, the patches it applies (files, and patches written inline in a block scalar), and its
 * `replicas:` entries. Read with a plain YAML parse; kustomize itself renders (render.ts).
 */
import { parseDocument } from 'yaml';
import { yamlLineBreaks } from '../../../common/yamlLineBreaks';
import type { Span } from '../yaml/ranges';
import { isScalar } from '../yaml/yamlNodes';
import { YamlView } from '../yaml/yamlView';
import { literalBlockOffsets } from './blockScalarOffsets';
import { type PatchTarget, readPatchTarget } from './patchTarget';

export interface ReplicasEntry {
  name: string;
  /** The entry's map, for ranges (offsets in the kustomization file). */
  view: YamlView;
}

/** The kustomization fields that hold patches, in the order kustomize applies them. */
const PATCH_LISTS = ['patchesStrategicMerge', 'patches', 'patchesJson6902'] as const;
export type PatchList = (typeof PATCH_LISTS)[number];

/** A patch written in the kustomization itself. */
export interface InlinePatch {
  /** The patch as kustomize reads it (the scalar's value). */
  text: string;
  /**
   * A span of `text` as a span of the kustomization file: the same characters for a literal block
   * scalar (`|`, `|-`, `|2`...), else the `patch:` key or the list entry (a quoted or folded
   * string has no line-for-line correspondence).
   */
  fileSpan(span: Span): Span;
}

export interface PatchEntry {
  list: PatchList;
  /** The file the patch is read from, relative to the kustomization's folder. */
  path?: string;
  inline?: InlinePatch;
  target?: PatchTarget;
}

export interface Kustomization {
  /** `resources`, `bases` and `components` entries as written (files, folders or remote URLs). */
  includes: string[];
  /** Files applied as patches (`patches[].path`, `patchesStrategicMerge` file entries, `patchesJson6902[].path`). */
  patchFiles: string[];
  /** Every patch, file or inline, in the order kustomize applies them. */
  patches: PatchEntry[];
  replicas: ReplicasEntry[];
  /**
   * Other files it reads (`configurations`, `crds`, `transformers`, `generators`, `validators`,
   * `replacements[].path`, `openapi.path`): configuration, not resources, yet not stray files.
   */
  otherFiles: string[];
  /** `namePrefix` and `nameSuffix` ('' when unset): kustomize renames every resource it includes. */
  namePrefix: string;
  nameSuffix: string;
  /** The whole file, for ranges. */
  root: YamlView;
}

/** undefined when the text is not a YAML map (kustomize reports that itself when it renders). */
export function parseKustomization(text: string): Kustomization | undefined {
  const doc = parseDocument(yamlLineBreaks(text), { prettyErrors: false });
  const root = YamlView.root(doc, 0);
  if (!root.isMap) return undefined;
  const strings = (key: string) =>
    root
      .get(key)
      .items()
      .map((item) => item.string)
      .filter((s): s is string => s !== undefined && s.length > 0);
  const patches: PatchEntry[] = [];
  for (const list of PATCH_LISTS) {
    for (const item of root.get(list).items()) {
      const entry = patchEntry(list, item, text);
      if (entry) patches.push(entry);
    }
  }
  const patchFiles = patches.flatMap((p) => (p.path === undefined ? [] : [p.path]));
  const replicas: ReplicasEntry[] = [];
  for (const entry of root.get('replicas').items()) {
    const name = entry.get('name').string;
    if (name) replicas.push({ name, view: entry });
  }
  // A transformer or generator entry may be an inline configuration rather than a file name.
  const fileNames = (key: string) => strings(key).filter((s) => !s.includes('\n'));
  const otherFiles = [
    ...['configurations', 'crds', 'transformers', 'generators', 'validators'].flatMap(fileNames),
    ...root
      .get('replacements')
      .items()
      .map((item) => item.get('path').string)
      .filter((s): s is string => s !== undefined && s.length > 0),
  ];
  const openapi = root.at('openapi', 'path').string;
  if (openapi) otherFiles.push(openapi);
  return {
    includes: [...strings('resources'), ...strings('bases'), ...strings('components')],
    patchFiles,
    patches,
    replicas,
    otherFiles,
    namePrefix: root.get('namePrefix').string ?? '',
    nameSuffix: root.get('nameSuffix').string ?? '',
    root,
  };
}

/**
 * One entry of a patch list: a `patchesStrategicMerge` string is a file name or an inline patch
 * (which has a line break or a colon); `patches` and `patchesJson6902` entries are maps with a
 * `path:` or a `patch:`, and a `target:`.
 */
function patchEntry(list: PatchList, item: YamlView, fileText: string): PatchEntry | undefined {
  if (list === 'patchesStrategicMerge') {
    const value = item.string;
    if (value === undefined || value === '') return undefined;
    if (!/[\n:]/.test(value)) return { list, path: value };
    return { list, inline: inlinePatch(item, value, fileText) };
  }
  const target = readPatchTarget(item.get('target'));
  const path = item.get('path').string;
  if (path) return { list, path, ...(target ? { target } : {}) };
  const patch = item.get('patch');
  const value = patch.string;
  if (value === undefined || value.trim() === '') return undefined;
  return { list, inline: inlinePatch(patch, value, fileText), ...(target ? { target } : {}) };
}

function inlinePatch(scalar: YamlView, value: string, fileText: string): InlinePatch {
  const literal = isScalar(scalar.node)
    ? literalBlockOffsets(fileText, scalar.valueSpan(), value)
    : undefined;
  // `patch:` in a map, the string itself in a patchesStrategicMerge list; its first line only.
  const fallback = scalar.keySpan();
  return {
    text: value,
    fileSpan: literal
      ? (span) => ({ start: literal(span.start), end: literal(span.end) })
      : () => ({ start: fallback.start, end: Math.min(fallback.end, lineEnd(fileText, fallback.start)) }),
  };
}

function lineEnd(text: string, from: number): number {
  const at = text.slice(from).search(/\r|\n/);
  return at === -1 ? text.length : from + at;
}
