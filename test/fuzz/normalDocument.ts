/**
 * The well-behaved document linted between hostile ones: if it stops getting exactly its own
 * diagnostics, a hostile input has damaged shared state. Its namespace is used by no other case,
 * so no case can legitimately change what it gets.
 */
export const NORMAL_URI = 'file:///fuzz/normal.yaml';

/** Two problems the rules must always find: minReplicas above maxReplicas, and a policy period over 1800. */
export const NORMAL_DOCUMENT = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: sentinel
  namespace: fuzz-sentinel
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: sentinel
  minReplicas: 5
  maxReplicas: 3
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: 60
  behavior:
    scaleDown:
      policies:
        - type: Pods
          value: 1
          periodSeconds: 4000
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: sentinel
  namespace: fuzz-sentinel
spec:
  replicas: 2
  template:
    spec:
      containers:
        - name: app
          image: nginx
          resources:
            requests:
              cpu: 100m
`;
