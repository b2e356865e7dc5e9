/**
 * The preview's state and its rendering. Every change (a host message, a form field, a step) goes
 * through `update`, which re-simulates when the inputs changed and repaints. The engine runs right
 * here, so changing a setting costs no round trip to the extension host.
 */
import type { HostToWebview, PreviewModel } from '../../common/protocol';
import { buildChartSvg, chartToSvgFile, variantLabel } from '../../common/preview/chart';
import { CsvError, parseLoadCsv, timelineToCsv } from '../../common/preview/csv';
import { normalizeLocale, type PreviewLocale } from '../../common/preview/locale';
import { PROFILE_NAMES, previewMetricNames, runPreview, type PreviewRun } from '../../common/preview/run';
import {
  fromPreviewSettings,
  sanitizeSettings,
  toPreviewSettings,
  type FixedLoad,
  type PanelSettings,
} from '../../common/preview/settings';
import { t } from '../../common/preview/strings';
import { summarize } from '../../common/preview/summary';
import { isHostToWebview } from '../../common/preview/validate';
import { VARIANT_KEYS, type VariantKey } from '../../common/preview/variants';
import { ChartView } from './chartView';
import { buildControls } from './controls';
import { clear, h } from './dom';
import { formatClock, formatNumber, formatQuantity } from './format';
import { DEFAULT_ASSUMED_REQUESTS } from '../../common/engine/simulationInput';
import type { PreviewHost } from './host';
import { buildLog, LOG_PAGE_SIZE, markStepRow } from './logView';

/** Pause in typing after which a changed setting re-simulates. */
const SETTINGS_DEBOUNCE_MS = 60;

/** What survives a window reload (webview getState/setState). */
interface SavedState {
  v: 1;
  model: PreviewModel | null;
  locale: string;
  locked: boolean;
  settings: unknown;
  fixed: FixedLoad | null;
  logVariant: VariantKey;
  stepMode: boolean;
  cursor: number;
  logStart: number;
}

function isSavedState(v: unknown): v is SavedState {
  return typeof v === 'object' && v !== null && (v as { v?: unknown }).v === 1;
}

export class PreviewApp {
  private model: PreviewModel | null = null;
  private locale: PreviewLocale = 'en';
  private locked = false;
  private settings: PanelSettings | null = null;
  private fixed: FixedLoad | null = null;
  private noModelReason: string | null = null;
  private status: { text: string; error: boolean } | null = null;
  private run: PreviewRun | null = null;
  private runKey = '';
  private logVariant: VariantKey = 'this';
  private stepMode = false;
  private cursor = 0;
  private logStart = 0;
  private controlsKey = '';
  private renders = 0;
  private pendingRender: ReturnType<typeof setTimeout> | undefined;
  /** What the summary on screen was drawn from (it is redrawn only when it changes). */
  private summaryFor: { run: PreviewRun | null; locale: PreviewLocale } | null = null;
  private logFor: {
    run: PreviewRun | null;
    locale: PreviewLocale;
    variant: VariantKey;
    start: number;
    cursor: number | null;
  } | null = null;

  private readonly header = h('header', { class: 'head' });
  private readonly controls = h('section', { class: 'settings', 'aria-label': 'settings' });
  private readonly actions = h('div', { class: 'actions', role: 'toolbar' });
  private readonly statusLine = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  private readonly charts = h('div', { class: 'charts', tabindex: 0, role: 'group' });
  private readonly chartView = new ChartView(this.charts);
  private readonly stepBar = h('div', { class: 'step-bar' });
  private readonly summary = h('section', { class: 'summary' });
  private readonly log = h('section', { class: 'log-section' });
  private readonly footer = h('footer', { class: 'foot' });

