/**
 * A strategic-merge patch written inline in a kustomization (`patches: - patch: |-`, an inline
 * `patchesStrategicMerge` entry) is a partial object, checked as a patch file is: every field it
 * sets, shown at that field's line and columns in the kustomization, and no required-field errors
 * or cross-resource checks (those run on the rendered overlay, renderedFindings.ts). A JSON 6902
 * patch holds no object, so nothing here applies to it.
 *
 * The linter runs this for a kustomization file and passes itself in: it is what calls this.
 */
import { currentLocale } from '../localize';
import type { HpaSettings } from '../settings';
import type { Finding } from '../rules/types';
import { WorkspaceIndex } from '../workspace/workspaceIndex';
import { FileModel, type YamlDocumentModel } from '../yaml/documents';
import { parseKustomization } from '../kustomize/kustomization';

export type LintFileFn = (file: FileModel, workspace: WorkspaceIndex, settings: HpaSettings) => Finding[];

/**
 * Kept on the kustomization's first document model, which lives as long as its text: the language
 * server lints a file again whenever something related changes, and a kustomization seldom does.
 */
const cache = new WeakMap<YamlDocumentModel, { text: string; key: string; findings: Finding[] }>();

export function inlinePatchFindings(file: FileModel, settings: HpaSettings, lint: LintFileFn): Finding[] {
  const model = file.documents[0]?.model;
  if (!model) return [];
  const key = `${currentLocale()}|${file.uri}|${JSON.stringify(settings)}`;
  const hit = cache.get(model);
  if (hit && hit.text === file.text && hit.key === key) return hit.findings;
  const findings = check(file, settings, lint);
  cache.set(model, { text: file.text, key, findings });
  return findings;
}

function check(file: FileModel, settings: HpaSettings, lint: LintFileFn): Finding[] {
  const kustomization = parseKustomization(file.text);
  if (!kustomization) return [];
  const out: Finding[] = [];
  kustomization.patches.forEach((patch, n) => {
    if (!patch.inline) return;
    // Each patch alone in a workspace of its own, so it is never a definition of anything.
    const uri = `kustomize-inline-patch:${file.uri}#${n}`;
    const workspace = new WorkspaceIndex();
    const patchFile = new FileModel(uri, patch.inline.text, undefined);
    workspace.setFile(patchFile);
    workspace.setPartialUris(new Set([uri]));
    for (const finding of lint(patchFile, workspace, settings)) {
      out.push({ ...finding, uri: file.uri, span: patch.inline.fileSpan(finding.span) });
    }
  });
  return out;
}
