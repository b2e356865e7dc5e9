// `npm run fuzz`: node scripts/fuzz.mjs [--cases N] [--seed S]. The fuzzer is TypeScript (test/fuzz/main.ts),
// run with tsx in a child so this script stays a plain entry point; its exit code is passed through.
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const child = spawn(process.execPath, ['--import', 'tsx', 'test/fuzz/main.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
child.on('exit', (code, signal) => {
  if (signal) console.error(`fuzz: ended by ${signal}`);
  process.exitCode = code ?? 1;
});
