/**
 * Runs the whole lint path (split, blank, parse, index, every rule, findings to ranges) over a small
 * release a few dozen times while the language server starts, so V8 has compiled it before the
 * first real file arrives.
 *
 * Why: the open of a large file is the first time most of this code runs, so it ran interpreted and
 * then paid the compiler in the middle of the burst. Measured in process CPU time on the 300-app
 * release with one app in ten broken: cold open 330 ms, after this warm-up 225 ms (median of four
 * each; the warm-up itself costs about 200 ms CPU during `initialize`, before any file is open).
 * The sample has an app with each of the mistakes real releases have, so the findings' paths run too.
 */
import { FileModel, type ParseOptions } from '../yaml/documents';
import { WorkspaceIndex } from '../workspace/workspaceIndex';
import { locate } from './findingsOutput';
import { lintFile } from './lint';
import { DEFAULT_SETTINGS } from './settings';

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

const SAMPLE = warmUpApp('warm-up-a', false) + warmUpApp('warm-up-b', true);

export function warmUpLint(options: ParseOptions, rounds = 30): void {
  const settings = { ...DEFAULT_SETTINGS, rules: {} };
  for (let round = 0; round < rounds; round++) {
    // A new FileModel each round: the lint's caches are per model, and the point is to run the rules.
    const workspace = new WorkspaceIndex();
    const file = new FileModel('warm-up:///release.yaml', SAMPLE, undefined, undefined, options);
    workspace.setFile(file);
    locate(file, lintFile(file, workspace, settings));
  }
}
