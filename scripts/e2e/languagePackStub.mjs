// VS Code reports a display language (vscode.env.language) only when a language pack for it is
// installed; `--locale ja` alone falls back to English. The real Japanese pack comes from the
// Marketplace, which these machines cannot reach, so the ja pass installs a stand-in: an extension
// that contributes the `ja` localization with no translations. The workbench stays in English, but
// VS Code resolves the locale, hands `ja` to the extension host, and vscode-languageclient passes it
// to the server — which is what the localized-message test is about.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { log, run } from './codeServer.mjs';

const LANGUAGE_NAMES = { ja: ['Japanese', '日本語'], 'zh-tw': ['Chinese (Traditional)', '中文(繁體)'] };

/** Builds (once, into `cacheDir`) the stand-in language pack for `locale` and returns its .vsix. */
export async function languagePackStub(root, cacheDir, locale) {
  const names = LANGUAGE_NAMES[locale];
  if (!names) throw new Error(`no language pack stand-in for "${locale}"`);
  const vsix = join(cacheDir, `hpa-test-language-pack-${locale}.vsix`);
  if (existsSync(vsix)) return vsix;
  const dir = join(cacheDir, `hpa-test-language-pack-${locale}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'translations'), { recursive: true });
  const manifest = {
    name: `hpa-test-language-pack-${locale}`,
    displayName: `Test stand-in for the ${names[0]} language pack`,
    description: `Contributes the ${locale} display language with no translations, for offline tests.`,
    publisher: 'hpa-tests',
    version: '0.0.1',
    license: 'MIT',
    repository: { type: 'git', url: 'https://example.invalid/hpa-linter.git' },
    engines: { vscode: '^1.96.0' },
    categories: ['Language Packs'],
    contributes: {
      localizations: [
        {
          languageId: locale,
          languageName: names[0],
          localizedLanguageName: names[1],
          translations: [{ id: 'vscode', path: './translations/main.i18n.json' }],
        },
      ],
    },
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(
    join(dir, 'translations', 'main.i18n.json'),
    JSON.stringify({ version: '1.0.0', contents: {} }),
  );
  writeFileSync(join(dir, 'README.md'), `# ${manifest.displayName}\n\n${manifest.description}\n`);
  writeFileSync(join(dir, 'LICENSE'), 'MIT\n');
  log(`packaging the ${locale} language pack stand-in`);
  await run(
    join(root, 'node_modules', '.bin', 'vsce'),
    ['package', '--no-dependencies', '--allow-missing-repository', '-o', vsix],
    {
      cwd: dir,
    },
  );
  return vsix;
}

/**
 * Writes `<userDataDir>/languagepacks.json`, the index VS Code's server reads to resolve `--locale`,
 * from the language packs installed in `extensionsDir`. VS Code normally keeps it up to date when a
 * pack is installed from the UI; installs from the command line into a fresh user-data-dir leave it
 * out, and without it the locale silently falls back to English.
 */
export function writeLanguagePackIndex(userDataDir, extensionsDir) {
  const index = {};
  for (const folder of readdirSync(extensionsDir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const location = join(extensionsDir, folder.name);
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(join(location, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    const id = `${manifest.publisher}.${manifest.name}`.toLowerCase();
    for (const localization of manifest.contributes?.localizations ?? []) {
      const entry = (index[localization.languageId] ??= {
        hash: '',
        extensions: [],
        translations: {},
        label: localization.localizedLanguageName ?? localization.languageName,
      });
      entry.extensions.push({ extensionIdentifier: { id }, version: manifest.version });
      for (const translation of localization.translations)
        entry.translations[translation.id] = join(location, translation.path);
    }
  }
  for (const entry of Object.values(index)) {
    // The same fingerprint VS Code computes, so that its translation cache is keyed consistently.
    const hash = createHash('md5');
    for (const extension of entry.extensions)
      hash.update(extension.extensionIdentifier.id).update(extension.version);
    entry.hash = hash.digest('hex');
  }
  writeFileSync(join(userDataDir, 'languagepacks.json'), JSON.stringify(index));
  return Object.keys(index);
}
