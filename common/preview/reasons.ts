/**
 * The decision log's sentences: one per DecisionReason, in the user's language, filled in with the
 * numbers of that sync. The engine gives a code and its arguments; wording belongs to the UI.
 */
import type { DecisionReason, SimulationStep } from '../engine/simulationTypes';
import type { PreviewLocale } from './locale';
import { format } from './strings';

type ReasonTable = Record<DecisionReason, string>;

const en: ReasonTable = {
  scalingDisabled:
    'Current replicas are 0 while minReplicas is above 0: the HPA stands aside (scaling disabled).',
  aboveMax:
    'Current replicas {current} are above maxReplicas {max}: set to {desired} without reading metrics.',
  belowMin:
    'Current replicas {current} are below minReplicas {min}: set to {desired} without reading metrics.',
  noMetrics: 'No metric could be computed (no ready Pod reports yet): replicas stay at {current}.',
  invalidMetricsBlockScaleDown:
    'Some metrics are missing and the others point down: no scale-down, replicas stay at {current}.',
  withinTolerance: 'Every metric is within the tolerance band: no change from {current}.',
  heldByScaleUpWindow:
    'The scale-up stabilization window ({window} s) keeps {stabilized} (the metrics propose {proposed}).',
  heldByScaleDownWindow:
    'The scale-down stabilization window ({window} s) keeps {stabilized} (the metrics propose {proposed}).',
  limitedByScaleUpPolicy: 'The scale-up policies limit the rate: {desired} instead of {stabilized}.',
  limitedByScaleDownPolicy: 'The scale-down policies limit the rate: {desired} instead of {stabilized}.',
  scaleUpDisabled:
    'Scale-up is disabled (selectPolicy: Disabled): stays at {desired} instead of {stabilized}.',
  scaleDownDisabled:
    'Scale-down is disabled (selectPolicy: Disabled): stays at {desired} instead of {stabilized}.',
  clampedToMax: 'Capped at maxReplicas: {desired} instead of {stabilized}.',
  clampedToMin: 'Raised to minReplicas: {desired} instead of {stabilized}.',
  legacyScaleUpLimit:
    'No behavior, so one sync may at most reach max(2 × {current}, 4): {desired} instead of {stabilized}.',
  scaledUp: 'Scale up from {current} to {desired}.',
  scaledDown: 'Scale down from {current} to {desired}.',
  steady: 'Stays at {desired}.',
};

const ja: ReasonTable = {
  scalingDisabled:
    '現在のレプリカ数が 0 で minReplicas が 1 以上のため、HPA はスケーリングを行いません(スケーリング無効)。',
  aboveMax:
    '現在のレプリカ数 {current} が maxReplicas {max} を超えているため、メトリクスを見ずに {desired} にします。',
  belowMin:
    '現在のレプリカ数 {current} が minReplicas {min} を下回っているため、メトリクスを見ずに {desired} にします。',
  noMetrics:
    'どのメトリクスも計算できません(Ready の Pod からまだ値が届いていません)。レプリカ数は {current} のままです。',
  invalidMetricsBlockScaleDown:
    '取得できないメトリクスがあり、残りのメトリクスは縮小を示しているため、スケールダウンしません。レプリカ数は {current} のままです。',
  withinTolerance: 'すべてのメトリクスが許容範囲内のため、{current} から変更しません。',
  heldByScaleUpWindow:
    'スケールアップの安定化ウィンドウ({window} 秒)により {stabilized} に留めます(メトリクスからの提案は {proposed})。',
  heldByScaleDownWindow:
    'スケールダウンの安定化ウィンドウ({window} 秒)により {stabilized} に留めます(メトリクスからの提案は {proposed})。',
  limitedByScaleUpPolicy:
    'スケールアップのスケーリングポリシーで変化の速さが制限され、{stabilized} ではなく {desired} にします。',
  limitedByScaleDownPolicy:
    'スケールダウンのスケーリングポリシーで変化の速さが制限され、{stabilized} ではなく {desired} にします。',
  scaleUpDisabled:
    'スケールアップが無効(selectPolicy: Disabled)のため、{stabilized} ではなく {desired} のままです。',
  scaleDownDisabled:
    'スケールダウンが無効(selectPolicy: Disabled)のため、{stabilized} ではなく {desired} のままです。',
  clampedToMax: 'maxReplicas を上限として、{stabilized} ではなく {desired} にします。',
  clampedToMin: 'minReplicas を下限として、{stabilized} ではなく {desired} にします。',
  legacyScaleUpLimit:
    'behavior がないため、1 回の同期で増やせるのは max(2 × {current}, 4) までです。{stabilized} ではなく {desired} にします。',
  scaledUp: '{current} から {desired} にスケールアップします。',
  scaledDown: '{current} から {desired} にスケールダウンします。',
  steady: '{desired} のままです。',
};

