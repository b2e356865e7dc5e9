/**
 * The server's and the CLI's messages in the user's language. English is written in the code
 * (`t('… {name} …', { name })`) and is the key of common/l10n/bundles/<locale>/server.json; the
 * lookup is common/l10n's, the one the features and the preview use too. esbuild inlines the
 * bundles into dist/server.js and dist/cli.js, so any LSP client gets its language from the
 * `locale` it sends in `initialize`, without VS Code's help.
 */
import { translate } from '../../common/l10n/catalog';
import { SERVER_CATALOG } from '../../common/l10n/catalogs/server';
import type { MessageArgs } from '../../common/l10n/format';
import type { ArgsFor } from '../../common/l10n/placeholderTypes';
import { normalizeLocale, SOURCE_LOCALE, type Locale } from '../../common/l10n/locales';

let current: Locale = SOURCE_LOCALE;

/** Switches every later `t()` to this language. One process serves one user, so this is global. */
export function setLocale(requested: string | undefined | null): Locale {
  current = normalizeLocale(requested);
  return current;
}

export function currentLocale(): Locale {
  return current;
}

/**
 * The message in the current language, its `{name}` placeholders filled from `args`. The compiler
 * checks the record against the placeholders of the English text (see placeholderTypes.ts).
 */
export function t<Message extends string>(
  message: Message,
  ...args: ArgsFor<Message, string | number | boolean>
): string {
  const [record] = args as [MessageArgs | undefined];
  return translate(SERVER_CATALOG, current, message, record);
}

/** Names listed in a message, joined the language's way: `a, b` in English, `a、b` in Japanese and Chinese. */
export function listOf(items: readonly string[]): string {
  return items.join(t(', '));
}
