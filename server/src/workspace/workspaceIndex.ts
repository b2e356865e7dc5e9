/**
 * Every Kubernetes object of the workspace's YAML files, looked up by API group, kind, namespace and
 * name, so a rule can follow an HPA to its workload (and back) across files. The editor's open
 * documents and the CLI's files feed the same index; the caller decides which text of a file wins
 * (open beats disk).
 *
 * Real repositories hold one object in several places: a folder per environment with the same
 * names in each, a `deploy/` copy of `kustomize/base/`. The same identity twice is one object
 * defined twice, not two objects; so a reference resolves to the nearest definition (same file,
 * same folder, then the folder fewest steps up or down the tree), and the autoscalers of a workload
 * are those that resolve to that very definition. An object without metadata.namespace matches
 * every namespace (it gets one at apply time).
 */
import {
  type Deployment,
  type DeploymentUnit,
  type FileDeployment,
  NO_KUSTOMIZE,
  deployedTogether,
  deploymentKey,
  mayMeet,
  referenceReaches,
} from './deployment';
import { isKustomizationPath } from './filePaths';
import type { FileModel } from '../yaml/documents';
import { isCurrent, type K8sObject, objectOfDocument } from './objects';
import { type ScaleTargetRef, groupReaches, isReplicaAutoscaler, scaleTargetOf } from './scaleTarget';

/** Objects are bucketed by kind and name; namespace and group are compared on lookup (either may be a wildcard). */
function nameKey(kind: string, name: string): string {
  return `${kind}\u0000${name}`;
}

/** An object's bucket keys: its own kind and name, and those of what it scales. */
interface BucketKeys {
  own: string | undefined;
  target: string | undefined;
}

/** Worked out once per object (its identity never changes): the linter asks for its stamp on every edit. */
const bucketKeys = new WeakMap<K8sObject, BucketKeys>();

function bucketKeysOf(object: K8sObject): BucketKeys {
  let keys = bucketKeys.get(object);
  if (keys === undefined) {
    keys = {
      own: object.name === undefined ? undefined : nameKey(object.kind, object.name),
      target: object.scales ? nameKey(object.scales.kind, object.scales.name) : undefined,
    };
    bucketKeys.set(object, keys);
  }
  return keys;
}

/** Namespaces that can be the same at apply time: equal, or one of them left to `kubectl apply -n`. */
export function namespacesMatch(a: string | undefined, b: string | undefined): boolean {
  return a === undefined || b === undefined || a === b;
}

/**
 * The ticks bucket changes are stamped with, shared by every index: the linter's caches sit on
 * document models, which several indexes may hold (the workspace's and a kustomize render's), so a
 * stamp must name a change of one index only.
 */
let changeTicks = 0;

/** A reference's or a lookup's terms. */
export interface ObjectQuery {
  group?: string | undefined;
  kind: string;
  /** undefined: any namespace. */
  namespace: string | undefined;
  name: string;
}

export class WorkspaceIndex {
  private readonly files = new Map<string, FileModel>();
  /** When each file first entered the index: the order of equally near definitions (see addToBuckets). */
  private readonly fileOrder = new Map<string, number>();
  private nextFileOrder = 0;
  private readonly objectsByUri = new Map<string, K8sObject[]>();
  private readonly objectsByName = new Map<string, K8sObject[]>();
  /** HPAs, ScaledObjects and VPAs by the kind and name of what they target. */
  private readonly autoscalersByTarget = new Map<string, K8sObject[]>();
  /** Objects by kind, for rules that read every object of a kind (LimitRanges). */
  private readonly objectsByKind = new Map<string, K8sObject[]>();
  /** Files a kustomization applies as patches: partial objects, never a definition (kustomize/layout.ts). */
  private partialUris: ReadonlySet<string> = new Set();
  /**
   * When each bucket (and the set of patch files) last changed, as ticks of one counter that only
   * grows (see dependencyStamp). Emptied buckets keep theirs, so a stamp never goes back.
   */
  private readonly namesChanged = new Map<string, number>();
  private readonly targetsChanged = new Map<string, number>();
  private readonly kindsChanged = new Map<string, number>();
  private partialsChanged = 0;
  /** Which files reach the cluster together (deployment.ts), from the kustomizations. */
  private deployment: Deployment = NO_KUSTOMIZE;
  private readonly deploymentByUri = new Map<string, FileDeployment>();
  private deploymentChanged = 0;
  /**
   * The latest change of any kustomization's text. Rules read kustomizations (a `replicas:` entry
   * hands the count to the overlays; a kustomization between an HPA and its workload leaves the pair
   * to the rendered overlay), so every object's lookups depend on them. They change rarely.
   */
  private kustomizationsChanged = 0;

