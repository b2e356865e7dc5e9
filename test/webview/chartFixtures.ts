/** Models for the chart tests: examples/queue-worker.yaml as the language server hands it over. */
import type { PreviewModel } from '../../common/protocol';

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
