/**
 * Every rule on a rendered overlay, with each finding moved to the source line that caused it:
 *
 * 1. a patch of a kustomization that changed the object (kustomize's transformer annotation
 *    names them) that sets the very field: the patch's line;
 * 2. `spec.replicas` set by a kustomization's `replicas:` entry: that entry's count;
 * 3. otherwise the file the object came from (kustomize's origin annotation): the same field, or
 *    the nearest enclosing field that exists there;
 * 4. and when none of these can be read, the overlay's kustomization file.
 *
 * The rendered objects form a workspace of their own, so one overlay's objects never meet
 * another's. Messages name the overlay.
 */
import { posix } from 'node:path';
import { t } from '../localize';
import { lintFile } from '../lint/lint';
import type { HpaSettings } from '../lint/settings';
import type { Finding } from '../rules/types';
import type { K8sObject } from '../workspace/objects';
import { WorkspaceIndex } from '../workspace/workspaceIndex';
import { FileModel } from '../yaml/documents';
import type { Span } from '../yaml/ranges';
import type { YamlView } from '../yaml/yamlView';
import { type KustomizationFile, type KustomizeLayout, fsPathOf } from './layout';

export interface RenderedOverlay {
  overlay: KustomizationFile;
  /** How messages name the overlay (its folder, as the user sees it). */
  label: string;
  yaml: string;
  /** The folder the origin and transformer paths are relative to (render.ts's wrapper). */
  baseDir: string;
}

type Step = { key: string } | { index: number; name: string | undefined };

interface FieldPath {
  steps: Step[];
  /** The finding was on the key rather than on the value. */
  onKey: boolean;
}

/** Findings on the rendered objects, in source files of `workspace`, each naming the overlay. */
export function renderedFindings(
  rendered: RenderedOverlay,
  layout: KustomizeLayout,
  workspace: WorkspaceIndex,
  settings: HpaSettings,
): Finding[] {
  const renderUri = `kustomize-render:${rendered.overlay.uri}`;
  const renderIndex = new WorkspaceIndex();
  const renderFile = new FileModel(renderUri, rendered.yaml, undefined);
  renderIndex.setFile(renderFile);
  const objects = renderIndex.objectsIn(renderUri);
  const uriByPath = new Map<string, string>();
  for (const uri of workspace.uris()) uriByPath.set(fsPathOf(uri, layout.cwd), uri);
  const kustomizationByDir = new Map(layout.kustomizations.map((k) => [k.dir, k]));
  const resolve = (path: string) => posix.normalize(posix.join(rendered.baseDir, path));

  const out: Finding[] = [];
  for (const finding of lintFile(renderFile, renderIndex, settings)) {
    const object = objectAt(objects, finding.span.start);
    const located = object && locateInSources(object, finding.span);
    const message = t('{message} (rendered overlay {overlay})', {
      message: finding.message,
      overlay: rendered.label,
    });
    if (located) out.push({ ...finding, ...located, message });
    else out.push({ ...finding, uri: rendered.overlay.uri, span: { start: 0, end: 0 }, message });
  }
  return out;

  function locateInSources(object: K8sObject, span: Span): { uri: string; span: Span } | undefined {
    const path = fieldPath(object.root, span.start);
    const annotations = object.root.at('metadata', 'annotations');
    const changedBy = transformerFiles(annotations.get('alpha.config.kubernetes.io/transformations').string)
      .map((file) => kustomizationByDir.get(posix.dirname(resolve(file))))
      .filter((k): k is KustomizationFile => k !== undefined);
    // 1. A patch that sets the field.
    for (const kustomization of changedBy) {
      for (const patch of kustomization.kustomization.patchFiles) {
        const uri = uriByPath.get(posix.normalize(posix.join(kustomization.dir, patch)));
        const hit = uri && findField(uri, object, path, true);
        if (hit) return hit;
      }
    }
    // 2. A replicas entry that set spec.replicas.
    if (
      path.steps.length === 2 &&
      stepKey(path.steps[0]) === 'spec' &&
      stepKey(path.steps[1]) === 'replicas'
    ) {
      for (const kustomization of changedBy) {
        const entry = kustomization.kustomization.replicas.find((r) => namesMatch(object.name, r.name));
        if (entry) {
          const count = entry.view.get('count');
          return { uri: kustomization.uri, span: path.onKey ? count.keySpan() : count.valueSpan() };
        }
      }
    }
    // 3. The file the object came from.
    const origin = /^path:\s*(.+?)\s*$/m.exec(
      annotations.get('config.kubernetes.io/origin').string ?? '',
    )?.[1];
    const originUri = origin && uriByPath.get(resolve(origin));
    return originUri ? findField(originUri, object, path, false) : undefined;
  }

  function findField(
    uri: string,
    object: K8sObject,
    path: FieldPath,
    wholePath: boolean,
  ): { uri: string; span: Span } | undefined {
    const candidates = workspace
      .objectsIn(uri)
      .filter((o) => o.kind === object.kind && namesMatch(object.name, o.name));
    const source = candidates.find((o) => o.name === object.name) ?? candidates[0];
    if (!source) return undefined;
    let view = source.root;
    let depth = 0;
    for (const step of path.steps) {
      const next = follow(view, step);
      if (!next) break;
      view = next;
      depth++;
    }
    if (depth < path.steps.length) {
      if (wholePath) return undefined;
      return { uri, span: depth === 0 ? source.root.get('kind').keySpan() : view.keySpan() };
    }
    // A patch causes a finding only where it sets the value itself, not where it merely holds a
    // map on the way to other fields (every patch has a `spec:`).
    if (wholePath && view.isMap) return undefined;
    return { uri, span: path.onKey ? view.keySpan() : view.valueSpan() };
  }
}

