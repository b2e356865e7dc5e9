// The two helpers every e2e script uses: one progress-line format, and child processes whose output
// is shown only when they fail. npm gets retries because the registry occasionally drops a connection.
import { spawn } from 'node:child_process';

/** Prints one progress line; the e2e runners share the prefix so their output reads as one log. */
export function log(message) {
  console.log(`[e2e] ${message}`);
}

/**
 * Runs a command and resolves when it exits with 0. Its output is kept and shown only on failure, so
 * a working install prints progress lines instead of npm's chatter.
 */
export function run(command, args, { cwd, env, quiet = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(output);
      else {
        const tail = output.split('\n').slice(-40).join('\n');
        reject(
          new Error(
            `${command} ${args.join(' ')} (in ${cwd ?? process.cwd()}) ended with ${signal ?? code}\n${tail}`,
          ),
        );
      }
    });
  });
}

/** npm occasionally drops a connection to the registry; one more attempt is cheaper than a failed run. */
export async function npm(args, cwd, step, env) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run('npm', args, { cwd, env });
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`${step}: attempt ${attempt} failed, retrying (${String(error.message).split('\n')[0]})`);
    }
  }
}
