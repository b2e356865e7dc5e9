/**
 * "Load from Prometheus…": asks for a range (the last 1 h, 6 h, 24 h, 7 d, or custom), a step and
 * each metric's PromQL (the default, or what the user last ran for this HPA), then fetches them from
 * the extension host with Node's fetch, cancellable from the progress notification. The result is a
 * replay for the preview: one load per metric plus kube-state-metrics' actual replicas. Cancelling
 * or failing at any point returns null and leaves the preview as it was. With `hpa.prometheus.url`
 * empty nothing is fetched.
 */
import * as vscode from 'vscode';
import { effectiveMetrics } from '../../../common/engine';
import type { PreviewModel } from '../../../common/protocol';
import {
  actualReplicasQueries,
  defaultQueries,
  describePrometheusError,
  fetchBacktest,
  formatInstant,
  noteText,
  parseDuration,
  parseInstant,
  PrometheusError,
  prometheusText,
  RANGE_PRESETS,
  resolveRange,
  suggestedStep,
  type FetchLike,
  type PrometheusReplay,
  type PrometheusStringKey,
  type RangeChoice,
} from './commonImports';
import type { Locale } from '../../../common/l10n/locales';
import { displayLocale } from '../localize';
import { readPrometheusSettings } from './prometheusSettings';
import { readToken } from './prometheusToken';
import { rememberedQueries, rememberQueries } from './rememberedQueries';

/** Node's global fetch in the transport's shape (the signal is a real AbortSignal at run time). */
const nodeFetch: FetchLike = (url, init) => fetch(url, { ...init, signal: init.signal as AbortSignal });

async function pickRange(locale: Locale): Promise<RangeChoice | null> {
  const t = (key: PrometheusStringKey, args?: Record<string, string | number>) =>
    prometheusText(locale, key, args);
  const items = [
    ...RANGE_PRESETS.map((preset) => ({
      label: t(`range.${preset}`),
      choice: { preset } as RangeChoice | null,
    })),
    { label: t('range.custom'), choice: null },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: t('loadFromPrometheus'),
    placeHolder: t('range'),
  });
  if (!picked) return null;
  if (picked.choice) return picked.choice;
  const instant = (prompt: string, value?: string) =>
    vscode.window.showInputBox({
      prompt,
      value,
      ignoreFocusOut: true,
      validateInput: (text) => (parseInstant(text) === null ? t('badDate', { text }) : undefined),
    });
  const now = Math.floor(Date.now() / 1000);
  const startText = await instant(t('customStart'), formatInstant(now - 86_400));
  if (startText === undefined) return null;
  const endText = await instant(t('customEnd'), formatInstant(now));
  if (endText === undefined) return null;
  return { start: parseInstant(startText)!, end: parseInstant(endText)! };
}

/**
 * What a caller may fix in advance (a test, a keybinding's args): each part given skips its prompt.
 * Queries not given start from the remembered or default query, unprompted when `range` is given.
 */
export interface LoadRequest {
  range?: RangeChoice;
  step?: number;
  queries?: Record<string, string>;
}

export async function loadFromPrometheus(
  context: vscode.ExtensionContext,
  model: PreviewModel,
  syncPeriodSeconds: number,
  request: LoadRequest = {},
): Promise<PrometheusReplay | null> {
  const locale = displayLocale();
  const t = (key: PrometheusStringKey, args?: Record<string, string | number>) =>
    prometheusText(locale, key, args);
  const settings = readPrometheusSettings();
  if (!settings) {
    void vscode.window.showInformationMessage(t('notConfigured'));
    return null;
  }
  const interactive = request.range === undefined;
  const choice = request.range ?? (await pickRange(locale));
  if (!choice) return null;
  const { start, end } = resolveRange(choice, Date.now() / 1000);
  const suggested = suggestedStep(end - start, syncPeriodSeconds);
  let step = request.step ?? suggested;
  if (interactive && request.step === undefined) {
    const stepText = await vscode.window.showInputBox({
      prompt: t('step'),
      value: String(suggested),
      ignoreFocusOut: true,
      validateInput: (text) => {
        const s = parseDuration(text);
        return s === null || s <= 0 ? t('error.badRange') : undefined;
      },
    });
    if (stepText === undefined) return null;
    step = parseDuration(stepText)!;
  }
  const namespace = model.namespace ?? 'default';
  const ctx = { namespace, hpaName: model.name, stepSeconds: step };
  const defaults = defaultQueries(model.spec, effectiveMetrics(model.spec), ctx);
  const remembered = rememberedQueries(context.workspaceState, namespace, model.name);
  const queries: { metric: string; promql: string }[] = [];
  for (const d of defaults) {
    const start = request.queries?.[d.metric] ?? remembered[d.metric] ?? d.promql;
    const promql = interactive
      ? await vscode.window.showInputBox({
          prompt: t('queryFor', { metric: d.metric }),
          value: start,
          ignoreFocusOut: true,
          validateInput: (text) => (text.trim() === '' ? t('error.empty') : undefined),
        })
      : start;
    if (promql === undefined) return null;
    queries.push({ metric: d.metric, promql: promql.trim() });
  }
  await rememberQueries(
    context.workspaceState,
    namespace,
    model.name,
    Object.fromEntries(queries.map((q) => [q.metric, q.promql])),
    Object.fromEntries(defaults.map((d) => [d.metric, d.promql])),
  );
  const token = await readToken(context.secrets, settings.url);
  try {
    const data = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: t('loading'), cancellable: true },
      (_progress, cancellation) => {
        const abort = new AbortController();
        cancellation.onCancellationRequested(() => abort.abort());
        return fetchBacktest(
          {
            url: settings.url,
            fetch: nodeFetch,
            timeoutMs: settings.timeoutMs,
            signal: abort.signal,
            ...(token ? { token } : {}),
          },
          { queries, actualQuery: actualReplicasQueries(ctx).current, start, end, step },
        );
      },
    );
    const first = data.actual?.find((v) => v !== null);
    return {
      name: `Prometheus ${formatInstant(data.plan.start)} – ${formatInstant(data.plan.end)}`,
      loads: data.loads,
      actual: data.actual ? { stepSeconds: data.plan.step, values: data.actual } : null,
      durationSeconds: data.plan.end - data.plan.start + data.plan.step,
      ...(first !== undefined && first !== null ? { initialReplicas: first } : {}),
      notes: data.notes.map((note) => noteText(locale, note)),
      start: data.plan.start,
      end: data.plan.end,
      stepSeconds: data.plan.step,
    };
  } catch (err) {
    if (err instanceof PrometheusError) {
      if (err.code !== 'cancelled')
        void vscode.window.showErrorMessage(describePrometheusError(locale, err.code, err.message));
      return null;
    }
    throw err;
  }
}
