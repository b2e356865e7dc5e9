/**
 * The preview of an HPA in a kustomize base, as an overlay renders it: the overlays that include
 * the HPA's file are listed in the model, and when the client picks one, the model is built from
 * that overlay's latest render (its patches, name prefix and replicas applied) instead of the file.
 * The model keeps the source file's URI and document, so the preview still follows that file.
 */
import { posix } from 'node:path';
import type { PreviewModel, PreviewModelParams } from '../../../common/protocol';
import { t } from '../localize';
import { buildPreviewModel } from './previewModel';
import type { K8sObject } from '../workspace/objects';
import { isHpa } from '../workspace/scaleTarget';
import { WorkspaceIndex } from '../workspace/workspaceIndex';
import { FileModel } from '../yaml/documents';
import { fsPathOf } from '../kustomize/layout';
import type { OverlayService } from '../overlays/overlayService';
import { namesMatch } from '../overlays/renderedFieldPath';

export function withOverlays(
  model: PreviewModel,
  params: PreviewModelParams,
  service: OverlayService | undefined,
): PreviewModel {
  const including = service?.overlaysIncluding(model.uri) ?? [];
  if (including.length === 0) return model;
  const overlays = including.map(({ uri, label }) => ({ uri, label }));
  const chosen = including.find((o) => o.uri === params.overlay);
  if (!chosen) return { ...model, overlays };
  const asWritten = (note: string): PreviewModel => ({ ...model, overlays, notes: [...model.notes, note] });
  if (!chosen.rendered) {
    return asWritten(
      t(
        'Overlay {overlay} has no rendered objects (untrusted workspace, no kustomize, or its render still running or failed): these are the file’s own values',
        { overlay: chosen.label },
      ),
    );
  }
  const renderUri = `kustomize-render:${chosen.uri}`;
  const index = new WorkspaceIndex();
  index.setFile(new FileModel(renderUri, chosen.rendered.yaml, undefined));
  const source = fsPathOf(model.uri);
  const baseDir = chosen.rendered.baseDir;
  const hpa = index
    .objectsIn(renderUri)
    .find((o) => isHpa(o) && namesMatch(o.name, model.name) && originPath(o, baseDir) === source);
  if (!hpa) {
    return asWritten(
      t('Overlay {overlay} renders no autoscaler from this file: these are the file’s own values', {
        overlay: chosen.label,
      }),
    );
  }
  const rendered = buildPreviewModel(hpa, index);
  return {
    ...rendered,
    uri: model.uri,
    documentIndex: model.documentIndex,
    // The rendered target lives in no file; the overlay's kustomization is where it is made.
    target: rendered.target && { ...rendered.target, uri: chosen.uri },
    // The linter's errors in the source document still stand (the panel warns about them).
    ...(model.problems ? { problems: model.problems } : {}),
    overlays,
    overlay: chosen.uri,
    // The release of the source file's folder (its .hpa-lint.yaml) applies to what its overlay renders.
    ...(model.cluster ? { cluster: model.cluster } : {}),
  };
}

/** The file a rendered object came from (kustomize's origin annotation), as a file-system path. */
function originPath(object: K8sObject, baseDir: string): string | undefined {
  const origin = object.root.at('metadata', 'annotations').get('config.kubernetes.io/origin').string;
  const path = /^path:\s*(.+?)\s*$/m.exec(origin ?? '')?.[1];
  return path === undefined ? undefined : posix.normalize(posix.join(baseDir, path));
}
