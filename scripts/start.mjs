// `npm start`: lint the bundled examples, then simulate one of them, as a new user would try it.
// examples/broken-hpa.yaml is broken on purpose, so lint's exit code 1 (errors found) is expected here;
// only a usage or I/O failure (exit 2) or a failed simulation fails the command.
import { spawnSync } from 'node:child_process';

function run(args) {
  process.stdout.write(`\n$ hpa-lint ${args.join(' ')}\n`);
  return spawnSync(process.execPath, ['dist/cli.js', ...args], { stdio: 'inherit' }).status;
}

const lint = run(['examples/']);
if (lint !== 0 && lint !== 1) process.exit(lint ?? 2);
const sim = run(['simulate', 'examples/web-hpa.yaml', '--profile', 'burst']);
process.exit(sim ?? 2);
