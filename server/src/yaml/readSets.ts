/**
 * The fields of a workload that anything in the server reads: the rules (replicas-conflict,
 * missing-resource-request, container-not-found, schema), the workspace index (name, namespace),
 * the preview model and the target hovers (replicas, containers' requests).
 *
 * Why write them down: a rendered Deployment is mostly labels, env, ports and probes, and parsing
 * them is most of what opening a large release costs. documents.ts blanks every other field's value
 * before parsing (blankUnreadFields.ts), so the parse builds only what is read. Whoever makes a rule
 * read a new workload field adds it here; the read-sets test fails otherwise, because it compares
 * every rule's findings on blanked and full parses of the corpus and the examples.
 */

import { WORKLOAD_KINDS } from '../../../common/k8s/workloadKinds';

/** `true` keeps a field whole; a nested set keeps only its listed children; ITEMS applies to every item of a sequence. */
export interface ReadSet {
  readonly [field: string]: ReadSet | true;
}

/** The key of a read set that describes the items of a sequence. Not a valid plain YAML key, so no field collides with it. */
export const ITEMS = '[]';

const CONTAINER: ReadSet = { name: true, restartPolicy: true, resources: true };

const WORKLOAD: ReadSet = {
  apiVersion: true,
  kind: true,
  // A strategic-merge directive (`$patch: delete`) is no object at all (workspace/objects.ts).
  $patch: true,
  metadata: { name: true, namespace: true },
  spec: {
    replicas: true,
    // What the scale subresource reports as its selector (selector-overlap).
    selector: true,
    template: {
      // Injection annotations and labels (istio, linkerd, dapr): injectedSidecars.ts.
      metadata: { annotations: true, labels: true },
      spec: {
        containers: { [ITEMS]: CONTAINER },
        initContainers: { [ITEMS]: CONTAINER },
        resources: true,
      },
    },
  },
};

/** Objects that only create Pods (selector-overlap): their identity and their Pods' labels. */
const IDENTITY = { apiVersion: true, kind: true, metadata: { name: true, namespace: true } } as const;
const POD_TEMPLATE_LABELS: ReadSet = { metadata: { labels: true } };
const POD_CREATORS: readonly [string, ReadSet][] = [
  ['DaemonSet', { ...IDENTITY, spec: { template: POD_TEMPLATE_LABELS } }],
  ['Job', { ...IDENTITY, spec: { template: POD_TEMPLATE_LABELS } }],
  ['CronJob', { ...IDENTITY, spec: { jobTemplate: { spec: { template: POD_TEMPLATE_LABELS } } } }],
  ['Pod', { apiVersion: true, kind: true, metadata: { name: true, namespace: true, labels: true } }],
];

/**
 * Read sets by kind. HPAs and ScaledObjects are read nearly whole (and their schema covers every
 * field), so they are not listed: they are always parsed in full.
 */
export const READ_SETS: ReadonlyMap<string, ReadSet> = new Map([
  ...WORKLOAD_KINDS.map((kind): [string, ReadSet] => [kind, WORKLOAD]),
  ...POD_CREATORS,
]);
