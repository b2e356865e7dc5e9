/**
 * Overlays rendered with the editor's unsaved text, with the real `kubectl kustomize`: the render
 * comes from a private copy of the input folders (generator files included) with the buffers
 * written in, its annotations and messages name the real files, the copy is bounded and always
 * removed, and nothing is copied when nothing is unsaved. Then the language server's service: an
 * unsaved edit in a patch and in a base shows its overlay finding on the real line before any save,
 * and the finding goes when the edit is undone.
 */
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { nodeOverlayRenderer } from '../../../server/src/overlays/nodeOverlayRenderer';
import { OverlayService } from '../../../server/src/overlays/overlayService';
import { renderOverlay } from '../../../server/src/overlays/render';
import { createRenderMirror } from '../../../server/src/overlays/renderMirror';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { setLocale } from '../../../server/src/localize';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';
import { FileModel } from '../../../server/src/yaml/documents';
import { filesUnder, textsUnder } from '../../support/fileTree';
import { skipUnlessOnPath } from '../../support/tools';

const TREE = resolve(import.meta.dirname, '..', '..', 'fixtures', 'kustomize', 'unsaved');
const PROD = posix.join(TREE, 'overlays', 'prod');
const INPUT_DIRS = [PROD, posix.join(TREE, 'base')];
const KUBECTL = { argv: ['kubectl', 'kustomize'], label: 'kubectl kustomize' };
const pathOf = (relative: string) => posix.join(TREE, relative);
const uriOf = (relative: string) => pathToFileURL(pathOf(relative)).toString();
const diskText = (relative: string) => readFileSync(pathOf(relative), 'utf8');

/** The fixture's files as they are on disk, to check that nothing was written to them. */
function snapshot(): Map<string, string> {
  return textsUnder(TREE);
}

/** A temporary folder of the test's own, so what a render leaves there is visible. */
function ownTempDir(): string {
  return mkdtempSync(join(tmpdir(), 'hpa-unsaved-test-'));
}

