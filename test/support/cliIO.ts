/**
 * hpa-lint run in-process over files held in memory: what the CLI tests give `main()` instead of
 * the disk. A missing file fails as Node's own read does (ENOENT), so the CLI's error path runs.
 */
import { main } from '../../server/src/cli';
import type { CliIO } from '../../server/src/cli/io';

/** An IO over `files` (by the path the CLI asks for), collecting what the CLI prints. */
export function memoryIO(files: Record<string, string>): { io: CliIO; stdout(): string; stderr(): string } {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    readFile: async (p) => {
      if (p in files) return files[p] as string;
      throw Object.assign(new Error(`ENOENT: no such file or directory, open '${p}'`), { code: 'ENOENT' });
    },
    cwd: '/virtual',
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

/** Runs `hpa-lint ARGS` over `files`; its exit code and what it printed. */
export async function runCli(args: string[], files: Record<string, string>) {
  const m = memoryIO(files);
  const code = await main(args, m.io);
  return { code, stdout: m.stdout(), stderr: m.stderr() };
}
