/**
 * Every text the preview shows, looked up in common/l10n/bundles/<locale>/preview.json. The webview
 * and the standalone HTML report run the same bundle, so both read these. Terms follow the Kubernetes
 * documentation in each language (see /work/shared/docs/l10n-glossary.md and common/l10n/README.md).
 * Placeholders are `{name}`; values are inserted as text, never as markup.
 */
import { PREVIEW_CATALOG, type PreviewKey } from '../l10n/catalogs/preview';
import { translate } from '../l10n/catalog';
import { formatMessage } from '../l10n/format';
import type { PreviewLocale } from './locale';

export type StringKey = PreviewKey;

/** The preview's bundles, for the tests that hold every language to English. */
export const PREVIEW_STRINGS = PREVIEW_CATALOG;

/** Replaces `{name}` placeholders; unknown placeholders are left visible so a missing value is noticed. */
export function format(template: string, args: Record<string, string | number> = {}): string {
  return formatMessage(template, args);
}

export function t(locale: PreviewLocale, key: StringKey, args?: Record<string, string | number>): string {
  return translate(PREVIEW_CATALOG, locale, key, args);
}
