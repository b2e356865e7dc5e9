/**
 * container-not-found: a ContainerResource metric names a container the target's Pod does not have.
 * A sidecar an admission webhook injects (istio-proxy, linkerd-proxy, daprd) is information only.
 */
import { listOf, t } from '../localize';
import { injectedSidecar } from '../workspace/injectedSidecars';
import { countedContainers, podSpecOf } from '../workspace/podTemplate';
import { HPA_KIND, isHpa } from '../workspace/scaleTarget';
import { describe, resolvedWorkload } from './targets';
import { workspaceRule } from './types';

export const containerNotFoundRule = workspaceRule({
  id: 'container-not-found',
  defaultSeverity: 'error',
  description: 'A ContainerResource metric must name a container of the target\u2019s Pod template.',
  kinds: [HPA_KIND],
  check(object, context) {
    if (!isHpa(object)) return;
    const workload = resolvedWorkload(object, context.workspace);
    if (!workload) return;
    const names = countedContainers(podSpecOf(workload)).map((c) => c.name);
    for (const metric of object.root.at('spec', 'metrics').items()) {
      if (metric.get('type').string !== 'ContainerResource') continue;
      const container = metric.at('containerResource', 'container');
      const name = container.string;
      if (!name || names.includes(name)) continue;
      const injected = injectedSidecar(workload, name);
      if (injected) {
        context.report(
          container.valueSpan(),
          injected.requestedByTemplate
            ? t(
                'container "{container}" is not in {workload}: {injector} injects it at admission ({marker} on the Pod template), so this metric relies on that injection',
                {
                  container: name,
                  workload: describe(workload),
                  injector: injected.product,
                  marker: injected.key,
                },
              )
            : t(
                'container "{container}" is not in {workload}: this metric relies on {injector} injecting it at admission (enabled for the namespace, or add {marker} to the Pod template)',
                {
                  container: name,
                  workload: describe(workload),
                  injector: injected.product,
                  marker: injected.key,
                },
              ),
          { severity: 'info' },
        );
        continue;
      }
      context.report(
        container.valueSpan(),
        t('container "{container}" not found in {workload} (its containers: {containers})', {
          container: name,
          workload: describe(workload),
          containers: listOf(names.map((n) => `"${n}"`)),
        }),
      );
    }
  },
});
