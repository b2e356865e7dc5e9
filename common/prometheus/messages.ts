/**
 * What the preview says about a Prometheus load, in English, Japanese and Traditional Chinese
 * (terms from the shared glossary: レプリカ数 / 副本數, デフォルト / 預設, 分 / 分鐘). A failure is
 * shown as the localized sentence for its code followed by the detail in English, which carries
 * Prometheus' own error text unchanged.
 */
import type { PreviewLocale } from '../preview/locale';
import type { PrometheusErrorCode } from './errors';
import type { BacktestNote } from './notes';

const en = {
  loadFromPrometheus: 'Load from Prometheus…',
  range: 'Range',
  'range.1h': 'Last hour',
  'range.6h': 'Last 6 hours',
  'range.24h': 'Last 24 hours',
  'range.7d': 'Last 7 days',
  'range.custom': 'Custom…',
  customStart: 'Start (RFC 3339 or Unix seconds)',
  customEnd: 'End (RFC 3339 or Unix seconds)',
  step: 'Step (seconds)',
  stepDefault: '{seconds} s (suggested)',
  queryFor: 'PromQL for {metric}',
  loading: 'Loading from Prometheus…',
  loaded: 'Loaded {points} points per metric from Prometheus ({start} to {end}, step {step} s).',
  actual: 'Actual replicas (kube-state-metrics)',
  'note.noActual':
    'kube-state-metrics has no replica count for this HPA in the range: no comparison with reality.',
  comparison:
    'Compared with the actual replicas at {compared} syncs: mean absolute difference {mean} replicas, within ±1 replica {within} % of the time.',
  notConfigured: 'Set hpa.prometheus.url in your user settings to load recorded traffic.',
  setToken: "Bearer token for {url} (stored in VS Code's secret storage)",
  tokenStored: "The Prometheus token is stored in VS Code's secret storage.",
  tokenCleared: 'The Prometheus token was removed.',
  badDate: '"{text}" is not RFC 3339 or Unix seconds.',
  'error.badUrl': 'The Prometheus URL is not valid.',
  'error.unreachable': 'Prometheus cannot be reached.',
  'error.refused': 'Prometheus refused the connection.',
  'error.timeout': 'Prometheus did not answer in time.',
  'error.cancelled': 'The load was cancelled.',
  'error.http': 'Prometheus answered with an HTTP error.',
  'error.promql': 'Prometheus refused the query.',
  'error.badResponse': "The answer was not Prometheus' range query result.",
  'error.empty': 'The query matched no data in this range.',
  'error.severalSeries': 'The query returned several series where one was expected.',
  'error.badRange': 'The range or step is not valid.',
  'note.coarsened':
    'The step was coarsened from {from} s to {to} s: {points} points would exceed the {max} the simulation runs.',
  'note.split':
    "{points} points per series exceed Prometheus' {limit} per request: fetched in {requests} requests per query.",
  'note.gaps':
    '{metric}: no value at {missing} of {total} steps ({minutes} min); the metric counts as missing there, as it would for the controller.',
  'note.nonFinite': '{metric}: {count} values were NaN or infinite and count as missing.',
};

export type PrometheusStringKey = keyof typeof en;
type Table = Record<PrometheusStringKey, string>;

const ja: Table = {
  loadFromPrometheus: 'Prometheusから読み込む…',
  range: '期間',
  'range.1h': '直近1時間',
  'range.6h': '直近6時間',
  'range.24h': '直近24時間',
  'range.7d': '直近7日間',
  'range.custom': 'カスタム…',
  customStart: '開始(RFC 3339またはUnix秒)',
  customEnd: '終了(RFC 3339またはUnix秒)',
  step: 'ステップ(秒)',
  stepDefault: '{seconds}秒(推奨)',
  queryFor: '{metric}のPromQL',
  loading: 'Prometheusから読み込んでいます…',
  loaded: 'Prometheusからメトリクスごとに{points}点を読み込みました({start}～{end}、ステップ{step}秒)。',
  actual: '実際のレプリカ数(kube-state-metrics)',
  'note.noActual':
    'この期間、kube-state-metricsにこのHPAのレプリカ数がありません。実際との比較はできません。',
  comparison:
    '{compared}回の同期で実際のレプリカ数と比較しました。平均絶対差は{mean}レプリカ、±1レプリカ以内の時間は{within}%です。',
  notConfigured: '記録されたトラフィックを読み込むには、ユーザー設定でhpa.prometheus.urlを指定してください。',
  setToken: '{url}のベアラートークン(VS Codeのシークレットストレージに保存されます)',
  tokenStored: 'PrometheusのトークンをVS Codeのシークレットストレージに保存しました。',
  tokenCleared: 'Prometheusのトークンを削除しました。',
  badDate: '「{text}」はRFC 3339でもUnix秒でもありません。',
  'error.badUrl': 'PrometheusのURLが正しくありません。',
  'error.unreachable': 'Prometheusに到達できません。',
  'error.refused': 'Prometheusが接続を拒否しました。',
  'error.timeout': 'Prometheusが時間内に応答しませんでした。',
  'error.cancelled': '読み込みを取り消しました。',
  'error.http': 'PrometheusがHTTPエラーを返しました。',
  'error.promql': 'Prometheusがクエリを拒否しました。',
  'error.badResponse': '応答がPrometheusの範囲クエリの結果ではありません。',
  'error.empty': 'この期間にクエリに一致するデータがありません。',
  'error.severalSeries': '1つの系列を期待したクエリが複数の系列を返しました。',
  'error.badRange': '期間またはステップが正しくありません。',
  'note.coarsened':
    'ステップを{from}秒から{to}秒に粗くしました。{points}点ではシミュレーションの上限{max}点を超えるためです。',
  'note.split':
    '系列ごとの{points}点はPrometheusの1要求あたりの上限{limit}点を超えるため、クエリごとに{requests}回に分けて取得しました。',
  'note.gaps':
    '{metric}: {total}ステップ中{missing}ステップ({minutes}分)で値がありません。コントローラーと同じく、そこではメトリクスが欠落しているものとして扱います。',
  'note.nonFinite': '{metric}: {count}個の値がNaNまたは無限大で、欠落として扱います。',
};

