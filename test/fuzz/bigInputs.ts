/**
 * Inputs built to exhaust something rather than to be wrong: nesting depth, document count, alias
 * expansion, file size. Deterministic, so the same input is measured run after run.
 */

const HEADER = 'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: deep\n';

/** `levels` nested flow sequences where the metrics list goes: `[[[...]]]`. */
export function deepFlowSequences(levels: number): string {
  return `${HEADER}spec:\n  maxReplicas: 3\n  metrics: ${'['.repeat(levels)}${']'.repeat(levels)}\n`;
}

/** `levels` nested flow maps where behavior goes: `{a: {a: ... 1}}`. */
export function deepFlowMaps(levels: number): string {
  return `${HEADER}spec:\n  maxReplicas: 3\n  behavior: ${'{a: '.repeat(levels)}1${'}'.repeat(levels)}\n`;
}

/** `levels` nested block sequences on one line (`- - - ... x`): deep without a 50 MB indentation. */
export function deepBlockSequences(levels: number): string {
  return `${HEADER}spec:\n  maxReplicas: 3\n  metrics:\n    ${'- '.repeat(levels)}x\n`;
}

/** Opened and never closed: the parser must give up, not recurse until the stack runs out. */
export function deepUnclosed(levels: number): string {
  return `${HEADER}spec:\n  scaleTargetRef: ${'{a: ['.repeat(levels)}\n`;
}

/** `count` documents in one file: HPAs (some broken), their Deployments, ConfigMaps and empty ones. */
export function manyDocuments(count: number): string {
  const docs: string[] = [];
  for (let i = 0; i < count; i++) {
    switch (i % 5) {
      case 0:
        docs.push(
          `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: {name: h${i}}\n` +
            `spec: {scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: d${i + 1}}, minReplicas: ${(i % 7) - 2}, maxReplicas: ${i % 11}}\n`,
        );
        break;
      case 1:
        docs.push(
          `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d${i}}\nspec:\n  replicas: 2\n` +
            `  template: {spec: {containers: [{name: c, resources: {requests: {cpu: ${i}m}}}]}}\n`,
        );
        break;
      case 2:
        docs.push(`apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c${i}}\ndata: {k: v}\n`);
        break;
      case 3:
        docs.push('# only a comment\n');
        break;
      default:
        docs.push(`kind: HorizontalPodAutoscaler\nspec: {maxReplicas: [${i}, {broken: }\n`);
    }
  }
  return docs.join('---\n');
}

/**
 * The billion-laughs document: nine anchors, each a list of nine aliases to the previous one, so
 * the last stands for 9^9 (387 million) strings once expanded. Aliased into every field the rules
 * and the preview read, so whoever converts the document to plain values meets it.
 */
export function aliasBomb(): string {
  const lines = [
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ];
  for (let level = 1; level <= 8; level++) {
    const previous = `*a${level - 1}`;
    lines.push(`a${level}: &a${level} [${Array(9).fill(previous).join(',')}]`);
  }
  lines.push(
    'metadata:',
    '  name: bomb',
    '  labels: *a8',
    'spec:',
    '  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: bomb}',
    '  minReplicas: *a8',
    '  maxReplicas: *a8',
    '  metrics: *a8',
    '  behavior:',
    '    scaleUp: *a8',
    '    scaleDown:',
    '      policies: *a8',
    '---',
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'x0: &x0 {a: lol, b: lol, c: lol, d: lol, e: lol, f: lol, g: lol, h: lol, i: lol}',
  );
  // A second shape: the bomb as the whole spec, each level also merged into the next with `<<`.
  for (let level = 1; level <= 8; level++) {
    const previous = `*x${level - 1}`;
    lines.push(`x${level}: &x${level} {<<: ${previous}, k: [${Array(9).fill(previous).join(',')}]}`);
  }
  lines.push('metadata: {name: bomb2}', 'spec: *x8', '');
  return lines.join('\n');
}

/** About `bytes` characters of valid HPA documents: far above the default 5 MB guard when asked for 50 MB. */
export function hugeFile(bytes: number): string {
  const doc =
    'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: big\nspec:\n' +
    '  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: big}\n  maxReplicas: 5\n---\n';
  return doc.repeat(Math.ceil(bytes / doc.length));
}

export const HELM_TEMPLATES: readonly string[] = [
  `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "chart.fullname" . }}
  labels:
    {{- include "chart.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "chart.fullname" . }}
  minReplicas: {{ .Values.autoscaling.minReplicas }}
  maxReplicas: {{ .Values.autoscaling.maxReplicas }}
  metrics:
    {{- if .Values.autoscaling.targetCPUUtilizationPercentage }}
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ .Values.autoscaling.targetCPUUtilizationPercentage }}
    {{- end }}
`,
  `{{- if .Values.autoscaling.enabled }}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
spec:
  maxReplicas: {{ .Values.max | default 10 }}
  behavior: {{ toYaml .Values.behavior | nindent 4 }}
{{- end }}
`,
  `kind: HorizontalPodAutoscaler
apiVersion: autoscaling/v2
spec:
  maxReplicas: "{{ .Values.max }}"
  minReplicas: {% if x %}1{% endif %}
`,
];

export const UNKNOWN_KINDS: readonly string[] = [
  'apiVersion: v1\nkind: List\nitems:\n  - apiVersion: autoscaling/v2\n    kind: HorizontalPodAutoscaler\n    spec: {maxReplicas: 0}\n',
  'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscalerList\nitems: [{kind: HorizontalPodAutoscaler, spec: {maxReplicas: -1}}]\n',
  'apiVersion: autoscaling/v3\nkind: HorizontalPodAutoscaler\nspec: {maxReplicas: 2}\n',
  'apiVersion: example.com/v1\nkind: Frobnicator\nspec: {maxReplicas: .nan}\n',
  'kind: 5\nspec: {}\n',
  'kind: [HorizontalPodAutoscaler]\nspec: {}\n',
  'kind: {HorizontalPodAutoscaler: 1}\n',
  'kind: horizontalpodautoscaler\nspec: {maxReplicas: 1}\n',
  'apiVersion: keda.sh/v1alpha1\nkind: ScaledObject\nspec: {scaleTargetRef: [], minReplicaCount: "x", maxReplicaCount: .inf}\n',
  '{"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler", "spec": {"maxReplicas": "ten", "metrics": {}}}\n',
  '- kind: HorizontalPodAutoscaler\n- kind: Deployment\n',
  'HorizontalPodAutoscaler\n',
  '"kind": HorizontalPodAutoscaler\n"spec": null\n',
];
