/**
 * What the Visual Studio Marketplace and Open VSX show, read from a .vsix that vsce itself packages:
 * the icon (a 128x128 PNG), the gallery banner, the keywords, the changelog, the walkthrough with
 * its media and localized texts, and the README's pictures and links, which vsce rewrites to
 * absolute addresses in the repository of package.json (the Marketplace page has no files beside
 * the README, so a relative picture would be broken there).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { zipEntries } from '../../support/zipEntries';

const root = join(import.meta.dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
const NLS_FILES = ['package.nls.json', 'package.nls.ja.json', 'package.nls.zh-tw.json'];
const nls = NLS_FILES.map((f) => JSON.parse(readFileSync(join(root, f), 'utf8')) as Record<string, string>);

interface Step {
  id: string;
  title: string;
  description: string;
  media: { image?: string; altText?: string; markdown?: string; svg?: string };
  completionEvents?: string[];
}
interface Manifest {
  version: string;
  icon: string;
  galleryBanner: { color: string; theme: string };
  keywords: string[];
  repository: { url: string };
  contributes: {
    commands: { command: string }[];
    configuration: { properties: Record<string, unknown> };
    walkthroughs: { id: string; title: string; description: string; steps: Step[] }[];
  };
}

const work = mkdtempSync(join(tmpdir(), 'hpa-marketplace-'));
let entries = new Map<string, Buffer>();
let vsixBytes = 0;

before(() => {
  const missing = ['client', 'server', 'webview', 'cli'].filter(
    (b) => !existsSync(join(root, 'dist', `${b}.js`)),
  );
  assert.deepEqual(missing, [], 'build the bundles first (node scripts/build.mjs)');
  const vsix = join(work, 'hpa-linter.vsix');
  const vsce = join(root, 'node_modules', '.bin', 'vsce');
  execFileSync(vsce, ['package', '--no-dependencies', '-o', vsix], { cwd: root, stdio: 'pipe' });
  entries = zipEntries(vsix);
  vsixBytes = statSync(vsix).size;
});

after(() => rmSync(work, { recursive: true, force: true }));

/** The repository of package.json as vsce reads it: https://github.com/OWNER/NAME. */
const repository = manifest.repository.url.replace(/\.git$/, '');

/** Files git tracks: what the repository's raw/blob addresses can serve. */
const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n'));

/** The text of a %key% in each language. */
function localized(value: string): string[] {
  const key = /^%(.+)%$/.exec(value)?.[1];
  assert.ok(key, `"${value}" is a %key% of package.nls.json`);
  return nls.map((strings, i) => {
    assert.ok(strings[key]?.trim(), `${NLS_FILES[i]} has ${key}`);
    return strings[key]!;
  });
}

