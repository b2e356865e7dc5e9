/** Hover, completion and code actions. Loaded for every tag in LOCALES: see ../catalogOf.ts. */
import { catalogOf } from '../catalogOf';

/** CommonJS's require, as esbuild (a glob over the matching files) and Node provide it. */
declare const require: (path: string) => unknown;

export type FeatureKey = keyof typeof import('../bundles/en/features.json');
export const FEATURES_CATALOG = catalogOf<FeatureKey>((locale) =>
  require(`../bundles/${locale}/features.json`),
);
