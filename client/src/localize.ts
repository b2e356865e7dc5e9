/**
 * The client's one reading of the language VS Code runs in, and its `t(key, { name })` in that
 * language. `vscode.env.language` is read on each call rather than kept: it is fixed for the life
 * of the extension host (VS Code restarts it to change language), and reading it costs nothing.
 */
import * as vscode from 'vscode';
import type { MessageArgs } from '../../common/l10n/format';
import { normalizeLocale, type Locale } from '../../common/l10n/locales';
import { clientMessage, type ClientKey } from './messages';

/** VS Code's display language as one of ours, through the normaliser the server uses on the LSP `locale`. */
export function displayLocale(): Locale {
  return normalizeLocale(vscode.env.language);
}

export function t(key: ClientKey, args?: MessageArgs): string {
  return clientMessage(vscode.env.language, key, args);
}
