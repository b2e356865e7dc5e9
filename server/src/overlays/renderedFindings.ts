/**
 * Every rule on a rendered overlay, with each finding moved to the source line that caused it:
 *
 * 1. the last of the changes kustomize made to the object (its transformer annotation names the
 *    kustomizations) that sets the very field: a patch's line, in a patch file or in the patch
 *    written inline in the kustomization (patchedField.ts), or, for `spec.replicas`, the count of
 *    a kustomization's `replicas:` entry;
 * 2. otherwise the file the object came from (kustomize's origin annotation): the same field, or
 *    the nearest enclosing field that exists there;
 * 3. and when none of these can be read, the overlay's kustomization file.
 *
 * The rendered objects form a workspace of their own, so one overlay's objects never meet
 * another's. Messages name the overlay.
 */
import { posix } from 'node:path';
import { t } from '../localize';
import { lintFile } from '../lint/lint';
import type { HpaSettings } from '../settings';
import type { Finding } from '../rules/types';
import type { K8sObject } from '../workspace/objects';
import { WorkspaceIndex } from '../workspace/workspaceIndex';
import { FileModel } from '../yaml/documents';
import type { Span } from '../yaml/ranges';
import type { YamlView } from '../yaml/yamlView';
import type { PatchEntry, ReplicasEntry } from '../kustomize/kustomization';
import { isHpa, isScaledObject } from '../workspace/scaleTarget';
import { type KustomizationFile, type KustomizeLayout, fsPathOf } from '../kustomize/layout';
import { patchDocuments, patchedFieldSpan } from './patchedField';
import { type FieldPath, fieldPath, follow, namesMatch, stepKey } from './renderedFieldPath';

export interface RenderedOverlay {
  overlay: KustomizationFile;
  /** How messages name the overlay (its folder, as the user sees it). */
  label: string;
  yaml: string;
  /** The folder the origin and transformer paths are relative to (render.ts's wrapper). */
  baseDir: string;
}

interface Located {
  uri: string;
  span: Span;
  /** The kustomization's `replicas:` entry that set the field, when that is where it was found. */
  entry?: ReplicasEntry;
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
  /** Each patch's documents, parsed once per render whatever the number of findings. */
  const documentsOf = new Map<PatchEntry, { uri: string; documents: YamlView[] } | null>();

  const out: Finding[] = [];
  for (const finding of lintFile(renderFile, renderIndex, settings)) {
    const object = objectAt(objects, finding.span.start);
    const located = object && locateInSources(object, finding.span);
    const entryMessage =
      located?.entry && finding.rule === 'replicas-conflict'
        ? replicasEntryConflict(object!, located.entry)
        : undefined;
    const message = t('{message} (rendered overlay {overlay})', {
      message: entryMessage ?? finding.message,
      overlay: rendered.label,
    });
    // Related places are in the render too: each goes to its source line, or is left out.
    const related = finding.related?.flatMap((r) => {
      const at = objectAt(objects, r.span.start);
      const source = at && locateInSources(at, r.span);
      return source ? [{ ...r, uri: source.uri, span: source.span }] : [];
    });
    const { related: _inRender, ...rest } = finding;
    const moved = related && related.length > 0 ? { ...rest, related } : rest;
    if (located) out.push({ ...moved, uri: located.uri, span: located.span, message });
    else out.push({ ...moved, uri: rendered.overlay.uri, span: { start: 0, end: 0 }, message });
  }
  return out;

