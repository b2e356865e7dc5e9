/**
 * The client's `t(key, { name })`: its texts in the language VS Code runs in. `vscode.env.language`
 * is read on each call rather than kept: it is fixed for the life of the extension host (VS Code
 * restarts it to change language), and reading it costs nothing.
 */
import * as vscode from 'vscode';
import type { MessageArgs } from '../../common/l10n/format';
import { clientMessage, type ClientKey } from './messages';

export function t(key: ClientKey, args?: MessageArgs): string {
  return clientMessage(vscode.env.language, key, args);
}
