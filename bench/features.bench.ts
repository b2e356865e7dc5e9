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
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import { SERVER_NODE_FLAGS } from '../common/serverNodeFlags';
import { helmRelease, type BenchRow } from './lint.bench';
import { median } from './stats';

const ROOT = resolve(__dirname, '..');
const OUR_SERVER = resolve(ROOT, 'dist', 'server.js');
const YLS = resolve(ROOT, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');
const HPA_SCHEMA = pathToFileURL(
  resolve(ROOT, 'schemas', 'horizontalpodautoscaler-autoscaling-v2.json'),
).toString();

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

/** A bare LSP client over a child's stdio: open, edit, request, and wait for diagnostics. */
class Server {
  private waiter: ((uri: string) => void) | undefined;
  private constructor(
    private readonly child: ChildProcess,
    readonly rpc: MessageConnection,
  ) {}

  static async start(args: string[], config: Record<string, unknown>): Promise<Server> {
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const rpc = createMessageConnection(
      new StreamMessageReader(child.stdout!),
      new StreamMessageWriter(child.stdin!),
    );
    const server = new Server(child, rpc);
    rpc.onNotification('textDocument/publishDiagnostics', (p: { uri: string }) => server.waiter?.(p.uri));
    rpc.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) =>
      p.items.map((it) => config[it.section ?? ''] ?? null),
    );
    rpc.onRequest('client/registerCapability', () => null);
    rpc.onRequest('window/workDoneProgress/create', () => null);
    rpc.onNotification(() => undefined);
    rpc.listen();
    await rpc.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      locale: 'en',
      capabilities: {
        workspace: { configuration: true },
        textDocument: {
          publishDiagnostics: { versionSupport: true },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          completion: { completionItem: { snippetSupport: true } },
        },
      },
      workspaceFolders: null,
    });
    await rpc.sendNotification('initialized', {});
    await rpc.sendNotification('workspace/didChangeConfiguration', { settings: config });
    return server;
  }

  /** Opens the text and resolves on the first diagnostics for it. */
  async open(uri: string, text: string): Promise<void> {
    const published = new Promise<void>((done) => {
      this.waiter = (u) => {
        if (u !== uri) return;
        this.waiter = undefined;
        done();
      };
    });
    await this.rpc.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text },
    });
    await published;
  }

  async timedRequest<R>(method: string, params: unknown): Promise<{ ms: number; result: R }> {
    const start = performance.now();
    const result = (await this.rpc.sendRequest(method, params)) as R;
    return { ms: performance.now() - start, result };
  }

  async stop(): Promise<void> {
    const exited = new Promise<void>((r) => this.child.once('exit', () => r()));
    await this.rpc.sendRequest('shutdown').catch(() => undefined);
    await this.rpc.sendNotification('exit').catch(() => undefined);
    setTimeout(() => this.child.kill(), 2000).unref();
    await exited;
    this.rpc.dispose();
  }
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
  const server = await Server.start(args, config);
  try {
    const uri = `file:///bench/release-${Math.random().toString(36).slice(2)}.yaml`;
    const at = targetsIn(text);
    await server.open(uri, text);
    const textDocument = { uri };
    const first = await server.timedRequest<HoverResult | null>('textDocument/hover', {
      textDocument,
      position: at.utilization,
    });
    const hovers: number[] = [];
    for (let k = 0; k < REPEATS; k++) {
      const position = k % 2 === 0 ? at.maxReplicas : at.utilization;
      hovers.push((await server.timedRequest('textDocument/hover', { textDocument, position })).ms);
    }
    let version = 1;
    /** A one-line edit of maxReplicas, sent and not awaited beyond its write: the next request races it. */
    const edit = async (): Promise<void> => {
      version++;
      const v = at.maxReplicasValue;
      await server.rpc.sendNotification('textDocument/didChange', {
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
      const answer = await server.timedRequest<{ label: string }[] | { items: { label: string }[] } | null>(
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
      actionsAfterEdit.push((await server.timedRequest('textDocument/codeAction', codeActionParams)).ms);
    }
    const actions: number[] = [];
    for (let k = 0; k < REPEATS; k++)
      actions.push((await server.timedRequest('textDocument/codeAction', codeActionParams)).ms);
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
  const ylsConfig = {
    yaml: {
      validate: true,
      hover: true,
      completion: true,
      format: { enable: false },
      schemas: { [HPA_SCHEMA]: '*.yaml' },
    },
    http: {},
    '[yaml]': {},
    editor: {},
    files: {},
  };
  // Rounds alternate between the servers so both see the same machine load; each keeps its best round.
  const ours: FeatureTimes[] = [];
  const peer: FeatureTimes[] = [];
  for (let round = 0; round < rounds; round++) {
    ours.push(await measureServer([...SERVER_NODE_FLAGS, OUR_SERVER, '--stdio'], { hpa: {} }, text));
    peer.push(await measureServer([YLS, '--stdio'], ylsConfig, text));
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
