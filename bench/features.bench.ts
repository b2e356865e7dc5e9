/**
 * Hover, completion and code-action latency on the rendered Helm release of lint.bench.ts (41,700
 * lines), against yaml-language-server answering the same requests on the same file in the same run
 * (its hover and completion from schemas/' HPA schema). Each figure is a request's round trip over
 * stdio as an editor sends it:
 *   - the first hover after the open's diagnostics (what a user does first);
 *   - a hover again at the same version (median);
 *   - completion sent right after a one-line edit, without waiting for diagnostics (median): the
 *     answer must be about the edited text, so the edit's work is part of it;
 *   - code actions for the cursor's line right after an edit, and again at the same version (medians).
 * `ratio` = ms / peerMs. `node --import tsx bench/features.bench.ts` prints the rows.
 */
import { existsSync } from 'node:fs';
import { SERVER_NODE_FLAGS } from '../common/serverNodeFlags';
import { helmRelease, type BenchRow } from './lint.bench';
import { median } from './stats';
import { OUR_SERVER, startMeasured, timedRequest, YLS, ylsConfig } from './servers';

const REPEATS = 7;

interface Position {
  line: number;
  character: number;
}

/** Where the requests go: the HPA of an app past the middle of the release. */
interface Targets {
  /** On `maxReplicas` (the key): the hover explains the range and the ramp times. */
  maxReplicas: Position;
  /** The value of `maxReplicas`, which the edits change. */
  maxReplicasValue: { line: number; from: number; to: number };
  /** On `averageUtilization`'s value: the hover resolves the Deployment and sums its requests. */
  utilization: Position;
  /** After `- type: ` in the scale-down policy: completion offers Pods and Percent. */
  policyType: Position;
}

function targetsIn(text: string): Targets {
  const lines = text.split('\n');
  const max = lines.findIndex((l, i) => i > lines.length / 2 && l === '  maxReplicas: 10');
  const find = (from: number, line: string): number => {
    const at = lines.indexOf(line, from);
    if (at < 0) throw new Error(`the release has no line ${JSON.stringify(line)} after ${from}`);
    return at;
  };
  const utilization = find(max, '          averageUtilization: 70');
  const policy = find(max, '        - type: Pods');
  return {
    maxReplicas: { line: max, character: 4 },
    maxReplicasValue: { line: max, from: 15, to: 17 },
    utilization: { line: utilization, character: 31 },
    policyType: { line: policy, character: 16 },
  };
}

interface FeatureTimes {
  firstHoverMs: number;
  hoverMs: number;
  completionAfterEditMs: number;
  codeActionAfterEditMs: number;
  codeActionMs: number;
  /** What the answers held, to show both servers really answered. */
  hoverChars: number;
  completionLabels: string[];
}

interface HoverResult {
  contents: { value: string } | string;
}

function hoverText(result: HoverResult | null): string {
  if (!result) return '';
  return typeof result.contents === 'string' ? result.contents : result.contents.value;
}

