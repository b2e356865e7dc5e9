/**
 * The numeric limits the Kubernetes API server enforces on an autoscaling/v2 HPA
 * (pkg/apis/autoscaling/validation; semantics §3). Declared once: rules, quick fixes, the ramp
 * computation, completion defaults, the tuner's search space and messages all read these, and
 * messages take the number as a placeholder rather than spelling it.
 */

/** `behavior.*.policies[].periodSeconds` must be in 1..1800 (§3 rows 36–37). */
export const MIN_PERIOD_SECONDS = 1;
export const MAX_PERIOD_SECONDS = 1800;

/** `behavior.*.stabilizationWindowSeconds` must be in 0..3600 (§3 rows 30–31). */
export const MIN_STABILIZATION_WINDOW_SECONDS = 0;
export const MAX_STABILIZATION_WINDOW_SECONDS = 3600;

/** `spec.minReplicas`, when set, must be at least 1 (0 only with the HPAScaleToZero gate; §3 row 2). */
export const MIN_MIN_REPLICAS = 1;
/** `spec.minReplicas` lower bound with the alpha HPAScaleToZero feature gate on. */
export const MIN_MIN_REPLICAS_SCALE_TO_ZERO = 0;
/** `spec.maxReplicas` must be at least 1 (§3 row 3). */
export const MIN_MAX_REPLICAS = 1;

/** `policies[].value` must be greater than zero; there is no upper bound, even for Percent (§3 row 35). */
export const MIN_POLICY_VALUE = 1;

/** `target.averageUtilization` must be at least 1; there is no upper bound (§3 row 21). */
export const MIN_AVERAGE_UTILIZATION = 1;

/** `tolerance`, when set, must be at least 0 (§3 row 38). */
export const MIN_TOLERANCE = 0;

/** The HPA controller's default sync period (kube-controller-manager --horizontal-pod-autoscaler-sync-period). */
export const DEFAULT_SYNC_PERIOD_SECONDS = 15;
