/** The three simulated runs of the current state, recomputed only when their inputs change. */
import { runPreview, type PreviewRun } from '../../common/preview/run';
import { settingsOf, type PanelState } from './state';

export class RunCache {
  private key = '';
  private run: PreviewRun | null = null;

  runFor(state: PanelState): PreviewRun | null {
    const model = state.model;
    if (!model) {
      this.key = '';
      this.run = null;
      return null;
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
    if (key !== this.key || !this.run) {
      this.run = runPreview(model, settings, state.fixed);
      this.key = key;
    }
    return this.run;
  }
}