  constructor(
    root: HTMLElement,
    private readonly host: PreviewHost,
  ) {
    root.append(
      this.header,
      this.controls,
      this.actions,
      this.statusLine,
      this.charts,
      this.stepBar,
      this.summary,
      this.log,
      this.footer,
    );
    this.charts.addEventListener('keydown', (e) => this.onChartKey(e));
    const saved = host.getState();
    if (isSavedState(saved)) this.restore(saved);
    host.listen((message) => this.receive(message));
    this.render();
    host.post({ type: 'ready' });
  }

  /** Entry point for every host message; anything that is not a valid HostToWebview is ignored. */
  receive(message: unknown): void {
    if (!isHostToWebview(message)) return;
    this.apply(message);
    this.save();
    this.render();
  }

  private apply(message: HostToWebview): void {
    switch (message.type) {
      case 'model': {
        const sameHpa =
          this.model !== null &&
          this.model.uri === message.model.uri &&
          this.model.documentIndex === message.model.documentIndex;
        if (!sameHpa) {
          // Another HPA: its own settings, a fresh log; a CSV of the previous one no longer applies.
          this.settings = null;
          this.fixed = null;
          this.cursor = 0;
          this.logStart = 0;
          this.status = null;
        }
        this.model = message.model;
        this.locale = normalizeLocale(message.locale);
        this.locked = message.locked;
        this.noModelReason = null;
        break;
      }
      case 'noModel':
        this.model = null;
        this.locale = normalizeLocale(message.locale);
        this.noModelReason = message.reason;
        break;
      case 'lockChanged':
        this.locked = message.locked;
        break;
      case 'csvLoad':
        this.loadCsv(message.name, message.text);
        break;
      case 'fixedLoads': {
        if (!this.model) return;
        const names = previewMetricNames(this.model.spec);
        this.fixed = { name: message.name, loads: message.loads };
        const base = message.settings ? fromPreviewSettings(message.settings, names) : this.currentSettings();
        const settings = sanitizeSettings(base, names, PROFILE_NAMES);
        for (const series of message.loads) {
          const load = settings.metricLoads[series.metric];
          if (load) load.profile = 'csv';
        }
        this.settings = settings;
        break;
      }
    }
  }

  private loadCsv(name: string, text: string): void {
    if (!this.model) return;
    const names = previewMetricNames(this.model.spec);
    try {
      const csv = parseLoadCsv(text, names);
      this.fixed = { name, loads: csv.loads };
      const settings = this.currentSettings();
      for (const series of csv.loads) settings.metricLoads[series.metric]!.profile = 'csv';
      settings.durationSeconds = sanitizeSettings(
        { ...settings, durationSeconds: csv.lastT + settings.syncPeriodSeconds },
        names,
        PROFILE_NAMES,
      ).durationSeconds;
      this.settings = settings;
      this.controlsKey = '';
      this.status = {
        text: t(this.locale, 'csvLoaded', {
          name,
          count: csv.rows,
          metrics: csv.loads.map((l) => l.metric).join(', '),
        }),
        error: false,
      };
    } catch (err) {
      const message = err instanceof CsvError ? err.message : String(err);
      this.status = { text: t(this.locale, 'csvFailed', { message }), error: true };
    }
  }

  private currentSettings(): PanelSettings {
    const names = this.model ? previewMetricNames(this.model.spec) : [];
    this.settings = sanitizeSettings(this.settings ?? {}, names, PROFILE_NAMES);
    return this.settings;
  }

  private restore(saved: SavedState): void {
    this.model = saved.model;
    this.locale = normalizeLocale(saved.locale);
    this.locked = saved.locked === true;
    this.fixed = saved.fixed;
    this.settings = this.model
      ? sanitizeSettings(saved.settings, previewMetricNames(this.model.spec), PROFILE_NAMES)
      : null;
    this.logVariant = VARIANT_KEYS.includes(saved.logVariant) ? saved.logVariant : 'this';
    this.stepMode = saved.stepMode === true;
    this.cursor = Number.isInteger(saved.cursor) ? saved.cursor : 0;
    this.logStart = Number.isInteger(saved.logStart) ? saved.logStart : 0;
  }

