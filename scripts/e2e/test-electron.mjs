// `npm run test:vscode`: the same integration suite as scripts/e2e/run.mjs, in desktop VS Code
// through @vscode/test-electron. It downloads VS Code unless VSCODE_EXECUTABLE_PATH names an
// installed one (so it cannot run on the offline machines, where run.mjs and code-server stand in).
// The extension is loaded from this folder (extensionDevelopmentPath), built first.
//
//   node scripts/e2e/test-electron.mjs [--pass en,ja] [--vscode-version 1.96.4]
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  downloadAndUnzipVSCode,
  resolveCliArgsFromVSCodeExecutablePath,
  runTests,
} from '@vscode/test-electron';
import { log, run } from './codeServer.mjs';
import { compileSuite } from './compileSuite.mjs';
import { languagePackStub, writeLanguagePackIndex } from './languagePackStub.mjs';

const root = resolve(import.meta.dirname, '..', '..');
// test-electron always passes --disable-workspace-trust, so there is no untrusted pass here.
const PASSES = { en: {}, ja: { locale: 'ja' } };

const { values: options } = parseArgs({
  options: {
    pass: { type: 'string', default: 'en,ja' },
    'vscode-version': { type: 'string', default: '1.96.4' },
  },
});

async function main() {
  log('building the bundles');
  await run(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root });
  const extensionTestsPath = await compileSuite(root);
  const vscodeExecutablePath =
    process.env.VSCODE_EXECUTABLE_PATH || (await downloadAndUnzipVSCode(options['vscode-version']));
  log(`VS Code: ${vscodeExecutablePath}`);

  let passed = 0;
  let failed = 0;
  for (const name of options.pass
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const launch = PASSES[name];
    if (!launch) throw new Error(`unknown pass "${name}" (known: ${Object.keys(PASSES).join(', ')})`);
    const dir = mkdtempSync(join(tmpdir(), `hpa-vscode-${name}-`));
    const workspace = join(dir, 'workspace');
    cpSync(join(root, 'test', 'integration', 'workspace'), workspace, { recursive: true });
    const resultsPath = join(dir, 'results.json');
    const userDataDir = join(dir, 'user-data');
    const extensionsDir = join(dir, 'extensions');
    try {
      if (launch.locale) {
        // As in run.mjs: `--locale` only takes with a language pack installed; a stand-in is enough.
        const stub = await languagePackStub(root, join(root, '.vscode-test'), launch.locale);
        const [cli, ...cliArgs] = resolveCliArgsFromVSCodeExecutablePath(vscodeExecutablePath);
        await run(cli, [
          ...cliArgs,
          '--user-data-dir',
          userDataDir,
          '--extensions-dir',
          extensionsDir,
          '--install-extension',
          stub,
        ]);
        writeLanguagePackIndex(userDataDir, extensionsDir);
      }
      log(`pass ${name}`);
      await runTests({
        vscodeExecutablePath,
        extensionDevelopmentPath: root,
        extensionTestsPath,
        extensionTestsEnv: { HPA_TEST_RESULTS: resultsPath },
        // A fresh extensions dir holds nothing but the language pack stand-in, so no
        // --disable-extensions (it would disable the stand-in too).
        launchArgs: [
          workspace,
          ...(launch.locale ? ['--locale', launch.locale] : []),
          '--user-data-dir',
          userDataDir,
          '--extensions-dir',
          extensionsDir,
        ],
      }).catch((error) => log(`pass ${name}: VS Code exited with a failure (${error.message})`));
      if (!existsSync(resultsPath)) {
        console.log(`  FAIL pass ${name}: the suite wrote no results`);
        failed++;
        continue;
      }
      const results = JSON.parse(readFileSync(resultsPath, 'utf8'));
      log(
        `pass ${name}: VS Code ${results.vscodeVersion}, language ${results.language}, activation ${results.activationMs?.toFixed(1)} ms`,
      );
      for (const test of results.tests)
        console.log(`  ${test.state === 'passed' ? 'ok  ' : 'FAIL'} ${test.title}`);
      for (const failure of results.failures)
        console.log(`\n  FAIL ${failure.title}\n${String(failure.error).replace(/^/gm, '    ')}\n`);
      const wanted = launch.locale ?? 'en';
      if (results.language !== wanted) {
        // Never count an English run as the localized one.
        console.log(`  FAIL pass ${name}: VS Code's display language is ${results.language}, not ${wanted}`);
        failed++;
      }
      passed += results.passed;
      failed += results.failed;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
