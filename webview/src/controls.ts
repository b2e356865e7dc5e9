/**
 * The settings form: one fieldset per metric (profile, peak, noise) and the run-wide numbers. Built
 * once per model shape and updated in place afterwards, so typing in a field never loses focus.
 */
import type { PreviewLocale } from '../../common/preview/locale';
import { formatMilli, quantityMilliOrUndefined } from '../../common/engine/quantity';
import { LIMITS, type MetricLoadSettings, type PanelSettings } from '../../common/preview/settings';
import { t, type StringKey } from '../../common/preview/strings';
import { h } from './dom';

export interface ControlsOptions {
  locale: PreviewLocale;
  metricNames: string[];
  profiles: readonly string[];
  /** Name of the loaded CSV, when there is one: its metrics may pick the 'csv' profile. */
  csvName: string | null;
  csvMetrics: string[];
  settings: PanelSettings;
  /** Value shown when initialReplicas is null (the target's replicas or minReplicas). */
  defaultInitialReplicas: number;
  /**
   * Resources a Utilization metric needs that the target does not request: each gets a what-if
   * field ("assume a request of X"), empty by default, as the cluster has none.
   */
  whatIfResources: string[];
  onMetricLoad(metric: string, patch: Partial<MetricLoadSettings>): void;
  onRunSetting(patch: Partial<Omit<PanelSettings, 'metricLoads'>>): void;
}

let uid = 0;
function nextId(prefix: string): string {
  uid += 1;
  return `hpa-${prefix}-${uid}`;
}

function numberField(
  locale: PreviewLocale,
  label: string,
  value: number,
  range: { min: number; max: number },
  step: number,
  onValue: (v: number) => void,
): HTMLElement {
  const id = nextId('num');
  const errorId = `${id}-error`;
  const input = h('input', {
    id,
    type: 'number',
    min: range.min,
    max: range.max,
    step,
    value: String(value),
    inputmode: 'decimal',
  });
  const error = h('p', { class: 'field-error', id: errorId, hidden: true });
  // The value the preview runs with: the last usable one typed (or the starting one).
  let inUse = value;
  input.addEventListener('input', () => {
    const v = input.valueAsNumber;
    const usable = Number.isFinite(v) && v >= range.min && v <= range.max;
    // An empty field is mid-edit: no error yet. Anything else out of range says what runs instead.
    const showError = !usable && input.value.trim() !== '';
    error.hidden = !showError;
    error.textContent = showError
      ? t(locale, 'fieldRange', { min: range.min, max: range.max, value: inUse })
      : '';
    if (showError) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', errorId);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
    if (usable) {
      inUse = v;
      onValue(v);
    }
  });
  return h('div', { class: 'field' }, [h('label', { for: id }, [label]), input, error]);
}

/**
 * The what-if request of one resource: a quantity typed as in a manifest (500m, 1Gi). Empty means
 * no request (the cluster's case); anything that is not a quantity above 0 says so and runs without.
 */
function requestField(
  locale: PreviewLocale,
  resource: string,
  milli: number | undefined,
  onValue: (milli: number | undefined) => void,
): HTMLElement {
  const id = nextId('request');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const input = h('input', {
    id,
    type: 'text',
    value: milli === undefined ? '' : formatMilli(milli, resource),
    placeholder: resource === 'memory' ? '1Gi' : '500m',
    spellcheck: 'false',
    'aria-describedby': hintId,
  });
  const error = h('p', { class: 'field-error', id: errorId, hidden: true });
  input.addEventListener('change', () => {
    const text = input.value.trim();
    const value = text === '' ? undefined : quantityMilliOrUndefined(text);
    const bad = text !== '' && (value === undefined || value <= 0);
    error.hidden = !bad;
    error.textContent = bad ? t(locale, 'assumeRequestInvalid', { value: text }) : '';
    if (bad) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', `${hintId} ${errorId}`);
    } else {
      input.removeAttribute('aria-invalid');
      input.setAttribute('aria-describedby', hintId);
    }
    onValue(bad ? undefined : value);
  });
  return h('div', { class: 'field what-if' }, [
    h('label', { for: id }, [t(locale, 'assumeRequest', { resource })]),
    input,
    h('p', { class: 'field-hint', id: hintId }, [t(locale, 'assumeRequestHint')]),
    error,
  ]);
}

