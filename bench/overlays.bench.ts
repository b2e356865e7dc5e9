/**
 * Typing while kustomize overlays render: edit -> diagnostics of the open file in a trusted
 * workspace, where each edit of a base file sends its overlays to `kubectl kustomize` again (a
 * render is nearly always running), against the same server in an untrusted workspace (nothing
 * renders): the peer. The edited file is a base HPA of a real tree with five overlays
 * (../shared/corpus/kustomize-real, strawer1979__DevOps-Test-Project).
 *
 * The machine is shared, so its load moves during a run: the two servers take turns, several
 * rounds, each round in the other order (untrusted first, then trusted first), and each round's
 * load (`uptime`'s one-minute average) is printed with its figures. Rows: median, p95 and max of
 * all rounds' edits, with renders against without. Aim: every edit under 20 ms while overlays
 * render; the tail is what a render could add, so p95 and max are the figures to watch.
 * `overlap` counts the edits sent while a kustomize started by the server was running. The last two
 * rows are the server main thread's CPU time and run-queue wait per edit (from /proc), with renders
 * against without: what rendering adds to the thread that answers edits, which the load blurs less.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from '../test/support/lspClient';
import type { BenchRow } from './lint.bench';
import { median } from './stats';

const TREE = resolve(
  __dirname,
  '..',
  '..',
  'shared',
  'corpus',
  'kustomize-real',
  'strawer1979__DevOps-Test-Project',
  'k8s',
);
const EDITED = join(TREE, 'base', 'api', 'hpa.yaml');

/** The processes `pid` started, and theirs. */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (listed) children = children.concat(listed.split(/\s+/).map(Number));
    }
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/**
 * True when a kustomize started by the server is running at this moment: a process below it that
 * is not Node (the server starts kustomize through a Node launcher process of its own).
 */
function rendering(pid: number): boolean {
  return descendants(pid).some((child) => {
    try {
      return readFileSync(`/proc/${child}/comm`, 'utf8').trim() !== 'node';
    } catch {
      return false;
    }
  });
}

/**
 * What the server's main thread (the one that answers edits) has spent, in ms: CPU time, the work a
 * render adds to that thread whatever the load does to wall-clock figures (Linux counts it in ticks
 * of 10 ms), and time runnable but waiting for a core (schedstat, in ns), which background
 * processes add to when they do not give way.
 */
function mainThreadMs(pid: number): { cpu: number; wait: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const schedstat = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ');
    return { cpu: (Number(fields[11]) + Number(fields[12])) * 10, wait: Number(schedstat[1]) / 1e6 };
  } catch {
    return { cpu: NaN, wait: NaN };
  }
}

async function editLatencies(
  trusted: boolean,
  edits: number,
): Promise<{ ms: number[]; overlap: number; renderedFindings: number; main: { cpu: number; wait: number } }> {
  const client = await LspClient.start({
    workspaceFolders: [TREE],
    initializationOptions: { workspaceTrusted: trusted, kustomizeDelayMs: 0 },
  });
  try {
    const uri = pathToFileURL(EDITED).toString();
    const text = readFileSync(EDITED, 'utf8');
    const line = text.split('\n').findIndex((l) => l.includes('maxReplicas:'));
    const at = text.split('\n')[line]!.indexOf(':') + 2;
    await client.open(uri, text);
    const ms: number[] = [];
    let overlap = 0;
    const before = mainThreadMs(client.pid!);
    for (let i = 0; i < edits; i++) {
      // 10 -> 11 -> 10 ...: every edit changes the inputs' content, so the overlays render again.
      const replacement = i % 2 === 0 ? '11' : '10';
      if (rendering(client.pid!)) overlap++;
      const started = performance.now();
      await client.change(uri, i + 2, [
        { range: { start: { line, character: at }, end: { line, character: at + 2 } }, text: replacement },
      ]);
      ms.push(performance.now() - started);
      // HPA_BENCH_DUMP=1 prints every edit's time (T trusted, U untrusted): where the tail comes from.
      if (process.env.HPA_BENCH_DUMP)
        process.stdout.write(`${trusted ? 'T' : 'U'}${i}:${ms.at(-1)!.toFixed(0)} `);
      // Let a render get going before the next keystroke, as a typist's pauses would.
      await new Promise((r) => setTimeout(r, 60));
    }
    const after = mainThreadMs(client.pid!);
    const main = { cpu: after.cpu - before.cpu, wait: after.wait - before.wait };
    // Publishes of any file that carried a rendered finding: the renders did finish meanwhile.
    const renderedFindings = [...client.published.values()]
      .flat()
      .filter((p) => p.diagnostics.some((d) => d.message.includes('rendered overlay'))).length;
    return { ms, overlap, renderedFindings, main };
  } finally {
    await client.stop();
  }
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
}

