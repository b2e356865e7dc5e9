/**
 * Every bundle, imported statically so esbuild inlines them: the server, the CLI and the webview
 * (hence the standalone HTML report) carry their texts and need no file or network at run time.
 * One catalog per domain, so the webview bundle holds the preview's texts only. Adding a language
 * adds one line to each catalog here; the compiler names the ones missing once the tag is in LOCALES.
 */
import enFeatures from './bundles/en/features.json';
import enPreview from './bundles/en/preview.json';
import enPrometheus from './bundles/en/prometheus.json';
import jaFeatures from './bundles/ja/features.json';
import jaPreview from './bundles/ja/preview.json';
import jaPrometheus from './bundles/ja/prometheus.json';
import jaServer from './bundles/ja/server.json';
import zhTwFeatures from './bundles/zh-tw/features.json';
import zhTwPreview from './bundles/zh-tw/preview.json';
import zhTwPrometheus from './bundles/zh-tw/prometheus.json';
import zhTwServer from './bundles/zh-tw/server.json';
import enTune from './bundles/en/tune.json';
import jaTune from './bundles/ja/tune.json';
import zhTwTune from './bundles/zh-tw/tune.json';
import type { Bundle, Catalog } from './catalog';

/** The preview panel, its decision log (`reason.*`) and the standalone HTML report. */
export type PreviewKey = keyof typeof enPreview;
export const PREVIEW_CATALOG = {
  en: enPreview,
  ja: jaPreview satisfies Bundle<PreviewKey>,
  'zh-tw': zhTwPreview satisfies Bundle<PreviewKey>,
} satisfies Catalog<PreviewKey>;

/** The behavior tuner (`hpa-lint tune` and the preview's suggestions): goals, reasons, its table. */
export type TuneKey = keyof typeof enTune;
export const TUNE_CATALOG = {
  en: enTune,
  ja: jaTune satisfies Bundle<TuneKey>,
  'zh-tw': zhTwTune satisfies Bundle<TuneKey>,
} satisfies Catalog<TuneKey>;

/** Loading recorded traffic from Prometheus: the preview's range picker, notes, errors, the comparison. */
export type PrometheusKey = keyof typeof enPrometheus;
export const PROMETHEUS_CATALOG = {
  en: enPrometheus,
  ja: jaPrometheus satisfies Bundle<PrometheusKey>,
  'zh-tw': zhTwPrometheus satisfies Bundle<PrometheusKey>,
} satisfies Catalog<PrometheusKey>;

/** Hover, completion and code actions. */
export type FeatureKey = keyof typeof enFeatures;
export const FEATURES_CATALOG = {
  en: enFeatures,
  ja: jaFeatures satisfies Bundle<FeatureKey>,
  'zh-tw': zhTwFeatures satisfies Bundle<FeatureKey>,
} satisfies Catalog<FeatureKey>;

/**
 * Diagnostics and the CLI, keyed by the English text the code passes to `t()` (so English has no
 * bundle); which keys must exist is what the code passes, checked by test/unit/server-l10n.test.ts.
 */
export const SERVER_CATALOG: Catalog = {
  en: {},
  ja: jaServer,
  'zh-tw': zhTwServer,
};
