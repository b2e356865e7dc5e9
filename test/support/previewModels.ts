/** Models shared by the webview tests. */
import type { PreviewModel } from '../../common/protocol';
import type { PreviewLocale } from '../../common/preview/locale';
import type { PanelSettings } from '../../common/preview/settings';
import { INITIAL_STATE, type SavedState, toSaved } from '../../webview/src/state';

/**
 * What the webview saves for a panel showing `model` with `settings` (state.ts's own toSaved), for
 * tests that open a panel already on a model.
 */
export function savedPanel(
  model: PreviewModel,
  settings: PanelSettings,
  locale: PreviewLocale = 'en',
): SavedState {
  return toSaved({ ...INITIAL_STATE, model, locale, settings });
}

/** examples/web-hpa.yaml as the language server would hand it over. */
export const WEB_MODEL: PreviewModel = {
  uri: 'file:///work/examples/web-hpa.yaml',
  documentIndex: 1,
  name: 'web',
  namespace: 'shop',
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
    minReplicas: 2,
    maxReplicas: 20,
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } },
      },
    ],
    behavior: {
      scaleUp: {
        stabilizationWindowSeconds: 0,
        policies: [
          { type: 'Percent', value: 100, periodSeconds: 30 },
          { type: 'Pods', value: 4, periodSeconds: 30 },
        ],
        selectPolicy: 'Max',
      },
      scaleDown: {
        stabilizationWindowSeconds: 300,
        policies: [{ type: 'Pods', value: 2, periodSeconds: 60 }],
      },
    },
  },
  podRequests: { cpu: 250, memory: 256 * 1024 * 1024 * 1000 },
  containerRequests: { web: { cpu: 250, memory: 256 * 1024 * 1024 * 1000 } },
  target: { uri: 'file:///work/examples/web-hpa.yaml', kind: 'Deployment', name: 'web' },
  notes: [],
};

/**
 * A tiny case checked by hand: one Pods metric `rps` with a target of 10 per Pod, no behavior
 * (legacy path), 1 to 10 replicas. With a constant load of 45 and Pods ready at once:
 *   t=0   1 Pod,  45/1 = 45 per Pod, ratio 4.5   -> ceil(4.5 x 1) = 5, legacy limit max(2x1, 4) = 4
 *   t=15  4 Pods, 45/4 = 11.25,      ratio 1.125 -> ceil(1.125 x 4) = 5 (limit 8)
 *   t=30  5 Pods, 45/5 = 9,          ratio 0.9   -> within the tolerance band [0.9, 1.1]: stays 5
 *   t=45  the same
 */
export const TINY_MODEL: PreviewModel = {
  uri: 'file:///work/tiny.yaml',
  documentIndex: 0,
  name: 'tiny',
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'tiny' },
    minReplicas: 1,
    maxReplicas: 10,
    metrics: [
      {
        type: 'Pods',
        pods: { metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: '10' } },
      },
    ],
  },
  podRequests: {},
  containerRequests: {},
  target: null,
  notes: [],
};
export const TINY_CSV = 't,rps\n0,45\n';
export const TINY_DESIRED = [4, 5, 5, 5];
export const TINY_REASONS = ['legacyScaleUpLimit', 'scaledUp', 'withinTolerance', 'withinTolerance'];

export const PAYLOAD_IMG = '<img src=x onerror="window.__pwned=1">';
export const PAYLOAD_SCRIPT = '</script><script>window.__pwned=2</script>';
export const PAYLOAD_SVG = '"><svg onload="window.__pwned=3">';

/** Every manifest string the panel shows carries a payload. */
export const HOSTILE_MODEL: PreviewModel = {
  uri: 'file:///work/evil.yaml',
  documentIndex: 0,
  name: PAYLOAD_IMG,
  namespace: PAYLOAD_SCRIPT,
  spec: {
    scaleTargetRef: { kind: PAYLOAD_SVG, name: PAYLOAD_IMG },
    minReplicas: 1,
    maxReplicas: 5,
    metrics: [
      {
        type: 'Pods',
        pods: { metric: { name: PAYLOAD_SVG }, target: { type: 'AverageValue', averageValue: '1' } },
      },
      {
        type: 'External',
        external: { metric: { name: PAYLOAD_SCRIPT }, target: { type: 'Value', value: '10' } },
      },
    ],
  },
  podRequests: {},
  containerRequests: {},
  target: { uri: 'file:///work/evil.yaml', kind: PAYLOAD_SVG, name: PAYLOAD_SCRIPT },
  notes: [PAYLOAD_IMG],
};
