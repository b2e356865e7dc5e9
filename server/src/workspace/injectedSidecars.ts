/**
 * Sidecars that a mutating admission webhook adds to the Pod when it is created: they are not in
 * the manifest, yet the running Pod has them, so a ContainerResource metric may name them. Their
 * requests come from the injector's configuration, not from the manifest.
 *
 * Injection is switched on per Pod template (the annotation or label below) or per namespace (a
 * namespace label the manifest rarely shows), so a well-known name counts as injected unless the
 * template switches its injector off.
 */
import type { K8sObject } from './objects';
import { customPodTemplateOf } from './customWorkloads';

interface Injector {
  /** Shown in messages. */
  product: string;
  /** The container the webhook adds. */
  container: string;
  /** The Pod template annotation (or label) that switches injection on or off. */
  key: string;
  /** Values of `key` that switch it on; any other value switches it off. */
  enabled: readonly string[];
}

const INJECTORS: readonly Injector[] = [
  { product: 'Istio', container: 'istio-proxy', key: 'sidecar.istio.io/inject', enabled: ['true'] },
  {
    product: 'Linkerd',
    container: 'linkerd-proxy',
    key: 'linkerd.io/inject',
    enabled: ['enabled', 'ingress'],
  },
  { product: 'Dapr', container: 'daprd', key: 'dapr.io/enabled', enabled: ['true'] },
];

export interface InjectedSidecar {
  product: string;
  key: string;
  /** True when the Pod template asks for injection itself; false when it relies on the namespace's setting. */
  requestedByTemplate: boolean;
}

/** The injector that adds a container of this name to the workload's Pods, if any (and not switched off). */
export function injectedSidecar(workload: K8sObject, containerName: string): InjectedSidecar | undefined {
  const injector = INJECTORS.find((i) => i.container === containerName);
  if (!injector) return undefined;
  const metadata = (customPodTemplateOf(workload) ?? workload.root.at('spec', 'template')).get('metadata');
  const value =
    switchValue(metadata.at('annotations', injector.key).value) ??
    switchValue(metadata.at('labels', injector.key).value);
  if (value !== undefined && !injector.enabled.includes(value)) return undefined;
  return { product: injector.product, key: injector.key, requestedByTemplate: value !== undefined };
}

function switchValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value.toLowerCase();
  if (typeof value === 'boolean') return String(value);
  return undefined;
}