  function locateInSources(object: K8sObject, span: Span): Located | undefined {
    const path = fieldPath(object.root, span.start);
    const annotations = object.root.at('metadata', 'annotations');
    const changedBy = transformerFiles(annotations.get('alpha.config.kubernetes.io/transformations').string)
      .map((file) => kustomizationByDir.get(posix.dirname(resolve(file))))
      .filter((k): k is KustomizationFile => k !== undefined);
    // 1. The last change that set the field: kustomizations in the order they ran, and in each its
    // patches in kustomize's order, then its replicas entries.
    let setBy: Located | undefined;
    for (const kustomization of changedBy) {
      for (const patch of kustomization.kustomization.patches) {
        setBy = patchSetting(kustomization, patch, object, path) ?? setBy;
      }
      setBy = replicasSetting(kustomization, object, path) ?? setBy;
    }
    if (setBy) return setBy;
    // 2. The file the object came from.
    const origin = /^path:\s*(.+?)\s*$/m.exec(
      annotations.get('config.kubernetes.io/origin').string ?? '',
    )?.[1];
    const originUri = origin && uriByPath.get(resolve(origin));
    return originUri ? originField(originUri, object, path) : undefined;
  }

  /** Where a patch of this kustomization sets the field, in its file or in the kustomization. */
  function patchSetting(
    kustomization: KustomizationFile,
    patch: PatchEntry,
    object: K8sObject,
    path: FieldPath,
  ): Located | undefined {
    let parsed = documentsOf.get(patch);
    if (parsed === undefined) {
      parsed = null;
      if (patch.inline) {
        parsed = { uri: kustomization.uri, documents: patchDocuments(patch.inline.text) };
      } else if (patch.path !== undefined) {
        const uri = uriByPath.get(posix.normalize(posix.join(kustomization.dir, patch.path)));
        const text = uri === undefined ? undefined : workspace.getFile(uri)?.text;
        if (uri !== undefined && text !== undefined) parsed = { uri, documents: patchDocuments(text) };
      }
      documentsOf.set(patch, parsed);
    }
    if (!parsed) return undefined;
    const span = patchedFieldSpan(patch, parsed.documents, object, path);
    if (!span) return undefined;
    return { uri: parsed.uri, span: patch.inline ? patch.inline.fileSpan(span) : span };
  }

  /** The count of a `replicas:` entry naming the object, for a finding on `spec.replicas`. */
  function replicasSetting(
    kustomization: KustomizationFile,
    object: K8sObject,
    path: FieldPath,
  ): Located | undefined {
    if (path.steps.length !== 2 || stepKey(path.steps[0]) !== 'spec' || stepKey(path.steps[1]) !== 'replicas')
      return undefined;
    const entry = kustomization.kustomization.replicas.find((r) => namesMatch(object.name, r.name));
    if (!entry) return undefined;
    const count = entry.view.get('count');
    return { uri: kustomization.uri, span: path.onKey ? count.keySpan() : count.valueSpan(), entry };
  }

  /**
   * replicas-conflict said of a kustomization's entry: the rule's words name the workload's field,
   * while the fix is to remove the entry. A count of 0 is the controller's maintenance mode, whose
   * information stays as the rule says it.
   */
  function replicasEntryConflict(object: K8sObject, entry: ReplicasEntry): string | undefined {
    const count = entry.view.get('count').number;
    const autoscaler = renderIndex.autoscalersOf(object).find((a) => isHpa(a) || isScaledObject(a));
    if (count === undefined || count === 0 || !autoscaler) return undefined;
    return t(
      'The replicas entry "{entry}" sets spec.replicas of {workloadKind} "{workload}" to {replicas}, which {kind} "{name}" manages: every apply resets it and undoes the autoscaler\u2019s choice; remove the entry from the kustomization',
      {
        entry: entry.name,
        workloadKind: object.kind,
        workload: object.name ?? '',
        replicas: count,
        kind: autoscaler.kind,
        name: autoscaler.name ?? '',
      },
    );
  }

  /** The field in the file the object came from, or the nearest enclosing field there. */
  function originField(uri: string, object: K8sObject, path: FieldPath): Located | undefined {
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
      return { uri, span: depth === 0 ? source.root.get('kind').keySpan() : view.keySpan() };
    }
    return { uri, span: path.onKey ? view.keySpan() : view.valueSpan() };
  }
}

/** The rendered object whose document holds `offset`. */
function objectAt(objects: readonly K8sObject[], offset: number): K8sObject | undefined {
  let found: K8sObject | undefined;
  for (const object of objects) if (object.offset <= offset) found = object;
  return found;
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