/** GitHub's anchor for a heading. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

describe('the listing', () => {
  test('the icon is a 128x128 PNG, packaged, and named in the .vsix manifest', () => {
    const png = readFileSync(join(root, manifest.icon));
    assert.equal(png.subarray(1, 4).toString('ascii'), 'PNG');
    assert.equal(png.subarray(12, 16).toString('ascii'), 'IHDR');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
    assert.ok(entries.get(`extension/${manifest.icon}`)?.equals(png), 'the same bytes in the .vsix');
    assert.match(
      entries.get('extension.vsixmanifest')!.toString(),
      new RegExp(`<Icon>extension/${manifest.icon}</Icon>`),
    );
  });

  test('the gallery banner is a colour and a theme the Marketplace knows, and reaches the .vsix manifest', () => {
    assert.match(manifest.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    assert.ok(['dark', 'light'].includes(manifest.galleryBanner.theme));
    const vsixManifest = entries.get('extension.vsixmanifest')!.toString();
    assert.ok(
      vsixManifest.includes(
        `"Microsoft.VisualStudio.Services.Branding.Color" Value="${manifest.galleryBanner.color}"`,
      ),
    );
    assert.ok(
      vsixManifest.includes(
        `"Microsoft.VisualStudio.Services.Branding.Theme" Value="${manifest.galleryBanner.theme}"`,
      ),
    );
  });

  test('keywords: at most 30 (the Marketplace limit), distinct, lower case, the core ones present', () => {
    const { keywords } = manifest;
    assert.ok(keywords.length <= 30);
    assert.equal(new Set(keywords).size, keywords.length);
    assert.deepEqual(
      keywords.filter((k) => k !== k.toLowerCase()),
      [],
    );
    for (const k of ['kubernetes', 'hpa', 'horizontalpodautoscaler', 'autoscaling', 'yaml', 'lint'])
      assert.ok(keywords.includes(k), k);
  });

  test('CHANGELOG.md is packaged as the changelog and starts with this version', () => {
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
    assert.equal(/^## (\S+)/m.exec(changelog)?.[1], manifest.version);
    assert.equal(entries.get('extension/changelog.md')?.toString(), changelog);
    assert.match(
      entries.get('extension.vsixmanifest')!.toString(),
      /Content\.Changelog" Path="extension\/changelog\.md"/,
    );
  });

  test('the .vsix holds two pictures, both small', (t) => {
    t.diagnostic(`.vsix: ${Math.round(vsixBytes / 1024)} KiB, ${entries.size} entries (this build of dist/)`);
    // The bundles are most of it; a picture or a folder let in by mistake shows up here first.
    const pictures = [...entries.keys()].filter((name) => /\.(png|jpe?g|gif|svg)$/i.test(name));
    assert.deepEqual(pictures.sort(), [
      'extension/media/icon.png',
      'extension/media/walkthrough/preview.png',
    ]);
    for (const name of pictures) assert.ok(entries.get(name)!.length < 150_000, `${name} is under 150 kB`);
  });
});

describe('the README on the Marketplace page', () => {
  const packaged = () => entries.get('extension/readme.md')!.toString();
  const links = () =>
    [...packaged().matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)[^)]*\)/g)].map((m) => ({
      image: m[1] === '!',
      href: m[2]!,
    }));

  test('has pictures, each an https address of a file the repository tracks', () => {
    const pictures = links().filter((l) => l.image);
    assert.ok(pictures.length >= 2, 'the screenshots');
    for (const { href } of pictures) {
      const prefix = `${repository}/raw/HEAD/`;
      assert.ok(href.startsWith(prefix), `${href} is under ${prefix}`);
      const path = href.slice(prefix.length);
      assert.ok(tracked.has(path), `${path} is tracked by git, so the address serves it`);
    }
    assert.deepEqual(
      [...packaged().matchAll(/<img[^>]+src=["']([^"']+)/g)]
        .map((m) => m[1])
        .filter((src) => !src!.startsWith('https://')),
      [],
    );
  });

  test('every link is absolute or an anchor of the page, and each repository link names a tracked file', () => {
    const headings = new Set([...packaged().matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!)));
    for (const { href } of links().filter((l) => !l.image)) {
      if (href.startsWith('#')) {
        assert.ok(headings.has(href.slice(1)), `${href} is a heading of the README`);
        continue;
      }
      assert.match(href, /^(https:\/\/|mailto:)/, `${href} is absolute`);
      const prefix = `${repository}/blob/HEAD/`;
      if (href.startsWith(prefix)) {
        const path = decodeURIComponent(href.slice(prefix.length).split('#')[0]!);
        assert.ok(
          tracked.has(path) || [...tracked].some((f) => f.startsWith(`${path}/`)),
          `${path} is in the repository`,
        );
      }
    }
  });
});

describe('the walkthrough', () => {
  const walkthroughs = manifest.contributes.walkthroughs;
  const walkthrough = walkthroughs[0]!;
  const steps = walkthrough.steps;
  const commands = new Set(manifest.contributes.commands.map((c) => c.command));
  /** The VS Code commands the steps' buttons run (their own commands are the extension's). */
  const BUILT_IN = new Set(['workbench.action.quickOpen', 'workbench.action.openSettings']);

  test('one walkthrough: open the preview, set your Kubernetes version, lint in CI', () => {
    assert.equal(walkthroughs.length, 1);
    assert.deepEqual(
      steps.map((s) => s.id),
      ['openPreview', 'kubernetesVersion', 'lintInCi'],
    );
  });

  test('its title, description and every step text are translated into ja and zh-TW', () => {
    const texts = [
      walkthrough.title,
      walkthrough.description,
      ...steps.flatMap((s) => [s.title, s.description]),
    ];
    if (steps[0]!.media.altText) texts.push(steps[0]!.media.altText);
    for (const value of texts) {
      const [en, ja, zhTw] = localized(value);
      assert.notEqual(ja, en, `${value} in Japanese`);
      assert.notEqual(zhTw, en, `${value} in Traditional Chinese`);
      assert.match(ja!, /[\u3040-\u30ff\u4e00-\u9fff]/, `${value}: Japanese text`);
      assert.match(zhTw!, /[\u4e00-\u9fff]/, `${value}: Chinese text`);
    }
  });

  test('each step has media that is packaged; a picture has a translated description', () => {
    for (const step of steps) {
      const files = [step.media.image, step.media.markdown, step.media.svg].filter((f): f is string => !!f);
      assert.equal(files.length, 1, `${step.id} has one medium`);
      assert.ok(entries.has(`extension/${files[0]}`), `${files[0]} is in the .vsix`);
      if (step.media.image) assert.ok(step.media.altText, `${step.id}: altText`);
    }
  });

  test('the buttons are the same links in every language, and each runs a command that exists', () => {
    for (const step of steps) {
      const perLanguage = localized(step.description).map((text) =>
        [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]),
      );
      assert.ok(perLanguage[0]!.length >= 1, `${step.id} has a button`);
      for (const other of perLanguage.slice(1))
        assert.deepEqual(other, perLanguage[0], `${step.id}: same links`);
      for (const link of perLanguage[0]!) {
        const command = /^command:([\w.]+)/.exec(link!)?.[1];
        if (command) assert.ok(commands.has(command) || BUILT_IN.has(command), `${command} exists`);
        else assert.match(link!, /^https:\/\//);
      }
    }
  });

  test('the Kubernetes version step opens the settings at @ext:<publisher>.<name> kubernetesVersion and completes when it changes', () => {
    const step = steps.find((s) => s.id === 'kubernetesVersion')!;
    const link = /\]\((command:workbench\.action\.openSettings\?[^)]+)\)/.exec(
      localized(step.description)[0]!,
    )?.[1];
    assert.ok(link, 'a button that opens the settings');
    const args = JSON.parse(decodeURIComponent(link.slice(link.indexOf('?') + 1))) as string[];
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      publisher: string;
      name: string;
    };
    assert.deepEqual(args, [`@ext:${pkg.publisher}.${pkg.name} kubernetesVersion`]);
    assert.deepEqual(step.completionEvents, ['onSettingChanged:hpa.kubernetesVersion']);
  });

  test('the preview step completes on the preview commands, the CI step on its link to the README section', () => {
    const preview = steps.find((s) => s.id === 'openPreview')!;
    for (const event of preview.completionEvents!) {
      const command = /^onCommand:(.+)$/.exec(event)?.[1];
      assert.ok(command && commands.has(command), `${event} names a command of the extension`);
    }
    const ci = steps.find((s) => s.id === 'lintInCi')!;
    const link = /\]\((https:[^)]+)\)/.exec(localized(ci.description)[0]!)?.[1];
    assert.deepEqual(ci.completionEvents, [`onLink:${link}`]);
    assert.ok(link!.startsWith(`${repository}#`), 'the repository page');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const anchors = [...readme.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!));
    assert.ok(anchors.includes(link!.split('#')[1]!), `the README has the heading of ${link}`);
  });
});
