/**
 * Keeps the workspace index in step with what the user has: open documents (which win) and the
 * files on disk (scanned at start-up, updated on watched-file events). Every way a file can change
 * (an edit, a save elsewhere, a close, a deletion, a re-parse by the background YAML check) goes
 * through one function, `replace`, which answers the one question the server asks after a change:
 * which files' diagnostics may now differ.
 */
import { FileModel, type ParseOptions, type YamlDocumentModel } from '../yaml/documents';
import type { K8sObject } from '../workspace/objects';
import { autoscalerFiles, relatedUris } from '../workspace/relatedFiles';
import { WorkspaceIndex } from '../workspace/workspaceIndex';

/**
 * Objects of documents whose model changed between two versions of a file: only they can affect
 * other files. Both lists are in document order and an edit changes a few documents, so the common
 * head and tail (the same model at the same place from either end) are skipped first, and only the
 * middle is compared as sets: no set of 600 models on every keystroke in a large release.
 */
function changedObjects(before: readonly K8sObject[], after: readonly K8sObject[]): K8sObject[] {
  const same = (a: K8sObject | undefined, b: K8sObject | undefined) =>
    a !== undefined && b !== undefined && a.fileDocument.model === b.fileDocument.model;
  let head = 0;
  while (head < before.length && head < after.length && same(before[head], after[head])) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    same(before[before.length - 1 - tail], after[after.length - 1 - tail])
  )
    tail++;
  const beforeMiddle = before.slice(head, before.length - tail);
  const afterMiddle = after.slice(head, after.length - tail);
  const beforeModels = new Set(beforeMiddle.map((o) => o.fileDocument.model));
  const afterModels = new Set(afterMiddle.map((o) => o.fileDocument.model));
  return [
    ...beforeMiddle.filter((o) => !afterModels.has(o.fileDocument.model)),
    ...afterMiddle.filter((o) => !beforeModels.has(o.fileDocument.model)),
  ];
}

export class WorkspaceSync {
  readonly workspace = new WorkspaceIndex();
  /** Disk text of files that are not open, so closing a document falls back to what is saved. */
  private readonly diskText = new Map<string, string>();

  constructor(
    private readonly parseOptions: ParseOptions,
    /** True for a document the editor has open: its text wins over the disk's. */
    private readonly isOpen: (uri: string) => boolean,
  ) {}

  /** An open document's text at a version. Returns the other files to re-lint. */
  edited(uri: string, text: string, version: number): Set<string> {
    return this.replace(uri, this.model(uri, text, version));
  }

  /** An open document over the size limit leaves the index, as if deleted. */
  tooLarge(uri: string): Set<string> {
    return this.replace(uri, undefined);
  }

  /** A file on disk was created, changed (text) or deleted (undefined). Open documents are not touched. */
  diskChanged(uri: string, text: string | undefined): Set<string> {
    if (text === undefined) this.diskText.delete(uri);
    else this.diskText.set(uri, text);
    if (this.isOpen(uri)) return new Set();
    return this.replace(uri, text === undefined ? undefined : this.model(uri, text));
  }

  /** The editor closed a document: the file is what the disk holds, or gone. */
  closed(uri: string): Set<string> {
    const disk = this.diskText.get(uri);
    return this.replace(uri, disk === undefined ? undefined : this.model(uri, disk));
  }

  /** The background YAML check found these documents of a file broken (their models now hold the full parse). */
  reparsed(uri: string, broken: ReadonlySet<YamlDocumentModel>): Set<string> {
    const file = this.workspace.getFile(uri);
    if (!file) return new Set();
    const ofBroken = (objects: readonly K8sObject[]) =>
      objects.filter((o) => broken.has(o.fileDocument.model));
    const related = this.replace(uri, file, (before, after) => [...ofBroken(before), ...ofBroken(after)]);
    related.add(uri);
    return related;
  }

  /**
   * The one place a file enters, changes in or leaves the index. Returns every file whose
   * diagnostics depend on the objects that changed (the file's own URI only when another of its
   * objects relates to it).
   */
  private replace(
    uri: string,
    next: FileModel | undefined,
    changed: (before: readonly K8sObject[], after: readonly K8sObject[]) => K8sObject[] = changedObjects,
  ): Set<string> {
    const kustomizations = this.workspace.kustomizationsChangedAt;
    const before = next ? this.workspace.setFile(next) : this.workspace.deleteFile(uri);
    const related = relatedUris(changed(before, this.workspace.objectsIn(uri)), this.workspace);
    // A kustomization's change may re-decide any pair (rules/targets.ts reads kustomizations).
    if (this.workspace.kustomizationsChangedAt !== kustomizations)
      for (const other of autoscalerFiles(this.workspace)) related.add(other);
    return related;
  }

  private model(uri: string, text: string, version?: number): FileModel {
    return new FileModel(uri, text, version, this.workspace.getFile(uri), this.parseOptions);
  }
}