  /** The tick of the latest change of any kustomization's text (0 when none ever changed). */
  get kustomizationsChangedAt(): number {
    return this.kustomizationsChanged;
  }

  /** Replaces the set of patch files; returns the files whose status changed, to re-lint. */
  setPartialUris(uris: ReadonlySet<string>): string[] {
    const changed = [...uris].filter((u) => !this.partialUris.has(u));
    for (const u of this.partialUris) if (!uris.has(u)) changed.push(u);
    this.partialUris = new Set(uris);
    if (changed.length > 0) this.partialsChanged = ++changeTicks;
    return changed;
  }

  /**
   * Replaces what says which files reach the cluster together; returns the files of the index
   * whose deployment changed, to re-lint.
   */
  setDeployment(deployment: Deployment): string[] {
    const changed: string[] = [];
    for (const uri of this.files.keys()) {
      if (deploymentKey(this.deploymentOf(uri)) !== deploymentKey(deployment.of(uri))) changed.push(uri);
    }
    this.deployment = deployment;
    this.deploymentByUri.clear();
    if (changed.length > 0) this.deploymentChanged = ++changeTicks;
    return changed;
  }

  /** How a file is deployed (deployment.ts): with its folder, by some overlays, or by nothing. */
  deploymentOf(uri: string): FileDeployment {
    if (this.deploymentByUri.has(uri)) return this.deploymentByUri.get(uri);
    const deployment = this.deployment.of(uri);
    this.deploymentByUri.set(uri, deployment);
    return deployment;
  }

  /** A file in a kustomize tree that no kustomization lists: nothing applies its objects. */
  isUndeployed(uri: string): boolean {
    return this.deploymentOf(uri)?.length === 0;
  }

  /** The overlays that deploy a file, with the name prefix and suffix each gives its objects ([] when none). */
  unitsOf(uri: string): readonly DeploymentUnit[] {
    return this.deploymentOf(uri) ?? [];
  }

  /** Whether two objects reach the cluster in one apply (one overlay, or one folder no kustomization governs). */
  deployedTogether(a: K8sObject, b: K8sObject): boolean {
    return deployedTogether(this.deploymentOf(a.uri), this.deploymentOf(b.uri), a.uri, b.uri);
  }

  /**
   * Whether an autoscaler's reference names this workload as both reach the cluster: files no
   * kustomization governs, or an overlay whose renaming the reference follows (deployment.ts).
   */
  referenceReaches(autoscaler: K8sObject, workload: K8sObject): boolean {
    return referenceReaches(
      { uri: autoscaler.uri, kind: autoscaler.kind, deployment: this.deploymentOf(autoscaler.uri) },
      { uri: workload.uri, kind: workload.kind, deployment: this.deploymentOf(workload.uri) },
    );
  }

  /**
   * True for a file some kustomization applies as a patch, or a test's assertion: its objects set
   * only some fields, and define nothing (no lookup returns them).
   */
  isPartial(uri: string): boolean {
    return this.partialUris.has(uri) || isTestAssertion(uri);
  }

  /** Told of every file that enters, changes in or leaves the index (the overlay checks listen). */
  private readonly fileListeners: ((uri: string) => void)[] = [];

  onFileChanged(listener: (uri: string) => void): void {
    this.fileListeners.push(listener);
  }