/** The rendered object whose document holds `offset`. */
function objectAt(objects: readonly K8sObject[], offset: number): K8sObject | undefined {
  let found: K8sObject | undefined;
  for (const object of objects) if (object.offset <= offset) found = object;
  return found;
}

/** The fields from the object's root down to the node at `offset`. */
function fieldPath(root: YamlView, offset: number): FieldPath {
  const steps: Step[] = [];
  let view = root;
  for (;;) {
    let next: YamlView | undefined;
    if (view.isMap) {
      for (const key of view.keys()) {
        const child = view.get(key);
        const keySpan = child.keySpan();
        if (offset >= keySpan.start && offset < keySpan.end) {
          steps.push({ key });
          return { steps, onKey: true };
        }
        const valueSpan = child.valueSpan();
        if (offset >= valueSpan.start && offset <= valueSpan.end) {
          steps.push({ key });
          next = child;
          break;
        }
      }
    } else if (view.isSeq) {
      const items = view.items();
      for (let index = 0; index < items.length; index++) {
        const span = items[index]!.valueSpan();
        if (offset >= span.start && offset <= span.end) {
          steps.push({ index, name: itemName(items[index]!) });
          next = items[index];
          break;
        }
      }
    }
    if (!next) return { steps, onKey: false };
    view = next;
  }
}

/** A list item's merge key, as strategic-merge patches match items (containers by name...). */
function itemName(item: YamlView): string | undefined {
  return item.get('name').string ?? item.get('containerName').string;
}

function follow(view: YamlView, step: Step): YamlView | undefined {
  if ('key' in step) {
    const child = view.get(step.key);
    return child.exists ? child : undefined;
  }
  const items = view.items();
  if (step.name !== undefined) return items.find((item) => itemName(item) === step.name);
  return items[step.index];
}

function stepKey(step: Step | undefined): string | undefined {
  return step && 'key' in step ? step.key : undefined;
}

/** A source name and a rendered one: equal, or the rendered one with a namePrefix or nameSuffix. */
export function namesMatch(rendered: string | undefined, source: string | undefined): boolean {
  if (rendered === undefined || source === undefined) return false;
  return rendered === source || rendered.startsWith(source) || rendered.endsWith(source);
}

/** `configuredIn:` paths of kustomize's transformer annotation, in order. */
function transformerFiles(annotation: string | undefined): string[] {
  if (!annotation) return [];
  const files: string[] = [];
  for (const match of annotation.matchAll(/configuredIn:\s*(\S+)/g)) {
    if (!files.includes(match[1]!)) files.push(match[1]!);
  }
  return files;
}
