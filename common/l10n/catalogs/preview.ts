/** The preview panel, its decision log (`reason.*`) and the standalone HTML report. Loaded for every tag in LOCALES: see ../catalogOf.ts. */
import { catalogOf } from '../catalogOf';

/** CommonJS's require, as esbuild (a glob over the matching files) and Node provide it. */
declare const require: (path: string) => unknown;

export type PreviewKey = keyof typeof import('../bundles/en/preview.json');
export const PREVIEW_CATALOG = catalogOf<PreviewKey>((locale) =>
  require(`../bundles/${locale}/preview.json`),
);
