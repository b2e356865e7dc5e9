/**
 * What a kustomization file says about the files around it: the resources and components it
 * includes, the files it applies as patches, and its `replicas:` entries. Read with a plain YAML
 * parse; kustomize itself renders (render.ts).
 */
import { parseDocument } from 'yaml';
import { YamlView } from '../yaml/yamlView';

/** The names kustomize looks for in a folder, in its own order. */
export const KUSTOMIZATION_FILE_NAMES: readonly string[] = [
  'kustomization.yaml',
  'kustomization.yml',
  'Kustomization',
];

export function isKustomizationPath(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return KUSTOMIZATION_FILE_NAMES.includes(name);
}

export interface ReplicasEntry {
  name: string;
  /** The entry's map, for ranges (offsets in the kustomization file). */
  view: YamlView;
}

export interface Kustomization {
  /** `resources`, `bases` and `components` entries as written (files, folders or remote URLs). */
  includes: string[];
  /** Files applied as patches (`patches[].path`, `patchesStrategicMerge` file entries, `patchesJson6902[].path`). */
  patchFiles: string[];
  replicas: ReplicasEntry[];
  /** The whole file, for ranges. */
  root: YamlView;
}

/** undefined when the text is not a YAML map (kustomize reports that itself when it renders). */
export function parseKustomization(text: string): Kustomization | undefined {
  const doc = parseDocument(text, { prettyErrors: false });
  const root = YamlView.root(doc, 0);
  if (!root.isMap) return undefined;
  const strings = (key: string) =>
    root
      .get(key)
      .items()
      .map((item) => item.string)
      .filter((s): s is string => s !== undefined && s.length > 0);
  const patchFiles: string[] = [];
  for (const patch of [...root.get('patches').items(), ...root.get('patchesJson6902').items()]) {
    const path = patch.get('path').string;
    if (path) patchFiles.push(path);
  }
  // A patchesStrategicMerge entry is a file name or an inline patch (which has a line break or a colon).
  for (const entry of strings('patchesStrategicMerge')) if (!/[\n:]/.test(entry)) patchFiles.push(entry);
  const replicas: ReplicasEntry[] = [];
  for (const entry of root.get('replicas').items()) {
    const name = entry.get('name').string;
    if (name) replicas.push({ name, view: entry });
  }
  return {
    includes: [...strings('resources'), ...strings('bases'), ...strings('components')],
    patchFiles,
    replicas,
    root,
  };
}
