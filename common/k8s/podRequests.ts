/**
 * The Pod's requests as the HPA controller and the API server see them, computed from a plain Pod
 * spec value (`spec.template.spec` as JS data). This is the one place that knows:
 *
 * - which containers count (semantics §1.4.1): the regular containers and the restartable
 *   ("sidecar", `restartPolicy: Always`) init containers; other init containers have finished
 *   before any metric is read;
 * - the API server's defaults: a container with `limits.X` and no `requests.X` is stored with
 *   `requests.X = limits.X`; with pod-level `resources.limits` (PodLevelResources), a pod-level
 *   request left out becomes the containers' aggregate request when some container requests the
 *   resource, else the pod-level limit (cpu and memory only);
 * - the per-Pod request: the pod-level request when there is one, else the sum over the counted
 *   containers, and none when a counted container has no request (the controller then fails with
 *   "missing request for <res> in container <c>").
 *
 * The rules, the preview model, `hpa-lint simulate` and the hovers all read this result, so they
 * agree on the numbers and on which containers lack a request.
 */
import { quantityMilliOrUndefined } from '../engine/quantity';

/** Where a request's value comes from. */
export type RequestSource =
  /** `resources.requests.X` as written. */
  | 'request'
  /** No request written: the API server copies `resources.limits.X`. */
  | 'limit'
  /** Pod level only: no pod-level request written, so the API server uses the containers' aggregate. */
  | 'containers';

export interface ResolvedRequest {
  /** Milli-units; undefined when the written text is not a quantity (the schema rule reports it). */
  milli: number | undefined;
  /** The value as written (for `containers`, the aggregate in milli as text). */
  text: string;
  source: RequestSource;
}

export type ContainerList = 'containers' | 'initContainers';

export interface CountedContainer {
  /** `name` as written; '' when it has none. */
  name: string;
  /** The list the container is in and its index there, for callers that point at it. */
  list: ContainerList;
  index: number;
  /** An init container with `restartPolicy: Always`. */
  sidecar: boolean;
  /** Requests after the API server's defaults, by resource. */
  requests: Record<string, ResolvedRequest>;
}

/** A request or limit whose text is not a quantity. */
export interface InvalidQuantity {
  /** Path below the Pod spec, e.g. `['containers', 0, 'resources', 'requests', 'cpu']`. */
  path: (string | number)[];
  text: string;
}

export interface PodRequests {
  /** The containers whose requests add up to the Pod's, in the controller's order (containers, then sidecars). */
  containers: CountedContainer[];
  /** Pod-level requests (PodLevelResources) after defaults, by resource. */
  podLevel: Record<string, ResolvedRequest>;
  /** The Pod's request in milli by resource, only where the controller can compute one. */
  podRequests: Record<string, number>;
  /** The counted containers' sums by resource, complete ones only: the Pod's request without pod-level `resources`. */
  containerTotals: Record<string, number>;
  /** Counted containers' requests in milli (name -> resource -> milli), for ContainerResource metrics. */
  containerRequests: Record<string, Record<string, number>>;
  /** Requests and limits that are not quantities, in document order. */
  invalid: InvalidQuantity[];
}

/** Resources the API server supports at pod level (PodLevelResources). */
const POD_LEVEL_RESOURCES: readonly string[] = ['cpu', 'memory'];

type Plain = Record<string, unknown>;

function asMap(value: unknown): Plain | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Plain) : undefined;
}

