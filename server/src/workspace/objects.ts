/**
 * Kubernetes objects found in the workspace's YAML: what the rules and the preview look up.
 */
import type { FileDocument, YamlDocumentModel } from '../yaml/documents';
import { SCALED_OBJECT_KIND, apiGroup, isAutoscaler } from '../../../common/k8s/workloadKinds';
import { VPA_KIND } from './scaleTarget';
import { isMap } from '../yaml/yamlNodes';
import { YamlView } from '../yaml/yamlView';

export const DEFAULT_NAMESPACE = 'default';

/** What an object is, read from its document's text once per parse (the same for every version that keeps it). */
export interface ObjectIdentity {
  apiVersion: string | undefined;
  /** The API group of apiVersion ('' for the core group, undefined without an apiVersion). */
  group: string | undefined;
  kind: string;
  name: string | undefined;
  /** metadata.namespace, or "default" when it is not set. */
  namespace: string;
  /**
   * metadata.namespace as written, undefined when unset: such an object is usually given its
   * namespace at apply time (`kubectl apply -n`, a kustomization's `namespace:`), so it matches an
   * object of any namespace.
   */
  declaredNamespace: string | undefined;
  /**
   * What an HPA, a ScaledObject or a VerticalPodAutoscaler points at (kind, name and, when the
   * reference gives one, its API group; the namespace is the object's), for the index.
   */
  scales: { group: string | undefined; kind: string; name: string } | undefined;
}

export interface K8sObject extends ObjectIdentity {
  uri: string;
  /** Index of the document in its file. */
  documentIndex: number;
  /** Offset of the document in its file. */
  offset: number;
  /** The whole object, for reading fields with their positions. */
  root: YamlView;
  fileDocument: FileDocument;
}

/** Keyed by model, and valid for the parse named by `id` (see YamlDocumentModel.checkFullText). */
const identities = new WeakMap<YamlDocumentModel, { id: number; identity: ObjectIdentity | null }>();

function identityOf(model: YamlDocumentModel): ObjectIdentity | null {
  const known = identities.get(model);
  if (known && known.id === model.id) return known.identity;
  let identity: ObjectIdentity | null = null;
  const parsed = model.parsed;
  if (isMap(parsed.value)) {
    const root = YamlView.root(parsed, 0);
    const kind = root.get('kind').string;
    if (kind !== undefined && !isPatchDirective(root)) {
      const metadata = root.get('metadata');
      const namespace = metadata.get('namespace').string;
      const apiVersion = root.get('apiVersion').string;
      const vpa = kind === VPA_KIND && (apiVersion?.startsWith('autoscaling.k8s.io/') ?? true);
      const ref = root.at('spec', vpa ? 'targetRef' : 'scaleTargetRef');
      const refName = ref.get('name').string;
      const refKind = ref.get('kind').string ?? (kind === SCALED_OBJECT_KIND ? 'Deployment' : undefined);
      const autoscaler = vpa || isAutoscaler({ kind, apiVersion });
      const declared = namespace && namespace.length > 0 ? namespace : undefined;
      identity = {
        apiVersion,
        group: apiGroup(apiVersion),
        kind,
        name: stringish(metadata.get('name').value),
        namespace: declared ?? DEFAULT_NAMESPACE,
        declaredNamespace: declared,
        scales:
          autoscaler && refName && refKind
            ? { group: apiGroup(ref.get('apiVersion').string || undefined), kind: refKind, name: refName }
            : undefined,
      };
    }
  }
  identities.set(model, { id: model.id, identity });
  return identity;
}

/**
 * A strategic-merge `$patch: delete` (or `replace`) document: an instruction to kustomize about
 * the object it names (remove it, swap it whole), not an object. It defines nothing, and no rule
 * judges it as the object its kind and name say.
 */
function isPatchDirective(root: YamlView): boolean {
  const directive = root.get('$patch').string;
  return directive === 'delete' || directive === 'replace';
}

/** The parse (model id) each object was read from: a full-text check that replaces it makes the object stale. */
const parseOfObject = new WeakMap<K8sObject, number>();

/** The object a document declares, if it is of a kind some rule reads. */
export function objectOfDocument(uri: string, doc: FileDocument): K8sObject | undefined {
  if (!doc.model.relevant) return undefined;
  const identity = identityOf(doc.model);
  if (!identity) return undefined;
  const object: K8sObject = {
    uri,
    documentIndex: doc.index,
    offset: doc.offset,
    ...identity,
    root: YamlView.root(doc.model.parsed, doc.offset),
    fileDocument: doc,
  };
  parseOfObject.set(object, doc.model.id);
  return object;
}

/** True while the object's document still holds the parse the object was read from. */
export function isCurrent(object: K8sObject): boolean {
  return parseOfObject.get(object) === object.fileDocument.model.id;
}

function stringish(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}