async function measureServer(
  args: string[],
  config: Record<string, unknown>,
  text: string,
): Promise<FeatureTimes> {
  const server = await startMeasured(args, config);
  try {
    const uri = `file:///bench/release-${Math.random().toString(36).slice(2)}.yaml`;
    const at = targetsIn(text);
    await server.openUntil(uri, text, () => true);
    const textDocument = { uri };
    const first = await timedRequest<HoverResult | null>(server, 'textDocument/hover', {
      textDocument,
      position: at.utilization,
    });
    const hovers: number[] = [];
    for (let k = 0; k < REPEATS; k++) {
      const position = k % 2 === 0 ? at.maxReplicas : at.utilization;
      hovers.push((await timedRequest(server, 'textDocument/hover', { textDocument, position })).ms);
    }
    let version = 1;
    /** A one-line edit of maxReplicas, sent and not awaited beyond its write: the next request races it. */
    const edit = async (): Promise<void> => {
      version++;
      const v = at.maxReplicasValue;
      await server.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [
          {
            range: { start: { line: v.line, character: v.from }, end: { line: v.line, character: v.to } },
            text: String(11 + (version % 2)),
          },
        ],
      });
    };
    const completions: number[] = [];
    let labels: string[] = [];
    for (let k = 0; k < REPEATS; k++) {
      await edit();
      const answer = await timedRequest<{ label: string }[] | { items: { label: string }[] } | null>(
        server,
        'textDocument/completion',
        { textDocument, position: at.policyType },
      );
      completions.push(answer.ms);
      const items = Array.isArray(answer.result) ? answer.result : (answer.result?.items ?? []);
      labels = items.map((i) => i.label);
    }
    const codeActionParams = {
      textDocument,
      range: { start: at.maxReplicas, end: at.maxReplicas },
      context: { diagnostics: [] },
    };
    const actionsAfterEdit: number[] = [];
    for (let k = 0; k < REPEATS; k++) {
      await edit();
      actionsAfterEdit.push((await timedRequest(server, 'textDocument/codeAction', codeActionParams)).ms);
    }
    const actions: number[] = [];
    for (let k = 0; k < REPEATS; k++)
      actions.push((await timedRequest(server, 'textDocument/codeAction', codeActionParams)).ms);
    return {
      firstHoverMs: first.ms,
      hoverMs: median(hovers),
      completionAfterEditMs: median(completions),
      codeActionAfterEditMs: median(actionsAfterEdit),
      codeActionMs: median(actions),
      hoverChars: hoverText(first.result).length,
      completionLabels: labels,
    };
  } finally {
    await server.stop();
  }
}

/** What each server answered in the last run, to show both did the work being timed. */
export let lastAnswers:
  | {
      ours: Pick<FeatureTimes, 'hoverChars' | 'completionLabels'>;
      peer: Pick<FeatureTimes, 'hoverChars' | 'completionLabels'>;
    }
  | undefined;

export async function benchFeatures(rounds = 2): Promise<BenchRow[]> {
  if (!existsSync(OUR_SERVER))
    throw new Error('dist/server.js is missing: run `node scripts/build.mjs` first');
  const text = helmRelease();
  const ylsSettings = ylsConfig({ hover: true, completion: true });
  // Rounds alternate between the servers so both see the same machine load; each keeps its best round.
  const ours: FeatureTimes[] = [];
  const peer: FeatureTimes[] = [];
  for (let round = 0; round < rounds; round++) {
    ours.push(await measureServer([...SERVER_NODE_FLAGS, OUR_SERVER, '--stdio'], { hpa: {} }, text));
    peer.push(await measureServer([YLS, '--stdio'], ylsSettings, text));
  }
  const best = (list: FeatureTimes[], key: keyof FeatureTimes): number =>
    Math.min(...list.map((t) => t[key] as number));
  lastAnswers = { ours: ours[0]!, peer: peer[0]! };
  const lines = text.split('\n').length;
  const row = (name: string, key: keyof FeatureTimes): BenchRow => {
    const ms = best(ours, key);
    const peerMs = best(peer, key);
    return { name, ms, peerMs, ratio: ms / peerMs };
  };
  return [
    row(`first hover after open, ${lines} lines (peer: yaml-language-server)`, 'firstHoverMs'),
    row('hover, same version (peer: yaml-language-server)', 'hoverMs'),
    row('completion right after a one-line edit (peer: yaml-language-server)', 'completionAfterEditMs'),
    row('code actions right after a one-line edit (peer: yaml-language-server)', 'codeActionAfterEditMs'),
    row('code actions, same version (peer: yaml-language-server)', 'codeActionMs'),
  ];
}

if (require.main === module) {
  void benchFeatures().then((rows) => {
    for (const r of rows)
      console.log(
        `${r.name.padEnd(72)} ${r.ms.toFixed(1).padStart(8)} ms  peer ${r.peerMs.toFixed(1).padStart(8)} ms  ratio ${r.ratio.toFixed(3)}`,
      );
    console.log(
      `answers: ours hover ${lastAnswers?.ours.hoverChars} chars, completion [${lastAnswers?.ours.completionLabels.join(', ')}]; ` +
        `yaml-language-server hover ${lastAnswers?.peer.hoverChars} chars, completion [${lastAnswers?.peer.completionLabels.join(', ')}]`,
    );
  });
}
