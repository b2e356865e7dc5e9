/** container-not-found: a ContainerResource metric names a container the target's Pod does not have. */
import { listOf, t } from '../localize';
import { countedContainers, podSpecOf } from '../workspace/podTemplate';
import { HPA_KIND, isHpa } from '../workspace/scaleTarget';
import { describe, resolvedWorkload } from './targets';
import type { Rule } from './types';

export const containerNotFoundRule: Rule = {
  id: 'container-not-found',
  defaultSeverity: 'error',
  description: 'A ContainerResource metric must name a container of the target\u2019s Pod template.',
  kinds: [HPA_KIND],
  scope: 'workspace',
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
};
