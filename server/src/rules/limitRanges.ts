/**
 * Default requests a LimitRange gives at admission. A container that sets no request for a resource
 * still gets one when a LimitRange of its namespace has a `type: Container` item naming that
 * resource: the API server defaults the item's `defaultRequest` from `default`, `default` from
 * `max`, and `defaultRequest` from `min`, so any of the four gives the container a request. The HPA
 * then divides by that request like any other.
 *
 * Which LimitRange is deployed with a workload: one in a matching namespace (an object without
 * metadata.namespace matches any, as everywhere in the workspace) written beside the workload or in
 * a folder above it, as a repository's namespace defaults are. A LimitRange that may apply is enough
 * to keep quiet, since a finding the cluster contradicts is worse than one left out; one in another
 * application's folder says nothing about this one's namespace.
 */
import { LIMIT_RANGE_KIND } from '../../../common/k8s/workloadKinds';
import type { K8sObject } from '../workspace/objects';
import { namespacesMatch, type WorkspaceIndex } from '../workspace/workspaceIndex';

/** The fields of a Container item any one of which becomes the default request. */
const DEFAULTING_FIELDS = ['defaultRequest', 'default', 'max', 'min'] as const;

/** The LimitRange that gives `workload`'s containers a default `resource` request, if the workspace holds one. */
export function limitRangeDefaulting(
  workload: K8sObject,
  resource: string,
  workspace: WorkspaceIndex,
): K8sObject | undefined {
  return workspace.objectsOfKind(LIMIT_RANGE_KIND).find(
    (limitRange) =>
      (limitRange.group ?? '') === '' &&
      namespacesMatch(limitRange.declaredNamespace, workload.declaredNamespace) &&
      folderOf(workload.uri).startsWith(folderOf(limitRange.uri)) &&
      limitRange.root
        .at('spec', 'limits')
        .items()
        .some(
          (item) =>
            item.get('type').string === 'Container' &&
            DEFAULTING_FIELDS.some((field) => item.at(field, resource).exists),
        ),
  );
}

function folderOf(uri: string): string {
  return uri.slice(0, uri.lastIndexOf('/') + 1);
}
