/**
 * hpa-lint run in-process over a folder tree written to a fresh temporary folder: what the tests of
 * layouts (kustomize trees, folders side by side) give the CLI, which renders overlays from disk.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { main } from '../../server/src/cli';
import type { CliIO } from '../../server/src/cli/io';

/** One finding of `--format json`, with the file it is in (relative to the tree). */
export interface TreeFinding {
  file: string;
  rule: string;
  severity: string;
  line: number;
  character: number;
  message: string;
}

/** Writes `files` (path -> text) to a fresh folder, runs `hpa-lint --format json ARGS .` there, removes the folder. */
export async function lintTree(files: Record<string, string>, args: string[] = []): Promise<TreeFinding[]> {
  const dir = await mkdtemp(join(tmpdir(), 'hpa-tree-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), text);
    }
    let stdout = '';
    const io: CliIO = {
      stdout: (t) => void (stdout += t),
      stderr: () => undefined,
      readFile: (p) => readFile(p, 'utf8'),
      cwd: dir,
    };
    await main(['--locale', 'en', '--format', 'json', ...args, '.'], io);
    const results = JSON.parse(stdout) as {
      file: string;
      diagnostics: {
        rule: string;
        severity: string;
        range: { start: { line: number; character: number } };
        message: string;
      }[];
    }[];
    return results.flatMap((f) =>
      f.diagnostics.map((d) => ({
        file: f.file,
        rule: d.rule,
        severity: d.severity,
        line: d.range.start.line,
        character: d.range.start.character,
        message: d.message,
      })),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
