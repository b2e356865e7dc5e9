/**
 * A second realistic release for the open/edit benchmark, written unlike lint.bench.ts's Helm
 * release and unlike the language server's warm-up (lint/warmUp.ts), so the figures also show a
 * shape the server was not tuned on: 4-space indentation with sequences at their key's column,
 * flow mappings, quoted keys, RBAC objects, a CronJob per app, two containers per Deployment with
 * security contexts and tolerations, and HPAs on an External queue metric and memory.
 * One app in eight is broken: `replicas` on a managed Deployment, a container without a memory
 * request under a memory metric, `minReplicas` 5 in one HPA and a scale-down window over an hour.
 */
function operatorApp(i: number, broken: boolean): string {
  const name = `worker-${String(i).padStart(3, '0')}`;
  return `---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
    name: ${name}
    namespace: jobs
rules:
- apiGroups: [""]
  resources: ["pods", "configmaps", "secrets"]
  verbs: ["get", "list", "watch"]
- apiGroups: ["batch"]
  resources: ["jobs"]
  verbs: ["create", "delete"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
    name: ${name}
    namespace: jobs
roleRef:
    apiGroup: rbac.authorization.k8s.io
    kind: Role
    name: ${name}
subjects:
- kind: ServiceAccount
  name: ${name}
  namespace: jobs
---
apiVersion: batch/v1
kind: CronJob
metadata:
    name: ${name}-cleanup
    namespace: jobs
spec:
    schedule: "*/15 * * * *"
    jobTemplate:
        spec:
            template:
                spec:
                    restartPolicy: OnFailure
                    containers:
                    - name: cleanup
                      image: registry.example.com/cleanup:1.${i}
                      args: [--older-than, 24h]
---
apiVersion: apps/v1
kind: Deployment
metadata:
    name: ${name}
    namespace: jobs
    annotations:
        "deployment.kubernetes.io/revision": "${i}"
spec:
${broken ? '    replicas: 4\n' : ''}    strategy:
        type: RollingUpdate
        rollingUpdate: {maxSurge: 25%, maxUnavailable: 0}
    selector:
        matchLabels: {app: ${name}}
    template:
        metadata:
            labels: {app: ${name}, version: v${i}}
        spec:
            serviceAccountName: ${name}
            securityContext: {runAsNonRoot: true, runAsUser: 1000, fsGroup: 2000}
            nodeSelector: {kubernetes.io/os: linux}
            tolerations:
            - key: dedicated
              operator: Equal
              value: workers
              effect: NoSchedule
            containers:
            - name: worker
              image: registry.example.com/${name}:3.${i}
              command: [/bin/worker]
              args: [--queue=${name}, --concurrency=8]
              securityContext:
                  allowPrivilegeEscalation: false
                  capabilities: {drop: [ALL]}
              resources:
                  requests: {cpu: 200m${broken ? '' : ', memory: 512Mi'}}
                  limits: {cpu: "1"}
            - name: metrics-exporter
              image: registry.example.com/exporter:0.9
              ports: [{containerPort: 9100, name: metrics}]
              resources:
                  requests: {cpu: 20m, memory: 32Mi}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
    name: ${name}
    namespace: jobs
spec:
    scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: ${name}}
    minReplicas: ${broken ? 5 : 2}
    maxReplicas: 10
    metrics:
    - type: External
      external:
          metric:
              name: sqs_messages_visible
              selector: {matchLabels: {queue: ${name}}}
          target: {type: AverageValue, averageValue: "20"}
    - type: Resource
      resource:
          name: memory
          target: {type: Utilization, averageUtilization: 75}
    behavior:
        scaleDown:
            stabilizationWindowSeconds: ${broken ? 7200 : 600}
            policies:
            - {type: Pods, value: 2, periodSeconds: 120}
`;
}

/** 250 apps x 5 documents (about 28,000 lines), one app in eight broken. */
export function operatorRelease(apps = 250): string {
  return Array.from({ length: apps }, (_, i) => operatorApp(i, i % 8 === 2)).join('');
}
