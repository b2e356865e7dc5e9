/**
 * Kustomize overlays in the language server, with the real `kubectl kustomize`: rendered in the
 * background in a trusted workspace, findings on the source line that caused them, patches checked
 * as partial objects, kustomize's errors on the kustomization. Waits on published diagnostics only.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { type PreviewModel, PreviewModelRequest, WorkspaceTrustNotification } from '../../common/protocol';
import { LspClient, REPO_ROOT, compact } from '../support/lspClient';
import { skipUnlessOnPath } from '../support/tools';

const SHOP = resolve(REPO_ROOT, 'test', 'fixtures', 'kustomize', 'shop');
const uriOf = (path: string) => pathToFileURL(join(SHOP, path)).toString();
const textOf = (path: string) => readFileSync(join(SHOP, path), 'utf8');
const has = (rule: string) => (p: PublishDiagnosticsParams) => p.diagnostics.some((d) => d.code === rule);

describe(
  'kustomize overlays in a trusted workspace',
  { skip: skipUnlessOnPath('kubectl'), timeout: 60_000 },
  () => {
    let client: LspClient;
    before(async () => {
      client = await LspClient.start({
        workspaceFolders: [SHOP],
        initializationOptions: { workspaceTrusted: true, kustomizeDelayMs: 50 },
      });
    });
    after(async () => client.stop());

    test('the replicas entry of the overlay is where a count the HPA manages is set', async () => {
      const path = 'overlays/prod/kustomization.yaml';
      const diagnostics = await client.openUntil(uriOf(path), textOf(path), has('replicas-conflict'));
      assert.deepEqual(compact(diagnostics), [['replicas-conflict', 2, 5, 4, 5, 9]]);
      // Worded for the entry, which is what the user removes (the rule's own words name the field).
      assert.equal(
        diagnostics[0]!.message,
        'The replicas entry "web" sets spec.replicas of Deployment "prod-web" to 3, which HorizontalPodAutoscaler "prod-web" manages: every apply resets it and undoes the autoscaler\u2019s choice; remove the entry from the kustomization (rendered overlay overlays/prod)',
      );
    });

    test('the quick fix removes the replicas entry, and the rendered overlay then has no conflict', async () => {
      const path = 'overlays/prod/kustomization.yaml';
      const uri = uriOf(path);
      const original = textOf(path);
      const [diagnostic] = (client.latest(uri)?.diagnostics ?? []).filter(
        (d) => d.code === 'replicas-conflict',
      );
      assert.ok(diagnostic, 'the conflict is published for the kustomization');
      const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: diagnostic.range,
        context: { diagnostics: [diagnostic], only: ['quickfix'] },
      });
      assert.deepEqual(
        actions.map((a) => a.title),
        ['Remove the replicas entry for web from this kustomization (the HPA then sets the count)'],
      );
      const edits = actions[0]!.edit?.changes?.[uri];
      assert.ok(edits, 'a plain edit of the kustomization');
      const fixed = TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, original), edits);
      assert.equal(fixed, original.replace('replicas:\n  - name: web\n    count: 3\n', ''));
      // kubectl renders the edited text (unsaved) without the count: the conflict goes.
      const rendered = client.nextDiagnostics(uri, (p) => p.version === 2 && !has('replicas-conflict')(p));
      await client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: 2 },
        contentChanges: [{ text: fixed }],
      });
      assert.deepEqual(compact((await rendered).diagnostics), []);
      // Undone, the entry's conflict is back (and the other tests see the file as written).
      const back = client.nextDiagnostics(uri, (p) => p.version === 3 && has('replicas-conflict')(p));
      await client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: 3 },
        contentChanges: [{ text: original }],
      });
      assert.deepEqual(compact((await back).diagnostics), [['replicas-conflict', 2, 5, 4, 5, 9]]);
    });

    test('a finding only the rendered overlay has is shown on the base line, naming the overlay', async () => {
      const path = 'base/hpa.yaml';
      const diagnostics = await client.openUntil(uriOf(path), textOf(path), has('missing-resource-request'));
      assert.deepEqual(compact(diagnostics), [['missing-resource-request', 2, 13, 14, 13, 17]]);
      assert.equal(
        diagnostics[0]!.message,
        'cpu utilization cannot be computed: Deployment "prod-web" has no cpu request in container "log-shipper" (missing request for cpu) (rendered overlay overlays/prod)',
      );
    });

    test('a patch: its own fields checked, no required fields', async () => {
      const path = 'overlays/prod/hpa-patch.yaml';
      const diagnostics = await client.openUntil(
        uriOf(path),
        textOf(path),
        (p) => has('period-seconds-range')(p) && !has('schema')(p),
      );
      assert.deepEqual(compact(diagnostics), [['period-seconds-range', 1, 11, 25, 11, 29]]);
    });

    test("kustomize's error is one diagnostic on the kustomization", async () => {
      const path = 'overlays/broken/kustomization.yaml';
      const diagnostics = await client.openUntil(uriOf(path), textOf(path), has('kustomize-render'));
      assert.deepEqual(compact(diagnostics), [['kustomize-render', 3, 0, 0, 0, 9]]);
      assert.match(diagnostics[0]!.message, /^kustomize could not render this overlay: .*missing\.yaml/);
    });
  },
);

describe(
  'kustomize overlays and workspace trust',
  { skip: skipUnlessOnPath('kubectl'), timeout: 60_000 },
  () => {
    test('untrusted: an information finding instead of a render, until the client reports trust', async () => {
      const client = await LspClient.start({
        workspaceFolders: [SHOP],
        initializationOptions: { workspaceTrusted: false, kustomizeDelayMs: 50 },
      });
      try {
        const path = 'overlays/prod/kustomization.yaml';
        const untrusted = await client.openUntil(uriOf(path), textOf(path), has('kustomize-unavailable'));
        assert.deepEqual(compact(untrusted), [['kustomize-unavailable', 3, 0, 0, 0, 9]]);
        assert.equal(
          untrusted[0]!.message,
          'This overlay is not rendered, so its patches are checked only one by one: trust this workspace to render it with kustomize (nothing is run in Restricted Mode)',
        );
        const rendered = client.nextDiagnostics(uriOf(path), has('replicas-conflict'));
        await client.connection.sendNotification(WorkspaceTrustNotification.method, { trusted: true });
        assert.deepEqual(compact((await rendered).diagnostics), [['replicas-conflict', 2, 5, 4, 5, 9]]);
      } finally {
        await client.stop();
      }
    });

    test('hpa.kustomize.command is the command that renders', async () => {
      const client = await LspClient.start({
        workspaceFolders: [SHOP],
        settings: { kustomize: { command: 'hpa-test-no-such-kustomize build' } },
        initializationOptions: { workspaceTrusted: true, kustomizeDelayMs: 50 },
      });
      try {
        const path = 'overlays/prod/kustomization.yaml';
        const diagnostics = await client.openUntil(uriOf(path), textOf(path), has('kustomize-render'));
        assert.deepEqual(compact(diagnostics), [['kustomize-render', 2, 0, 0, 0, 9]]);
        assert.match(diagnostics[0]!.message, /hpa-test-no-such-kustomize ENOENT/);
      } finally {
        await client.stop();
      }
    });
  },
);

describe(
  'the preview of a base HPA through an overlay',
  { skip: skipUnlessOnPath('kubectl'), timeout: 60_000 },
  () => {
    test('lists the overlays that include the file; a chosen one gives its rendered values', async () => {
      const client = await LspClient.start({
        workspaceFolders: [SHOP],
        initializationOptions: { workspaceTrusted: true, kustomizeDelayMs: 50 },
      });
      try {
        // The base HPA's rendered finding says the prod overlay has rendered.
        const path = 'base/hpa.yaml';
        await client.openUntil(uriOf(path), textOf(path), has('missing-resource-request'));
        const asWritten = await client.request<PreviewModel>(PreviewModelRequest.method, {
          uri: uriOf(path),
          line: 0,
        });
        const overlays = [
          { uri: uriOf('overlays/broken/kustomization.yaml'), label: 'overlays/broken' },
          { uri: uriOf('overlays/prod/kustomization.yaml'), label: 'overlays/prod' },
        ];
        assert.deepEqual(asWritten.overlays, overlays);
        assert.equal(asWritten.overlay, undefined);
        assert.equal(asWritten.name, 'web');
        assert.equal(asWritten.spec.minReplicas, undefined);

        const prod = await client.request<PreviewModel>(PreviewModelRequest.method, {
          uri: uriOf(path),
          line: 0,
          overlay: overlays[1]!.uri,
        });
        assert.deepEqual(
          {
            uri: prod.uri,
            name: prod.name,
            minReplicas: prod.spec.minReplicas,
            policies: prod.spec.behavior?.scaleUp?.policies,
            podRequests: prod.podRequests,
            target: prod.target,
            overlay: prod.overlay,
          },
          {
            uri: uriOf(path),
            name: 'prod-web',
            minReplicas: 2,
            policies: [{ type: 'Pods', value: 4, periodSeconds: 3600 }],
            podRequests: {},
            target: { uri: overlays[1]!.uri, kind: 'Deployment', name: 'prod-web', replicas: 3 },
            overlay: overlays[1]!.uri,
          },
        );

        const broken = await client.request<PreviewModel>(PreviewModelRequest.method, {
          uri: uriOf(path),
          line: 0,
          overlay: overlays[0]!.uri,
        });
        assert.equal(broken.overlay, undefined);
        assert.equal(broken.name, 'web');
        assert.equal(
          broken.notes.at(-1),
          'Overlay overlays/broken has no rendered objects (untrusted workspace, no kustomize, or its render still running or failed): these are the file’s own values',
        );
      } finally {
        await client.stop();
      }
    });
  },
);