  private save(): void {
    const state: SavedState = {
      v: 1,
      model: this.model,
      locale: this.locale,
      locked: this.locked,
      settings: this.settings,
      fixed: this.fixed,
      logVariant: this.logVariant,
      stepMode: this.stepMode,
      cursor: this.cursor,
      logStart: this.logStart,
    };
    this.host.setState(state);
  }

  /** A change made in the panel: save, tell the host, repaint. */
  private changed(settingsChanged: boolean): void {
    this.save();
    if (!settingsChanged) {
      this.render();
      return;
    }
    if (this.settings && this.run) {
      this.host.post({
        type: 'settingsChanged',
        settings: toPreviewSettings(this.settings, this.run.initialReplicas),
      });
    }
    // A setting re-simulates three runs (a 24 h run takes a while): typing "120" into a field
    // should cost one simulation, not three.
    clearTimeout(this.pendingRender);
    this.pendingRender = setTimeout(() => this.render(), SETTINGS_DEBOUNCE_MS);
  }

  private simulateIfNeeded(): void {
    if (!this.model) {
      this.run = null;
      this.runKey = '';
      return;
    }
    const settings = this.currentSettings();
    // The model and settings are plain data: their JSON is a cheap, exact cache key.
    const key = JSON.stringify([
      this.model.spec,
      this.model.podRequests,
      this.model.containerRequests,
      this.model.target?.replicas,
      settings,
      this.fixed?.name,
      this.fixed?.loads.length,
    ]);
    if (key === this.runKey && this.run) return;
    this.run = runPreview(this.model, settings, this.fixed);
    this.runKey = key;
  }

  render(): void {
    clearTimeout(this.pendingRender);
    // Parts of the page are rebuilt on every render: remember which control had the focus (by its
    // data-focus key) and give it back afterwards, so keyboard users keep their place.
    const active = document.activeElement;
    const focusKey = active instanceof HTMLElement ? active.dataset.focus : undefined;
    this.simulateIfNeeded();
    this.renderHeader();
    this.renderControls();
    this.renderActions();
    this.renderStatus();
    this.renderCharts();
    this.renderSummary();
    this.renderLog();
    this.renderFooter();
    this.renders += 1;
    document.documentElement.lang = this.locale;
    document.body.dataset.renders = String(this.renders);
    if (focusKey) this.restoreFocus(focusKey);
    window.dispatchEvent(new CustomEvent('hpa-rendered', { detail: this.renders }));
  }

  private restoreFocus(key: string): void {
    const target = Array.from(document.querySelectorAll<HTMLElement>('[data-focus]')).find(
      (el) => el.dataset.focus === key,
    );
    if (!target || target === document.activeElement) return;
    // A button that just became disabled (e.g. "Next sync" at the end) hands the focus to the charts.
    if ((target as HTMLButtonElement).disabled) this.charts.focus();
    else target.focus();
  }

  private renderHeader(): void {
    clear(this.header);
    const L = this.locale;
    this.header.append(h('h1', {}, [t(L, 'title')]));
    if (!this.model) {
      this.header.append(h('p', { class: 'no-model' }, [t(L, 'noModel')]));
      if (this.noModelReason) this.header.append(h('p', { class: 'no-model-reason' }, [this.noModelReason]));
      return;
    }
    const m = this.model;
    const name = m.namespace ? `${m.namespace}/${m.name}` : m.name;
    this.header.append(h('p', { class: 'hpa-name' }, [t(L, 'hpaHeading', { name })]));
    this.header.append(
      h('p', { class: 'hpa-target' }, [
        m.target ? t(L, 'targetFound', { kind: m.target.kind, name: m.target.name }) : t(L, 'targetMissing'),
      ]),
    );
    // Only VS Code has a lock (follow the editor or not); the standalone report has no editor to follow.
    if (this.locked && this.host.embedded)
      this.header.append(h('span', { class: 'badge' }, [t(L, 'lockedBadge')]));
  }

