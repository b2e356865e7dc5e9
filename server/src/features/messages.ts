/**
 * Every string the hover, completion and code-action features show, in English, Japanese and
 * Traditional Chinese, with the Kubernetes documentation's own terms (安定化ウィンドウ, スケーリング
 * ポリシー, 許容範囲 / 穩定化時間窗, 擴展策略, 容忍度). Kept here rather than in the server's l10n
 * bundles so the features can be tested and translated on their own; a unit test checks that every
 * key exists in every language with the same `{placeholders}`.
 */

export type Locale = 'en' | 'ja' | 'zh-tw';
export const LOCALES: readonly Locale[] = ['en', 'ja', 'zh-tw'];

type Entry = Record<Locale, string>;

export const MESSAGES = {
  // --- labels and punctuation
  'label.default': { en: 'Default:', ja: '既定値:', 'zh-tw': '預設值：' },
  'label.range': { en: 'Valid:', ja: '有効な値:', 'zh-tw': '有效值：' },
  'label.scaleUp': { en: 'Scale-up', ja: 'スケールアップ', 'zh-tw': '擴展' },
  'label.scaleDown': { en: 'Scale-down', ja: 'スケールダウン', 'zh-tw': '縮減' },
  'label.fromFlag': { en: '(controller flag)', ja: '(コントローラーのフラグ)', 'zh-tw': '(控制器旗標)' },
  'punct.period': { en: '.', ja: '。', 'zh-tw': '。' },
  'punct.semicolon': { en: '; ', ja: '、', 'zh-tw': '；' },
  'join.comma': { en: ', ', ja: '、', 'zh-tw': '、' },
  'join.and': { en: ' and ', ja: 'と', 'zh-tw': ' 和' },
  'unit.seconds': { en: '{n} s', ja: '{n}秒', 'zh-tw': '{n} 秒' },
  'unit.minutes': { en: '{n} min', ja: '{n}分', 'zh-tw': '{n} 分' },
  'unit.hours': { en: '{n} h', ja: '{n}時間', 'zh-tw': '{n} 小時' },
  'unit.separator': { en: ' ', ja: '', 'zh-tw': ' ' },

  // --- scaling policies
  'policy.shortPods': {
    en: '{value} Pods per {period}',
    ja: '{period}あたり {value} Pod',
    'zh-tw': '每 {period} {value} 個 Pod',
  },
  'policy.shortPercent': {
    en: '{value} % per {period}',
    ja: '{period}あたり {value} %',
    'zh-tw': '每 {period} {value} %',
  },
  'policy.podsUp': {
    en: 'at most {value} Pods added per {period}',
    ja: '{period}あたり最大 {value} Pod を追加',
    'zh-tw': '每 {period} 最多增加 {value} 個 Pod',
  },
  'policy.podsDown': {
    en: 'at most {value} Pods removed per {period}',
    ja: '{period}あたり最大 {value} Pod を削除',
    'zh-tw': '每 {period} 最多移除 {value} 個 Pod',
  },
  'policy.percentUp': {
    en: 'at most {value} % of the replicas added per {period}',
    ja: '{period}あたり最大でレプリカ数の {value} % を追加',
    'zh-tw': '每 {period} 最多增加副本數的 {value} %',
  },
  'policy.percentDown': {
    en: 'at most {value} % of the replicas removed per {period}',
    ja: '{period}あたり最大でレプリカ数の {value} % を削除',
    'zh-tw': '每 {period} 最多移除副本數的 {value} %',
  },

  // --- field documentation
  'field.hpa': {
    en: 'A HorizontalPodAutoscaler (autoscaling/v2) scales the replicas of a workload to keep its metrics at their targets.',
    ja: 'HorizontalPodAutoscaler (autoscaling/v2) は、メトリクスを目標値に保つようにワークロードのレプリカ数をスケールします。',
    'zh-tw': 'HorizontalPodAutoscaler (autoscaling/v2) 會調整工作負載的副本數，使指標維持在目標值。',
  },
  'field.apiVersion': {
    en: 'API version. `autoscaling/v2` is the stable HPA API; `v2beta1` and `v2beta2` were removed in Kubernetes 1.25 and 1.26.',
    ja: 'APIバージョン。`autoscaling/v2` が安定版のHPA APIです。`v2beta1` と `v2beta2` はそれぞれKubernetes 1.25と1.26で削除されました。',
    'zh-tw':
      'API 版本。`autoscaling/v2` 是穩定版的 HPA API；`v2beta1` 與 `v2beta2` 已分別在 Kubernetes 1.25 與 1.26 移除。',
  },
  'field.kind': {
    en: 'Object kind: `HorizontalPodAutoscaler`.',
    ja: 'オブジェクトの種類: `HorizontalPodAutoscaler`。',
    'zh-tw': '物件種類：`HorizontalPodAutoscaler`。',
  },
  'field.metadata': {
    en: 'Name, namespace and labels of the HPA. It can only scale a target in its own namespace.',
    ja: 'HPAの名前、Namespace、ラベル。HPAは自身と同じNamespaceのターゲットだけをスケールできます。',
    'zh-tw': 'HPA 的名稱、命名空間與標籤。HPA 只能擴展與自己位於同一命名空間的目標。',
  },
  'field.spec': {
    en: 'What to scale, between which replica counts, on which metrics, and how fast.',
    ja: '何を、どのレプリカ数の範囲で、どのメトリクスに基づいて、どれだけの速さでスケールするか。',
    'zh-tw': '要擴展什麼、在哪個副本數範圍內、依據哪些指標，以及擴展的速度。',
  },
  'field.scaleTargetRef': {
    en: "The workload to scale, through its `scale` subresource. It must be in the HPA's namespace.",
    ja: 'スケール対象のワークロード。`scale` サブリソースを通じて操作します。HPAと同じNamespaceにある必要があります。',
    'zh-tw': '要擴展的工作負載，透過其 `scale` 子資源操作。必須與 HPA 位於同一命名空間。',
  },
  'field.scaleTargetRef.apiVersion': {
    en: 'API version of the target, e.g. `apps/v1`.',
    ja: 'ターゲットのAPIバージョン (例: `apps/v1`)。',
    'zh-tw': '目標的 API 版本，例如 `apps/v1`。',
  },
  'field.scaleTargetRef.kind': {
    en: 'Kind of the target: Deployment, StatefulSet, ReplicaSet or any resource with a `scale` subresource.',
    ja: 'ターゲットの種類: Deployment、StatefulSet、ReplicaSet、または `scale` サブリソースを持つ任意のリソース。',
    'zh-tw': '目標的種類：Deployment、StatefulSet、ReplicaSet，或任何具有 `scale` 子資源的資源。',
  },
  'field.scaleTargetRef.name': {
    en: "Name of the target in the HPA's namespace.",
    ja: 'HPAと同じNamespaceにあるターゲットの名前。',
    'zh-tw': '目標在 HPA 命名空間中的名稱。',
  },
  'field.minReplicas': {
    en: 'The lowest replica count the autoscaler may set.',
    ja: 'オートスケーラーが設定できる最小のレプリカ数。',
    'zh-tw': '自動擴展器可設定的最小副本數。',
  },
  'default.minReplicas': { en: '1', ja: '1', 'zh-tw': '1' },
  'range.minReplicas': {
    en: '≥ 1 (0 only with the alpha HPAScaleToZero gate and an Object or External metric)',
    ja: '1 以上 (0 はアルファ機能 HPAScaleToZero が有効で、Object または External メトリクスがある場合のみ)',
    'zh-tw': '≥ 1 (只有在啟用 alpha 功能 HPAScaleToZero 且有 Object 或 External 指標時才可為 0)',
  },
  'field.maxReplicas': {
    en: 'The highest replica count the autoscaler may set.',
    ja: 'オートスケーラーが設定できる最大のレプリカ数。',
    'zh-tw': '自動擴展器可設定的最大副本數。',
  },
  'range.maxReplicas': {
    en: '≥ 1 and ≥ minReplicas',
    ja: '1 以上かつ minReplicas 以上',
    'zh-tw': '≥ 1 且 ≥ minReplicas',
  },
  'field.metrics': {
    en: 'The metrics to scale on. Each proposes a replica count; the highest proposal wins.',
    ja: 'スケーリングに使うメトリクス。それぞれが理想のレプリカ数を算出し、その最大値が採用されます。',
    'zh-tw': '用於擴展的指標。每個指標各自算出期望副本數，取其中的最大值。',
  },
  'default.metrics': {
    en: 'one Resource metric: cpu at 80 % Utilization',
    ja: 'Resource メトリクス1つ: CPU 使用率 80 %',
    'zh-tw': '一個 Resource 指標：CPU 使用率 80 %',
  },
  'field.metric': {
    en: 'One metric source. Its `type` names the block to fill in: resource, containerResource, pods, object or external.',
    ja: '1つのメトリクスソース。`type` で指定したブロック (resource、containerResource、pods、object、external) を記述します。',
    'zh-tw': '一個指標來源。`type` 指定要填寫的區塊：resource、containerResource、pods、object 或 external。',
  },
  'field.metric.type': {
    en: 'Which source this metric reads: Resource, ContainerResource, Pods, Object or External.',
    ja: 'このメトリクスの取得元: Resource、ContainerResource、Pods、Object、External のいずれか。',
    'zh-tw': '此指標的來源：Resource、ContainerResource、Pods、Object 或 External。',
  },
  'field.metric.resource': {
    en: 'A resource (cpu, memory) of the Pods, summed over all their containers.',
    ja: 'Podのリソース (CPU、メモリー)。Pod内のすべてのコンテナの合計で評価します。',
    'zh-tw': 'Pod 的資源 (CPU、記憶體)，以 Pod 內所有容器的總和計算。',
  },
  'field.metric.resourceName': {
    en: 'Resource name, such as `cpu` or `memory`.',
    ja: 'リソース名 (`cpu`、`memory` など)。',
    'zh-tw': '資源名稱，例如 `cpu` 或 `memory`。',
  },
  'field.metric.containerResource': {
    en: 'A resource of one named container in each Pod, so that sidecars do not count.',
    ja: '各Pod内の指定した1つのコンテナのリソース。サイドカーコンテナは計算に含まれません。',
    'zh-tw': '每個 Pod 中指定的單一容器的資源，因此不會計入邊車容器。',
  },
  'field.metric.container': {
    en: 'Name of the container whose usage counts.',
    ja: '使用量を評価するコンテナの名前。',
    'zh-tw': '要計算使用量的容器名稱。',
  },
  'field.metric.pods': {
    en: 'A custom metric reported per Pod, averaged over the Pods.',
    ja: 'Podごとに報告されるカスタムメトリクス。Pod間の平均で評価します。',
    'zh-tw': '每個 Pod 回報的自訂指標，以所有 Pod 的平均值計算。',
  },
  'field.metric.object': {
    en: "A metric describing another object in the namespace (for example an Ingress's requests per second).",
    ja: '同じNamespaceの別のオブジェクトを表すメトリクス (例: Ingressの秒間リクエスト数)。',
    'zh-tw': '描述命名空間中另一個物件的指標 (例如 Ingress 的每秒請求數)。',
  },
  'field.metric.describedObject': {
    en: 'The object the metric describes.',
    ja: 'メトリクスが表すオブジェクト。',
    'zh-tw': '指標所描述的物件。',
  },
  'field.metric.external': {
    en: 'A metric from outside the cluster (for example the length of a queue).',
    ja: 'クラスター外部のメトリクス (例: キューの長さ)。',
    'zh-tw': '來自叢集外部的指標 (例如佇列長度)。',
  },
  'field.metric.metric': {
    en: 'Identifies the metric: its name and an optional label selector.',
    ja: 'メトリクスの識別情報: 名前と任意のラベルセレクター。',
    'zh-tw': '識別指標：名稱與選用的標籤選擇器。',
  },
  'field.metric.metricName': {
    en: 'Name of the metric as the metrics API serves it.',
    ja: 'メトリクスAPIが提供するメトリクスの名前。',
    'zh-tw': '指標 API 所提供的指標名稱。',
  },
  'field.metric.selector': {
    en: "Label selector that narrows down the metric's series.",
    ja: 'メトリクスの系列を絞り込むラベルセレクター。',
    'zh-tw': '用來篩選指標序列的標籤選擇器。',
  },
  'field.target': {
    en: 'The value the autoscaler tries to hold the metric at.',
    ja: 'オートスケーラーがメトリクスを保とうとする目標値。',
    'zh-tw': '自動擴展器試圖讓指標維持的目標值。',
  },
  'field.target.type': {
    en: '`Utilization`: percent of the request (Resource, ContainerResource). `AverageValue`: per Pod. `Value`: the total (Object, External).',
    ja: '`Utilization`: リソース要求に対する割合 (Resource、ContainerResource)。`AverageValue`: Podあたりの値。`Value`: 全体の値 (Object、External)。',
    'zh-tw':
      '`Utilization`：資源請求的百分比 (Resource、ContainerResource)。`AverageValue`：每個 Pod 的值。`Value`：總值 (Object、External)。',
  },
  'field.target.averageUtilization': {
    en: "Target average usage, as a percentage of the Pods' request for the resource.",
    ja: '目標とする平均使用量。Podのリソース要求に対する割合 (%) で指定します。',
    'zh-tw': '目標平均使用量，以 Pod 資源請求的百分比表示。',
  },
  'range.averageUtilization': {
    en: 'integer ≥ 1, no upper bound (above 100 is allowed)',
    ja: '1 以上の整数。上限なし (100 を超えても有効)',
    'zh-tw': '≥ 1 的整數，沒有上限 (可超過 100)',
  },
  'field.target.averageValue': {
    en: 'Target value per Pod, averaged over the Pods.',
    ja: 'Podあたりの目標値 (Pod間の平均)。',
    'zh-tw': '每個 Pod 的目標值 (所有 Pod 的平均)。',
  },
  'range.positiveQuantity': { en: 'a quantity > 0', ja: '0 より大きい数量', 'zh-tw': '大於 0 的數量' },
  'field.target.value': {
    en: 'Target value of the metric as a whole.',
    ja: 'メトリクス全体の目標値。',
    'zh-tw': '指標整體的目標值。',
  },
  'field.behavior': {
    en: 'Scaling behaviour per direction: stabilization window, scaling policies and how one is selected.',
    ja: '方向ごとのスケーリング動作: 安定化ウィンドウ、スケーリングポリシー、ポリシーの選択方法。',
    'zh-tw': '各方向的擴展行為：穩定化時間窗、擴展策略，以及策略的選擇方式。',
  },
  'default.behavior': {
    en: 'scale-up: window 0 s, 4 Pods or 100 % per 15 s, Max; scale-down: window 300 s, 100 % per 15 s',
    ja: 'スケールアップ: ウィンドウ 0秒、15秒あたり 4 Pod または 100 %、Max。スケールダウン: ウィンドウ 300秒、15秒あたり 100 %',
    'zh-tw': '擴展：時間窗 0 秒，每 15 秒 4 個 Pod 或 100 %，Max；縮減：時間窗 300 秒，每 15 秒 100 %',
  },
  'field.scalingRules': {
    en: 'Scaling rules for this direction. Fields left out take their defaults.',
    ja: 'この方向のスケーリングルール。省略したフィールドには既定値が使われます。',
    'zh-tw': '此方向的擴展規則。省略的欄位會使用預設值。',
  },
  'field.stabilizationWindowSeconds': {
    en: 'How many seconds of past recommendations to consider: scale-up takes the lowest, scale-down the highest. Prevents flapping.',
    ja: '過去の推奨値を何秒分考慮するか。スケールアップではその最小値、スケールダウンでは最大値を使い、フラッピングを防ぎます。',
    'zh-tw': '要考慮過去多少秒的建議值：擴展取其中最小值，縮減取最大值，以防止抖動。',
  },
  'default.stabilizationWindowSeconds': {
    en: '0 s for scale-up; for scale-down the controller flag `--horizontal-pod-autoscaler-downscale-stabilization` (300 s)',
    ja: 'スケールアップは 0秒。スケールダウンはコントローラーのフラグ `--horizontal-pod-autoscaler-downscale-stabilization` の値 (300秒)',
    'zh-tw':
      '擴展為 0 秒；縮減為控制器旗標 `--horizontal-pod-autoscaler-downscale-stabilization` 的值 (300 秒)',
  },
  'range.stabilizationWindowSeconds': { en: '0 to 3600', ja: '0〜3600', 'zh-tw': '0 至 3600' },
  'field.selectPolicy': {
    en: 'Which policy applies when there are several: `Max` allows the biggest change, `Min` the smallest, `Disabled` turns scaling in this direction off.',
    ja: '複数のポリシーがある場合にどれを使うか。`Max` は最も大きい変化を、`Min` は最も小さい変化を許可し、`Disabled` はこの方向のスケーリングを無効にします。',
    'zh-tw':
      '有多個策略時使用哪一個：`Max` 允許最大的變更，`Min` 允許最小的變更，`Disabled` 會停用此方向的擴展。',
  },
  'default.selectPolicy': { en: 'Max', ja: 'Max', 'zh-tw': 'Max' },
  'field.policies': {
    en: 'Scaling policies: how many Pods may be added or removed within a period.',
    ja: 'スケーリングポリシー: 一定期間内に追加または削除できるPodの数。',
    'zh-tw': '擴展策略：在一段期間內可以增加或移除多少個 Pod。',
  },
  'default.policies': {
    en: 'scale-up: 4 Pods and 100 % per 15 s; scale-down: 100 % per 15 s. A list you write replaces the defaults entirely.',
    ja: 'スケールアップ: 15秒あたり 4 Pod と 100 %。スケールダウン: 15秒あたり 100 %。リストを書くと既定値は丸ごと置き換えられます。',
    'zh-tw': '擴展：每 15 秒 4 個 Pod 與 100 %；縮減：每 15 秒 100 %。自行撰寫的清單會完全取代預設值。',
  },
  'range.policies': { en: 'at least one policy', ja: '1つ以上のポリシー', 'zh-tw': '至少一個策略' },
  'field.policy': {
    en: 'One scaling policy: at most `value` Pods (Pods) or percent of the replicas (Percent) per `periodSeconds`.',
    ja: 'スケーリングポリシー1つ分: `periodSeconds` あたり最大 `value` 個のPod (Pods) またはレプリカ数の `value` % (Percent)。',
    'zh-tw': '一個擴展策略：每 `periodSeconds` 最多 `value` 個 Pod (Pods) 或副本數的 `value` % (Percent)。',
  },
  'field.policy.type': {
    en: '`Pods`: a fixed number of Pods. `Percent`: a percentage of the replicas at the start of the period.',
    ja: '`Pods`: 固定のPod数。`Percent`: 期間の開始時点のレプリカ数に対する割合。',
    'zh-tw': '`Pods`：固定的 Pod 數量。`Percent`：期間開始時副本數的百分比。',
  },
  'field.policy.value': {
    en: 'How many Pods, or what percentage, may change within the period.',
    ja: '期間内に変更できるPodの数、または割合。',
    'zh-tw': '在期間內可變更的 Pod 數量或百分比。',
  },
  'range.policyValue': {
    en: '> 0 (Percent has no upper bound)',
    ja: '0 より大きい値 (Percent に上限はありません)',
    'zh-tw': '> 0 (Percent 沒有上限)',
  },
  'field.policy.periodSeconds': {
    en: 'Length in seconds of the look-back period over which the policy limits the change.',
    ja: 'ポリシーが変化量を制限する、過去にさかのぼる期間の長さ (秒)。',
    'zh-tw': '策略限制變更量時往回計算的期間長度 (秒)。',
  },
  'range.periodSeconds': { en: '1 to 1800', ja: '1〜1800', 'zh-tw': '1 至 1800' },
  'field.tolerance': {
    en: 'Fraction of the target within which the autoscaler does not scale (0.05 = 5 %).',
    ja: 'スケーリングを行わない、目標値周辺の変動の割合 (0.05 = 5 %)。',
    'zh-tw': '目標值周圍不進行擴展的變化比例 (0.05 = 5 %)。',
  },
  'default.tolerance': {
    en: 'the controller flag `--horizontal-pod-autoscaler-tolerance` (0.1)',
    ja: 'コントローラーのフラグ `--horizontal-pod-autoscaler-tolerance` の値 (0.1)',
    'zh-tw': '控制器旗標 `--horizontal-pod-autoscaler-tolerance` 的值 (0.1)',
  },
  'range.tolerance': {
    en: '≥ 0; needs the HPAConfigurableTolerance feature gate',
    ja: '0 以上。HPAConfigurableTolerance フィーチャーゲートが必要',
    'zh-tw': '≥ 0；需要 HPAConfigurableTolerance 功能閘道',
  },
  'field.workload.replicas': {
    en: 'Desired Pod count of the workload. When an HPA manages the workload, leave it out of the manifest.',
    ja: 'ワークロードの理想のPod数。HPAが管理するワークロードでは、マニフェストから削除してください。',
    'zh-tw': '工作負載的期望 Pod 數量。由 HPA 管理的工作負載應從清單中移除此欄位。',
  },
  'default.workload.replicas': { en: '1', ja: '1', 'zh-tw': '1' },
  'field.workload.resources': {
    en: 'Compute resources of the container: requests and limits.',
    ja: 'コンテナのコンピュートリソース: 要求 (requests) と制限 (limits)。',
    'zh-tw': '容器的運算資源：請求 (requests) 與限制 (limits)。',
  },
  'field.workload.requests': {
    en: 'Resources reserved for the container. HPA Utilization targets are percentages of these requests.',
    ja: 'コンテナのために予約されるリソース。HPAの Utilization の目標値は、このリソース要求に対する割合です。',
    'zh-tw': '為容器保留的資源。HPA 的 Utilization 目標是這些資源請求的百分比。',
  },
  'field.workload.requestCpu': {
    en: 'CPU request (`250m` = a quarter of a core). Every container needs one for a cpu Utilization metric.',
    ja: 'CPUのリソース要求 (`250m` = 0.25 コア)。CPU の Utilization メトリクスには、すべてのコンテナに必要です。',
    'zh-tw': 'CPU 資源請求 (`250m` = 0.25 核心)。使用 CPU 的 Utilization 指標時，每個容器都必須設定。',
  },
  'field.workload.requestMemory': {
    en: 'Memory request (`256Mi`). Every container needs one for a memory Utilization metric.',
    ja: 'メモリーのリソース要求 (`256Mi`)。メモリーの Utilization メトリクスには、すべてのコンテナに必要です。',
    'zh-tw': '記憶體資源請求 (`256Mi`)。使用記憶體的 Utilization 指標時，每個容器都必須設定。',
  },

  // --- what the written values mean here
  'here.rules': {
    en: '{direction}: window {window}; {policies}; selectPolicy {select}',
    ja: '{direction}: 安定化ウィンドウ {window}、{policies}、selectPolicy {select}',
    'zh-tw': '{direction}：穩定化時間窗 {window}；{policies}；selectPolicy {select}',
  },
  'here.effective': {
    en: 'Effective behaviour after defaulting:',
    ja: '既定値を適用した後の実際の動作:',
    'zh-tw': '套用預設值後的實際行為：',
  },
  'here.defaultsHeader': {
    en: 'Defaults that any `behavior` starts from:',
    ja: '`behavior` を書いた場合の出発点となる既定値:',
    'zh-tw': '任何 `behavior` 的起始預設值：',
  },
  'here.legacyTimes': {
    en: 'On the legacy path:',
    ja: '従来の方式での所要時間:',
    'zh-tw': '舊有方式下所需時間：',
  },
  'here.noBehavior': {
    en: 'No `behavior`: the controller takes its legacy path (scale-up at most max(2 × current, 4) per sync, 300 s scale-down window). Any `behavior` switches it to the defaults below.',
    ja: '`behavior` がないため、コントローラーは従来の方式で動作します (スケールアップは同期ごとに最大 max(2 × 現在値, 4)、スケールダウンの安定化ウィンドウは 300秒)。`behavior` を書くと以下の既定値に切り替わります。',
    'zh-tw':
      '沒有 `behavior`：控制器採用舊有方式 (每次同步最多擴展到 max(2 × 目前副本數, 4)，縮減穩定化時間窗 300 秒)。只要寫入任何 `behavior`，就會改用以下預設值。',
  },
  'here.timeUp': {
    en: 'From {min} to {max} replicas: at least {time} (rescales: {steps}).',
    ja: '{min} から {max} レプリカまで: 最短 {time} (スケール回数: {steps})。',
    'zh-tw': '從 {min} 到 {max} 個副本：最快 {time} (調整次數：{steps})。',
  },
  'here.timeDown': {
    en: 'From {max} back to {min} replicas: at least {time} (rescales: {steps}).',
    ja: '{max} から {min} レプリカに戻るまで: 最短 {time} (スケール回数: {steps})。',
    'zh-tw': '從 {max} 回到 {min} 個副本：最快 {time} (調整次數：{steps})。',
  },
  'here.timeUpNever': {
    en: 'Scale-up is Disabled: the HPA never goes from {min} to {max} replicas.',
    ja: 'スケールアップが Disabled のため、HPAが {min} から {max} レプリカに増やすことはありません。',
    'zh-tw': '擴展已設為 Disabled：HPA 永遠不會從 {min} 增加到 {max} 個副本。',
  },
  'here.timeDownNever': {
    en: 'Scale-down is Disabled: the HPA never goes from {max} back to {min} replicas.',
    ja: 'スケールダウンが Disabled のため、HPAが {max} から {min} レプリカに戻すことはありません。',
    'zh-tw': '縮減已設為 Disabled：HPA 永遠不會從 {max} 回到 {min} 個副本。',
  },
  'here.minMax': {
    en: 'Between {min} and {max} replicas.',
    ja: 'レプリカ数は {min} 〜 {max}。',
    'zh-tw': '副本數介於 {min} 到 {max} 之間。',
  },
  'here.target': {
    en: 'Target: {kind} `{name}` in {file}',
    ja: 'ターゲット: {file} の {kind} `{name}`',
    'zh-tw': '目標：{file} 中的 {kind} `{name}`',
  },
  'here.targetMissing': {
    en: '{kind} `{name}` is not in this file or in the workspace.',
    ja: '{kind} `{name}` はこのファイルにもワークスペースにも見つかりません。',
    'zh-tw': '在此檔案與工作區中都找不到 {kind} `{name}`。',
  },
  'here.targetNoReplicas': {
    en: 'No `spec.replicas`: only the HPA sets the count.',
    ja: '`spec.replicas` なし: レプリカ数を決めるのはHPAだけです。',
    'zh-tw': '沒有 `spec.replicas`：只有 HPA 會設定副本數。',
  },
  'here.targetReplicas': {
    en: '`spec.replicas: {replicas}` in the manifest: every `kubectl apply` resets the count.',
    ja: 'マニフェストに `spec.replicas: {replicas}` があるため、`kubectl apply` のたびにレプリカ数がリセットされます。',
    'zh-tw': '清單中有 `spec.replicas: {replicas}`：每次 `kubectl apply` 都會重設副本數。',
  },
  'here.container': {
    en: 'container `{name}`: requests {requests}',
    ja: 'コンテナ `{name}`: リソース要求 {requests}',
    'zh-tw': '容器 `{name}`：資源請求 {requests}',
  },
  'here.containerNoRequests': {
    en: 'container `{name}`: no requests',
    ja: 'コンテナ `{name}`: リソース要求なし',
    'zh-tw': '容器 `{name}`：沒有資源請求',
  },
  'here.policyAt': {
    en: 'At {current} replicas that is {change} Pods.',
    ja: '{current} レプリカの時点では {change} Pod に相当します。',
    'zh-tw': '在 {current} 個副本時相當於 {change} 個 Pod。',
  },
  'here.selectDisabledUp': {
    en: 'Disabled: this HPA never scales up.',
    ja: 'Disabled: このHPAはスケールアップしません。',
    'zh-tw': 'Disabled：此 HPA 永遠不會擴展。',
  },
  'here.selectDisabledDown': {
    en: 'Disabled: this HPA never scales down.',
    ja: 'Disabled: このHPAはスケールダウンしません。',
    'zh-tw': 'Disabled：此 HPA 永遠不會縮減。',
  },
  'here.selectSingle': {
    en: 'Only one policy ({policy}): selectPolicy changes nothing.',
    ja: 'ポリシーは1つだけ ({policy}) のため、selectPolicy は影響しません。',
    'zh-tw': '只有一個策略 ({policy})：selectPolicy 不會有任何影響。',
  },
  'here.selectMax': {
    en: 'Max of {policies}: {segments}.',
    ja: 'Max ({policies} のうち変化の大きい方): {segments}。',
    'zh-tw': 'Max（{policies} 中變更較大者）：{segments}。',
  },
  'here.selectMin': {
    en: 'Min of {policies}: {segments}.',
    ja: 'Min ({policies} のうち変化の小さい方): {segments}。',
    'zh-tw': 'Min（{policies} 中變更較小者）：{segments}。',
  },
  'here.segmentAll': {
    en: '{policy} at every count from {min} to {max}',
    ja: '{min} 〜 {max} レプリカのすべてで {policy}',
    'zh-tw': '從 {min} 到 {max} 個副本皆為{policy}',
  },
  'here.segmentUpTo': {
    en: '{policy} up to {n} replicas',
    ja: '{n} レプリカまでは {policy}',
    'zh-tw': '{n} 個副本以下為{policy}',
  },
  'here.segmentAbove': {
    en: '{policy} above {n} replicas',
    ja: '{n} レプリカを超えると {policy}',
    'zh-tw': '超過 {n} 個副本時為{policy}',
  },
  'here.selectAt': {
    en: 'At {current} replicas: {policy} ({change} Pods).',
    ja: '{current} レプリカの時点: {policy} ({change} Pod)。',
    'zh-tw': '在 {current} 個副本時：{policy} ({change} 個 Pod)。',
  },
  'here.windowUpZero': {
    en: 'No window: scales up as soon as the metrics ask for it.',
    ja: 'ウィンドウなし: メトリクスが求めるとすぐにスケールアップします。',
    'zh-tw': '沒有時間窗：指標一要求就立即擴展。',
  },
  'here.windowUp': {
    en: 'Scales up only to the lowest recommendation of the last {window}.',
    ja: '直近 {window}の推奨値のうち最小の値までしかスケールアップしません。',
    'zh-tw': '只會擴展到過去 {window}內建議值中的最小值。',
  },
  'here.windowDownZero': {
    en: 'No window: scales down as soon as the metrics allow it, which invites flapping.',
    ja: 'ウィンドウなし: メトリクスが許すとすぐにスケールダウンするため、フラッピングが起きやすくなります。',
    'zh-tw': '沒有時間窗：指標一允許就立即縮減，容易造成抖動。',
  },
  'here.windowDown': {
    en: 'Scales down only to the highest recommendation of the last {window}.',
    ja: '直近 {window}の推奨値のうち最大の値までしかスケールダウンしません。',
    'zh-tw': '只會縮減到過去 {window}內建議值中的最大值。',
  },
  'here.toleranceUp': {
    en: 'Tolerance {tolerance} %: scales up only when the metric is above {bound} % of its target.',
    ja: '許容範囲 {tolerance} %: メトリクスが目標値の {bound} % を超えたときだけスケールアップします。',
    'zh-tw': '容忍度 {tolerance} %：只有在指標高於目標值的 {bound} % 時才會擴展。',
  },
  'here.toleranceDown': {
    en: 'Tolerance {tolerance} %: scales down only when the metric is below {bound} % of its target.',
    ja: '許容範囲 {tolerance} %: メトリクスが目標値の {bound} % を下回ったときだけスケールダウンします。',
    'zh-tw': '容忍度 {tolerance} %：只有在指標低於目標值的 {bound} % 時才會縮減。',
  },
  'here.toleranceGate': {
    en: 'Honoured only with the HPAConfigurableTolerance feature gate (beta and on by default from Kubernetes 1.35).',
    ja: 'HPAConfigurableTolerance フィーチャーゲートが有効な場合のみ反映されます (Kubernetes 1.35 からベータで既定で有効)。',
    'zh-tw':
      '只有啟用 HPAConfigurableTolerance 功能閘道時才會生效 (自 Kubernetes 1.35 起為 beta 並預設啟用)。',
  },
  'here.formulaUtilization': {
    en: 'desiredReplicas = ceil(currentReplicas × current utilization / {pct} %)',
    ja: '理想のレプリカ数 = ceil(現在のレプリカ数 × 現在の使用率 / {pct} %)',
    'zh-tw': '期望副本數 = ceil(目前副本數 × 目前使用率 / {pct} %)',
  },
  'here.requestsUnknown': {
    en: 'Target not found: its requests are unknown.',
    ja: 'ターゲットが見つからないため、リソース要求は不明です。',
    'zh-tw': '找不到目標：無法得知其資源請求。',
  },
  'here.utilization': {
    en: "{pct} % of the Pod's {resource} request {request} = {perPod} per Pod.",
    ja: 'Podの {resource} のリソース要求 {request} の {pct} % = Podあたり {perPod}。',
    'zh-tw': 'Pod 的 {resource} 資源請求 {request} 的 {pct} % = 每個 Pod {perPod}。',
  },
  'here.utilizationContainer': {
    en: "{pct} % of container `{container}`'s {resource} request {request} = {perPod} per Pod.",
    ja: 'コンテナ `{container}` の {resource} のリソース要求 {request} の {pct} % = Podあたり {perPod}。',
    'zh-tw': '容器 `{container}` 的 {resource} 資源請求 {request} 的 {pct} % = 每個 Pod {perPod}。',
  },
  'here.noRequest': {
    en: 'No {resource} request in {containers}: utilization cannot be computed, so this metric fails.',
    ja: '{containers} に {resource} のリソース要求がないため、使用率を算出できず、このメトリクスは失敗します。',
    'zh-tw': '{containers} 沒有 {resource} 資源請求：無法計算使用率，此指標會失敗。',
  },
  'here.formulaAverage': {
    en: 'desiredReplicas = ceil(currentReplicas × current average per Pod / {value})',
    ja: '理想のレプリカ数 = ceil(現在のレプリカ数 × 現在のPodあたりの平均値 / {value})',
    'zh-tw': '期望副本數 = ceil(目前副本數 × 目前每個 Pod 的平均值 / {value})',
  },
  'here.formulaAverageTotal': {
    en: 'desiredReplicas = ceil(metric value / {value})',
    ja: '理想のレプリカ数 = ceil(メトリクスの値 / {value})',
    'zh-tw': '期望副本數 = ceil(指標值 / {value})',
  },
  'here.formulaValue': {
    en: 'desiredReplicas = ceil(ready Pods × metric value / {value})',
    ja: '理想のレプリカ数 = ceil(Ready状態のPod数 × メトリクスの値 / {value})',
    'zh-tw': '期望副本數 = ceil(就緒的 Pod 數 × 指標值 / {value})',
  },
  'here.replicasManaged': {
    en: 'HPA `{hpa}` scales this {kind}; `replicas: {replicas}` here resets its count on every `kubectl apply`.',
    ja: 'HPA `{hpa}` がこの {kind} をスケールします。ここにある `replicas: {replicas}` は `kubectl apply` のたびにレプリカ数をリセットします。',
    'zh-tw':
      'HPA `{hpa}` 會擴展此 {kind}；這裡的 `replicas: {replicas}` 會在每次 `kubectl apply` 時重設副本數。',
  },
  'here.requestForHpa': {
    en: "HPA `{hpa}` aims at {pct} % of the Pod's {resource} request {request} = {perPod} per Pod.",
    ja: 'HPA `{hpa}` の目標: Podの {resource} のリソース要求 {request} の {pct} % = Podあたり {perPod}。',
    'zh-tw': 'HPA `{hpa}` 的目標：Pod 的 {resource} 資源請求 {request} 的 {pct} % = 每個 Pod {perPod}。',
  },
  'here.requestForHpaContainer': {
    en: "HPA `{hpa}` aims at {pct} % of container `{container}`'s {resource} request {request} = {perPod} per Pod.",
    ja: 'HPA `{hpa}` の目標: コンテナ `{container}` の {resource} のリソース要求 {request} の {pct} % = Podあたり {perPod}。',
    'zh-tw':
      'HPA `{hpa}` 的目標：容器 `{container}` 的 {resource} 資源請求 {request} 的 {pct} % = 每個 Pod {perPod}。',
  },
  'here.requestMissing': {
    en: 'No {resource} request in this container: HPA `{hpa}` cannot compute {resource} utilization.',
    ja: 'このコンテナには {resource} のリソース要求がないため、HPA `{hpa}` は {resource} の使用率を算出できません。',
    'zh-tw': '此容器沒有 {resource} 資源請求：HPA `{hpa}` 無法計算 {resource} 使用率。',
  },

  // --- quick fixes and other code actions
  'fix.removeReplicas': {
    en: 'Remove spec.replicas from {kind} {name} (the next kubectl apply drops it to 1 replica once)',
    ja: '{kind} {name} から spec.replicas を削除 (次回の kubectl apply で一時的にレプリカ数が1に減ります)',
    'zh-tw': '從 {kind} {name} 移除 spec.replicas (下一次 kubectl apply 會使副本數一次性降為 1)',
  },
  'fix.clampPeriod': {
    en: 'Set periodSeconds to {value} (valid: 1 to 1800)',
    ja: 'periodSeconds を {value} に変更 (有効範囲: 1〜1800)',
    'zh-tw': '將 periodSeconds 設為 {value} (有效範圍：1 至 1800)',
  },
  'fix.clampWindow': {
    en: 'Set stabilizationWindowSeconds to {value} (valid: 0 to 3600)',
    ja: 'stabilizationWindowSeconds を {value} に変更 (有効範囲: 0〜3600)',
    'zh-tw': '將 stabilizationWindowSeconds 設為 {value} (有效範圍：0 至 3600)',
  },
  'fix.addRequest': {
    en: 'Add a {resource} request ({value}) to container {container}',
    ja: 'コンテナ {container} に {resource} のリソース要求 ({value}) を追加',
    'zh-tw': '為容器 {container} 加入 {resource} 資源請求 ({value})',
  },
  'fix.migrate': {
    en: 'Migrate {from} to autoscaling/v2',
    ja: '{from} を autoscaling/v2 に移行',
    'zh-tw': '將 {from} 遷移至 autoscaling/v2',
  },
  'action.writeBehavior': {
    en: 'Write the default behavior out explicitly',
    ja: '既定の behavior を明示的に書き出す',
    'zh-tw': '明確寫出預設的 behavior',
  },
  'action.createHpa': {
    en: 'Create HPA for {kind} {name}',
    ja: '{kind} {name} のHPAを作成',
    'zh-tw': '為 {kind} {name} 建立 HPA',
  },
  'completion.hpa': {
    en: 'New HorizontalPodAutoscaler (autoscaling/v2)',
    ja: '新しい HorizontalPodAutoscaler (autoscaling/v2)',
    'zh-tw': '新的 HorizontalPodAutoscaler (autoscaling/v2)',
  },
  'completion.hpaDoc': {
    en: 'A new HPA: its target, minimum and maximum replicas, and a cpu Utilization metric at 70 %.',
    ja: '新しいHPA: ターゲット、最小・最大レプリカ数、CPU 使用率 70 % のメトリクス。',
    'zh-tw': '新的 HPA：目標、最小與最大副本數，以及 CPU 使用率 70 % 的指標。',
  },
} satisfies Record<string, Entry>;

