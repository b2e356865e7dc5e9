/**
 * The client's texts in a given display language, without `vscode`, so the unit tests read them as
 * the extension host does. The texts are common/l10n/bundles/<locale>/client.json (named `{name}`
 * placeholders, the glossary's terms), looked up by common/l10n's `translate` like every other
 * domain; esbuild inlines the bundles into dist/client.js and dist/clientBrowser.js.
 */
import { translate } from '../../common/l10n/catalog';
import { CLIENT_CATALOG, type ClientKey } from '../../common/l10n/catalogs/client';
import type { MessageArgs } from '../../common/l10n/format';
import { normalizeLocale } from '../../common/l10n/locales';

export type { ClientKey };

/**
 * The text of `key` for a display-language tag as VS Code reports it (`ja`, `zh-tw`, `en-US`):
 * the tag goes through the one normaliser, as the server does with the LSP `locale`, so the client
 * and the server never disagree about which language a tag means.
 */
export function clientMessage(language: string, key: ClientKey, args?: MessageArgs): string {
  return translate(CLIENT_CATALOG, normalizeLocale(language), key, args);
}
