/**
 * The panel's state and the one function that changes it: `reduce(state, action)` takes a host
 * message (already validated) or something the user did in the panel, and returns the next state.
 * Pure (no DOM, no host), so the panel's behaviour is tested in Node; the views only read the state,
 * and what survives a reload is `toSaved`/`fromSaved` of it.
 */
import type { HostToWebview, PreviewModel } from '../../common/protocol';
import { CsvError, parseLoadCsv } from '../../common/preview/csv';
import { normalizeLocale, type PreviewLocale } from '../../common/preview/locale';
import { PROFILE_NAMES, previewMetricNames } from '../../common/preview/run';
import {
  fromPreviewSettings,
  sanitizeSettings,
  type FixedLoad,
  type MetricLoadSettings,
  type PanelSettings,
} from '../../common/preview/settings';
import { t } from '../../common/preview/strings';
import { VARIANT_KEYS, type SimulatedVariantKey } from '../../common/preview/variants';
import { LOG_PAGE_SIZE } from './logView';
import { prometheusText } from '../../common/prometheus/messages';
import { isPrometheusReplay, type PrometheusReplay } from '../../common/prometheus/replay';
import { formatInstant } from '../../common/prometheus/time';
import {
  INITIAL_SUGGEST,
  isSuggestAction,
  reduceSuggest,
  type SuggestAction,
  type SuggestState,
} from './suggestState';

export interface PanelState {
  model: PreviewModel | null;
  locale: PreviewLocale;
  locked: boolean;
  /** Null until something differs from the defaults for this model's metrics. */
  settings: PanelSettings | null;
  fixed: FixedLoad | null;
  /** Why the host has no model for the source (shown under "no HPA"). */
  noModelReason: string | null;
  /** Why the host cannot answer yet (the language server is starting); cleared by the next answer. */
  waitingReason: string | null;
  /** Recorded traffic from Prometheus with the HPA's actual replicas, while its loads are the ones run. */
  replay: PrometheusReplay | null;
  /** A line about the last CSV load (or its failure). */
  status: { text: string; error: boolean } | null;
  /** Bumped when the settings change from outside the form (a CSV), so the form shows the new values. */
  formRevision: number;
  logVariant: SimulatedVariantKey;
  /** Which syncs the decision log lists: those that changed the replicas (the default), or all. */
  logFilter: LogFilter;
  stepMode: boolean;
  cursor: number;
  logStart: number;
  /** "Suggest behavior…": goals, search progress, candidates (suggestState.ts). */
  suggest: SuggestState;
}

/** What the user did in the panel. */
export type PanelAction =
  | { type: 'metricLoad'; metric: string; patch: Partial<MetricLoadSettings> }
  | { type: 'runSetting'; patch: Partial<Omit<PanelSettings, 'metricLoads'>> }
  | { type: 'stepMode'; on: boolean }
  /** `stepCount`: syncs in the run the log shows (the state does not hold runs). */
  | { type: 'step'; delta: number; stepCount: number }
  | { type: 'logVariant'; variant: string }
  | { type: 'logPage'; start: number }
  | { type: 'logFilter'; filter: string }
  /** Show one of the loads the search tuned over: the panel takes the settings that make it. */
  | { type: 'showLoad'; settings: PanelSettings }
  | SuggestAction;

export type Action = HostToWebview | PanelAction;

export type LogFilter = 'events' | 'all';
const LOG_FILTERS: readonly LogFilter[] = ['events', 'all'];

export const INITIAL_STATE: PanelState = {
  model: null,
  locale: 'en',
  locked: false,
  settings: null,
  fixed: null,
  noModelReason: null,
  waitingReason: null,
  replay: null,
  status: null,
  formRevision: 0,
  logVariant: 'this',
  logFilter: 'events',
  stepMode: false,
  cursor: 0,
  logStart: 0,
  suggest: INITIAL_SUGGEST,
};

/** The settings in force: the stored ones, or the defaults, cleaned for the model's metrics. */
export function settingsOf(state: PanelState): PanelSettings {
  const names = state.model ? previewMetricNames(state.model.spec) : [];
  return sanitizeSettings(state.settings ?? {}, names, PROFILE_NAMES);
}

/** The step cursor kept inside the run: `stepCount` syncs. */
export function clampCursor(cursor: number, stepCount: number): number {
  return Math.max(0, Math.min(cursor, stepCount - 1));
}

function sameHpa(a: PreviewModel | null, b: PreviewModel): boolean {
  return a !== null && a.uri === b.uri && a.documentIndex === b.documentIndex;
}

