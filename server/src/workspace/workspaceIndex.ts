/**
 * Every Kubernetes object of the workspace's YAML files, looked up by kind, namespace and name, so a
 * rule can follow an HPA to its workload (and back) across files. The editor's open documents and the
 * CLI's files feed the same index; the caller decides which text of a file wins (open beats disk).
 */
import type { FileModel } from '../yaml/documents';
import { type K8sObject, objectsOfFile } from './objects';
import type { ScaleTargetRef } from './scaleTarget';

function objectKey(kind: string, namespace: string, name: string): string {
  return `${kind}\u0000${namespace}\u0000${name}`;
}

export class WorkspaceIndex {
  private readonly files = new Map<string, FileModel>();
  private readonly objectsByUri = new Map<string, K8sObject[]>();
  private readonly objectsByKey = new Map<string, K8sObject[]>();
  /** HPAs and ScaledObjects by the key of the workload they target. */
  private readonly autoscalersByTarget = new Map<string, K8sObject[]>();

  /** Adds or replaces a file. Returns the objects it held before, for working out who else to re-check. */
  setFile(file: FileModel): K8sObject[] {
    const before = this.deleteFile(file.uri);
    this.files.set(file.uri, file);
    const objects = objectsOfFile(file);
    this.objectsByUri.set(file.uri, objects);
    for (const object of objects) {
      if (object.name !== undefined)
        push(this.objectsByKey, objectKey(object.kind, object.namespace, object.name), object);
      if (object.scales) {
        push(
          this.autoscalersByTarget,
          objectKey(object.scales.kind, object.namespace, object.scales.name),
          object,
        );
      }
    }
    return before;
  }

  deleteFile(uri: string): K8sObject[] {
    const before = this.objectsByUri.get(uri) ?? [];
    for (const object of before) {
      if (object.name !== undefined)
        remove(this.objectsByKey, objectKey(object.kind, object.namespace, object.name), object);
      if (object.scales) {
        remove(
          this.autoscalersByTarget,
          objectKey(object.scales.kind, object.namespace, object.scales.name),
          object,
        );
      }
    }
    this.files.delete(uri);
    this.objectsByUri.delete(uri);
    return before;
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

  /** Objects with this kind, namespace and name (more than one when the workspace declares it twice). */
  find(kind: string, namespace: string, name: string): K8sObject[] {
    return this.objectsByKey.get(objectKey(kind, namespace, name)) ?? [];
  }

  /** The workload an HPA or ScaledObject points at, preferring one in the autoscaler's own file. */
  resolveTarget(ref: ScaleTargetRef, from?: K8sObject): K8sObject | undefined {
    const found = this.find(ref.kind, ref.namespace, ref.name);
    return found.find((o) => o.uri === from?.uri) ?? found[0];
  }

  /** HPAs and ScaledObjects whose scaleTargetRef names this object. */
  autoscalersOf(object: K8sObject): K8sObject[] {
    if (object.name === undefined) return [];
    return this.autoscalersByTarget.get(objectKey(object.kind, object.namespace, object.name)) ?? [];
  }

  /** Every HPA and ScaledObject aiming at the workload with this kind, namespace and name. */
  autoscalersOfKey(kind: string, namespace: string, name: string): K8sObject[] {
    return this.autoscalersByTarget.get(objectKey(kind, namespace, name)) ?? [];
  }

  /** Every HPA and ScaledObject aiming at the workload this reference names. */
  autoscalersTargeting(ref: ScaleTargetRef): K8sObject[] {
    return this.autoscalersByTarget.get(objectKey(ref.kind, ref.namespace, ref.name)) ?? [];
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function remove<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (!list) return;
  const i = list.indexOf(value);
  if (i !== -1) list.splice(i, 1);
  if (list.length === 0) map.delete(key);
}