/** Each round's edits per server; HPA_BENCH_EDITS and HPA_BENCH_ROUNDS change the defaults. */
const EDITS = Number(process.env.HPA_BENCH_EDITS) || 40;
const ROUNDS = Number(process.env.HPA_BENCH_ROUNDS) || 4;

function figures(ms: readonly number[]): string {
  return `median ${median(ms).toFixed(1)} p95 ${p95([...ms]).toFixed(1)} max ${Math.max(...ms).toFixed(1)} ms`;
}

export async function benchOverlays(edits = EDITS, rounds = ROUNDS): Promise<BenchRow[]> {
  if (!existsSync(TREE)) {
    process.stdout.write(`overlays: corpus not found at ${TREE}, skipped\n`);
    return [];
  }
  const withRenders: number[] = [];
  const without: number[] = [];
  let overlap = 0;
  let renderedFindings = 0;
  const mainCpu = new Map<boolean, number>([
    [true, 0],
    [false, 0],
  ]);
  const mainWait = new Map<boolean, number>([
    [true, 0],
    [false, 0],
  ]);
  for (let round = 0; round < rounds; round++) {
    const load = loadavg()[0]!;
    const order = round % 2 === 0 ? [false, true] : [true, false];
    const byMode = new Map<boolean, number[]>();
    for (const trusted of order) {
      const result = await editLatencies(trusted, edits);
      byMode.set(trusted, result.ms);
      mainCpu.set(trusted, mainCpu.get(trusted)! + result.main.cpu);
      mainWait.set(trusted, mainWait.get(trusted)! + result.main.wait);
      (trusted ? withRenders : without).push(...result.ms);
      if (trusted) {
        overlap += result.overlap;
        renderedFindings += result.renderedFindings;
      }
    }
    process.stdout.write(
      `overlays round ${round + 1} (load ${load.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)}): ` +
        `renders ${figures(byMode.get(true)!)}; none ${figures(byMode.get(false)!)}\n`,
    );
  }
  process.stdout.write(
    `overlays: ${overlap}/${edits * rounds} edits sent while kustomize was running; ` +
      `${renderedFindings} publishes carried rendered findings\n`,
  );
  const perEdit = (trusted: boolean) => mainCpu.get(trusted)! / (edits * rounds);
  const waitPerEdit = (trusted: boolean) => mainWait.get(trusted)! / (edits * rounds);
  const row = (name: string, stat: (ms: number[]) => number): BenchRow => ({
    name: `edit -> diagnostics while overlays render (${name})`,
    ms: stat(withRenders),
    peerMs: stat(without),
    ratio: stat(withRenders) / stat(without),
  });
  return [
    row('median', median),
    row('p95', p95),
    row('max', (ms) => Math.max(...ms)),
    {
      name: 'main-thread CPU per edit while overlays render',
      ms: perEdit(true),
      peerMs: perEdit(false),
      ratio: perEdit(true) / perEdit(false),
    },
    {
      name: 'main-thread run-queue wait per edit while overlays render',
      ms: waitPerEdit(true),
      peerMs: waitPerEdit(false),
      ratio: waitPerEdit(true) / waitPerEdit(false),
    },
  ];
}
if (require.main === module) {
  void benchOverlays().then((rows) => {
    for (const r of rows)
      process.stdout.write(
        `${r.name.padEnd(60)} ${r.ms.toFixed(2).padStart(10)} ms   peer ${r.peerMs.toFixed(2).padStart(10)} ms   ratio ${r.ratio.toFixed(2)}\n`,
      );
  });
}