const PROFILE_LABELS: Record<string, StringKey> = {
  night: 'profile.night',
  normal: 'profile.normal',
  burst: 'profile.burst',
  ramp: 'profile.ramp',
  daily: 'profile.daily',
  'spike-train': 'profile.spike-train',
};

function profileLabel(locale: PreviewLocale, profile: string, csvName: string | null): string {
  if (profile === 'csv') return t(locale, 'profile.csv', { name: csvName ?? '' });
  const key = PROFILE_LABELS[profile];
  // A profile the strings do not know yet (added to the engine later) shows its own name.
  return key ? t(locale, key) : profile;
}

export function buildControls(o: ControlsOptions): HTMLElement {
  const { locale } = o;
  const metricSets = o.metricNames.map((metric) => {
    const load = o.settings.metricLoads[metric]!;
    const selectId = nextId('profile');
    const select = h('select', { id: selectId });
    const options = [...o.profiles, ...(o.csvName !== null && o.csvMetrics.includes(metric) ? ['csv'] : [])];
    for (const p of options) {
      const option = h('option', { value: p }, [profileLabel(locale, p, o.csvName)]);
      if (p === load.profile) option.selected = true;
      select.append(option);
    }
    const peak = numberField(locale, t(locale, 'peak'), load.peak, LIMITS.peak, 0.1, (v) =>
      o.onMetricLoad(metric, { peak: v }),
    );
    const noise = numberField(
      locale,
      t(locale, 'noise'),
      Math.round(load.noise * 100),
      { min: 0, max: 100 },
      1,
      (v) => o.onMetricLoad(metric, { noise: v / 100 }),
    );
    // A loaded series has its own shape: peak and noise only shape the generated profiles. Their
    // fields say so and look disabled (the style sheet greys a field whose input is disabled).
    const syncDisabled = (profile: string) => {
      for (const field of [peak, noise]) {
        const csv = profile === 'csv';
        field.querySelector('input')!.disabled = csv;
        field.classList.toggle('disabled', csv);
        field.title = csv ? t(locale, 'fieldCsv') : '';
      }
    };
    syncDisabled(load.profile);
    select.addEventListener('change', () => {
      syncDisabled(select.value);
      o.onMetricLoad(metric, { profile: select.value });
    });
    return h('fieldset', { class: 'metric-load' }, [
      h('legend', {}, [t(locale, 'metricLoad', { metric })]),
      h('div', { class: 'field' }, [h('label', { for: selectId }, [t(locale, 'profile')]), select]),
      peak,
      noise,
    ]);
  });
  const s = o.settings;
  const run = h('fieldset', { class: 'run-settings' }, [
    h('legend', {}, [t(locale, 'settings')]),
    numberField(
      locale,
      t(locale, 'duration'),
      Math.round(s.durationSeconds / 60),
      { min: 1, max: 1440 },
      1,
      (v) => o.onRunSetting({ durationSeconds: Math.round(v * 60) }),
    ),
    numberField(
      locale,
      t(locale, 'initialReplicas'),
      s.initialReplicas ?? o.defaultInitialReplicas,
      LIMITS.initialReplicas,
      1,
      (v) => o.onRunSetting({ initialReplicas: Math.round(v) }),
    ),
    numberField(locale, t(locale, 'syncPeriod'), s.syncPeriodSeconds, LIMITS.syncPeriodSeconds, 1, (v) =>
      o.onRunSetting({ syncPeriodSeconds: Math.round(v) }),
    ),
    numberField(locale, t(locale, 'podStartup'), s.podStartupSeconds, LIMITS.podStartupSeconds, 1, (v) =>
      o.onRunSetting({ podStartupSeconds: Math.round(v) }),
    ),
  ]);
  for (const resource of o.whatIfResources) {
    run.append(
      requestField(locale, resource, s.assumeRequests?.[resource], (milli) => {
        const next = { ...(s.assumeRequests ?? {}) };
        if (milli === undefined) delete next[resource];
        else next[resource] = milli;
        s.assumeRequests = next;
        o.onRunSetting({ assumeRequests: next });
      }),
    );
  }
  return h('div', { class: 'controls' }, [...metricSets, run]);
}
