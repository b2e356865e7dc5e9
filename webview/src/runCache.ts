/**
 * The three simulated runs of the current state, simulated again only when their inputs change.
 * The simulation runs elsewhere (simulationRunner.ts: a Web Worker in VS Code), so a result comes
 * later: every run gets an id, and a result that answers anything but the latest id is dropped.
 * Until the latest result is in, the panel keeps showing the previous run of the same HPA (marked
 * as simulating), so the form and the charts stay in place while someone types.
 */
import { effectiveMinReplicas } from '../../common/engine/defaults';
import { previewMetricNames, type PreviewRun } from '../../common/preview/run';
import type { PanelSettings } from '../../common/preview/settings';
import type { PreviewModel } from '../../common/protocol';
import type { SimulationReply } from './simulationMessages';
import type { SimulationRunner } from './simulationRunner';
import { settingsOf, type PanelState } from './state';

export interface CachedRun {
  /** The latest result, or while `simulating` the previous result of the same HPA (or null). */
  run: PreviewRun | null;
  /** True while the result for the current inputs is still being computed. */
  simulating: boolean;
}

/**
 * A run with no variants and `error` set, for a simulation that could not run at all (the worker
 * failed): the form still needs the metric names and the starting replicas, the status line says why.
 */
function failedRun(
  model: PreviewModel,
  settings: PanelSettings,
  error: string,
  previous: PreviewRun | null,
): PreviewRun {
  const minReplicas = effectiveMinReplicas(model.spec);
  const fromTarget = model.target?.replicas;
  return {
    runs: [],
    metricNames: previous?.metricNames ?? previewMetricNames(model.spec),
    minReplicas,
    maxReplicas: model.spec.maxReplicas,
    tolerance: previous?.tolerance ?? { down: 0.1, up: 0.1 },
    durationSeconds: settings.durationSeconds,
    initialReplicas:
      previous?.initialReplicas ??
      settings.initialReplicas ??
      (typeof fromTarget === 'number' && fromTarget >= 0 ? Math.floor(fromTarget) : Math.max(1, minReplicas)),
    assumedRequests: previous?.assumedRequests ?? [],
    uncomputable: previous?.uncomputable ?? [],
    loadUnits: previous?.loadUnits ?? {},
    error,
  };
}

function sameHpa(a: PreviewModel | null, b: PreviewModel): boolean {
  return a !== null && a.uri === b.uri && a.documentIndex === b.documentIndex;
}

export class RunCache {
  private key = '';
  private run: PreviewRun | null = null;
  /** The model `run` was simulated for. */
  private runModel: PreviewModel | null = null;
  private latestId = 0;
  private simulating = false;
  /** True inside `runFor`: a runner that answers at once must not trigger another render. */
  private starting = false;
  /** How long the engine took for the run shown (ms, measured where it ran), and where that was. */
  computeMs = 0;
  ranIn: 'worker' | 'page' | null = null;

  /** `onResult` is called when the latest result arrives later than `runFor` returned. */
  constructor(
    private readonly runner: SimulationRunner,
    private readonly onResult: () => void,
  ) {}

  runFor(state: PanelState): CachedRun {
    const model = state.model;
    if (!model) {
      this.key = '';
      this.run = null;
      this.runModel = null;
      this.simulating = false;
      // A result still on its way answers inputs that are gone.
      this.latestId += 1;
      return { run: null, simulating: false };
    }
    const settings = settingsOf(state);
    // The model and settings are plain data: their JSON is a cheap, exact cache key.
    const key = JSON.stringify([
      model.spec,
      model.podRequests,
      model.containerRequests,
      model.target?.replicas,
      settings,
      state.fixed?.name,
      state.fixed?.loads.length,
    ]);
    if (key !== this.key) {
      this.key = key;
      // Another HPA's run is no stand-in for this one's: show nothing until this one's is in.
      if (!sameHpa(this.runModel, model)) {
        this.run = null;
        this.runModel = null;
      }
      this.start(model, settings, state);
    }
    return { run: this.run, simulating: this.simulating };
  }

  private start(model: PreviewModel, settings: PanelSettings, state: PanelState): void {
    const id = ++this.latestId;
    this.simulating = true;
    this.starting = true;
    try {
      this.runner.start({ id, model, settings, fixed: state.fixed }, (reply) =>
        this.accept(reply, model, settings),
      );
    } finally {
      this.starting = false;
    }
  }

  private accept(reply: SimulationReply, model: PreviewModel, settings: PanelSettings): void {
    // Inputs changed since this run started: its result would show numbers for settings no longer in force.
    if (reply.id !== this.latestId) return;
    if ('run' in reply) {
      this.run = reply.run;
      this.computeMs = reply.computeMs;
      this.ranIn = reply.ranIn;
    } else {
      this.run = failedRun(model, settings, reply.failure, this.run);
      this.computeMs = 0;
      this.ranIn = null;
    }
    this.runModel = model;
    this.simulating = false;
    if (!this.starting) this.onResult();
  }
}
