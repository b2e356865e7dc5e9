/**
 * A real Prometheus for tests and benchmarks: the OpenMetrics text is turned into TSDB blocks with
 * `promtool tsdb create-blocks-from openmetrics`, and Prometheus, started on 127.0.0.1 with that
 * directory as its storage, loads the blocks at start-up (no scraping: the config has no targets).
 * Start-up is awaited on Prometheus' own "ready" log line, never on a timer.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireOnPath } from './tools';

export interface RunningPrometheus {
  url: string;
  port: number;
  process: ChildProcess;
  /** Stops the server and waits for it to exit. */
  stop(): Promise<void>;
  /** Removes the data directory (after stop). */
  cleanup(): void;
}

/** A port free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Writes the blocks for `openMetricsText` into a new directory and returns it. */
export function buildTsdb(openMetricsText: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hpa-prometheus-'));
  const input = join(dir, 'fixture.om');
  writeFileSync(input, openMetricsText);
  const data = join(dir, 'data');
  const run = spawnSync(
    requireOnPath('promtool'),
    ['tsdb', 'create-blocks-from', 'openmetrics', '--quiet', input, data],
    {
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`promtool failed (${run.status}): ${run.stderr || run.stdout}`);
  }
  rmSync(input);
  writeFileSync(join(dir, 'prometheus.yml'), 'scrape_configs: []\n');
  return dir;
}

/** Starts Prometheus over a directory from `buildTsdb`; resolves once it serves queries. */
export async function startPrometheus(dir: string): Promise<RunningPrometheus> {
  const port = await freePort();
  const child = spawn(
    requireOnPath('prometheus'),
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      // Keep the blocks however old they are relative to the wall clock.
      '--storage.tsdb.retention.time=100y',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString('utf8');
      if (log.includes('Server is ready to receive web requests.')) {
        child.stderr?.off('data', onData);
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`prometheus exited (${code}) before it was ready:\n${log.slice(-2000)}`)),
    );
    child.once('error', reject);
  });
  child.stderr?.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    process: child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT'); // in case a test paused it
        child.kill('SIGTERM');
      }
      await exited;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
