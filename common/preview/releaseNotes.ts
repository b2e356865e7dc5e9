/**
 * What the panel says about the Kubernetes release the preview models: which one and where it came
 * from ("Kubernetes 1.35 (from envs/prod/.hpa-lint.yaml)"), and each behaviour of this HPA the run
 * shows only because of it (scaling to 0, a per-direction tolerance), so a user previewing for
 * another cluster knows what would differ there.
 */
import type { PreviewModel } from '../protocol';
import type { PreviewLocale } from './locale';
import { t } from './strings';

export function releaseNotes(L: PreviewLocale, model: PreviewModel | null): string[] {
  const cluster = model?.cluster;
  if (!model || !cluster) return [];
  const release = cluster.release;
  const notes = [
    !cluster.configured
      ? t(L, 'releaseAssumed', { release })
      : cluster.source?.origin === 'file'
        ? t(L, 'releaseFromFile', { release, file: cluster.source.file })
        : t(L, 'releaseFromSettings', { release }),
  ];
  if (model.spec.minReplicas === 0)
    notes.push(
      t(L, cluster.options.scaleToZero ? 'releaseScaleToZeroOn' : 'releaseScaleToZeroOff', { release }),
    );
  const behavior = model.spec.behavior;
  if (behavior?.scaleUp?.tolerance !== undefined || behavior?.scaleDown?.tolerance !== undefined)
    notes.push(
      t(L, cluster.options.configurableTolerance ? 'releaseToleranceOn' : 'releaseToleranceOff', { release }),
    );
  return notes;
}
