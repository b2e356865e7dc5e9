/**
 * The autoscaling/v2 HPA the snippet and the "Create HPA" refactor write: the target, minReplicas 2,
 * maxReplicas 10 and a cpu Utilization metric at 70 %, in the file's own layout.
 */
import { type Layout, treeLines } from '../edits/textLayout';

/** The replica bounds a new HPA starts with; completion offers the same maxReplicas. */
export const NEW_HPA_MIN_REPLICAS = 2;
export const NEW_HPA_MAX_REPLICAS = 10;

/** The lines of a new autoscaling/v2 HPA; `placeholders` turns the values to fill in into tab stops. */
export function newHpaLines(
  layout: Layout,
  target: { kind: string; name: string; namespace?: string },
  placeholders: boolean,
): string[] {
  const tab = (n: number, value: string): string => (placeholders ? `\${${n}:${value}}` : value);
  const metadata: Record<string, string> = { name: tab(1, target.name) };
  if (target.namespace) metadata.namespace = target.namespace;
  return treeLines(
    {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata,
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: target.kind, name: tab(1, target.name) },
        minReplicas: tab(2, String(NEW_HPA_MIN_REPLICAS)),
        maxReplicas: tab(3, String(NEW_HPA_MAX_REPLICAS)),
        metrics: [
          {
            type: 'Resource',
            resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: tab(4, '70') } },
          },
        ],
      },
    },
    layout,
  );
}
