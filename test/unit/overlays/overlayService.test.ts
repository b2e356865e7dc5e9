/**
 * The language server's overlay checks on their own (OverlayService), with the real `kubectl
 * kustomize`: patch files are partial at once, overlays render after the pause, a render is reused
 * while its inputs' text is unchanged and redone when it changes, and nothing renders in an
 * untrusted workspace.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { nodeOverlayRenderer } from '../../../server/src/overlays/nodeOverlayRenderer';
import { OverlayService } from '../../../server/src/overlays/overlayService';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { setLocale } from '../../../server/src/localize';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';
import { FileModel } from '../../../server/src/yaml/documents';
import { filesUnder } from '../../support/fileTree';
import { skipUnlessOnPath } from '../../support/tools';

const SHOP = resolve(import.meta.dirname, '..', '..', 'fixtures', 'kustomize', 'shop');
const uriOf = (path: string) => pathToFileURL(join(SHOP, path)).toString();

function start(
  trusted: boolean,
  editPending?: () => boolean,
): {
  workspace: WorkspaceIndex;
  service: OverlayService;
  republished: Set<string>;
} {
  setLocale('en');
  const workspace = new WorkspaceIndex();
  const republished = new Set<string>();
  const service = new OverlayService({
    workspace,
    renderer: nodeOverlayRenderer(workspace),
    settings: () => DEFAULT_SETTINGS,
    trusted,
    root: pathToFileURL(SHOP).toString(),
    republish: (uris) => {
      for (const uri of uris) republished.add(uri);
    },
    delayMs: 10,
    ...(editPending ? { editPending } : {}),
  });
  for (const path of filesUnder(SHOP))
    workspace.setFile(new FileModel(pathToFileURL(path).toString(), readFileSync(path, 'utf8'), undefined));
  return { workspace, service, republished };
}

describe('OverlayService', { skip: skipUnlessOnPath('kubectl') }, () => {
  test('renders each overlay once, reuses a render while the inputs are unchanged, redoes it after a change', async () => {
    const { workspace, service, republished } = start(true);
    try {
      assert.ok(workspace.isPartial(uriOf('overlays/prod/hpa-patch.yaml')));
      assert.ok(workspace.isPartial(uriOf('overlays/prod/deployment-patch.yaml')));
      await service.idle();
      assert.equal(service.renders, 2); // prod and broken
      const hpa = uriOf('base/hpa.yaml');
      assert.deepEqual(
        service.findingsFor(hpa, []).map((f) => [f.rule, f.message]),
        [
          [
            'missing-resource-request',
            'cpu utilization cannot be computed: Deployment "prod-web" has no cpu request in container "log-shipper" (missing request for cpu) (rendered overlay overlays/prod)',
          ],
        ],
      );
      assert.ok(republished.has(hpa));
      // The same text again (a save without changes): both overlays are due, both renders reused.
      workspace.setFile(new FileModel(hpa, readFileSync(join(SHOP, 'base/hpa.yaml'), 'utf8'), undefined));
      await service.idle();
      assert.equal(service.renders, 2);
      // A changed input: both overlays include the base, both render again.
      workspace.setFile(
        new FileModel(hpa, `${readFileSync(join(SHOP, 'base/hpa.yaml'), 'utf8')}# edited\n`, undefined),
      );
      await service.idle();
      assert.equal(service.renders, 4);
      // A file outside every overlay's inputs changes nothing.
      workspace.setFile(
        new FileModel(pathToFileURL(join(SHOP, '..', 'elsewhere.yaml')).toString(), 'a: 1\n', undefined),
      );
      await service.idle();
      assert.equal(service.renders, 4);
    } finally {
      service.dispose();
    }
  });

  test('kustomize starts only on a turn with no edit waiting to be linted', async () => {
    let pending = true;
    let asked = 0;
    let askedThrice: () => void = () => undefined;
    const waited = new Promise<void>((resolve) => (askedThrice = resolve));
    const { service } = start(true, () => {
      if (++asked === 3) askedThrice();
      return pending;
    });
    try {
      await waited; // the service asked three times, on three turns of the event loop
      assert.equal(service.renders, 0);
      pending = false;
      await service.idle();
      assert.equal(service.renders, 2);
    } finally {
      service.dispose();
    }
  });

  test('an untrusted workspace renders nothing, and its patches are still partial', async () => {
    const { workspace, service } = start(false);
    try {
      await service.idle();
      assert.equal(service.renders, 0);
      assert.deepEqual(service.findingsFor(uriOf('base/hpa.yaml'), []), []);
      assert.ok(workspace.isPartial(uriOf('overlays/prod/hpa-patch.yaml')));
    } finally {
      service.dispose();
    }
  });
});