  /** Adds or replaces a file. Returns the objects it held before, for working out who else to re-check. */
  setFile(file: FileModel): K8sObject[] {
    const uri = file.uri;
    const before = this.objectsByUri.get(uri) ?? [];
    if (!this.files.has(uri)) this.fileOrder.set(uri, this.nextFileOrder++);
    if (isKustomizationPath(uri) && this.files.get(uri)?.text !== file.text)
      this.kustomizationsChanged = ++changeTicks;
    this.files.set(uri, file);
    // Why a diff: a one-line edit in a 2,100-document release keeps every other document's record
    // (FileModel), so only the edited document's object leaves and enters the buckets. A document
    // that only moved (an edit above it changed the length) gets a new object at the old one's place
    // in its buckets, as the same definition: what the lookups answer about it is unchanged, so the
    // dependency stamps do not move and no other object is re-checked for it.
    const kept = new Map<number, K8sObject>();
    for (const object of before) kept.set(object.documentIndex, object);
    const objects: K8sObject[] = [];
    for (const doc of file.documents) {
      const previous = kept.get(doc.index);
      const same = previous !== undefined && previous.fileDocument.model === doc.model && isCurrent(previous);
      if (same && previous.fileDocument === doc) {
        kept.delete(doc.index);
        objects.push(previous);
        continue;
      }
      const object = objectOfDocument(uri, doc);
      if (!object) continue;
      objects.push(object);
      if (same) {
        kept.delete(doc.index);
        this.moveInBuckets(previous, object);
      } else {
        this.addToBuckets(object);
      }
    }
    for (const gone of kept.values()) this.removeFromBuckets(gone);
    this.objectsByUri.set(uri, objects);
    for (const listener of this.fileListeners) listener(uri);
    return before;
  }

  deleteFile(uri: string): K8sObject[] {
    const before = this.objectsByUri.get(uri) ?? [];
    for (const object of before) this.removeFromBuckets(object);
    if (isKustomizationPath(uri) && this.files.has(uri)) this.kustomizationsChanged = ++changeTicks;
    this.files.delete(uri);
    this.fileOrder.delete(uri);
    this.objectsByUri.delete(uri);
    for (const listener of this.fileListeners) listener(uri);
    return before;
  }

  /**
   * Buckets hold their objects in the order the files first entered the index, then document order:
   * "the first indexed" of nearest(). A file keeps its place while it is edited.
   */
  private addToBuckets(object: K8sObject): void {
    const order = (o: K8sObject) => this.fileOrder.get(o.uri) ?? Infinity;
    const before = (a: K8sObject, b: K8sObject) =>
      order(a) < order(b) || (order(a) === order(b) && a.documentIndex < b.documentIndex);
    insertOrdered(this.objectsByKind, object.kind, object, before);
    this.kindsChanged.set(object.kind, ++changeTicks);
    const { own, target } = bucketKeysOf(object);
    if (own !== undefined) {
      insertOrdered(this.objectsByName, own, object, before);
      this.namesChanged.set(own, ++changeTicks);
    }
    if (target !== undefined) {
      insertOrdered(this.autoscalersByTarget, target, object, before);
      this.targetsChanged.set(target, ++changeTicks);
    }
  }

  /** The same definition, moved in its file: the new object takes the old one's place, no change recorded. */
  private moveInBuckets(from: K8sObject, to: K8sObject): void {
    const { own, target } = bucketKeysOf(from);
    replace(this.objectsByKind, from.kind, from, to);
    if (own !== undefined) replace(this.objectsByName, own, from, to);
    if (target !== undefined) replace(this.autoscalersByTarget, target, from, to);
  }

  private removeFromBuckets(object: K8sObject): void {
    remove(this.objectsByKind, object.kind, object);
    this.kindsChanged.set(object.kind, ++changeTicks);
    const { own, target } = bucketKeysOf(object);
    if (own !== undefined) {
      remove(this.objectsByName, own, object);
      this.namesChanged.set(own, ++changeTicks);
    }
    if (target !== undefined) {
      remove(this.autoscalersByTarget, target, object);
      this.targetsChanged.set(target, ++changeTicks);
    }
  }

  /**
   * A number that changes whenever anything changes that the lookups about this object read: the
   * definitions and autoscalers of its own kind and name, those of what it scales, and the set of
   * patch files (find, patchesOf, autoscalersNaming, autoscalersOf, resolveScales, rivalsOf,
   * shareTarget), and every object of the `kinds` given (objectsOfKind).
   * Each of those last changed at some tick of one growing counter, so the latest of them moves
   * forward exactly when one of them changes. Why: the linter re-checks an unchanged object only
   * when this moved, without working out what the lookups return on every edit.
   */
  dependencyStamp(object: K8sObject, kinds: readonly string[] = []): number {
    const { own, target } = bucketKeysOf(object);
    let stamp = Math.max(
      this.partialsChanged,
      this.kustomizationsChanged,
      this.deploymentChanged,
      this.lastChange(own),
      this.lastChange(target),
    );
    for (const kind of kinds) stamp = Math.max(stamp, this.kindsChanged.get(kind) ?? 0);
    return stamp;
  }