const zhTw: Table = {
  loadFromPrometheus: '從 Prometheus 載入…',
  range: '時間範圍',
  'range.1h': '最近 1 小時',
  'range.6h': '最近 6 小時',
  'range.24h': '最近 24 小時',
  'range.7d': '最近 7 天',
  'range.custom': '自訂…',
  customStart: '開始（RFC 3339 或 Unix 秒數）',
  customEnd: '結束（RFC 3339 或 Unix 秒數）',
  step: '間隔（秒）',
  stepDefault: '{seconds} 秒（建議）',
  queryFor: '{metric} 的 PromQL',
  loading: '正在從 Prometheus 載入…',
  loaded: '已從 Prometheus 為每個指標載入 {points} 個點（{start} 至 {end}，間隔 {step} 秒）。',
  actual: '實際副本數（kube-state-metrics）',
  'note.noActual': '此時間範圍內 kube-state-metrics 沒有這個 HPA 的副本數：無法與實際比較。',
  comparison:
    '在 {compared} 次同步中與實際副本數比較：平均絕對差為 {mean} 個副本，{within}% 的時間在 ±1 個副本以內。',
  notConfigured: '請在使用者設定中指定 hpa.prometheus.url，以載入記錄的流量。',
  setToken: '{url} 的持有人權杖（存放在 VS Code 的祕密儲存區）',
  tokenStored: 'Prometheus 權杖已存放在 VS Code 的祕密儲存區。',
  tokenCleared: 'Prometheus 權杖已移除。',
  badDate: '「{text}」不是 RFC 3339 或 Unix 秒數。',
  'error.badUrl': 'Prometheus 的 URL 無效。',
  'error.unreachable': '無法連上 Prometheus。',
  'error.refused': 'Prometheus 拒絕了連線。',
  'error.timeout': 'Prometheus 未在時限內回應。',
  'error.cancelled': '已取消載入。',
  'error.http': 'Prometheus 回應了 HTTP 錯誤。',
  'error.promql': 'Prometheus 拒絕了查詢。',
  'error.badResponse': '回應不是 Prometheus 範圍查詢的結果。',
  'error.empty': '此時間範圍內沒有符合查詢的資料。',
  'error.severalSeries': '預期一個序列的查詢傳回了多個序列。',
  'error.badRange': '時間範圍或間隔無效。',
  'note.coarsened': '間隔已從 {from} 秒放寬為 {to} 秒：{points} 個點會超過模擬上限 {max}。',
  'note.split':
    '每個序列 {points} 個點超過 Prometheus 每個請求 {limit} 個點的上限：每個查詢分 {requests} 次請求取得。',
  'note.gaps':
    '{metric}：{total} 個間隔中有 {missing} 個沒有值（{minutes} 分鐘）；與控制器相同，這些時間視為指標缺失。',
  'note.nonFinite': '{metric}：{count} 個值為 NaN 或無限大，視為缺失。',
};

export const PROMETHEUS_STRINGS: Record<PreviewLocale, Table> = { en, ja, 'zh-tw': zhTw };

export function prometheusText(
  locale: PreviewLocale,
  key: PrometheusStringKey,
  args: Record<string, string | number> = {},
): string {
  return PROMETHEUS_STRINGS[locale][key].replace(/\{(\w+)\}/g, (m, name: string) =>
    name in args ? String(args[name]) : m,
  );
}

/** A failure for the user: the sentence for its code, then the English detail. */
export function describePrometheusError(
  locale: PreviewLocale,
  code: PrometheusErrorCode,
  detail: string,
): string {
  return `${prometheusText(locale, `error.${code}`)} ${detail}`;
}

/** A fetch note in the user's language (the CLI uses noteInEnglish). */
export function noteText(locale: PreviewLocale, note: BacktestNote): string {
  const { kind, ...args } = note;
  return prometheusText(locale, `note.${kind}`, args as Record<string, string | number>);
}
