/**
 * Which files are what, by their path alone: YAML files, kustomizations, and the files the server
 * indexes. Every layer asks these (the disk scan, the index, the linter, the CLI), so they live at the
 * bottom, with no parse behind them.
 */

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

export function isYamlPath(path: string): boolean {
  return /\.ya?ml$/i.test(path);
}

/**
 * Files the server indexes: YAML files, and kustomize's extension-less `Kustomization` (a YAML
 * file by another name, which decides which files are patches and which overlays render).
 */
export function isIndexedPath(path: string): boolean {
  // A client may send anything as a URI: a non-string is no file of ours.
  return typeof path === 'string' && (isYamlPath(path) || isKustomizationPath(path));
}