function loadCsv(state: PanelState, name: string, text: string): PanelState {
  if (!state.model) return state;
  const names = previewMetricNames(state.model.spec);
  try {
    const csv = parseLoadCsv(text, names);
    const settings = settingsOf(state);
    for (const series of csv.loads) settings.metricLoads[series.metric]!.profile = 'csv';
    // The run covers the recording: its span (a single row has none: one sync period past it).
    const span = csv.spanSeconds ?? csv.lastT + settings.syncPeriodSeconds;
    settings.durationSeconds = sanitizeSettings(
      { ...settings, durationSeconds: span },
      names,
      PROFILE_NAMES,
    ).durationSeconds;
    return {
      ...state,
      fixed: {
        name,
        loads: csv.loads,
        ...(csv.spanSeconds !== null ? { spanSeconds: csv.spanSeconds } : {}),
      },
      settings,
      formRevision: state.formRevision + 1,
      status: {
        text: t(state.locale, 'csvLoaded', {
          name,
          count: csv.rows,
          metrics: csv.loads.map((l) => l.metric).join(', '),
        }),
        error: false,
      },
    };
  } catch (err) {
    const message = err instanceof CsvError ? err.describe(state.locale) : String(err);
    return { ...state, status: { text: t(state.locale, 'csvFailed', { message }), error: true } };
  }
}

/** A Prometheus replay: its loads over its whole range, from the replica count the HPA really had. */
function loadReplay(state: PanelState, replay: PrometheusReplay): PanelState {
  if (!state.model) return state;
  const names = previewMetricNames(state.model.spec);
  const settings = settingsOf(state);
  for (const series of replay.loads) {
    const load = settings.metricLoads[series.metric];
    if (load) load.profile = 'csv';
  }
  const next = sanitizeSettings(
    {
      ...settings,
      durationSeconds: replay.durationSeconds,
      ...(replay.initialReplicas !== undefined ? { initialReplicas: replay.initialReplicas } : {}),
    },
    names,
    PROFILE_NAMES,
  );
  const loaded = prometheusText(state.locale, 'loaded', {
    points: Math.round((replay.end - replay.start) / replay.stepSeconds) + 1,
    start: formatInstant(replay.start),
    end: formatInstant(replay.end),
    step: replay.stepSeconds,
  });
  return {
    ...state,
    fixed: { name: replay.name, loads: replay.loads, spanSeconds: replay.durationSeconds },
    replay,
    settings: next,
    formRevision: state.formRevision + 1,
    status: { text: [loaded, ...replay.notes].join(' '), error: false },
  };
}

function applyHostMessage(state: PanelState, message: HostToWebview): PanelState {
  switch (message.type) {
    case 'model': {
      // Another HPA: its own settings, a fresh log; a CSV of the previous one no longer applies.
      const fresh = sameHpa(state.model, message.model)
        ? {}
        : {
            settings: null,
            fixed: null,
            replay: null,
            cursor: 0,
            logStart: 0,
            status: null,
            suggest: INITIAL_SUGGEST,
          };
      return {
        ...state,
        ...fresh,
        model: message.model,
        locale: normalizeLocale(message.locale),
        locked: message.locked,
        noModelReason: null,
        waitingReason: null,
      };
    }
    case 'noModel':
      return {
        ...state,
        model: null,
        locale: normalizeLocale(message.locale),
        noModelReason: message.reason,
        waitingReason: null,
      };
    case 'waiting':
      return { ...state, locale: normalizeLocale(message.locale), waitingReason: message.reason };
    case 'lockChanged':
      return { ...state, locked: message.locked };
    case 'csvLoad':
      return { ...loadCsv(state, message.name, message.text), replay: null };
    case 'prometheusLoad':
      return loadReplay(state, message.replay);
    case 'fixedLoads': {
      if (!state.model) return state;
      const names = previewMetricNames(state.model.spec);
      const base = message.settings ? fromPreviewSettings(message.settings, names) : settingsOf(state);
      const settings = sanitizeSettings(base, names, PROFILE_NAMES);
      for (const series of message.loads) {
        const load = settings.metricLoads[series.metric];
        if (load) load.profile = 'csv';
      }
      return {
        ...state,
        fixed: { name: message.name, loads: message.loads },
        replay: null,
        settings,
        formRevision: state.formRevision + 1,
      };
    }
  }
}

