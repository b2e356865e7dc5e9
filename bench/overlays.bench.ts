/**
 * Typing while kustomize overlays render: edit -> diagnostics of the open file in a trusted
 * workspace, where each edit of a base file sends its overlays to `kubectl kustomize` again (a
 * render is nearly always running), against the same server in an untrusted workspace (nothing
 * renders) in the same run. The edited file is a base HPA of a real tree with five overlays
 * (../shared/corpus/kustomize-real, strawer1979__DevOps-Test-Project).
 *
 * `ratio` = median ms with renders / median ms without. Aim: the median edit stays under 20 ms.
 * `overlap` counts the edits sent while a kustomize child of the server was running.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from '../test/server/lspHarness';
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

/** True when the server process has a child (the kustomize it started) at this moment. */
function rendering(pid: number): boolean {
  try {
    return readdirSync(`/proc/${pid}/task`).some(
      (task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().length > 0,
    );
  } catch {
    return false;
  }
}

async function editLatencies(
  trusted: boolean,
  edits: number,
): Promise<{ ms: number[]; overlap: number; renderedFindings: number }> {
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
    for (let i = 0; i < edits; i++) {
      // 10 -> 11 -> 10 ...: every edit changes the inputs' content, so the overlays render again.
      const replacement = i % 2 === 0 ? '11' : '10';
      if (rendering(client.process.pid!)) overlap++;
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
    // Publishes of any file that carried a rendered finding: the renders did finish meanwhile.
    const renderedFindings = [...client.published.values()]
      .flat()
      .filter((p) => p.diagnostics.some((d) => d.message.includes('rendered overlay'))).length;
    return { ms, overlap, renderedFindings };
  } finally {
    await client.stop();
  }
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
}

export async function benchOverlays(edits = 40): Promise<BenchRow[]> {
  if (!existsSync(TREE)) {
    process.stdout.write(`overlays: corpus not found at ${TREE}, skipped\n`);
    return [];
  }
  const without = await editLatencies(false, edits);
  const withRenders = await editLatencies(true, edits);
  process.stdout.write(
    `overlays: ${withRenders.overlap}/${edits} edits sent while kustomize was running; ` +
      `${withRenders.renderedFindings} publishes carried rendered findings\n`,
  );
  return [
    {
      name: 'edit -> diagnostics while overlays render (median)',
      ms: median(withRenders.ms),
      peerMs: median(without.ms),
      ratio: median(withRenders.ms) / median(without.ms),
    },
    {
      name: 'edit -> diagnostics while overlays render (p95)',
      ms: p95(withRenders.ms),
      peerMs: p95(without.ms),
      ratio: p95(withRenders.ms) / p95(without.ms),
    },
  ];
}

if (require.main === module) {
  void benchOverlays().then((rows) => {
    for (const r of rows)
      process.stdout.write(
        `${r.name.padEnd(58)} ${r.ms.toFixed(2).padStart(10)} ms   peer ${r.peerMs.toFixed(2).padStart(10)} ms   ratio ${r.ratio.toFixed(2)}\n`,
      );
  });
}
