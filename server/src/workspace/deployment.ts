/**
 * What reaches the cluster together. Objects conflict (two autoscalers on one workload, an HPA and
 * a VPA, an HPA and its target's `replicas`) only when one apply sends them both: the objects of
 * one rendered kustomize overlay, or the files of one folder no kustomization governs (what
 * `kubectl apply -f DIR` sends). A VPA that only the production overlay lists never meets the
 * staging overlay's HPA, though both name the base's Deployment.
 *
 * The kustomize layer works out the units from the kustomizations (kustomize/deploymentUnits.ts)
 * and hands them to the index as a `Deployment`; this file only says what the answers mean, so
 * the index and the rules stay free of kustomize's file format.
 */

/** One overlay (or top-level component) that deploys a file, and how it renames the file's objects. */
export interface DeploymentUnit {
  /** The overlay's folder: two files deployed by the same unit reach the cluster together. */
  id: string;
  /** The `namePrefix`es and `nameSuffix`es of the kustomizations between the overlay and the file, joined as kustomize applies them. */
  prefix: string;
  suffix: string;
  /**
   * Some kustomization on the way lists `configurations:`: it may teach kustomize to rename the
   * references of custom resources (a VPA's targetRef, a ScaledObject's scaleTargetRef) too.
   */
  nameReferences: boolean;
}

/**
 * How a file is deployed:
 * - `undefined`: no kustomization governs its folder; it is applied with its folder;
 * - `[]`: it lies in a folder kustomize governs, yet no kustomization lists it: nothing deploys it;
 * - otherwise the units (overlays) whose render holds its objects.
 */
export type FileDeployment = readonly DeploymentUnit[] | undefined;

export interface Deployment {
  of(uri: string): FileDeployment;
}

/** Before any kustomization is known: every file goes with its folder. */
export const NO_KUSTOMIZE: Deployment = { of: () => undefined };

/**
 * Whether two files' objects reach the cluster in one apply: both in one folder no kustomization
 * governs, or both in the render of one overlay.
 */
export function deployedTogether(a: FileDeployment, b: FileDeployment, aUri: string, bUri: string): boolean {
  if (a === undefined || b === undefined) return a === b && folderOf(aUri) === folderOf(bUri);
  return a.some((unit) => b.some((other) => other.id === unit.id));
}

/**
 * Whether a reference from one file may resolve to an object of the other: a looser question than
 * deployedTogether, since files no kustomization governs are often applied as a tree
 * (`kubectl apply -R`), an HPA in `hpa/` naming the Deployment in `app/`.
 */
export function mayMeet(a: FileDeployment, b: FileDeployment): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.some((unit) => b.some((other) => other.id === unit.id));
}

/**
 * Kinds whose name kustomize's built-in name references follow into an HPA's `scaleTargetRef`: when
 * an overlay renames such a workload, the HPA's reference is renamed with it.
 */
const RENAMED_IN_HPA_REFERENCES: ReadonlySet<string> = new Set([
  'Deployment',
  'ReplicaSet',
  'StatefulSet',
  'ReplicationController',
]);

/**
 * Whether an autoscaler's reference may name a workload as it reaches the cluster: both in files
 * no kustomization governs (as mayMeet), or both deployed by an overlay whose renaming the
 * reference follows: kustomize renames an HPA's reference to a built-in workload, and another reference
 * (a VPA's, a ScaledObject's, one to a custom resource) only when a `configurations:` entry says
 * so; a reference left as written misses the renamed workload.
 */
export function referenceReaches(
  autoscaler: { uri: string; kind: string; deployment: FileDeployment },
  workload: { uri: string; kind: string; deployment: FileDeployment },
): boolean {
  const a = autoscaler.deployment;
  const w = workload.deployment;
  if (a === undefined || w === undefined) return a === w;
  const followed =
    autoscaler.kind === 'HorizontalPodAutoscaler' && RENAMED_IN_HPA_REFERENCES.has(workload.kind);
  return w.some(
    (unit) =>
      a.some((other) => other.id === unit.id) &&
      (followed || unit.nameReferences || (unit.prefix === '' && unit.suffix === '')),
  );
}

/** A stable text of a file's deployment, to notice when it changes. */
export function deploymentKey(deployment: FileDeployment): string {
  if (deployment === undefined) return '';
  return (
    deployment
      .map((u) => `${u.id}\u0000${u.prefix}\u0000${u.suffix}\u0000${u.nameReferences}`)
      .join('\u0001') || '-'
  );
}

function folderOf(uri: string): string {
  return uri.slice(0, uri.lastIndexOf('/') + 1);
}