const zhTw: ReasonTable = {
  scalingDisabled: '目前副本數為 0 且 minReplicas 大於 0，HPA 不會進行擴展（已停用自動擴展）。',
  aboveMax: '目前副本數 {current} 超過 maxReplicas {max}，不讀取指標，直接設為 {desired}。',
  belowMin: '目前副本數 {current} 低於 minReplicas {min}，不讀取指標，直接設為 {desired}。',
  noMetrics: '無法計算任何指標（尚無就緒的 Pod 回報數值），副本數維持 {current}。',
  invalidMetricsBlockScaleDown: '部分指標無法取得，而其餘指標建議縮減，因此不縮減，副本數維持 {current}。',
  withinTolerance: '所有指標都在容忍度範圍內，維持 {current} 不變。',
  heldByScaleUpWindow:
    '擴展的穩定化時間窗（{window} 秒）將副本數保持在 {stabilized}（指標建議值為 {proposed}）。',
  heldByScaleDownWindow:
    '縮減的穩定化時間窗（{window} 秒）將副本數保持在 {stabilized}（指標建議值為 {proposed}）。',
  limitedByScaleUpPolicy: '擴展策略限制了擴展速度：設為 {desired}，而非 {stabilized}。',
  limitedByScaleDownPolicy: '擴展策略限制了縮減速度：設為 {desired}，而非 {stabilized}。',
  scaleUpDisabled: '擴展已停用（selectPolicy: Disabled）：維持 {desired}，而非 {stabilized}。',
  scaleDownDisabled: '縮減已停用（selectPolicy: Disabled）：維持 {desired}，而非 {stabilized}。',
  clampedToMax: '以 maxReplicas 為上限：設為 {desired}，而非 {stabilized}。',
  clampedToMin: '以 minReplicas 為下限：設為 {desired}，而非 {stabilized}。',
  legacyScaleUpLimit:
    '未設定 behavior，每次同步最多只能擴展到 max(2 × {current}, 4)：設為 {desired}，而非 {stabilized}。',
  scaledUp: '從 {current} 擴展到 {desired}。',
  scaledDown: '從 {current} 縮減到 {desired}。',
  steady: '維持 {desired}。',
};

export const REASON_SENTENCES: Record<PreviewLocale, ReasonTable> = { en, ja, 'zh-tw': zhTw };

/** The sentence for one sync. `min`/`max` are the HPA's bounds (after defaulting). */
export function describeDecision(
  step: SimulationStep,
  locale: PreviewLocale,
  bounds: { min: number; max: number },
): string {
  const template = REASON_SENTENCES[locale][step.reason] ?? step.reason;
  const none = '–';
  // The step's own numbers override same-named reasonArgs: the sentence must agree with its row in the log.
  const args: Record<string, string | number> = {
    ...(step.reasonArgs ?? {}),
    current: step.replicas,
    ready: step.readyReplicas,
    proposed: step.proposedReplicas ?? none,
    stabilized: step.stabilizedReplicas ?? step.proposedReplicas ?? none,
    desired: step.desiredReplicas,
    min: bounds.min,
    max: bounds.max,
  };
  // The window length comes from the engine's arguments; without it the sentence drops the aside.
  const usable = args.window === undefined ? template.replace(/ ?[(（]\{window\}[^)）]*[)）]/, '') : template;
  return format(usable, args);
}
