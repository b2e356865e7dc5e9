/**
 * The preview model built in the extension host, for when there is no language client (or it does
 * not answer): parse the file with `yaml`, take the HPA under the cursor and the requests of its
 * target if the target is in the same file. The language server's model is richer (it searches the
 * workspace); this keeps the preview working on its own.
 */
import { parseAllDocuments } from 'yaml';
import { parseQuantity } from '../../../common/engine/quantity';
import type { HPASpec } from '../../../common/engine/types';
import type { PreviewModel } from '../../../common/protocol';
import { yamlLineBreaks } from '../../../common/yamlLineBreaks';

export interface FallbackTexts {
  targetNotInFile(kind: string, name: string): string;
  requestUnreadable(container: string, resource: string): string;
}

type Obj = Record<string, unknown>;
function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

interface Doc {
  index: number;
  start: number;
  end: number;
  value: unknown;
}

/** Per-container requests of a workload's Pod template (containers and restartable init containers). */
function templateRequests(
  workload: Obj,
  texts: FallbackTexts,
  notes: string[],
): { pod: Record<string, number>; containers: Record<string, Record<string, number>> } {
  const pod: Record<string, number> = {};
  const containers: Record<string, Record<string, number>> = {};
  const spec = isObj(workload.spec) ? workload.spec : {};
  const template = isObj(spec.template) ? spec.template : {};
  const podSpec = isObj(template.spec) ? template.spec : {};
  const regular = Array.isArray(podSpec.containers) ? podSpec.containers : [];
  const sidecars = (Array.isArray(podSpec.initContainers) ? podSpec.initContainers : []).filter(
    (c) => isObj(c) && c.restartPolicy === 'Always',
  );
  for (const c of [...regular, ...sidecars]) {
    if (!isObj(c) || typeof c.name !== 'string') continue;
    const resources = isObj(c.resources) ? c.resources : {};
    const requests = isObj(resources.requests) ? resources.requests : {};
    const own: Record<string, number> = {};
    for (const [resource, q] of Object.entries(requests)) {
      if (typeof q !== 'string' && typeof q !== 'number') continue;
      try {
        own[resource] = parseQuantity(q);
        pod[resource] = (pod[resource] ?? 0) + own[resource]!;
      } catch {
        notes.push(texts.requestUnreadable(c.name, resource));
      }
    }
    containers[c.name] = own;
  }
  return { pod, containers };
}

/** The model for the HPA containing `line` (else the last before it, else the first), or null. */
export function buildFallbackModel(
  text: string,
  uri: string,
  line: number,
  texts: FallbackTexts,
): PreviewModel | null {
  let parsed;
  try {
    parsed = parseAllDocuments(yamlLineBreaks(text));
  } catch {
    return null;
  }
  const docs: Doc[] = (Array.isArray(parsed) ? parsed : [parsed]).map((d, index) => {
    let value: unknown = null;
    try {
      value = d.toJS({ maxAliasCount: 100 });
    } catch {
      value = null;
    }
    return { index, start: d.range[0], end: d.range[2], value };
  });
  const hpas = docs.filter(
    (d) => isObj(d.value) && d.value.kind === 'HorizontalPodAutoscaler' && isObj(d.value.spec),
  );
  if (hpas.length === 0) return null;
  const starts = lineStarts(text);
  const offset = starts[Math.max(0, Math.min(line, starts.length - 1))]!;
  const chosen =
    hpas.find((d) => offset >= d.start && offset < Math.max(d.end, d.start + 1)) ??
    [...hpas].reverse().find((d) => d.start <= offset) ??
    hpas[0]!;
  const hpa = chosen.value as Obj;
  const metadata = isObj(hpa.metadata) ? hpa.metadata : {};
  const spec = hpa.spec as HPASpec;
  const notes: string[] = [];
  const ref = isObj(spec.scaleTargetRef) ? spec.scaleTargetRef : { kind: '', name: '' };
  const targetDoc = docs.find((d) => {
    if (!isObj(d.value)) return false;
    const md = isObj(d.value.metadata) ? d.value.metadata : {};
    return d.value.kind === ref.kind && md.name === ref.name;
  });
  let podRequests: Record<string, number> = {};
  let containerRequests: Record<string, Record<string, number>> = {};
  let target: PreviewModel['target'] = null;
  if (targetDoc && isObj(targetDoc.value)) {
    const requests = templateRequests(targetDoc.value, texts, notes);
    podRequests = requests.pod;
    containerRequests = requests.containers;
    const targetSpec = isObj(targetDoc.value.spec) ? targetDoc.value.spec : {};
    target = { uri, kind: String(ref.kind), name: String(ref.name) };
    if (typeof targetSpec.replicas === 'number') target.replicas = targetSpec.replicas;
  } else {
    notes.push(texts.targetNotInFile(String(ref.kind ?? ''), String(ref.name ?? '')));
  }
  const model: PreviewModel = {
    uri,
    documentIndex: chosen.index,
    name: typeof metadata.name === 'string' ? metadata.name : '',
    spec,
    podRequests,
    containerRequests,
    target,
    notes,
  };
  if (typeof metadata.namespace === 'string') model.namespace = metadata.namespace;
  return model;
}