export type MessageKey = keyof typeof MESSAGES;

export type MessageArgs = Record<string, string | number>;

/** Maps a VS Code locale (`ja`, `zh-TW`, `zh-Hant-TW`, `en-US`...) to one we have strings for. */
export function localeOf(tag: string | undefined): Locale {
  const t = (tag ?? '').toLowerCase();
  if (t === 'ja' || t.startsWith('ja-')) return 'ja';
  if (t === 'zh-tw' || t.startsWith('zh-hant') || t === 'zh-hk' || t === 'zh-mo') return 'zh-tw';
  return 'en';
}

/** The `{name}` placeholders of a template, sorted. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

/** The message in `locale` with `{name}` placeholders replaced; a missing argument stays visible. */
export function msg(locale: Locale | string, key: MessageKey, args: MessageArgs = {}): string {
  const entry: Entry = MESSAGES[key];
  const template = entry[localeOf(locale)] ?? entry.en;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(args, name) ? String(args[name]) : whole,
  );
}

/** "300 s" / "300秒" / "300 秒": how windows and periods are written in manifests. */
export function formatSeconds(seconds: number, locale: Locale): string {
  return msg(locale, 'unit.seconds', { n: seconds });
}

/** A computed duration in the largest units: "2 min 15 s" / "2分15秒" / "2 分 15 秒". */
export function formatDuration(seconds: number, locale: Locale): string {
  if (seconds < 60) return formatSeconds(seconds, locale);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts: string[] = [];
  if (h > 0) parts.push(msg(locale, 'unit.hours', { n: h }));
  if (m > 0) parts.push(msg(locale, 'unit.minutes', { n: m }));
  if (s > 0) parts.push(msg(locale, 'unit.seconds', { n: s }));
  return parts.join(msg(locale, 'unit.separator'));
}

/** "a", "a and b", "a, b and c" in the locale's way. */
export function joinList(items: string[], locale: Locale): string {
  if (items.length <= 1) return items.join('');
  const head = items.slice(0, -1).join(msg(locale, 'join.comma'));
  return `${head}${msg(locale, 'join.and')}${items[items.length - 1]!}`;
}
