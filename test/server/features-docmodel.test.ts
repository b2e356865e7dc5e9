/**
 * The language features read the model the lint keeps: the service runs in this process (its
 * connection over in-memory streams, spoken to as an editor does), so the parse counter of
 * server/src/yaml/documents.ts is visible. On the bench's 41,700-line release, hover, completion
 * and code actions after the open parse nothing; a request sent right after an edit, before the
 * coalesced re-lint ran, answers about the edited text, and the only parse is the lint's own.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type {
  CodeAction,
  CompletionItem,
  Diagnostic,
  Hover,
  MarkupContent,
  PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol';
import { helmRelease } from '../../bench/lint.bench';
import { parseCounts } from '../../server/src/yaml/documents';
import { startInProcess } from '../support/inProcessLsp';

const URI = 'file:///workspace/release.yaml';

/** The release with one app's Deployment lacking its cpu request, so a quick fix has a diagnostic. */
function release(): { text: string; lines: string[] } {
  const text = helmRelease().replace(
    '          resources:\n            requests:\n              cpu: 250m\n              memory: 256Mi\n            limits:\n              memory: 512Mi\n---\n# Source: platform/templates/hpa.yaml\napiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: app-150',
    '          resources:\n            requests:\n              memory: 256Mi\n            limits:\n              memory: 512Mi\n---\n# Source: platform/templates/hpa.yaml\napiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: app-150',
  );
  return { text, lines: text.split('\n') };
}

/** The service in this process, its client, and the diagnostics it publishes. */
interface InProcessService {
  client: MessageConnection;
  diagnosticsFor(version: number): Promise<PublishDiagnosticsParams>;
  /** Answers the service's pending `workspace/configuration` request (when started with `holdSettings`). */
  releaseSettings(): void;
  stop(): Promise<void>;
}

/**
 * Starts the service on in-memory streams. With `holdSettings` the client declares configuration
 * support and answers the settings request only on `releaseSettings()`: until then the service
 * coalesces edits without linting them (service.ts), so only a request can bring its index up to date.
 */
async function startService(holdSettings: boolean): Promise<InProcessService> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const lsp = await startInProcess({
    capabilities: {
      workspace: { configuration: holdSettings },
      textDocument: { publishDiagnostics: { versionSupport: true } },
    },
    configuration: async () => {
      await released;
      return {};
    },
  });
  return {
    client: lsp.connection,
    diagnosticsFor: (version) => lsp.nextDiagnostics(URI, (p) => p.version === version),
    releaseSettings: release,
    // A held settings request stays unanswered: answered now, the service would lint and publish
    // into streams that are closing.
    stop: () => lsp.stop(),
  };
}

let service: InProcessService;
let client: MessageConnection;

before(async () => {
  service = await startService(false);
  client = service.client;
});

after(() => service.stop());

const diagnosticsFor = (version: number): Promise<PublishDiagnosticsParams> =>
  service.diagnosticsFor(version);

function hoverText(hover: Hover | null): string {
  assert.ok(hover, 'a hover');
  return (hover.contents as MarkupContent).value;
}

