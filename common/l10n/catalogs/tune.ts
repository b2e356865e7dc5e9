/** The behavior tuner (`hpa-lint tune` and the preview's suggestions): goals, reasons, its table. Loaded for every tag in LOCALES: see ../catalogOf.ts. */
import { catalogOf } from '../catalogOf';

/** CommonJS's require, as esbuild (a glob over the matching files) and Node provide it. */
declare const require: (path: string) => unknown;

export type TuneKey = keyof typeof import('../bundles/en/tune.json');
export const TUNE_CATALOG = catalogOf<TuneKey>((locale) => require(`../bundles/${locale}/tune.json`));
