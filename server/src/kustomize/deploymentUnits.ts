/**
 * Which overlay deploys which file (workspace/deployment.ts says what that decides). Each
 * kustomization no other includes is a unit: it and every kustomization it reaches through
 * `resources`, `bases` and `components` list files, and those files' objects reach the cluster in
 * its render, renamed by the `namePrefix` and `nameSuffix` of every kustomization on the way.
 *
 * A folder holding a kustomization, or a file some kustomization lists, is governed by kustomize:
 * a YAML file there that no kustomization lists is deployed by nothing. A folder neither holds is
 * applied as it is, with its folder.
 */
import { posix } from 'node:path';
import {
  type Deployment,
  type DeploymentUnit,
  type FileDeployment,
  deploymentKey,
} from '../workspace/deployment';
import { isKustomizationPath } from '../workspace/filePaths';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import { type KustomizationFile, type KustomizeLayout, fsPathOf, includedPath, isRemote } from './layout';

/** Every file entry of a kustomization: resources, patches and the configuration files it reads. */
function entriesOf(k: KustomizationFile): string[] {
  const { includes, patchFiles, otherFiles } = k.kustomization;
  return [...includes, ...patchFiles, ...otherFiles].filter((entry) => !isRemote(entry));
}

/** The deployment of every file, from the kustomizations of a layout. */
export function layoutDeployment(layout: KustomizeLayout): Deployment {
  const byDir = new Map(layout.kustomizations.map((k) => [k.dir, k]));
  const governed = new Set(layout.kustomizations.map((k) => k.dir));
  const listed = new Set<string>();
  for (const k of layout.kustomizations) {
    for (const entry of entriesOf(k)) {
      const path = includedPath(k.dir, entry);
      if (byDir.has(path)) continue;
      listed.add(path);
      governed.add(posix.dirname(path));
    }
  }
  const unitsByPath = new Map<string, DeploymentUnit[]>();
  const add = (path: string, unit: DeploymentUnit) => {
    const units = unitsByPath.get(path) ?? [];
    if (!units.some((u) => deploymentKey([u]) === deploymentKey([unit]))) units.push(unit);
    unitsByPath.set(path, units);
  };
  for (const root of layout.overlays) {
    // Kustomize renames an included kustomization's resources after it renamed them itself: the
    // outer prefix goes in front, the outer suffix at the end.
    const visit = (k: KustomizationFile, outer: Omit<DeploymentUnit, 'id'>, path: ReadonlySet<string>) => {
      const { namePrefix, nameSuffix, root: file } = k.kustomization;
      const unit: DeploymentUnit = {
        id: root.dir,
        prefix: outer.prefix + namePrefix,
        suffix: nameSuffix + outer.suffix,
        nameReferences: outer.nameReferences || file.get('configurations').items().length > 0,
      };
      for (const entry of entriesOf(k)) {
        const target = includedPath(k.dir, entry);
        const included = byDir.get(target);
        if (!included) add(target, unit);
        else if (!path.has(target)) visit(included, unit, new Set([...path, target]));
      }
    };
    visit(root, { prefix: '', suffix: '', nameReferences: false }, new Set([root.dir]));
  }
  return {
    of(uri: string): FileDeployment {
      if (isKustomizationPath(uri)) return undefined;
      const path = fsPathOf(uri, layout.cwd);
      const units = unitsByPath.get(path);
      if (units) return units;
      return listed.has(path) || governed.has(posix.dirname(path)) ? [] : undefined;
    },
  };
}

/**
 * Tells an index what the layout says: which files are patches, and which overlay deploys which
 * file. Returns the files whose status changed, to re-lint.
 */
export function applyLayout(index: WorkspaceIndex, layout: KustomizeLayout): string[] {
  const changed = new Set(index.setPartialUris(layout.patchUris));
  for (const uri of index.setDeployment(layoutDeployment(layout))) changed.add(uri);
  return [...changed];
}
