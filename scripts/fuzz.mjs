// `npm run fuzz`: node scripts/fuzz.mjs [--cases N] [--seed S]. The fuzzer is TypeScript (test/fuzz/main.ts),
// run with tsx in a child; this script passes its exit code through and is its watchdog: the child
// reports each case as it starts, and a case that does not end within STALL_MS (a hang, e.g. an
// endless loop on some input) is named, the child stopped, and the run fails.
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';

const STALL_MS = 5 * 60 * 1000;
const root = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const child = spawn(process.execPath, ['--import', 'tsx', 'test/fuzz/main.ts', ...args], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});

let current;
let since = Date.now();
let hung = false;
child.on('message', (message) => {
  current = message;
  since = Date.now();
});
const watchdog = setInterval(() => {
  if (current === undefined || Date.now() - since < STALL_MS) return;
  hung = true;
  console.error(
    `fuzz: HANG: case #${current.index} (${current.type}: ${current.label}) ran for more than ${STALL_MS / 1000} s; ` +
      `replay with the same ${args.join(' ') || 'defaults'}`,
  );
  child.kill();
}, 5000);

child.on('exit', (code, signal) => {
  clearInterval(watchdog);
  if (signal && !hung) console.error(`fuzz: ended by ${signal}`);
  process.exitCode = hung ? 1 : (code ?? 1);
});