  private renderControls(): void {
    const model = this.model;
    const run = this.run;
    if (!model || !run || !this.settings) {
      clear(this.controls);
      this.controlsKey = '';
      return;
    }
    const csvMetrics = this.fixed?.loads.map((l) => l.metric) ?? [];
    const key = JSON.stringify([
      this.locale,
      model.uri,
      model.documentIndex,
      run.metricNames,
      this.fixed?.name,
      csvMetrics,
      run.initialReplicas,
    ]);
    if (key === this.controlsKey) return;
    this.controlsKey = key;
    clear(this.controls);
    this.controls.setAttribute('aria-label', t(this.locale, 'settings'));
    this.controls.append(
      buildControls({
        locale: this.locale,
        metricNames: run.metricNames,
        profiles: PROFILE_NAMES,
        csvName: this.fixed?.name ?? null,
        csvMetrics,
        settings: this.settings,
        defaultInitialReplicas: run.initialReplicas,
        onMetricLoad: (metric, patch) => {
          const s = this.currentSettings();
          s.metricLoads[metric] = { ...s.metricLoads[metric]!, ...patch };
          this.changed(true);
        },
        onRunSetting: (patch) => {
          this.settings = { ...this.currentSettings(), ...patch };
          this.changed(true);
        },
      }),
    );
  }

  private renderActions(): void {
    clear(this.actions);
    if (!this.model) return;
    const L = this.locale;
    this.actions.setAttribute('aria-label', t(L, 'settings'));
    const button = (
      cls: string,
      label: string,
      onClick: () => void,
      extra: Record<string, string | boolean> = {},
    ) => {
      const b = h('button', { type: 'button', class: cls, 'data-focus': cls, ...extra }, [label]);
      b.addEventListener('click', onClick);
      return b;
    };
    this.actions.append(
      button('load-csv', t(L, 'loadCsv'), () => this.host.post({ type: 'pickCsv' })),
      button('export-csv', t(L, 'exportCsv'), () => this.exportCsv(), { disabled: !this.run?.runs.length }),
      button('export-svg', t(L, 'exportSvg'), () => this.exportSvg(), { disabled: !this.run?.runs.length }),
    );
    if (this.host.embedded) {
      this.actions.append(
        button('lock', t(L, this.locked ? 'unlock' : 'lock'), () => this.host.post({ type: 'toggleLock' }), {
          'aria-pressed': this.locked ? 'true' : 'false',
        }),
      );
    }
  }

  private renderStatus(): void {
    const L = this.locale;
    const error = this.run?.error;
    const text = error ? t(L, 'simulationFailed', { message: error }) : (this.status?.text ?? '');
    this.statusLine.textContent = text;
    this.statusLine.classList.toggle('error', Boolean(error) || this.status?.error === true);
  }

  private chartInput(withCursor: boolean) {
    const run = this.run!;
    const cursor = this.stepMode && withCursor ? this.clampedCursor() : undefined;
    return {
      runs: run.runs,
      metricNames: run.metricNames,
      locale: this.locale,
      minReplicas: run.minReplicas,
      maxReplicas: run.maxReplicas,
      tolerance: run.tolerance,
      durationSeconds: run.durationSeconds,
      cursorIndex: cursor,
      loadUnits: run.loadUnits,
      initialReplicas: run.initialReplicas,
    };
  }

  private stepCount(): number {
    const main = this.run?.runs.find((r) => r.key === this.logVariant) ?? this.run?.runs[0];
    return main?.result.steps.length ?? 0;
  }

  private clampedCursor(): number {
    return Math.max(0, Math.min(this.cursor, this.stepCount() - 1));
  }

