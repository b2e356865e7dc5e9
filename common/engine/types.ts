/**
 * The shapes the engine works on. They mirror autoscaling/v2 as the API server stores it, so a
 * parsed manifest's spec is handed to the engine as written, without any translation: the engine
 * fills in the API defaults itself (defaults.ts: resolveBehavior, effectiveMinReplicas,
 * effectiveMetrics).
 * Quantities stay as strings or numbers exactly as written; `quantity.ts` turns them into milli-units.
 */

export type Quantity = string | number;

export type PolicyType = 'Pods' | 'Percent';
export type SelectPolicy = 'Max' | 'Min' | 'Disabled';

export interface HPAScalingPolicy {
  type: PolicyType;
  value: number;
  periodSeconds: number;
}

export interface HPAScalingRules {
  stabilizationWindowSeconds?: number | null;
  selectPolicy?: SelectPolicy;
  policies?: HPAScalingPolicy[];
  tolerance?: Quantity;
}

export interface HPABehavior {
  scaleUp?: HPAScalingRules | null;
  scaleDown?: HPAScalingRules | null;
}

export type MetricTargetType = 'Utilization' | 'Value' | 'AverageValue';

export interface MetricTarget {
  type: MetricTargetType;
  value?: Quantity;
  averageValue?: Quantity;
  averageUtilization?: number;
}

export interface MetricIdentifier {
  name: string;
  selector?: unknown;
}

export interface CrossVersionObjectReference {
  apiVersion?: string;
  kind: string;
  name: string;
}

export type MetricSpec =
  | { type: 'Resource'; resource: { name: string; target: MetricTarget } }
  | {
      type: 'ContainerResource';
      containerResource: { name: string; container: string; target: MetricTarget };
    }
  | { type: 'Pods'; pods: { metric: MetricIdentifier; target: MetricTarget } }
  | {
      type: 'Object';
      object: {
        describedObject: CrossVersionObjectReference;
        metric: MetricIdentifier;
        target: MetricTarget;
      };
    }
  | { type: 'External'; external: { metric: MetricIdentifier; target: MetricTarget } };

export interface HPASpec {
  scaleTargetRef: CrossVersionObjectReference;
  minReplicas?: number;
  maxReplicas: number;
  metrics?: MetricSpec[];
  behavior?: HPABehavior | null;
}

/** Rules after API defaulting (§2): every field present except a scale-down window the user left out. */
export interface ResolvedScalingRules {
  stabilizationWindowSeconds: number | null;
  selectPolicy: SelectPolicy;
  policies: HPAScalingPolicy[];
  /** Fraction (0.1 = 10 %), or null when the controller flag applies. */
  tolerance: number | null;
}

export interface ResolvedBehavior {
  scaleUp: ResolvedScalingRules;
  scaleDown: ResolvedScalingRules;
}

/** kube-controller-manager flags and the version-dependent choices of semantics §5, with their real defaults. */
export interface ControllerOptions {
  syncPeriodSeconds: number; // 15
  tolerance: number; // 0.1
  downscaleStabilizationSeconds: number; // 300
  cpuInitializationPeriodSeconds: number; // 300
  initialReadinessDelaySeconds: number; // 30
  scaleUpLimitFactor: number; // 2 (legacy path)
  scaleUpLimitMinimum: number; // 4 (legacy path)
  /** HPAConfigurableTolerance gate: per-direction `tolerance` in behavior is honoured. */
  configurableTolerance: boolean;
  /** Missing pods on a Utilization scale-down count as max(100, target)% (new) or 100% (old). */
  missingPodsUseTargetAboveHundred: boolean;
  /** Master ignores Succeeded pods as well as Failed ones. */
  ignoreSucceededPods: boolean;
  /**
   * HPAScaleToZero on in kube-apiserver and kube-controller-manager: `minReplicas: 0` exists. Off,
   * the API server refuses such an object, so the model treats 0 as 1, the lowest it accepts
   * (`PreparedHpa.minReplicasRaised` says so).
   */
  scaleToZero: boolean;
  /**
   * The controller tracks the ScaledToZero condition (1.36+, semantics §1.9): at 0 replicas it reads
   * metrics only when it scaled the workload to 0 itself (a workload set to 0 by hand stays paused),
   * and with the gate off 0 always disables scaling. Before 1.36 it reads them whenever minReplicas is 0.
   */
  scaledToZeroCondition: boolean;
}

export type ConditionType = 'AbleToScale' | 'ScalingActive' | 'ScalingLimited' | 'ScaledToZero';

export interface Condition {
  type: ConditionType;
  status: 'True' | 'False';
  reason: string;
  message: string;
}
