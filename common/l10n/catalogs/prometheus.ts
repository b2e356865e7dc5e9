/** Loading recorded traffic from Prometheus: the preview's range picker, notes, errors, the comparison. Loaded for every tag in LOCALES: see ../catalogOf.ts. */
import { catalogOf } from '../catalogOf';

/** CommonJS's require, as esbuild (a glob over the matching files) and Node provide it. */
declare const require: (path: string) => unknown;

export type PrometheusKey = keyof typeof import('../bundles/en/prometheus.json');
export const PROMETHEUS_CATALOG = catalogOf<PrometheusKey>((locale) =>
  require(`../bundles/${locale}/prometheus.json`),
);
