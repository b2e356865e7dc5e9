/**
 * "Suggest behavior…": the goals (defaults shown), the loads tuned over, the search with progress
 * and Cancel, and the best candidates with their reason in the panel's language, their figures per
 * load and their block; "Apply" asks the host to write the chosen block into the manifest.
 */
import { behaviorYamlLines } from '../../../common/tune/behaviorYaml';
import { settingsOf } from '../state';
import { suggestLoads, suggestLoadViews } from '../../../common/preview/suggestLoads';
import { t } from '../../../common/preview/strings';
import { TuneInputError } from '../../../common/tune/search';
import {
  DEFAULT_GOALS,
  eventsPerHour,
  explainCandidate,
  formatNumber,
  formatRamp,
  formatShare,
  tuneText,
  unmetLines,
  type TuneGoals,
  type TuneResult,
} from '../../../common/tune';
import { clear, h } from '../dom';
import type { SuggestRunner, SuggestSearch } from '../suggestRunner';
import { shownTunedLoad } from '../suggestOverlay';
import type { SuggestState } from '../suggestState';
import type { View, ViewContext } from './view';

export class SuggestView implements View {
  readonly element: HTMLElement;
  private shown: unknown[] = [];
  /** The search started by this view, stopped as soon as the state says it is no longer wanted. */
  private search: { runId: number; handle: SuggestSearch } | null = null;
  /** A finished search still sending its candidates' runs, stopped when its result is no longer shown. */
  private after: { result: TuneResult; handle: SuggestSearch } | null = null;

  constructor(private readonly runner: SuggestRunner) {
    // Where the search runs, for the tests and bug reports (as #hpa-preview's data-engine).
    this.element = h('section', { class: 'suggest', 'data-search': runner.where });
  }

  /** The search in progress sees the latest state through these (the view is rendered on every change). */
  private runId = 0;
  private running = false;
  private progressBar: HTMLProgressElement | null = null;
  private progressText: HTMLElement | null = null;

  render(context: ViewContext): void {
    const { state } = context;
    const s = state.suggest;
    this.runId = s.runId;
    this.running = s.running !== null;
    // Cancel, another search or a closed part: stop the search at once (the worker is terminated).
    if (this.search && !(this.running && this.search.runId === s.runId)) {
      this.search.handle.cancel();
      this.search = null;
    }
    if (this.after && this.after.result !== s.result) {
      this.after.handle.cancel();
      this.after = null;
    }
    // Progress alone changes only the bar and its line: the Cancel button stays the same element,
    // so a click on it is never lost to a repaint between two slices.
    const key = [
      s.open,
      s.goals,
      s.runId,
      s.running === null,
      s.result,
      s.loads,
      s.chosen,
      s.notice,
      state.locale,
      state.model,
      state.settings,
      state.fixed,
      state.locked,
      context.embedded,
    ];
    if (key.length === this.shown.length && key.every((v, i) => v === this.shown[i])) {
      if (s.running) this.showProgress(state.locale, s.running);
      return;
    }
    this.shown = key;
    clear(this.element);
    if (!state.model) return;
    const L = state.locale;
    const toggle = h(
      'button',
      {
        type: 'button',
        class: 'suggest-open',
        'data-focus': 'suggest-open',
        'aria-expanded': s.open ? 'true' : 'false',
      },
      [t(L, 'suggest.open')],
    );
    toggle.addEventListener('click', () => context.dispatch({ type: 'suggestOpen', open: !s.open }));
    this.element.append(toggle);
    if (!s.open) return;
    this.element.append(h('h2', {}, [t(L, 'suggest.heading')]), this.goalsForm(context, s));
    let loadNames: string[] = [];
    try {
      loadNames = suggestLoads(state.model, settingsOf(state), state.fixed).map((l) => l.name);
    } catch {
      loadNames = [];
    }
    this.element.append(
      h('p', { class: 'suggest-loads' }, [t(L, 'suggest.loads', { loads: loadNames.join(', ') })]),
    );
    this.element.append(this.runControls(context, s));
    if (s.notice) {
      const text =
        s.notice.kind === 'cancelled'
          ? t(L, 'suggest.cancelled')
          : t(L, 'suggest.failed', { message: s.notice.message });
      this.element.append(h('p', { class: `suggest-notice ${s.notice.kind}`, role: 'status' }, [text]));
    }
    if (s.result) this.element.append(this.candidates(context, s));
  }

