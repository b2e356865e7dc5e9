/**
 * Runs the edit path (the editor's incremental text update, the file re-split against its previous
 * version, the index diff, the lint from its caches, findings to diagnostics) a few dozen times
 * while the language server starts, as lint/warmUp.ts does for the open.
 *
 * Why: the open's warm-up never takes the paths only an edit takes (a model re-used, an object
 * kept, a cache hit), so the first edits after opening a large file ran them interpreted and paid
 * V8's compiler in the middle: on the 300-app release the first seven edits took 10-25 ms where
 * later ones took 4-5 ms, and the user's first keystrokes are exactly those.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { locate } from '../lint/findingsOutput';
import { lintFile } from '../lint/lint';
import { DEFAULT_SETTINGS } from '../settings';
import { warmUpApp } from '../lint/warmUp';
import type { ParseOptions } from '../yaml/documents';
import { toDiagnostic } from './diagnostics';
import { WorkspaceSync } from './workspaceSync';

/** `rounds` edits of a maxReplicas line in a 12-app file: same-length and growing ones, alternately. */
export function warmUpEdits(options: ParseOptions, rounds = 60): void {
  const settings = { ...DEFAULT_SETTINGS, rules: {} };
  const uri = 'warm-up:///edits.yaml';
  const text = Array.from({ length: 12 }, (_, i) => warmUpApp(`warm-up-${i}`, i % 3 === 1)).join('');
  const document = TextDocument.create(uri, 'yaml', 1, text);
  const sync = new WorkspaceSync(options, () => true);
  const lines = text.split('\n');
  const target = lines.lastIndexOf('  maxReplicas: 10');
  for (let round = 0; round <= rounds; round++) {
    if (round > 0) {
      // 10 -> 11 -> 100 -> 11 ...: the line keeps its length, then grows and shrinks by a character.
      const current = document.getText({
        start: { line: target, character: 15 },
        end: { line: target + 1, character: 0 },
      });
      const value = round % 2 === 1 ? '11' : '100';
      TextDocument.update(
        document,
        [
          {
            range: {
              start: { line: target, character: 15 },
              end: { line: target, character: 15 + current.trimEnd().length },
            },
            text: value,
          },
        ],
        round + 1,
      );
    }
    sync.edited(uri, document.getText(), document.version);
    const file = sync.workspace.getFile(uri);
    if (file) locate(file, lintFile(file, sync.workspace, settings)).map(toDiagnostic);
  }
}