  private renderCharts(): void {
    const L = this.locale;
    if (!this.run || this.run.runs.length === 0) {
      this.chartView.show(null);
      this.updateStepBar();
      return;
    }
    this.charts.setAttribute(
      'aria-label',
      `${t(L, 'chartLoad')} / ${t(L, 'chartReplicas')}. ${t(L, 'chartKeys')}`,
    );
    // The view lays the charts out at the panel's width and redraws only what changed.
    this.chartView.show(this.chartInput(true));
    this.updateStepBar();
  }

  /** The step controls are built once and updated in place: a focused button stays the same node. */
  private readonly stepControls = (() => {
    const id = 'hpa-step-mode';
    const toggle = h('input', { type: 'checkbox', id, 'data-focus': 'step-mode' });
    const label = h('label', { for: id });
    const back = h('button', { type: 'button', class: 'step-back', 'data-focus': 'step-back' });
    const forward = h('button', { type: 'button', class: 'step-forward', 'data-focus': 'step-forward' });
    const position = h('span', { class: 'step-position', role: 'status', 'aria-live': 'polite' });
    toggle.addEventListener('change', () => {
      this.stepMode = toggle.checked;
      this.cursor = 0;
      this.logStart = 0;
      this.changed(false);
    });
    back.addEventListener('click', () => this.step(-1));
    forward.addEventListener('click', () => this.step(1));
    return {
      toggle,
      label,
      back,
      forward,
      position,
      row: [h('span', { class: 'field-inline' }, [toggle, label]), back, forward, position],
    };
  })();

  private updateStepBar(): void {
    const L = this.locale;
    const c = this.stepControls;
    if (!this.run || this.run.runs.length === 0) {
      clear(this.stepBar);
      return;
    }
    if (this.stepBar.childElementCount === 0) this.stepBar.append(...c.row);
    c.toggle.checked = this.stepMode;
    c.label.textContent = t(L, 'stepMode');
    c.back.textContent = t(L, 'stepBack');
    c.forward.textContent = t(L, 'stepForward');
    c.back.disabled = !this.stepMode || this.clampedCursor() === 0;
    c.forward.disabled = !this.stepMode || this.clampedCursor() >= this.stepCount() - 1;
    const main = this.run.runs.find((r) => r.key === this.logVariant) ?? this.run.runs[0]!;
    const current = main.result.steps[this.clampedCursor()];
    c.position.textContent =
      this.stepMode && current
        ? t(L, 'stepPosition', {
            n: this.clampedCursor() + 1,
            total: this.stepCount(),
            time: formatClock(current.t),
          })
        : '';
  }

  private step(delta: number): void {
    if (!this.stepMode) return;
    this.cursor = Math.max(0, Math.min(this.clampedCursor() + delta, this.stepCount() - 1));
    // Keep the current sync on the visible page of the log.
    this.logStart = Math.floor(this.cursor / LOG_PAGE_SIZE) * LOG_PAGE_SIZE;
    this.changed(false);
  }