/** A value the API server keeps: null and '' are as good as absent. */
function isWritten(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

/**
 * `requests` with the API server's limit-to-request default applied. Invalid quantities are
 * recorded with their path so the CLI can name the line.
 */
function defaultedRequests(
  resources: unknown,
  path: (string | number)[],
  invalid: InvalidQuantity[],
): Record<string, ResolvedRequest> {
  const out: Record<string, ResolvedRequest> = {};
  const map = asMap(resources);
  if (!map) return out;
  const requests = asMap(map.requests) ?? {};
  const limits = asMap(map.limits) ?? {};
  for (const [resource, value] of Object.entries(requests)) {
    if (!isWritten(value)) continue;
    const milli = quantityMilliOrUndefined(value);
    if (milli === undefined) invalid.push({ path: [...path, 'requests', resource], text: textOf(value) });
    out[resource] = { milli, text: textOf(value), source: 'request' };
  }
  for (const [resource, value] of Object.entries(limits)) {
    if (!isWritten(value)) continue;
    const milli = quantityMilliOrUndefined(value);
    if (milli === undefined) invalid.push({ path: [...path, 'limits', resource], text: textOf(value) });
    if (out[resource] === undefined) out[resource] = { milli, text: textOf(value), source: 'limit' };
  }
  return out;
}

/**
 * The Pod's effective request for one resource over all containers (what the scheduler and the
 * pod-level default use): the larger of "every regular container and sidecar running" and each
 * ordinary init container's peak next to the sidecars started before it. Undefined when no
 * container requests it, or a request is not a quantity.
 */
function aggregateRequest(
  regular: Record<string, ResolvedRequest>[],
  init: { sidecar: boolean; requests: Record<string, ResolvedRequest> }[],
  resource: string,
): number | undefined {
  let any = false;
  let valid = true;
  const milliOf = (requests: Record<string, ResolvedRequest>): number => {
    const request = requests[resource];
    if (request === undefined) return 0;
    any = true;
    if (request.milli === undefined) valid = false;
    return request.milli ?? 0;
  };
  let running = regular.reduce((sum, r) => sum + milliOf(r), 0);
  let sidecarsSoFar = 0;
  let initPeak = 0;
  for (const c of init) {
    const milli = milliOf(c.requests);
    if (c.sidecar) {
      sidecarsSoFar += milli;
      running += milli;
    } else {
      initPeak = Math.max(initPeak, milli + sidecarsSoFar);
    }
  }
  return any && valid ? Math.max(running, initPeak) : undefined;
}

/** Reads a Pod spec value (`spec.template.spec` as plain data). Anything malformed counts as absent. */
export function podRequestsOfPodSpec(podSpec: unknown): PodRequests {
  const spec = asMap(podSpec) ?? {};
  const invalid: InvalidQuantity[] = [];
  const containers: CountedContainer[] = [];
  const regularRequests: Record<string, ResolvedRequest>[] = [];
  const initRequests: { sidecar: boolean; requests: Record<string, ResolvedRequest> }[] = [];
  const read = (list: ContainerList) => {
    const items = spec[list];
    if (!Array.isArray(items)) return;
    items.forEach((item: unknown, index) => {
      const container = asMap(item);
      if (!container) return;
      const requests = defaultedRequests(container.resources, [list, index, 'resources'], invalid);
      const sidecar = list === 'initContainers' && container.restartPolicy === 'Always';
      if (list === 'containers') regularRequests.push(requests);
      else initRequests.push({ sidecar, requests });
      if (list === 'initContainers' && !sidecar) return;
      const name = typeof container.name === 'string' ? container.name : '';
      containers.push({ name, list, index, sidecar, requests });
    });
  };
  read('containers');
  read('initContainers');

  const podLevel = defaultedRequests(spec.resources, ['resources'], invalid);
  for (const [resource, request] of Object.entries(podLevel)) {
    if (request.source !== 'limit') continue;
    // The pod-level request default exists for cpu and memory only; another limit stays a limit.
    if (!POD_LEVEL_RESOURCES.includes(resource)) {
      delete podLevel[resource];
      continue;
    }
    const aggregate = aggregateRequest(regularRequests, initRequests, resource);
    if (aggregate !== undefined)
      podLevel[resource] = { milli: aggregate, text: `${aggregate}m`, source: 'containers' };
  }

  const containerRequests: Record<string, Record<string, number>> = {};
  for (const c of containers) {
    const milli: Record<string, number> = {};
    for (const [resource, request] of Object.entries(c.requests))
      if (request.milli !== undefined) milli[resource] = request.milli;
    // Two containers with one name is an API error; the first one is what a lookup by name finds.
    if (containerRequests[c.name] === undefined) containerRequests[c.name] = milli;
  }

  const podRequests: Record<string, number> = {};
  const resources = new Set<string>();
  for (const c of containers) for (const resource of Object.keys(c.requests)) resources.add(resource);
  for (const resource of resources) {
    let sum = 0;
    let complete = true;
    for (const c of containers) {
      const milli = c.requests[resource]?.milli;
      if (milli === undefined) {
        complete = false;
        break;
      }
      sum += milli;
    }
    if (complete) podRequests[resource] = sum;
  }
  const containerTotals = { ...podRequests };
  for (const [resource, request] of Object.entries(podLevel)) {
    if (request.milli !== undefined) podRequests[resource] = request.milli;
    // A pod-level request that is not a quantity: the API server rejects the Pod, nothing to compute.
    else delete podRequests[resource];
  }
  return { containers, podLevel, podRequests, containerTotals, containerRequests, invalid };
}

/**
 * The requests as a cluster that does not count pod-level `resources` sees them (before 1.34, or
 * PodLevelResources off: common/k8s/kubernetesVersions.ts `countsPodLevelRequests`): the
 * containers' requests decide.
 */
export function withoutPodLevel(pod: PodRequests): PodRequests {
  if (Object.keys(pod.podLevel).length === 0) return pod;
  return { ...pod, podLevel: {}, podRequests: pod.containerTotals };
}

/**
 * The counted containers that leave a resource's utilization undefined: those without a request
 * (after defaults). With `container` (a ContainerResource metric) only that container's own request
 * is read; a container that does not exist is not listed here (it is a different error). A
 * pod-level request covers every container for a Resource metric.
 */
export function containersLacking(
  pod: PodRequests,
  resource: string,
  container?: string,
): CountedContainer[] {
  if (container !== undefined) {
    return pod.containers.filter((c) => c.name === container && c.requests[resource] === undefined);
  }
  if (pod.podLevel[resource] !== undefined) return [];
  return pod.containers.filter((c) => c.requests[resource] === undefined);
}
