/** Models for the chart tests: examples/queue-worker.yaml as the language server hands it over. */
import type { ChartInput } from '../../common/preview/chart';
import type { PreviewRun } from '../../common/preview/run';
import type { PreviewModel } from '../../common/protocol';

/** The chart of a run as the panel draws it (no cursor, zoom or replay), in English unless `extra` says. */
export function chartInputOf(run: PreviewRun, extra: Partial<ChartInput> = {}): ChartInput {
  return {
    runs: run.runs,
    metricNames: run.metricNames,
    locale: 'en',
    minReplicas: run.minReplicas,
    maxReplicas: run.maxReplicas,
    tolerance: run.tolerance,
    durationSeconds: run.durationSeconds,
    loadUnits: run.loadUnits,
    initialReplicas: run.initialReplicas,
    uncomputable: run.uncomputable,
    ...extra,
  };
}

/**
 * A cpu HPA on a Deployment `api` whose one container `app` sets no resources, as the language
 * server hands it over; `metrics` replaces the cpu metric.
 */
export function noRequestModel(metrics?: PreviewModel['spec']['metrics']): PreviewModel {
  return {
    uri: 'file:///work/api.yaml',
    documentIndex: 1,
    name: 'api',
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'api' },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: metrics ?? [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } },
        },
      ],
    },
    podRequests: {},
    containerRequests: { app: {} },
    target: { uri: 'file:///work/api.yaml', kind: 'Deployment', name: 'api', replicas: 2 },
    notes: [],
  };
}

/** An External AverageValue metric (a queue's total depth, 30 per Pod) and cpu Utilization. */
export const QUEUE_MODEL: PreviewModel = {
  uri: 'file:///work/examples/queue-worker.yaml',
  documentIndex: 1,
  name: 'orders-worker',
  namespace: 'shop',
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'orders-worker' },
    minReplicas: 1,
    maxReplicas: 30,
    metrics: [
      {
        type: 'External',
        external: {
          metric: { name: 'queue_messages_ready', selector: { matchLabels: { queue: 'orders' } } },
          target: { type: 'AverageValue', averageValue: '30' },
        },
      },
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 75 } },
      },
    ],
    behavior: {
      scaleDown: {
        stabilizationWindowSeconds: 600,
        policies: [{ type: 'Percent', value: 20, periodSeconds: 60 }],
      },
    },
  },
  podRequests: { cpu: 500, memory: 512 * 1024 * 1024 * 1000 },
  containerRequests: { worker: { cpu: 500, memory: 512 * 1024 * 1024 * 1000 } },
  target: { uri: 'file:///work/examples/queue-worker.yaml', kind: 'Deployment', name: 'orders-worker' },
  notes: [],
};
