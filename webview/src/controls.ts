/**
 * The settings form: one fieldset per metric (profile, peak, noise) and the run-wide numbers. Built
 * once per model shape and updated in place afterwards, so typing in a field never loses focus.
 */
import type { PreviewLocale } from '../../common/preview/locale';
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
  onMetricLoad(metric: string, patch: Partial<MetricLoadSettings>): void;
  onRunSetting(patch: Partial<Omit<PanelSettings, 'metricLoads'>>): void;
}

let uid = 0;
function nextId(prefix: string): string {
  uid += 1;
  return `hpa-${prefix}-${uid}`;
}

function numberField(
  label: string,
  value: number,
  range: { min: number; max: number },
  step: number,
  onValue: (v: number) => void,
): HTMLElement {
  const id = nextId('num');
  const input = h('input', {
    id,
    type: 'number',
    min: range.min,
    max: range.max,
    step,
    value: String(value),
    inputmode: 'decimal',
  });
  input.addEventListener('input', () => {
    const v = input.valueAsNumber;
    // An empty or out-of-range field is mid-edit: wait for a usable number instead of jumping.
    if (Number.isFinite(v) && v >= range.min && v <= range.max) onValue(v);
  });
  return h('div', { class: 'field' }, [h('label', { for: id }, [label]), input]);
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
    const peak = numberField(t(locale, 'peak'), load.peak, LIMITS.peak, 0.1, (v) =>
      o.onMetricLoad(metric, { peak: v }),
    );
    const noise = numberField(
      t(locale, 'noise'),
      Math.round(load.noise * 100),
      { min: 0, max: 100 },
      1,
      (v) => o.onMetricLoad(metric, { noise: v / 100 }),
    );
    // A loaded series has its own shape: peak and noise only shape the generated profiles.
    const shapeInputs = [peak, noise].map((field) => field.querySelector('input')!);
    const syncDisabled = (profile: string) =>
      shapeInputs.forEach((input) => (input.disabled = profile === 'csv'));
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
    numberField(t(locale, 'duration'), Math.round(s.durationSeconds / 60), { min: 1, max: 1440 }, 1, (v) =>
      o.onRunSetting({ durationSeconds: Math.round(v * 60) }),
    ),
    numberField(
      t(locale, 'initialReplicas'),
      s.initialReplicas ?? o.defaultInitialReplicas,
      LIMITS.initialReplicas,
      1,
      (v) => o.onRunSetting({ initialReplicas: Math.round(v) }),
    ),
    numberField(t(locale, 'syncPeriod'), s.syncPeriodSeconds, LIMITS.syncPeriodSeconds, 1, (v) =>
      o.onRunSetting({ syncPeriodSeconds: Math.round(v) }),
    ),
    numberField(t(locale, 'podStartup'), s.podStartupSeconds, LIMITS.podStartupSeconds, 1, (v) =>
      o.onRunSetting({ podStartupSeconds: Math.round(v) }),
    ),
  ]);
  return h('div', { class: 'controls' }, [...metricSets, run]);
}
