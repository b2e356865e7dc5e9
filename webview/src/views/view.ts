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

/** Keys that move the step cursor, and by how many syncs (given the run's sync count). */
export type StepKeys = Readonly<Record<string, (count: number) => number>>;

/** In step mode, a key of `keys` moves the cursor by its step and the event is handled. */
export function stepOnKey(e: KeyboardEvent, keys: StepKeys, context: ViewContext | null): void {
  const move = keys[e.key];
  if (!context?.state.stepMode || !move) return;
  const count = stepCount(context);
  context.dispatch({ type: 'step', delta: move(count), stepCount: count });
  e.preventDefault();
}
