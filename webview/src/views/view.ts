/**
 * What every part of the panel gets to draw itself: the state, the run simulated from it, and the
 * two ways back (a panel action into the reducer, a message to the host). A view owns one element
 * and redraws it only when what it shows changed.
 */
import type { WebviewToHost } from '../../../common/protocol';
import type { PreviewRun } from '../../../common/preview/run';
import type { PanelAction, PanelState } from '../state';

export interface ViewContext {
  readonly state: PanelState;
  readonly run: PreviewRun | null;
  /** True while the run for the current inputs is computed; `run` is then the previous one (or null). */
  readonly simulating: boolean;
  /** True in VS Code (lock and the host's file dialogs exist); false in the standalone report. */
  readonly embedded: boolean;
  dispatch(action: PanelAction): void;
  post(message: WebviewToHost): void;
}

export interface View {
  readonly element: HTMLElement;
  render(context: ViewContext): void;
}

/** The syncs of the run the log shows (the step cursor moves over these). */
export function shownRun(context: Pick<ViewContext, 'run' | 'state'>) {
  const runs = context.run?.runs ?? [];
  return runs.find((r) => r.key === context.state.logVariant) ?? runs[0];
}

export function stepCount(context: Pick<ViewContext, 'run' | 'state'>): number {
  return shownRun(context)?.result.steps.length ?? 0;
}