  private goalsForm(context: ViewContext, s: SuggestState): HTMLElement {
    const L = context.state.locale;
    const form = h('div', { class: 'suggest-goals' });
    const field = (goal: keyof TuneGoals, label: string, scale: number, shownDefault: string) => {
      const id = `suggest-${goal}`;
      const input = h('input', {
        id,
        type: 'number',
        min: 0,
        step: 'any',
        value: formatNumber(s.goals[goal] * scale),
        'data-focus': id,
        disabled: s.running !== null,
      });
      input.addEventListener('change', () => {
        const value = Number(input.value);
        if (input.value.trim() !== '' && Number.isFinite(value) && value >= 0)
          context.dispatch({ type: 'suggestGoal', goal, value: value / scale });
      });
      form.append(
        h('label', { for: id }, [label]),
        input,
        h('span', { class: 'suggest-default' }, [t(L, 'suggest.goalDefault', { value: shownDefault })]),
      );
    };
    field('maxRampSeconds', t(L, 'suggest.goalRampLabel'), 1, formatNumber(DEFAULT_GOALS.maxRampSeconds));
    field(
      'maxScaleEventsPerHour',
      t(L, 'suggest.goalEventsLabel'),
      1,
      formatNumber(DEFAULT_GOALS.maxScaleEventsPerHour),
    );
    field(
      'maxUnderprovisionedShare',
      t(L, 'suggest.goalUnderLabel'),
      100,
      formatNumber(DEFAULT_GOALS.maxUnderprovisionedShare * 100),
    );
    return form;
  }

  private runControls(context: ViewContext, s: SuggestState): HTMLElement {
    const L = context.state.locale;
    const row = h('div', { class: 'suggest-run' });
    if (!s.running) {
      const search = h(
        'button',
        { type: 'button', class: 'suggest-search', 'data-focus': 'suggest-search' },
        [t(L, 'suggest.run')],
      );
      search.addEventListener('click', () => this.start(context));
      row.append(search);
      return row;
    }
    const cancel = h('button', { type: 'button', class: 'suggest-cancel', 'data-focus': 'suggest-cancel' }, [
      t(L, 'suggest.cancel'),
    ]);
    cancel.addEventListener('click', () => context.dispatch({ type: 'suggestCancel' }));
    this.progressBar = h('progress', { class: 'suggest-progress' });
    this.progressText = h('span', { class: 'suggest-progress-text', role: 'status' });
    this.showProgress(L, s.running);
    row.append(this.progressBar, this.progressText, cancel);
    return row;
  }

  private showProgress(
    locale: ViewContext['state']['locale'],
    p: { evaluated: number; budget: number },
  ): void {
    if (!this.progressBar || !this.progressText) return;
    this.progressBar.max = Math.max(1, p.budget);
    this.progressBar.value = p.evaluated;
    this.progressText.textContent = t(locale, 'suggest.progress', p);
  }

  private start(context: ViewContext): void {
    const { state } = context;
    if (!state.model || this.running) return;
    const runId = state.suggest.runId + 1;
    const goals = state.suggest.goals;
    let loads;
    let views;
    try {
      loads = suggestLoads(state.model, settingsOf(state), state.fixed);
      views = suggestLoadViews(state.model, settingsOf(state), state.fixed);
    } catch (err) {
      context.dispatch({ type: 'suggestStart' });
      context.dispatch({
        type: 'suggestFailed',
        runId,
        message: err instanceof Error ? err.message : String(err),
      });
      return;
    }
    context.dispatch({ type: 'suggestStart' });
    const live = () => this.runId === runId && this.running;
    const handle = this.runner.start(
      { loads, goals },
      {
        progress: (evaluated, budget) => {
          if (live()) context.dispatch({ type: 'suggestProgress', runId, evaluated, budget });
        },
        run: (run) => {
          if (this.runId === runId) context.dispatch({ type: 'suggestRun', runId, run });
        },
      },
    );
    this.after?.handle.cancel();
    this.after = null;
    this.search = { runId, handle };
    handle.result.then(
      (result) => {
        if (this.search?.runId === runId) this.search = null;
        if (result && live()) {
          this.after = { result, handle };
          context.dispatch({ type: 'suggestDone', runId, result, loads: views });
        } else handle.cancel();
      },
      (err: unknown) => {
        if (this.search?.runId === runId) this.search = null;
        if (live())
          context.dispatch({
            type: 'suggestFailed',
            runId,
            message:
              err instanceof TuneInputError
                ? err.describe(state.locale)
                : err instanceof Error
                  ? err.message
                  : String(err),
          });
      },
    );
  }

