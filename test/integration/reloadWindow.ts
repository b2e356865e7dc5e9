// "Developer: Reload Window" inside the suite. The reload ends the extension host that runs mocha, so
// the run is split in two: the first part runs every suite, ends with a preview open, writes what it
// has so far next to the results and reloads the window; VS Code then starts the test entry again
// (the test parameters belong to the window: the payload in the web workbench's URL, the launch
// arguments on the desktop), and the second part sees the note, checks the restored preview and
// writes the results of both parts.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { resultsPath, type TestOutcome } from './results';

/** A note older than this is from an interrupted run, not from the reload just before. */
const NOTE_MAX_AGE_MS = 5 * 60_000;

interface ReloadNote {
  writtenAt: number;
  tests: TestOutcome[];
}

function notePath(): string {
  return `${resultsPath()}.before-reload.json`;
}

/** The outcomes of the first part when this run comes right after its reload; undefined otherwise. */
export function takeReloadNote(): TestOutcome[] | undefined {
  const path = notePath();
  if (!existsSync(path)) return undefined;
  let note: ReloadNote | undefined;
  try {
    note = JSON.parse(readFileSync(path, 'utf8')) as ReloadNote;
  } catch {
    note = undefined;
  }
  rmSync(path, { force: true });
  if (!note || !Array.isArray(note.tests) || Date.now() - note.writtenAt > NOTE_MAX_AGE_MS) return undefined;
  return note.tests;
}

/** Writes the first part's outcomes and reloads the window; the test entry runs again afterwards. */
export async function reloadWindowAndContinue(tests: TestOutcome[]): Promise<void> {
  const note: ReloadNote = { writtenAt: Date.now(), tests };
  writeFileSync(notePath(), JSON.stringify(note));
  await vscode.commands.executeCommand('workbench.action.reloadWindow');
}