describe('the copy of the input folders', () => {
  let scratch: string;
  before(() => {
    scratch = ownTempDir();
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test('keeps the folders where they stand to one another, follows links, leaves out version control and packages', async () => {
    const tree = join(scratch, 'tree');
    mkdirSync(join(tree, 'app', 'overlay', '.git'), { recursive: true });
    mkdirSync(join(tree, 'app', 'overlay', 'node_modules', 'x'), { recursive: true });
    mkdirSync(join(tree, 'app', 'base', 'files'), { recursive: true });
    writeFileSync(join(tree, 'app', 'overlay', 'kustomization.yaml'), 'resources: [../base]\n');
    writeFileSync(join(tree, 'app', 'overlay', '.git', 'HEAD'), 'ref\n');
    writeFileSync(join(tree, 'app', 'overlay', 'node_modules', 'x', 'a.yaml'), 'a: 1\n');
    writeFileSync(join(tree, 'app', 'base', 'files', '.env'), 'A=1\n');
    writeFileSync(join(tree, 'shared.properties'), 'b=2\n');
    symlinkSync(join(tree, 'shared.properties'), join(tree, 'app', 'base', 'linked.properties'));
    const unsaved = new Map([
      [posix.join(tree, 'app', 'overlay', 'kustomization.yaml'), 'resources: [../base, new.yaml]\n'],
      [posix.join(tree, 'app', 'overlay', 'new.yaml'), 'kind: ConfigMap\n'],
      [posix.join(tree, 'elsewhere.yaml'), 'not an input\n'],
    ]);
    const made = await createRenderMirror(
      [
        posix.join(tree, 'app', 'overlay'),
        posix.join(tree, 'app', 'base'),
        posix.join(tree, 'app', 'base', 'files'),
      ],
      unsaved,
      undefined,
      scratch,
    );
    assert.ok(made.ok);
    const mirror = made.mirror;
    assert.equal(mirror.realRoot, posix.join(tree, 'app'));
    const copied = filesUnder(mirror.dir)
      .map((path) => posix.relative(mirror.dir, path))
      .sort();
    assert.deepEqual(copied, [
      'base/files/.env',
      'base/linked.properties',
      'overlay/kustomization.yaml',
      'overlay/new.yaml',
    ]);
    assert.equal(
      readFileSync(join(mirror.dir, 'overlay', 'kustomization.yaml'), 'utf8'),
      'resources: [../base, new.yaml]\n',
    );
    assert.equal(readFileSync(join(mirror.dir, 'base', 'linked.properties'), 'utf8'), 'b=2\n');
    assert.equal(
      readFileSync(join(tree, 'app', 'overlay', 'kustomization.yaml'), 'utf8'),
      'resources: [../base]\n',
    );
    assert.equal(
      mirror.realPaths(`open ${mirror.dir}/overlay/x.yaml: no such file; in ${mirror.dir}`),
      `open ${tree}/app/overlay/x.yaml: no such file; in ${tree}/app`,
    );
    await mirror.dispose();
    assert.equal(existsSync(mirror.dir), false);
  });

  test('a tree over the limits gets no copy, and nothing is left behind', async () => {
    const made = await createRenderMirror(
      INPUT_DIRS,
      new Map(),
      { maxFiles: 3, maxBytes: 1_000_000 },
      scratch,
    );
    assert.deepEqual(made, {
      ok: false,
      reason: 'the input folders hold more than 3 files or 1000000 bytes',
    });
    assert.deepEqual(readdirSync(scratch), ['tree']);
  });
});

describe('rendering unsaved inputs with the real kustomize', { skip: skipUnlessOnPath('kubectl') }, () => {
  let scratch: string;
  before(() => {
    scratch = ownTempDir();
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test("renders the editor's text, and the annotations' paths lead to the real files", async () => {
    const before = snapshot();
    const patch = diskText('overlays/prod/hpa-patch.yaml').replace(
      'periodSeconds: 60',
      'periodSeconds: 3600',
    );
    const result = await renderOverlay(KUBECTL, PROD, 20_000, {
      unsaved: { inputDirs: INPUT_DIRS, texts: new Map([[pathOf('overlays/prod/hpa-patch.yaml'), patch]]) },
      tempDir: scratch,
    });
    assert.ok(result.ok, result.ok ? '' : result.message);
    assert.match(result.yaml, /periodSeconds: 3600/);
    // The generator's file was copied too: its ConfigMap is there.
    assert.match(result.yaml, /app\.properties: \|\n {4}log\.level=info/);
    const origins = [...result.yaml.matchAll(/config\.kubernetes\.io\/origin: \|\n\s+path: (\S+)/g)].map(
      (m) => posix.join(result.baseDir, m[1]!),
    );
    assert.deepEqual(origins.sort(), [pathOf('base/deployment.yaml'), pathOf('base/hpa.yaml')]);
    const patchedBy = [...result.yaml.matchAll(/configuredIn: (\S+)/g)].map((m) =>
      posix.join(result.baseDir, m[1]!),
    );
    assert.ok(patchedBy.length > 0);
    assert.deepEqual([...new Set(patchedBy)], [pathOf('overlays/prod/kustomization.yaml')]);
    assert.deepEqual(snapshot(), before);
    assert.deepEqual(readdirSync(scratch), []);
  });

  test("kustomize's message names the real files, not the copy", async () => {
    const kustomization = diskText('overlays/prod/kustomization.yaml').replace(
      'resources:\n  - ../../base\n',
      'resources:\n  - ../../base\n  - missing.yaml\n',
    );
    const result = await renderOverlay(KUBECTL, PROD, 20_000, {
      unsaved: {
        inputDirs: INPUT_DIRS,
        texts: new Map([[pathOf('overlays/prod/kustomization.yaml'), kustomization]]),
      },
      tempDir: scratch,
    });
    assert.equal(result.ok, false);
    const message = result.ok ? '' : result.message;
    assert.ok(message.includes(`${PROD}/missing.yaml`), message);
    assert.ok(!message.includes(scratch), message);
    assert.deepEqual(readdirSync(scratch), []);
  });

  test('nothing unsaved: rendered where it is, without a copy', async () => {
    const result = await renderOverlay(KUBECTL, PROD, 20_000, {
      unsaved: { inputDirs: INPUT_DIRS, texts: new Map() },
      tempDir: scratch,
    });
    assert.ok(result.ok);
    // The wrapper stood in the temporary folder, not in a copy standing for the real tree.
    assert.ok(result.baseDir.startsWith(`${scratch.split('\\').join('/')}/hpa-kustomize-`), result.baseDir);
    assert.match(result.yaml, /periodSeconds: 60/);
  });

  test('a tree over the copy limits renders as saved', async () => {
    const patch = diskText('overlays/prod/hpa-patch.yaml').replace(
      'periodSeconds: 60',
      'periodSeconds: 3600',
    );
    const result = await renderOverlay(KUBECTL, PROD, 20_000, {
      unsaved: {
        inputDirs: INPUT_DIRS,
        texts: new Map([[pathOf('overlays/prod/hpa-patch.yaml'), patch]]),
        limits: { maxFiles: 2, maxBytes: 1_000_000 },
      },
      tempDir: scratch,
    });
    assert.ok(result.ok);
    assert.match(result.yaml, /periodSeconds: 60\n/);
    assert.deepEqual(readdirSync(scratch), []);
  });
});

describe(
  'the overlay checks in the server process itself (no overlay process script)',
  { skip: skipUnlessOnPath('kubectl') },
  () => {
    test('an unsaved patch gives the same rendered finding', async () => {
      setLocale('en');
      const workspace = new WorkspaceIndex();
      const service = new OverlayService({
        workspace,
        settings: () => DEFAULT_SETTINGS,
        trusted: true,
        root: pathToFileURL(TREE).toString(),
        republish: () => undefined,
        delayMs: 10,
        renderer: nodeOverlayRenderer(workspace, 'inline'),
      });
      try {
        for (const path of filesUnder(TREE)) {
          if (!/\.ya?ml$/.test(path)) continue;
          workspace.setFile(
            new FileModel(pathToFileURL(path).toString(), readFileSync(path, 'utf8'), undefined),
          );
        }
        const text = diskText('overlays/prod/hpa-patch.yaml').replace(
          'periodSeconds: 60',
          'periodSeconds: 3600',
        );
        workspace.setFile(new FileModel(uriOf('overlays/prod/hpa-patch.yaml'), text, 1));
        await service.idle();
        assert.equal(service.where, 'inline');
        const at = text.indexOf('3600');
        assert.deepEqual(
          service
            .findingsFor(uriOf('overlays/prod/hpa-patch.yaml'), [])
            .map((f) => [f.rule, f.span.start, f.span.end]),
          [['period-seconds-range', at, at + 4]],
        );
      } finally {
        await service.dispose();
      }
    });
  },
);

describe(
  "the language server's overlay checks with unsaved edits",
  { skip: skipUnlessOnPath('kubectl') },
  () => {
    let workspace: WorkspaceIndex;
    let service: OverlayService;
    let scratch: string;
    const savedTmp = process.env.TMPDIR;
    let version = 1;
    /** An open editor's text for the file (a version makes it a buffer). */
    const edit = (relative: string, text: string) =>
      workspace.setFile(new FileModel(uriOf(relative), text, version++));
    const findings = (relative: string) =>
      service.findingsFor(uriOf(relative), []).map((f) => [f.rule, f.span.start, f.span.end, f.message]);

    before(async () => {
      setLocale('en');
      // The service's temporary folders go under this one, where the test can see them.
      scratch = ownTempDir();
      process.env.TMPDIR = scratch;
      workspace = new WorkspaceIndex();
      service = new OverlayService({
        workspace,
        renderer: nodeOverlayRenderer(workspace),
        settings: () => DEFAULT_SETTINGS,
        trusted: true,
        root: pathToFileURL(TREE).toString(),
        republish: () => undefined,
        delayMs: 10,
      });
      for (const path of filesUnder(TREE)) {
        if (!/\.ya?ml$/.test(path)) continue;
        workspace.setFile(
          new FileModel(pathToFileURL(path).toString(), readFileSync(path, 'utf8'), undefined),
        );
      }
      await service.idle();
    });
    after(async () => {
      await service.dispose();
      if (savedTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmp;
      rmSync(scratch, { recursive: true, force: true });
    });

    test('the renders run in the overlay process, and the saved tree has no overlay finding', () => {
      assert.equal(service.where, 'process');
      assert.equal(service.renders, 1);
      assert.deepEqual(findings('overlays/prod/hpa-patch.yaml'), []);
      assert.deepEqual(findings('base/deployment.yaml'), []);
    });

    test('an unsaved patch: the rendered finding on its line before any save, gone after the undo', async () => {
      const before = snapshot();
      const saved = diskText('overlays/prod/hpa-patch.yaml');
      const text = saved.replace('periodSeconds: 60', 'periodSeconds: 3600');
      edit('overlays/prod/hpa-patch.yaml', text);
      await service.idle();
      const at = text.indexOf('3600');
      assert.deepEqual(findings('overlays/prod/hpa-patch.yaml'), [
        [
          'period-seconds-range',
          at,
          at + 4,
          'spec.behavior.scaleUp.policies[0].periodSeconds: Invalid value: 3600: must be less than or equal to 1800 (rendered overlay overlays/prod)',
        ],
      ]);
      edit('overlays/prod/hpa-patch.yaml', saved);
      await service.idle();
      assert.deepEqual(findings('overlays/prod/hpa-patch.yaml'), []);
      assert.deepEqual(snapshot(), before);
    });

    test('an unsaved base: replicas on a managed Deployment found on its line before any save, gone after the undo', async () => {
      const before = snapshot();
      const saved = diskText('base/deployment.yaml');
      const text = saved.replace('spec:\n  selector:', 'spec:\n  replicas: 3\n  selector:');
      edit('base/deployment.yaml', text);
      await service.idle();
      const at = text.indexOf('replicas:');
      assert.deepEqual(findings('base/deployment.yaml'), [
        [
          'replicas-conflict',
          at,
          at + 'replicas'.length,
          'spec.replicas is managed by HorizontalPodAutoscaler "web": every apply resets it to 3 and undoes the autoscaler’s choice; remove the field (rendered overlay overlays/prod)',
        ],
      ]);
      edit('base/deployment.yaml', saved);
      await service.idle();
      assert.deepEqual(findings('base/deployment.yaml'), []);
      assert.deepEqual(snapshot(), before);
    });

    test('every temporary folder of the renders is gone once they are done', () => {
      // One folder of the service's own, made at its first render, empty between renders.
      // (tsx keeps its cache in the temporary folder too.)
      const own = readdirSync(scratch).filter((name) => name.startsWith('hpa-'));
      assert.equal(own.length, 1);
      assert.match(own[0]!, /^hpa-lint-/);
      assert.deepEqual(readdirSync(join(scratch, own[0]!)), []);
    });

    test('stopping the service ends the overlay process and removes its folder', async () => {
      await service.dispose();
      assert.deepEqual(
        readdirSync(scratch).filter((name) => name.startsWith('hpa-')),
        [],
      );
    });
  },
);