  /** The shown load's mark, or the button that shows this load (the settings the search used for it). */
  private chartCell(context: ViewContext, s: SuggestState, load: number, onCharts: boolean): Node {
    const L = context.state.locale;
    if (onCharts) return h('span', { class: 'suggest-on-charts' }, [t(L, 'suggest.onCharts')]);
    const tuned = s.loads[load];
    if (!tuned) return document.createTextNode('');
    // Every candidate's table has these buttons: the load's name tells them apart when read out.
    const show = h(
      'button',
      {
        type: 'button',
        class: 'suggest-show-load',
        'data-load': tuned.name,
        'aria-label': t(L, 'suggest.showLoadNamed', { load: tuned.name }),
      },
      [t(L, 'suggest.showLoad')],
    );
    show.addEventListener('click', () => context.dispatch({ type: 'showLoad', settings: tuned.settings }));
    return show;
  }

  private candidates(context: ViewContext, s: SuggestState): HTMLElement {
    const { state } = context;
    const L = state.locale;
    const result = s.result!;
    const list = h('div', { class: 'suggest-candidates' });
    const shown = shownTunedLoad(state);
    list.append(
      h('p', { class: 'suggest-shown', role: 'status' }, [
        shown >= 0 ? t(L, 'suggest.shownLoad', { load: s.loads[shown]!.name }) : t(L, 'suggest.shownOther'),
      ]),
    );
    for (const line of unmetLines(L, result)) list.append(h('p', { class: 'suggest-unmet' }, [line]));
    result.candidates.forEach((c, i) => {
      const item = h('div', { class: `suggest-candidate${i === s.chosen ? ' chosen' : ''}`, 'data-rank': i });
      const radio = h('input', {
        type: 'radio',
        name: 'suggest-choice',
        id: `suggest-choice-${i}`,
        'data-focus': `suggest-choice-${i}`,
        checked: i === s.chosen,
      });
      radio.addEventListener('change', () => context.dispatch({ type: 'suggestChoose', index: i }));
      item.append(
        h('div', { class: 'suggest-candidate-head' }, [
          radio,
          h('label', { for: `suggest-choice-${i}` }, [tuneText(L, 'tableCandidate', { rank: i + 1 })]),
        ]),
        h('p', { class: 'suggest-reason' }, [explainCandidate(L, result, i)]),
      );
      const table = h('table', { class: 'suggest-figures' });
      table.append(
        h('tr', {}, [
          h('th', {}, [tuneText(L, 'tableLoad')]),
          h('th', {}, [tuneText(L, 'tableRamp')]),
          h('th', {}, [tuneText(L, 'tableScaleEvents')]),
          h('th', {}, [tuneText(L, 'tableUnderprovisioned')]),
          h('th', {}, [tuneText(L, 'tablePodHours')]),
          h('th', {}, [t(L, 'suggest.chartColumn')]),
        ]),
      );
      c.figures.forEach((f, j) => {
        const onCharts = j === shown;
        table.append(
          h('tr', { 'data-load': f.load, ...(onCharts ? { class: 'shown', 'aria-current': 'true' } : {}) }, [
            h('td', {}, [f.load]),
            h('td', { 'data-figure': 'rampSeconds' }, [formatRamp(L, f.rampSeconds)]),
            h('td', { 'data-figure': 'scaleEvents', title: formatNumber(eventsPerHour(f)) }, [
              String(f.scaleEvents),
            ]),
            h('td', { 'data-figure': 'underprovisionedShare' }, [formatShare(L, f.underprovisionedShare)]),
            h('td', { 'data-figure': 'podHours' }, [formatNumber(f.podHours)]),
            h('td', { class: 'suggest-chart-cell' }, [this.chartCell(context, s, j, onCharts)]),
          ]),
        );
      });
      item.append(table, h('pre', { class: 'suggest-block' }, [behaviorYamlLines(c.behavior).join('\n')]));
      if (context.embedded && i === s.chosen) {
        const model = state.model!;
        const apply = h(
          'button',
          {
            type: 'button',
            class: 'suggest-apply',
            'data-focus': 'suggest-apply',
            title: t(L, 'suggest.applyHint'),
          },
          [t(L, 'suggest.apply')],
        );
        apply.addEventListener('click', () =>
          context.post({
            type: 'applyBehavior',
            uri: model.uri,
            documentIndex: model.documentIndex,
            behavior: c.behavior,
          }),
        );
        item.append(apply);
      }
      list.append(item);
    });
    return list;
  }
}
