/**
 * The bearer token for a Prometheus server, kept in VS Code's SecretStorage (the OS keychain), one
 * per server origin, so a token set for one server is never sent to another. Never in settings,
 * never written to a log or a message.
 */
import * as vscode from 'vscode';
import { displayLocale } from '../localize';
import { checkBaseUrl, prometheusText, redactUrl } from './commonImports';

/** `scheme://host:port` of a base URL: the key the token is stored under. */
export function tokenKey(url: string): string {
  const base = checkBaseUrl(url);
  const origin = /^(https?:\/\/[^/]+)/i.exec(base)?.[1] ?? base;
  return `hpa.prometheus.token:${origin.replace(/^([a-z]+:\/\/)[^@/]*@/i, '$1').toLowerCase()}`;
}

export async function readToken(secrets: vscode.SecretStorage, url: string): Promise<string | undefined> {
  const token = await secrets.get(tokenKey(url));
  return token === undefined || token === '' ? undefined : token;
}

/** Asks for the token (a password box) and stores it for the configured server. */
export async function promptAndStoreToken(secrets: vscode.SecretStorage, url: string): Promise<boolean> {
  const locale = displayLocale();
  const token = await vscode.window.showInputBox({
    prompt: prometheusText(locale, 'setToken', { url: redactUrl(url) }),
    password: true,
    ignoreFocusOut: true,
  });
  if (token === undefined) return false;
  if (token.trim() === '') await secrets.delete(tokenKey(url));
  else await secrets.store(tokenKey(url), token.trim());
  void vscode.window.showInformationMessage(
    prometheusText(locale, token.trim() === '' ? 'tokenCleared' : 'tokenStored'),
  );
  return true;
}

export async function clearToken(secrets: vscode.SecretStorage, url: string): Promise<void> {
  await secrets.delete(tokenKey(url));
  void vscode.window.showInformationMessage(prometheusText(displayLocale(), 'tokenCleared'));
}
