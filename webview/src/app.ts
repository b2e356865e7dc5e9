/**
 * The panel: the state (state.ts) changed only through `reduce`, the runs simulated from it
 * (runCache.ts), and one view per part of the page (views/). Every change, a host message or
 * something the user did, is dispatched, saved and repainted. The engine runs in the page (short
 * runs) or in its own Web Worker (long ones, simulationRunner.ts), so changing a setting costs no
 * round trip to the extension host and a long run never blocks the page: its result repaints the
 * panel when it arrives.
 */
import type { WebviewToHost } from '../../common/protocol';
import { isHostToWebview } from '../../common/preview/validate';
import type { PreviewHost } from './host';
import { RunCache } from './runCache';
import type { SimulationRunner } from './simulationRunner';
import type { SuggestRunner } from './suggestRunner';
import { changesSimulation, fromSaved, reduce, toSaved, type Action, type PanelState } from './state';
import { ActionsView } from './views/actions';
import { ChartsView } from './views/charts';
import { DecisionLogView } from './views/decisionLog';
import { FooterView } from './views/footer';
import { HeaderView } from './views/header';
import { ProblemsView } from './views/problems';
import { OverlayPickerView } from './views/overlayPicker';
import { SettingsFormView } from './views/settingsForm';
import { StatusLineView } from './views/statusLine';
import { StepBarView } from './views/stepBar';
import { SuggestView } from './views/suggest';
import { SummaryView } from './views/summary';
import type { View, ViewContext } from './views/view';

/** Pause in typing after which a changed setting re-simulates. */
const SETTINGS_DEBOUNCE_MS = 60;

export class PreviewApp {
  private state: PanelState;
  private readonly runs: RunCache;
  private readonly charts = new ChartsView();
  /** In page order. */
  private readonly views: View[];
  private renders = 0;
  private pendingRender: ReturnType<typeof setTimeout> | undefined;

  constructor(
    root: HTMLElement,
    private readonly host: PreviewHost,
    runner: SimulationRunner,
    suggestRunner: SuggestRunner,
  ) {
    this.views = [
      new HeaderView(),
      new OverlayPickerView(),
      new SettingsFormView(),
      new ActionsView(),
      new SuggestView(suggestRunner),
      new StatusLineView(),
      new ProblemsView(),
      this.charts,
      new StepBarView(),
      new SummaryView(),
      new DecisionLogView(),
      new FooterView(),
    ];
    this.runs = new RunCache(runner, () => this.render());
    root.dataset.engine = runner.where;
    root.append(...this.views.map((v) => v.element));
    this.state = fromSaved(host.getState());
    host.listen((message) => this.receive(message));
    this.render();
    host.post({ type: 'ready' });
  }

  /** Entry point for every host message; anything that is not a valid HostToWebview is ignored. */
  receive(message: unknown): void {
    if (!isHostToWebview(message)) return;
    this.dispatch(message);
  }

  private dispatch(action: Action): void {
    this.state = reduce(this.state, action);
    this.host.setState(toSaved(this.state));
    if (!changesSimulation(action)) {
      this.render();
      return;
    }
    // A setting re-simulates three runs (a 24 h run takes a while): typing "120" into a field
    // should cost one simulation, not three.
    clearTimeout(this.pendingRender);
    this.pendingRender = setTimeout(() => this.render(), SETTINGS_DEBOUNCE_MS);
  }

  render(): void {
    clearTimeout(this.pendingRender);
    // Parts of the page are rebuilt on every render: remember which control had the focus (by its
    // data-focus key) and give it back afterwards, so keyboard users keep their place.
    const active = document.activeElement;
    const focusKey = active instanceof HTMLElement ? active.dataset.focus : undefined;
    const { run, simulating } = this.runs.runFor(this.state);
    const context: ViewContext = {
      state: this.state,
      run,
      simulating,
      embedded: this.host.embedded,
      dispatch: (action) => this.dispatch(action),
      post: (message: WebviewToHost) => this.host.post(message),
    };
    for (const view of this.views) view.render(context);
    this.renders += 1;
    document.documentElement.lang = this.state.locale;
    document.body.dataset.renders = String(this.renders);
    // While a result is on its way the page shows the previous one; tests and screen readers wait on this.
    if (simulating) document.body.dataset.simulating = 'true';
    else {
      delete document.body.dataset.simulating;
      // How long the engine took for the run shown, where it ran (tests and bug reports read it).
      document.body.dataset.simulationMs = this.runs.computeMs.toFixed(1);
      document.body.dataset.simulatedIn = this.runs.ranIn ?? '';
    }
    this.charts.element.setAttribute('aria-busy', String(simulating));
    if (focusKey) this.restoreFocus(focusKey);
    window.dispatchEvent(new CustomEvent('hpa-rendered', { detail: this.renders }));
  }

  private restoreFocus(key: string): void {
    const target = Array.from(document.querySelectorAll<HTMLElement>('[data-focus]')).find(
      (el) => el.dataset.focus === key,
    );
    if (!target || target === document.activeElement) return;
    // A button that just became disabled (e.g. "Next sync" at the end) hands the focus to the charts.
    if ((target as HTMLButtonElement).disabled) this.charts.element.focus();
    else target.focus();
  }
}