function applyPanelAction(state: PanelState, action: Exclude<PanelAction, SuggestAction>): PanelState {
  switch (action.type) {
    case 'metricLoad': {
      const settings = settingsOf(state);
      const current = settings.metricLoads[action.metric];
      if (!current) return state;
      settings.metricLoads[action.metric] = { ...current, ...action.patch };
      return { ...state, settings };
    }
    case 'runSetting':
      return { ...state, settings: { ...settingsOf(state), ...action.patch } };
    case 'stepMode':
      return { ...state, stepMode: action.on, cursor: 0, logStart: 0 };
    case 'step': {
      if (!state.stepMode) return state;
      const cursor = clampCursor(
        clampCursor(state.cursor, action.stepCount) + action.delta,
        action.stepCount,
      );
      // Keep the current sync on the visible page of the log.
      return { ...state, cursor, logStart: Math.floor(cursor / LOG_PAGE_SIZE) * LOG_PAGE_SIZE };
    }
    case 'logVariant':
      return VARIANT_KEYS.includes(action.variant as SimulatedVariantKey)
        ? { ...state, logVariant: action.variant as SimulatedVariantKey }
        : state;
    case 'logPage':
      return Number.isInteger(action.start) && action.start >= 0
        ? { ...state, logStart: action.start }
        : state;
    case 'logFilter':
      return LOG_FILTERS.includes(action.filter as LogFilter)
        ? { ...state, logFilter: action.filter as LogFilter, logStart: 0 }
        : state;
    case 'showLoad': {
      if (!state.model) return state;
      // Cleaned like any other settings; the form shows the new values.
      const settings = sanitizeSettings(action.settings, previewMetricNames(state.model.spec), PROFILE_NAMES);
      return { ...state, settings, formRevision: state.formRevision + 1 };
    }
  }
}

export function reduce(state: PanelState, action: Action): PanelState {
  if (isSuggestAction(action)) {
    const suggest = reduceSuggest(state.suggest, action);
    return suggest === state.suggest ? state : { ...state, suggest };
  }
  switch (action.type) {
    case 'metricLoad':
    case 'runSetting':
    case 'stepMode':
    case 'step':
    case 'logVariant':
    case 'logPage':
    case 'logFilter':
    case 'showLoad':
      return applyPanelAction(state, action);
    default:
      return applyHostMessage(state, action);
  }
}

/** Whether a panel action changes what is simulated (then the repaint waits for a pause in typing). */
export function changesSimulation(action: Action): boolean {
  return action.type === 'metricLoad' || action.type === 'runSetting' || action.type === 'showLoad';
}

/** What survives a window reload (webview getState/setState); the host reads `model` and `locked`. */
export interface SavedState {
  v: 1;
  model: PreviewModel | null;
  locale: string;
  locked: boolean;
  settings: unknown;
  fixed: FixedLoad | null;
  /** Absent in states saved before Prometheus loads existed. */
  replay?: PrometheusReplay | null;
  logVariant: SimulatedVariantKey;
  logFilter?: LogFilter;
  stepMode: boolean;
  cursor: number;
  logStart: number;
}

export function toSaved(state: PanelState): SavedState {
  return {
    v: 1,
    model: state.model,
    locale: state.locale,
    locked: state.locked,
    settings: state.settings,
    fixed: state.fixed,
    replay: state.replay,
    logVariant: state.logVariant,
    logFilter: state.logFilter,
    stepMode: state.stepMode,
    cursor: state.cursor,
    logStart: state.logStart,
  };
}

/** The state a reloaded page starts from; anything that is not a saved state gives the initial one. */
export function fromSaved(saved: unknown): PanelState {
  if (typeof saved !== 'object' || saved === null || (saved as { v?: unknown }).v !== 1) return INITIAL_STATE;
  const s = saved as SavedState;
  const model = s.model ?? null;
  return {
    ...INITIAL_STATE,
    model,
    locale: normalizeLocale(s.locale),
    locked: s.locked === true,
    fixed: s.fixed ?? null,
    replay: isPrometheusReplay(s.replay) ? s.replay : null,
    settings: model ? sanitizeSettings(s.settings, previewMetricNames(model.spec), PROFILE_NAMES) : null,
    logVariant: VARIANT_KEYS.includes(s.logVariant as SimulatedVariantKey) ? s.logVariant : 'this',
    logFilter: s.logFilter && LOG_FILTERS.includes(s.logFilter) ? s.logFilter : 'events',
    stepMode: s.stepMode === true,
    cursor: Number.isInteger(s.cursor) ? s.cursor : 0,
    logStart: Number.isInteger(s.logStart) ? s.logStart : 0,
  };
}
