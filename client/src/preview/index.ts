import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';

/** Registers the preview commands, the serializer and the editor-tracking. Placeholder until the preview issue lands. */
export function registerPreview(_context: vscode.ExtensionContext, _client: LanguageClient | undefined): void {}