  /** The latest change of either bucket under a key (0 when neither ever held anything). */
  private lastChange(key: string | undefined): number {
    if (key === undefined) return 0;
    return Math.max(this.namesChanged.get(key) ?? 0, this.targetsChanged.get(key) ?? 0);
  }

  getFile(uri: string): FileModel | undefined {
    return this.files.get(uri);
  }

  uris(): string[] {
    return [...this.files.keys()];
  }

  objectsIn(uri: string): K8sObject[] {
    return this.objectsByUri.get(uri) ?? [];
  }

  /** The kustomize patches (partial objects) of this kind and name in a matching namespace. */
  patchesOf(kind: string, namespace: string | undefined, name: string): K8sObject[] {
    const list = this.objectsByName.get(nameKey(kind, name));
    if (!list) return [];
    return list.filter((o) => this.partialUris.has(o.uri) && namespacesMatch(namespace, o.declaredNamespace));
  }

  /** Every object of a kind, patches excepted (only kinds documents.ts parses: PARSED_KINDS). */
  objectsOfKind(kind: string): K8sObject[] {
    return (this.objectsByKind.get(kind) ?? []).filter((o) => !this.isPartial(o.uri));
  }

  /**
   * Every definition with this kind and name in a matching namespace (undefined matches any; an
   * object without a namespace matches any) and, when given, an API group the reference reaches.
   */
  find(kind: string, namespace: string | undefined, name: string, group?: string): K8sObject[] {
    const list = this.objectsByName.get(nameKey(kind, name));
    if (!list) return [];
    return list.filter(
      (o) =>
        namespacesMatch(namespace, o.declaredNamespace) &&
        groupReaches(group, o.group) &&
        !this.isPartial(o.uri),
    );
  }

  /**
   * The definition a reference resolves to: the nearest one to `from` (same file, same folder,
   * nearest folder) among those an apply can send with it (one overlay, or files no kustomization
   * governs), else the nearest of all.
   */
  resolve(query: ObjectQuery, from: { uri: string } | undefined): K8sObject | undefined {
    const found = this.find(query.kind, query.namespace, query.name, query.group);
    if (!from) return found[0];
    const own = this.deploymentOf(from.uri);
    const meeting = found.filter((o) => mayMeet(own, this.deploymentOf(o.uri)));
    return nearest(meeting.length > 0 ? meeting : found, from.uri);
  }

  /** The workload an HPA or ScaledObject points at, the nearest definition when the workspace holds several. */
  resolveTarget(ref: ScaleTargetRef, from?: K8sObject): K8sObject | undefined {
    return this.resolve(
      { group: ref.group, kind: ref.kind, namespace: ref.declaredNamespace, name: ref.name },
      from,
    );
  }

  /** What an autoscaler (HPA, ScaledObject or VPA) resolves to, by its indexed reference. */
  resolveScales(autoscaler: K8sObject): K8sObject | undefined {
    const scales = autoscaler.scales;
    if (!scales) return undefined;
    return this.resolve(
      {
        group: scales.group,
        kind: scales.kind,
        namespace: autoscaler.declaredNamespace,
        name: scales.name,
      },
      autoscaler,
    );
  }

  /** HPAs, ScaledObjects and VPAs that resolve to this very definition (not to a same-named copy elsewhere). */
  autoscalersOf(object: K8sObject): K8sObject[] {
    if (object.name === undefined) return [];
    return this.autoscalersNaming(object.kind, object.declaredNamespace, object.name).filter((a) =>
      sameDefinition(this.resolveScales(a), object),
    );
  }

  /** Every HPA, ScaledObject and VPA whose reference names this kind and name in a matching namespace (any definition). */
  autoscalersNaming(kind: string, namespace: string | undefined, name: string): K8sObject[] {
    const list = this.autoscalersByTarget.get(nameKey(kind, name));
    if (!list) return [];
    return list.filter((a) => namespacesMatch(namespace, a.declaredNamespace) && !this.isPartial(a.uri));
  }

  /** Every autoscaler whose reference names what this reference names (any definition). */
  autoscalersTargeting(ref: ScaleTargetRef): K8sObject[] {
    return this.autoscalersNaming(ref.kind, ref.declaredNamespace, ref.name);
  }

