/**
 * Diagnostics and the CLI, keyed by the English text the code passes to `t()` (so English has no
 * bundle); which keys must exist is what the code passes, checked by test/unit/server-l10n.test.ts.
 * Loaded for every tag in LOCALES: see ../catalogOf.ts.
 */
import type { Catalog } from '../catalog';
import { catalogOf } from '../catalogOf';
import { SOURCE_LOCALE } from '../locales';

/** CommonJS's require, as esbuild (a glob over the matching files) and Node provide it. */
declare const require: (path: string) => unknown;

export const SERVER_CATALOG: Catalog = catalogOf<string>((locale) =>
  locale === SOURCE_LOCALE ? {} : require(`../bundles/${locale}/server.json`),
);
