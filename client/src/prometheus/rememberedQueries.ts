/**
 * The PromQL the user edited, remembered per HPA (namespace and name) in the workspace's state, so
 * the next load of the same HPA starts from the user's query instead of the default.
 */
import type * as vscode from 'vscode';

const KEY = 'hpa.prometheus.queries';

type Stored = Record<string, Record<string, string>>;

function hpaKey(namespace: string, name: string): string {
  return `${namespace}/${name}`;
}

export function rememberedQueries(
  state: vscode.Memento,
  namespace: string,
  name: string,
): Record<string, string> {
  const all = state.get<Stored>(KEY) ?? {};
  return { ...(all[hpaKey(namespace, name)] ?? {}) };
}

/** Stores only the queries that differ from the defaults; a query set back to its default is forgotten. */
export async function rememberQueries(
  state: vscode.Memento,
  namespace: string,
  name: string,
  queries: Record<string, string>,
  defaults: Record<string, string>,
): Promise<void> {
  const all = { ...(state.get<Stored>(KEY) ?? {}) };
  const edited: Record<string, string> = {};
  for (const [metric, promql] of Object.entries(queries))
    if (defaults[metric] !== promql) edited[metric] = promql;
  if (Object.keys(edited).length === 0) delete all[hpaKey(namespace, name)];
  else all[hpaKey(namespace, name)] = edited;
  await state.update(KEY, all);
}