  /**
   * The other HPAs and ScaledObjects that set the replicas of the workload `autoscaler` scales: in
   * the same folder (what one `kubectl apply -f DIR` sends together; an autoscaler in another
   * folder is another environment, another repository's sample or an overlay, and a rendered
   * overlay is checked as a whole), resolving to the same definition, and not another definition
   * of the autoscaler itself.
   */
  rivalsOf(autoscaler: K8sObject): K8sObject[] {
    const ref = scaleTargetOf(autoscaler);
    if (!ref) return [];
    return this.autoscalersTargeting(ref).filter(
      (other) =>
        other !== autoscaler &&
        isReplicaAutoscaler(other) &&
        scaleTargetOf(other) !== undefined &&
        !sameIdentity(other, autoscaler) &&
        folderOf(other.uri) === folderOf(autoscaler.uri) &&
        this.shareTarget(autoscaler, other),
    );
  }

  /**
   * Whether two autoscalers (HPA, ScaledObject, VPA) reach the cluster together and act on the same
   * workload definition; when it is not in the workspace, whether they name it from the same folder.
   */
  shareTarget(a: K8sObject, b: K8sObject): boolean {
    if (!a.scales || !b.scales) return false;
    if (!this.deployedTogether(a, b)) return false;
    if (a.scales.kind !== b.scales.kind || a.scales.name !== b.scales.name) return false;
    if (!namespacesMatch(a.declaredNamespace, b.declaredNamespace)) return false;
    const target = this.resolveScales(a);
    if (target)
      return (
        sameDefinition(this.resolveScales(b), target) &&
        this.referenceReaches(a, target) &&
        this.referenceReaches(b, target)
      );
    return folderOf(a.uri) === folderOf(b.uri);
  }
}

/** One object written twice: same group, kind, namespace and name (an unset namespace matches). */
export function sameIdentity(a: K8sObject, b: K8sObject): boolean {
  return (
    a.kind === b.kind &&
    a.name === b.name &&
    (a.group ?? '') === (b.group ?? '') &&
    namespacesMatch(a.declaredNamespace, b.declaredNamespace)
  );
}

function sameDefinition(a: K8sObject | undefined, b: K8sObject): boolean {
  return a !== undefined && a.uri === b.uri && a.documentIndex === b.documentIndex;
}

function folderOf(uri: string): string {
  return uri.slice(0, uri.lastIndexOf('/') + 1);
}

/** Steps between two folders in the tree: up from one to their common ancestor, then down to the other. */
function folderDistance(a: string, b: string): number {
  const as = a.split('/').filter(Boolean);
  const bs = b.split('/').filter(Boolean);
  let common = 0;
  while (common < as.length && common < bs.length && as[common] === bs[common]) common++;
  return as.length - common + (bs.length - common);
}

/** The candidate nearest to a file: in it, then in its folder, then by folder distance; ties go to the first indexed. */
function nearest(candidates: K8sObject[], uri: string): K8sObject | undefined {
  if (candidates.length <= 1) return candidates[0];
  const same = candidates.find((o) => o.uri === uri);
  if (same) return same;
  const folder = folderOf(uri);
  let best: K8sObject | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = folderDistance(folder, folderOf(candidate.uri));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Inserts before the first element `value` comes before (buckets are short: a name defined once or a few times). */
function insertOrdered<T>(
  map: Map<string, T[]>,
  key: string,
  value: T,
  before: (a: T, b: T) => boolean,
): void {
  const list = map.get(key);
  if (!list) {
    map.set(key, [value]);
    return;
  }
  let at = list.length;
  while (at > 0 && before(value, list[at - 1] as T)) at--;
  list.splice(at, 0, value);
}

function replace<T>(map: Map<string, T[]>, key: string, from: T, to: T): void {
  const list = map.get(key);
  const i = list ? list.indexOf(from) : -1;
  if (list && i !== -1) list[i] = to;
}

function remove<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (!list) return;
  const i = list.indexOf(value);
  if (i !== -1) list.splice(i, 1);
  if (list.length === 0) map.delete(key);
}

/**
 * A kuttl test step's assertion (`00-assert.yaml`, `01-errors.yaml`): a partial object that a test
 * matches the cluster's objects against, so it sets only the fields it checks and defines nothing.
 */
export function isTestAssertion(uri: string): boolean {
  return /(?:^|\/)\d+-(?:assert|errors)\.ya?ml$/.test(uri);
}
