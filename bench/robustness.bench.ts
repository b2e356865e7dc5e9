/**
 * What hostile inputs cost, each against a peer measured in the same run: the server pipeline
 * (index + lint + locate, test/fuzz/inProcess.ts) on the input, against yaml's parseAllDocuments
 * of the same text (the floor any YAML tool pays). The huge file is compared with one split of its
 * lines, since the size guard should cost less than reading the text once. RSS growth is printed
 * as process.memoryUsage().rss deltas. Run: node --import tsx bench/robustness.bench.ts
 */
import { parseAllDocuments } from 'yaml';
import { aliasBomb, deepFlowMaps, deepFlowSequences, hugeFile, manyDocuments } from '../test/fuzz/bigInputs';
import { HUGE_FILE_BYTES } from '../test/fuzz/cases';
import { InProcessServer } from '../test/fuzz/inProcess';

export interface Row {
  name: string;
  ms: number;
  peerMs: number;
  ratio: number;
  peer?: string;
}

/** Best of `runs`: the least disturbed by the other processes on the machine. */
function best(runs: number, work: () => void): number {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    min = Math.min(min, performance.now() - started);
  }
  return min;
}

export async function benchRobustness(): Promise<Row[]> {
  const rows: Row[] = [];
  const inputs: [string, string, number][] = [
    ['alias bomb (9^9 when expanded)', aliasBomb(), 5],
    ['10,000 nested flow sequences', deepFlowSequences(10_000), 3],
    ['10,000 nested flow maps', deepFlowMaps(10_000), 3],
    ['10,000 documents in one file', manyDocuments(10_000), 1],
  ];
  new InProcessServer().lint(
    'file:///warm.yaml',
    'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nspec: {maxReplicas: 1}\n',
  );
  for (const [name, text, runs] of inputs) {
    let n = 0;
    const rssBefore = process.memoryUsage().rss;
    // A fresh server per run: an unchanged text would otherwise be answered from the caches.
    const ms = best(runs, () => void new InProcessServer().lint(`file:///bench/${n++}.yaml`, text));
    const rssGrowthMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
    const peerMs = best(runs, () => void parseAllDocuments(text));
    rows.push({
      name: `${name}: pipeline (rss ${rssGrowthMb >= 0 ? '+' : ''}${rssGrowthMb.toFixed(0)} MB)`,
      ms,
      peerMs,
      ratio: ms / peerMs,
      peer: 'parseAllDocuments',
    });
  }
  const huge = hugeFile(HUGE_FILE_BYTES);
  const ms = best(5, () => void new InProcessServer().lint('file:///bench/huge.yaml', huge));
  const peerMs = best(5, () => void huge.split('\n').length);
  rows.push({
    name: `${(huge.length / 2 ** 20).toFixed(0)} MB file: size guard`,
    ms,
    peerMs,
    ratio: ms / peerMs,
    peer: 'one line split',
  });
  return rows;
}

if (require.main === module) {
  benchRobustness().then(
    (rows) => {
      for (const r of rows) {
        process.stdout.write(
          `${r.name.padEnd(60)} ${r.ms.toFixed(2).padStart(10)} ms   ${r.peer ?? 'peer'} ${r.peerMs.toFixed(2).padStart(10)} ms   ratio ${r.ratio.toFixed(3)}\n`,
        );
      }
    },
    (err: unknown) => {
      process.stderr.write(
        `bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
      process.exitCode = 1;
    },
  );
}
