/**
 * Runs the whole lint path (split, blank, parse, index, every rule, findings to ranges) over a small
 * release a few dozen times while the language server starts, so V8 has compiled it before the
 * first real file arrives.
 *
 * Why: the open of a large file is the first time most of this code runs, so it ran interpreted and
 * then paid the compiler in the middle of the burst (the gain, and the warm-up's own cost during
 * `initialize`, before any file is open: docs/measurements.md).
 * The sample has an app with each of the mistakes real releases have, so the findings' paths run too.
 */
import { FileModel, type ParseOptions } from '../yaml/documents';
import { WorkspaceIndex } from '../workspace/workspaceIndex';
import { locate } from './findingsOutput';
import { lintFile } from './lint';
import { DEFAULT_SETTINGS } from '../settings';

/** One app of the warm-up release: a ConfigMap, a Deployment and its HPA; `broken` carries the common mistakes. */
export function warmUpApp(name: string, broken: boolean): string {
  return `---
apiVersion: v1
kind: ConfigMap
metadata:
  name: ${name}-config
data:
  key: "value"
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  labels:
    app.kubernetes.io/name: ${name}
spec:
${broken ? '  replicas: 3\n' : ''}  selector:
    matchLabels:
      app.kubernetes.io/name: ${name}
  template:
    metadata:
      labels:
        app.kubernetes.io/name: ${name}
    spec:
      containers:
        - name: ${name}
          image: "registry.example.com/${name}:1.0"
          ports:
            - name: http
              containerPort: 8080
          env:
            - name: SETTING
              value: "on"
          resources:
            requests:
              cpu: 250m
              memory: 256Mi
${broken ? '        - name: sidecar\n          image: "registry.example.com/sidecar:2.1"\n' : ''}---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: ${name}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: ${name}
  minReplicas: 2
  maxReplicas: 10
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: 70
  behavior:
    scaleDown:
      stabilizationWindowSeconds: 300
      policies:
        - type: Pods
          value: 1
          periodSeconds: ${broken ? 3600 : 60}
`;
}

/**
 * A second shape of app, unlike the first in every way the parser and the rules can tell: a
 * StatefulSet in a namespace with init containers, flow collections, quoted and folded scalars,
 * probes, volumes and claim templates; an HPA with each metric source type, both directions of
 * `behavior`, flow-style targets and comments; `broken` adds a managed `replicas`, a container
 * without a memory request, an autoscaler of the removed v2beta2 API and one with a missing target
 * and an autoscaling/v1 field.
 *
 * Why a second shape: V8 compiles what has run, per code path. With only the first shape warmed,
 * opening a release of StatefulSets whose HPAs scale on several metrics ran those paths
 * interpreted and lost much of the first shape's lead over yaml-language-server
 * (docs/measurements.md; bench/lint.bench.ts measures a release of another shape,
 * operatorRelease.ts).
 */
export function warmUpVariedApp(name: string, broken: boolean): string {
  return `---
# Source: chart/templates/statefulset.yaml
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: ${name}
  namespace: warm-up
  labels: { app.kubernetes.io/name: ${name}, tier: "backend" }
  annotations:
    checksum/config: "0123456789abcdef"
spec:
${broken ? '  replicas: 2\n' : ''}  serviceName: ${name}
  selector: { matchLabels: { app.kubernetes.io/name: ${name} } }
  template:
    metadata:
      labels: { app.kubernetes.io/name: ${name} }
      annotations:
        prometheus.io/scrape: "true"
    spec:
      initContainers:
        - name: init
          image: busybox:1.36
          command: ["sh", "-c", "echo ready"]
          resources:
            requests: { cpu: 10m, memory: 16Mi }
      containers:
        - name: main
          image: 'registry.example.com/${name}:2.0'
          args: ["--port=8080", '--verbose']
          ports:
            - { name: http, containerPort: 8080, protocol: TCP }
          env:
            - name: PASSWORD
              valueFrom:
                secretKeyRef: { name: ${name}-secret, key: password }
            - name: MODE
              value: >-
                folded
                text
          livenessProbe:
            httpGet: { path: /healthz, port: http }
            initialDelaySeconds: 10
          resources:
            requests:
              cpu: "0.5"
${broken ? '' : '              memory: 1Gi\n'}            limits:
              memory: 2Gi
          volumeMounts:
            - name: data
              mountPath: /data
      volumes:
        - name: config
          configMap:
            name: ${name}-config
  volumeClaimTemplates:
    - metadata: { name: data }
      spec:
        accessModes: [ReadWriteOnce]
        resources:
          requests:
            storage: 10Gi
---
apiVersion: ${broken ? 'autoscaling/v2beta2' : 'autoscaling/v2'}
kind: HorizontalPodAutoscaler
metadata:
  name: ${name}
  namespace: warm-up
  annotations:
    note: |
      scales on load and queue depth
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: StatefulSet
    name: ${name}
  minReplicas: 3 # keep a quorum
  maxReplicas: 20
  metrics:
    - type: Resource
      resource:
        name: cpu
        target: { type: Utilization, averageUtilization: 65 }
    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: 80
    - type: Pods
      pods:
        metric:
          name: requests_per_second
        target:
          type: AverageValue
          averageValue: "100"
    - type: Object
      object:
        describedObject: { apiVersion: networking.k8s.io/v1, kind: Ingress, name: ${name} }
        metric: { name: hits }
        target: { type: Value, value: 10k }
    - type: External
      external:
        metric:
          name: queue_depth
          selector:
            matchLabels: { queue: ${name} }
        target: { type: AverageValue, averageValue: "30" }
    - type: ContainerResource
      containerResource:
        name: cpu
        container: main
        target: { type: Utilization, averageUtilization: 60 }
  behavior:
    scaleUp:
      stabilizationWindowSeconds: 0
      selectPolicy: Max
      policies:
        - type: Percent
          value: 100
          periodSeconds: 15
        - type: Pods
          value: 4
          periodSeconds: 15
    scaleDown:
      selectPolicy: Min
      policies:
        - { type: Percent, value: 10, periodSeconds: 60 }
${
  broken
    ? `---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: ${name}-orphan
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: ${name}-gone }
  minReplicas: 1
  maxReplicas: 5
  targetCPUUtilizationPercentage: 80
`
    : ''
}`;
}

/** Both shapes, each whole and with its mistakes. */
export const WARM_UP_RELEASE =
  warmUpApp('warm-up-a', false) +
  warmUpApp('warm-up-b', true) +
  warmUpVariedApp('warm-up-c', false) +
  warmUpVariedApp('warm-up-d', true);

export function warmUpLint(options: ParseOptions, rounds = 20): void {
  const settings = { ...DEFAULT_SETTINGS, rules: {} };
  for (let round = 0; round < rounds; round++) {
    // A new FileModel each round: the lint's caches are per model, and the point is to run the rules.
    const workspace = new WorkspaceIndex();
    const file = new FileModel('warm-up:///release.yaml', WARM_UP_RELEASE, undefined, undefined, options);
    workspace.setFile(file);
    locate(file, lintFile(file, workspace, settings));
  }
}
