/**
 * Every user-facing string of the tuner, keyed, with `{name}` placeholders, in the three languages
 * of the UI (terms from the l10n glossary: スケーリング / 調整次數 for scale events, 理想のレプリカ数 /
 * 期望副本數, 安定化ウィンドウ / 穩定化時間窗). Kept in one flat table per language so the bundle
 * system (common/l10n) can take it over key by key.
 */
import { formatMessage } from '../l10n/format';
import type { Locale } from '../l10n/locales';

/** The project's languages (common/l10n): adding one there makes tsc ask for its strings here. */
export type TuneLocale = Locale;

export const TUNE_STRINGS_EN = {
  goalRamp: 'time to reach the needed replicas',
  goalScaleEventsPerHour: 'scale events per hour',
  goalUnderprovisionedShare: 'share of time under-provisioned',
  listSeparator: ', ',
  seconds: '{value} s',
  percent: '{value} %',
  heading: '{label}: {verdict}',
  figures:
    'it reaches the needed replicas within {ramp}, scales at most {events} times per hour, is under-provisioned {share} of the time at most and costs {podHours} Pod-hours',
  whyBest: 'Meets every goal on every load with the fewest Pod-hours: {figures}.',
  whyAlso: 'Also meets every goal, at {extra} more Pod-hours than the first: {figures}.',
  whyCompromise: 'No block meets every goal; this is the closest compromise, missing {unmet}: {figures}.',
  whyCompromiseAlso: 'Another compromise, missing {unmet}: {figures}.',
  unmetHeading: 'No block meets every goal. Unmet: {goals}.',
  unreachable: 'No block searched meets the goal for {goal} (best found: {best}, goal: {limit}).',
  tableCandidate: 'Candidate {rank}',
  tableCurrent: 'Current block',
  tableLoad: 'load',
  tableScaleEvents: 'scale events',
  tablePodHours: 'Pod-hours',
  tableUnderprovisioned: 'under-provisioned',
  tableRamp: 'ramp',
  tableMeets: 'meets every goal',
  tableMisses: 'misses: {goals}',
  yes: 'yes',
  goalsLine:
    'Goals: ramp at most {ramp}, at most {events} scale events per hour, under-provisioned at most {share}.',
  searched: '{count} blocks simulated on {loads} loads.',
  definitionsHeading: 'How the figures are counted (docs/tune.md):',
  defineNeed:
    'needed replicas: the fewest Pods that keep every metric within the tolerance above its target, ceil(load / (per-Pod target × (1 + tolerance))), within minReplicas..maxReplicas',
  defineUnderprovisioned:
    'under-provisioned: a sync with fewer Ready Pods than needed; the share is those syncs over all syncs',
  defineRamp: 'ramp: the longest run of consecutive under-provisioned syncs, in seconds',
  defineScaleEvent: 'scale event: a sync whose desired replicas differ from the current replicas',
  definePodHours: 'Pod-hours: the desired replicas of each sync held for one sync period, summed, in hours',
};

export type TuneStringKey = keyof typeof TUNE_STRINGS_EN;