  private onChartKey(e: KeyboardEvent): void {
    if (!this.stepMode) return;
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10 };
    if (e.key in moves) this.step(moves[e.key]!);
    else if (e.key === 'Home') this.step(-this.stepCount());
    else if (e.key === 'End') this.step(this.stepCount());
    else return;
    e.preventDefault();
  }

  private renderSummary(): void {
    const run = this.run;
    const L = this.locale;
    if (this.summaryFor && this.summaryFor.run === run && this.summaryFor.locale === L) return;
    this.summaryFor = { run, locale: L };
    clear(this.summary);
    if (!run || run.runs.length === 0) return;
    const heads = [
      'summaryVariant',
      'summaryScaleEvents',
      'summaryAboveTarget',
      'summaryPodHours',
      'summaryPeak',
    ] as const;
    const body = run.runs.map((v) => {
      const s = summarize(v.result, run.tolerance.up);
      return h('tr', { 'data-variant': v.key }, [
        h('th', { scope: 'row' }, [variantLabel(v, L)]),
        h('td', {}, [String(s.scaleEvents)]),
        h('td', {}, [t(L, 'minutes', { value: formatNumber(s.secondsAboveTarget / 60, 1) })]),
        h('td', {}, [formatNumber(s.podHours, 2)]),
        h('td', {}, [String(s.peakReplicas)]),
      ]);
    });
    this.summary.append(
      h('h2', {}, [t(L, 'summary')]),
      h('table', { class: 'summary-table' }, [
        h('thead', {}, [
          h(
            'tr',
            {},
            heads.map((k) => h('th', { scope: 'col' }, [t(L, k)])),
          ),
        ]),
        h('tbody', {}, body),
      ]),
    );
  }

  private renderLog(): void {
    const run = this.run;
    const L = this.locale;
    const cursor = this.stepMode ? this.clampedCursor() : null;
    const drawn = this.logFor;
    if (
      drawn &&
      drawn.run === run &&
      drawn.locale === L &&
      drawn.variant === this.logVariant &&
      drawn.start === this.logStart
    ) {
      // Same page of the same log: only the highlighted sync and the hidden future rows change.
      if (drawn.cursor !== cursor) {
        for (const row of Array.from(this.log.querySelectorAll<HTMLElement>('tr[data-index]'))) {
          markStepRow(row, Number(row.dataset.index), cursor);
        }
        drawn.cursor = cursor;
      }
      return;
    }
    this.logFor = { run, locale: L, variant: this.logVariant, start: this.logStart, cursor };
    clear(this.log);
    if (!run || run.runs.length === 0) return;
    const selectId = 'hpa-log-variant';
    const select = h('select', { id: selectId, 'data-focus': 'log-variant' });
    for (const v of run.runs) {
      const option = h('option', { value: v.key }, [variantLabel(v, L)]);
      if (v.key === this.logVariant) option.selected = true;
      select.append(option);
    }
    select.addEventListener('change', () => {
      const value = select.value as VariantKey;
      if (VARIANT_KEYS.includes(value)) this.logVariant = value;
      this.changed(false);
    });
    const shown = run.runs.find((v) => v.key === this.logVariant) ?? run.runs[0]!;
    this.log.append(
      h('h2', {}, [t(L, 'log')]),
      h('div', { class: 'field' }, [h('label', { for: selectId }, [t(L, 'logVariant')]), select]),
      buildLog({
        locale: L,
        result: shown.result,
        metricNames: run.metricNames,
        bounds: { min: run.minReplicas, max: run.maxReplicas },
        start: this.logStart,
        cursor,
        onPage: (start) => {
          this.logStart = start;
          this.changed(false);
        },
      }),
    );
  }

  private renderFooter(): void {
    clear(this.footer);
    if (!this.model) return;
    const L = this.locale;
    this.footer.append(h('p', { class: 'simplifications' }, [t(L, 'simplifications')]));
    const notes = [...this.model.notes];
    const assumed = this.run?.assumedRequests ?? [];
    if (assumed.length > 0) {
      const values = Object.entries(DEFAULT_ASSUMED_REQUESTS)
        .map(([resource, milli]) => `${resource} ${formatQuantity(milli, resource)}`)
        .join(', ');
      notes.push(t(L, 'requestsAssumed', { names: assumed.join(', '), assumed: values }));
    }
    if (notes.length > 0) {
      this.footer.append(
        h('h2', {}, [t(L, 'notes')]),
        h(
          'ul',
          { class: 'notes' },
          notes.map((n) => h('li', {}, [n])),
        ),
      );
    }
  }

  private exportCsv(): void {
    if (!this.run) return;
    this.host.post({ type: 'exportCsv', text: timelineToCsv(this.run.runs, this.run.metricNames) });
  }

  private exportSvg(): void {
    if (!this.run) return;
    this.host.post({ type: 'exportSvg', text: chartToSvgFile(buildChartSvg(this.chartInput(false))) });
  }
}