test('hover, completion and code actions on a 41,700-line release read the lint model: no parse', async () => {
  const { text, lines } = release();
  const opened = diagnosticsFor(1);
  await client.sendNotification('textDocument/didOpen', {
    textDocument: { uri: URI, languageId: 'yaml', version: 1, text },
  });
  const published = await opened;
  const parsesAfterOpen = parseCounts.read;
  assert.ok(parsesAfterOpen >= 600, 'the open parsed every HPA and Deployment');

  const hpaLine = lines.indexOf(
    '  name: app-150',
    lines.indexOf('kind: HorizontalPodAutoscaler', lines.indexOf('  name: app-150')),
  );
  const utilization = lines.indexOf('          averageUtilization: 70', hpaLine);
  const hover = await client.sendRequest<Hover | null>('textDocument/hover', {
    textDocument: { uri: URI },
    position: { line: utilization, character: 31 },
  });
  assert.deepEqual(hover?.range, {
    start: { line: utilization, character: 30 },
    end: { line: utilization, character: 32 },
  });
  assert.equal(
    hoverText(hover).split('\n\n')[3],
    'desiredReplicas = ceil(currentReplicas × current utilization / 70 %)  \n' +
      'No cpu request in app-150: utilization cannot be computed, so this metric fails.',
  );
  const neighbour = lines.indexOf('          averageUtilization: 70', utilization + 1);
  assert.equal(
    hoverText(
      await client.sendRequest<Hover | null>('textDocument/hover', {
        textDocument: { uri: URI },
        position: { line: neighbour, character: 31 },
      }),
    ).split('\n\n')[3],
    'desiredReplicas = ceil(currentReplicas × current utilization / 70 %)  \n' +
      "70 % of the Pod's cpu request 250m = 175m per Pod.",
  );

  const policy = lines.indexOf('        - type: Pods', hpaLine);
  const completion = await client.sendRequest<CompletionItem[]>('textDocument/completion', {
    textDocument: { uri: URI },
    position: { line: policy, character: 16 },
  });
  assert.deepEqual(
    completion.map((c) => c.label),
    ['Pods', 'Percent'],
  );

  const missing = published.diagnostics.filter((d: Diagnostic) => d.code === 'missing-resource-request');
  assert.equal(missing.length, 1, 'once, on the HPA metric');
  const onHpa = missing.find((d) => d.range.start.line > hpaLine)!;
  const actions = await client.sendRequest<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri: URI },
    range: onHpa.range,
    context: { diagnostics: [onHpa], only: ['quickfix'] },
  });
  const requestsLine = lines.lastIndexOf('            requests:', hpaLine);
  assert.deepEqual(
    actions.map((a) => [a.title, a.edit?.changes?.[URI]]),
    [
      [
        'Add a cpu request (100m) to container app-150',
        [
          {
            range: {
              start: { line: requestsLine + 2, character: 0 },
              end: { line: requestsLine + 2, character: 0 },
            },
            newText: '              cpu: 100m\n',
          },
        ],
      ],
    ],
  );
  const refactors = await client.sendRequest<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri: URI },
    range: { start: { line: hpaLine, character: 0 }, end: { line: hpaLine, character: 0 } },
    context: { diagnostics: [] },
  });
  assert.deepEqual(refactors, [], 'the HPA has a behavior: nothing to write out');

  assert.equal(parseCounts.read, parsesAfterOpen, 'no request parsed anything');
});

test('a request sent right after an edit answers about the edited text; the lint parses the edit once', async () => {
  const { lines } = release();
  const hpaLine = lines.indexOf(
    '  name: app-150',
    lines.indexOf('kind: HorizontalPodAutoscaler', lines.indexOf('  name: app-150')),
  );
  const minLine = lines.indexOf('  minReplicas: 2', hpaLine);
  const parsesBefore = parseCounts.read;
  // `  minReplicas: 2` becomes an empty key line: completion there offers minReplicas, which the
  // old text already had (and would not offer).
  const published = diagnosticsFor(2);
  await client.sendNotification('textDocument/didChange', {
    textDocument: { uri: URI, version: 2 },
    contentChanges: [
      { range: { start: { line: minLine, character: 2 }, end: { line: minLine, character: 16 } }, text: '' },
    ],
  });
  const completion = await client.sendRequest<CompletionItem[]>('textDocument/completion', {
    textDocument: { uri: URI },
    position: { line: minLine, character: 2 },
  });
  assert.deepEqual(
    completion.map((c) => c.label),
    ['minReplicas'],
  );
  assert.equal(parseCounts.read - parsesBefore, 1, 'the edited HPA, parsed once by the lint');
  assert.equal((await published).version, 2);

  // The same for a hover: maxReplicas 10 -> 12, asked at once.
  const maxLine = minLine + 1;
  await client.sendNotification('textDocument/didChange', {
    textDocument: { uri: URI, version: 3 },
    contentChanges: [
      {
        range: { start: { line: maxLine, character: 15 }, end: { line: maxLine, character: 17 } },
        text: '12',
      },
    ],
  });
  const hover = await client.sendRequest<Hover | null>('textDocument/hover', {
    textDocument: { uri: URI },
    position: { line: maxLine, character: 4 },
  });
  assert.match(hoverText(hover), /Between 1 and 12 replicas\./);
  assert.equal(parseCounts.read - parsesBefore, 2);
});

test('before the settings arrive, a request lints the pending edits first and answers about them', async () => {
  const held = await startService(true);
  try {
    const uri = URI;
    const text = 'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nspec:\n  maxReplicas: 10\n';
    await held.client.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text },
    });
    await held.client.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [
        { range: { start: { line: 3, character: 15 }, end: { line: 3, character: 17 } }, text: '7' },
      ],
    });
    const published = held.diagnosticsFor(2);
    const hover = await held.client.sendRequest<Hover | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 3, character: 4 },
    });
    assert.match(hoverText(hover), /Between 1 and 7 replicas\./);
    assert.equal((await published).version, 2, 'indexed, linted and published for the answer');
  } finally {
    await held.stop();
  }
});
