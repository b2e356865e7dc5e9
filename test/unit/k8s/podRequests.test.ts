/**
 * common/k8s/podRequests.ts: the Pod's requests as the controller and the API server see them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { containersLacking, podRequestsOfPodSpec } from '../../../common/k8s/podRequests';

const names = (list: { name: string }[]) => list.map((c) => c.name);

test('a container without a request leaves the per-Pod cpu request out and is the one that lacks it', () => {
  const pod = podRequestsOfPodSpec({
    containers: [
      { name: 'api', resources: { requests: { cpu: '500m' } } },
      { name: 'log', image: 'fluent-bit' },
    ],
  });
  assert.deepEqual(pod.podRequests, {});
  assert.deepEqual(pod.containerRequests, { api: { cpu: 500 }, log: {} });
  assert.deepEqual(names(containersLacking(pod, 'cpu')), ['log']);
  assert.deepEqual(names(containersLacking(pod, 'memory')), ['api', 'log']);
  // A ContainerResource metric on "api" reads only api's request.
  assert.deepEqual(names(containersLacking(pod, 'cpu', 'api')), []);
  assert.deepEqual(names(containersLacking(pod, 'cpu', 'log')), ['log']);
});

test('a restartable init container counts; an ordinary init container does not', () => {
  const pod = podRequestsOfPodSpec({
    initContainers: [
      { name: 'migrate', resources: { requests: { cpu: '2' } } },
      { name: 'proxy', restartPolicy: 'Always', resources: { requests: { cpu: '100m' } } },
    ],
    containers: [{ name: 'api', resources: { requests: { cpu: '500m' } } }],
  });
  assert.deepEqual(pod.podRequests, { cpu: 600 });
  assert.deepEqual(
    pod.containers.map((c) => [c.name, c.list, c.index, c.sidecar]),
    [
      ['api', 'containers', 0, false],
      ['proxy', 'initContainers', 1, true],
    ],
  );
});

test('the API server copies a limit into a missing request, per resource', () => {
  const pod = podRequestsOfPodSpec({
    containers: [
      { name: 'api', resources: { limits: { cpu: '1', memory: '512Mi' }, requests: { memory: '256Mi' } } },
    ],
  });
  assert.deepEqual(pod.containers[0]?.requests, {
    cpu: { milli: 1000, text: '1', source: 'limit' },
    memory: { milli: 256 * 1024 ** 2 * 1000, text: '256Mi', source: 'request' },
  });
  assert.deepEqual(pod.podRequests, { cpu: 1000, memory: 256 * 1024 ** 2 * 1000 });
  assert.deepEqual(containersLacking(pod, 'cpu'), []);
});

test('pod-level requests win over the containers; pod-level limits default the pod-level request', () => {
  const written = podRequestsOfPodSpec({
    resources: { requests: { cpu: '2' } },
    containers: [{ name: 'a' }, { name: 'b', resources: { requests: { cpu: '100m' } } }],
  });
  assert.deepEqual(written.podRequests, { cpu: 2000 });
  assert.deepEqual(containersLacking(written, 'cpu'), []);
  // A ContainerResource metric still reads the container's own request.
  assert.deepEqual(names(containersLacking(written, 'cpu', 'a')), ['a']);

  // No container requests memory: the pod-level memory request is the pod-level limit.
  // Containers request cpu: the pod-level cpu request is their aggregate, not the limit.
  const defaulted = podRequestsOfPodSpec({
    resources: { limits: { cpu: '4', memory: '1Gi', 'nvidia.com/gpu': '1' } },
    initContainers: [
      { name: 'init', resources: { requests: { cpu: '3' } } },
      { name: 'proxy', restartPolicy: 'Always', resources: { requests: { cpu: '200m' } } },
    ],
    containers: [{ name: 'api', resources: { requests: { cpu: '500m' } } }],
  });
  assert.deepEqual(defaulted.podLevel, {
    // max(500m + 200m running, the init container's 3 next to no sidecar started before it)
    cpu: { milli: 3000, text: '3000m', source: 'containers' },
    memory: { milli: 1024 ** 3 * 1000, text: '1Gi', source: 'limit' },
  });
  assert.deepEqual(defaulted.podRequests, { cpu: 3000, memory: 1024 ** 3 * 1000 });
});

test('values that are not quantities are reported with their path and count as written', () => {
  const pod = podRequestsOfPodSpec({
    containers: [
      { name: 'api', resources: { requests: { cpu: 'lots', memory: '' }, limits: { memory: null } } },
    ],
  });
  assert.deepEqual(pod.invalid, [{ path: ['containers', 0, 'resources', 'requests', 'cpu'], text: 'lots' }]);
  assert.deepEqual(pod.podRequests, {});
  assert.deepEqual(containersLacking(pod, 'cpu'), []);
  assert.deepEqual(names(containersLacking(pod, 'memory')), ['api']);
});

test('malformed Pod specs read as empty, never throw', () => {
  for (const spec of [undefined, null, 'x', [], { containers: 'x' }, { containers: [null, 3, 'y'] }]) {
    const pod = podRequestsOfPodSpec(spec);
    assert.deepEqual([pod.containers, pod.podRequests], [[], {}], JSON.stringify(spec));
  }
});
