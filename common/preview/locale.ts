/**
 * The preview's names for the one locale list and normaliser of common/l10n, kept so the panel's
 * modules read as before.
 */
export type { Locale as PreviewLocale } from '../l10n/locales';
export { normalizeLocale } from '../l10n/locales';