export const TUNE_STRINGS: Record<TuneLocale, Record<TuneStringKey, string>> = {
  en: TUNE_STRINGS_EN,
  ja: {
    goalRamp: '必要なレプリカ数に達するまでの時間',
    goalScaleEventsPerHour: '1時間あたりのスケーリング回数',
    goalUnderprovisionedShare: 'Podが不足している時間の割合',
    listSeparator: '、',
    seconds: '{value}秒',
    percent: '{value}%',
    heading: '{label}: {verdict}',
    figures:
      '必要なレプリカ数に{ramp}以内に達し、スケーリングは1時間あたり最大{events}回、Podが不足する時間は最大{share}、コストは{podHours} Pod時間です',
    whyBest: 'すべての負荷ですべての目標を満たし、Pod時間が最も少ないブロックです。{figures}。',
    whyAlso: 'これもすべての目標を満たしますが、Pod時間は1番目より{extra}多くなります。{figures}。',
    whyCompromise:
      'すべての目標を満たすブロックはありません。{unmet}を満たさない、最も近い妥協案です。{figures}。',
    whyCompromiseAlso: '{unmet}を満たさない、別の妥協案です。{figures}。',
    unmetHeading: 'すべての目標を満たすブロックはありません。満たせない目標: {goals}。',
    unreachable: '探索したどのブロックも「{goal}」の目標を満たしません(最良: {best}、目標: {limit})。',
    tableCandidate: '候補{rank}',
    tableCurrent: '現在のブロック',
    tableLoad: '負荷',
    tableScaleEvents: 'スケーリング回数',
    tablePodHours: 'Pod時間',
    tableUnderprovisioned: 'Pod不足',
    tableRamp: '到達時間',
    tableMeets: 'すべての目標を満たす',
    tableMisses: '満たさない目標: {goals}',
    yes: 'はい',
    goalsLine: '目標: 到達時間は最大{ramp}、スケーリングは1時間あたり最大{events}回、Pod不足は最大{share}。',
    searched: '{count}個のブロックを{loads}種類の負荷でシミュレーションしました。',
    definitionsHeading: '数値の数え方(docs/tune.md):',
    defineNeed:
      '必要なレプリカ数: すべてのメトリクスを目標値の許容範囲内に収める最少のPod数。ceil(負荷 / (Podあたりの目標値 × (1 + 許容範囲)))をminReplicas〜maxReplicasに収めた値です',
    defineUnderprovisioned:
      'Pod不足: ReadyのPodが必要なレプリカ数より少ない同期。割合は、その同期の数をすべての同期の数で割った値です',
    defineRamp: '到達時間: Pod不足の同期が連続する最長の期間(秒)',
    defineScaleEvent: 'スケーリング: 理想のレプリカ数が現在のレプリカ数と異なる同期',
    definePodHours: 'Pod時間: 各同期の理想のレプリカ数を同期間隔の間保つものとして合計した値(時間)',
  },
  'zh-tw': {
    goalRamp: '達到所需副本數的時間',
    goalScaleEventsPerHour: '每小時調整次數',
    goalUnderprovisionedShare: 'Pod 不足的時間比例',
    listSeparator: '、',
    seconds: '{value} 秒',
    percent: '{value}%',
    heading: '{label}：{verdict}',
    figures:
      '它在 {ramp}內達到所需副本數，每小時最多調整 {events} 次，Pod 不足的時間最多 {share}，成本為 {podHours} Pod 小時',
    whyBest: '在所有負載下都符合每個目標，且 Pod 小時最少：{figures}。',
    whyAlso: '同樣符合每個目標，但比第一個多 {extra} Pod 小時：{figures}。',
    whyCompromise: '沒有任何區塊符合所有目標；這是最接近的折衷方案，未達成{unmet}：{figures}。',
    whyCompromiseAlso: '另一個折衷方案，未達成{unmet}：{figures}。',
    unmetHeading: '沒有任何區塊符合所有目標。未達成的目標：{goals}。',
    unreachable: '搜尋過的區塊都無法達成「{goal}」的目標（最佳：{best}，目標：{limit}）。',
    tableCandidate: '候選 {rank}',
    tableCurrent: '目前的區塊',
    tableLoad: '負載',
    tableScaleEvents: '調整次數',
    tablePodHours: 'Pod 小時',
    tableUnderprovisioned: 'Pod 不足',
    tableRamp: '達到時間',
    tableMeets: '符合所有目標',
    tableMisses: '未達成：{goals}',
    yes: '是',
    goalsLine: '目標：達到時間最多 {ramp}，每小時最多調整 {events} 次，Pod 不足最多 {share}。',
    searched: '已在 {loads} 種負載下模擬 {count} 個區塊。',
    definitionsHeading: '數值的計算方式（docs/tune.md）：',
    defineNeed:
      '所需副本數：讓每個指標都維持在目標值容忍度以內的最少 Pod 數，即 ceil(負載 / (每個 Pod 的目標值 × (1 + 容忍度)))，並限制在 minReplicas 到 maxReplicas 之間',
    defineUnderprovisioned: 'Pod 不足：就緒的 Pod 少於所需副本數的同步；比例是這類同步占所有同步的比例',
    defineRamp: '達到時間：連續 Pod 不足的同步最長持續的秒數',
    defineScaleEvent: '調整：期望副本數與目前副本數不同的同步',
    definePodHours: 'Pod 小時：每次同步的期望副本數維持一個同步週期，加總後以小時計',
  },
};

/** The string for a key in a locale, placeholders filled by the project's one formatter. */
export function tuneText(
  locale: TuneLocale,
  key: TuneStringKey,
  args: Readonly<Record<string, string | number>> = {},
): string {
  return formatMessage(TUNE_STRINGS[locale][key], args);
}
