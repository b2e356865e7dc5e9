/**
 * The flags `simulate` and `tune` read alike, for their option tables: the HPA, the start, the
 * what-if requests, a profile's shape and the cluster, and the checks of a profile's name and an
 * output format. One reading, so the two commands accept and refuse the same words the same way.
 */
import {
  isLoadProfileName,
  LOAD_PROFILES,
  SIMULATION_POD_CAP,
  type LoadProfileName,
} from '../../../common/engine';
import { t } from '../localize';
import { UsageError } from '../usageError';
import { parseAssumeRequest, parseNumber, parseSeconds } from './args';
import { clusterFlagOptions, type ClusterFlags } from './clusterFlags';
import type { OptionTable } from './commandLine';
import { LOCALE_OPTION } from './commandLineLocale';

export interface SimulationFlags {
  hpa?: string;
  replicas?: number;
  /** Seconds until a new Pod is Ready. */
  startup: number;
  /** The what-if requests (--assume-request), milli by resource. */
  assumeRequest: Record<string, number>;
  peak?: number;
  noise?: number;
  seed?: number;
  cluster: ClusterFlags;
}

/** The shared flags, read into `out`; `--locale` among them, which main() has read already. */
export function simulationOptions(out: SimulationFlags): OptionTable {
  return {
    '--hpa': {
      type: 'string',
      read: (v) => {
        out.hpa = v;
      },
    },
    '--replicas': {
      type: 'string',
      read: (v, flag) => {
        out.replicas = parseNumber(flag, v, true);
        if (out.replicas > SIMULATION_POD_CAP)
          throw new UsageError(
            t('--replicas is limited to {cap} simulated Pods', { cap: SIMULATION_POD_CAP }),
          );
      },
    },
    '--startup': {
      type: 'string',
      read: (v, flag) => {
        out.startup = parseSeconds(flag, v);
      },
    },
    '--assume-request': { type: 'string', read: (v, flag) => parseAssumeRequest(flag, v, out.assumeRequest) },
    '--peak': {
      type: 'string',
      read: (v, flag) => {
        out.peak = parseNumber(flag, v, false);
      },
    },
    '--noise': {
      type: 'string',
      read: (v, flag) => {
        out.noise = parseNumber(flag, v, false);
      },
    },
    '--seed': {
      type: 'string',
      read: (v, flag) => {
        out.seed = parseNumber(flag, v, true);
      },
    },
    '--locale': LOCALE_OPTION,
    ...clusterFlagOptions(out.cluster),
  };
}

/** `--profile NAME`: one of the synthetic loads, else a usage error listing them. */
export function profileName(v: string): LoadProfileName {
  if (!isLoadProfileName(v))
    throw new UsageError(
      t('unknown profile "{profile}" (known: {known})', {
        profile: v,
        known: LOAD_PROFILES.map((x) => x.name).join(', '),
      }),
    );
  return v;
}

/** `--format F`: one of the command's `formats`, else a usage error listing them. */
export function formatOf<F extends string>(formats: readonly F[], v: string): F {
  if (!(formats as readonly string[]).includes(v))
    throw new UsageError(
      t('--format must be one of {formats}, got "{value}"', { formats: formats.join(', '), value: v }),
    );
  return v as F;
}

/** The one manifest file of `simulate` or `tune`, else the command's usage error for none or several. */
export function oneManifestFile(
  files: readonly string[],
  none: () => string,
  several: (count: number, files: string) => string,
): string {
  if (files.length === 0) throw new UsageError(none());
  if (files.length > 1) throw new UsageError(several(files.length, files.join(', ')));
  return files[0]!;
}
