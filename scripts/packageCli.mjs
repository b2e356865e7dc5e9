// `npm run package:cli`: hpa-lint as its own npm package, dist-npm/hpa-lint-<version>.tgz.
//
// The package has no dependencies: esbuild bundles the CLI with everything it imports (yaml, the
// rules, the engine, the l10n bundles, ajv's validators precompiled from schemas/ by the same plugin
// the extension's build uses). Beside dist/cli.js go the files the CLI loads from its own folder at
// run time: dist/lintWorker.js (the worker threads of `--jobs`) and dist/webview.js + webview.css
// (`simulate --format html` inlines them). The bundles are built here, into the package's own
// folder, not copied from dist/: dist/ belongs to the development build that tests are reading.
//
//   node scripts/packageCli.mjs [--out-dir DIR]     (default dist-npm; the tests pass a temp folder)
//
// Prints the tarball's path. The licences of the bundled packages go into THIRD_PARTY_LICENSES.md,
// since their notices are stripped from the minified code.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompiledSchemas } from './precompiledSchemas.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outFlag = process.argv.indexOf('--out-dir');
const outDir = resolve(outFlag === -1 ? join(ROOT, 'dist-npm') : process.argv[outFlag + 1]);
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const stage = join(outDir, 'hpa-lint');

rmSync(stage, { recursive: true, force: true });
mkdirSync(join(stage, 'dist'), { recursive: true });

const common = {
  bundle: true,
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  absWorkingDir: ROOT,
};
const node = {
  ...common,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  plugins: [precompiledSchemas()],
};
const results = await Promise.all([
  build({
    ...node,
    entryPoints: ['server/src/cli.ts'],
    outfile: join(stage, 'dist/cli.js'),
    banner: { js: '#!/usr/bin/env node' },
    define: { HPA_LINT_VERSION: JSON.stringify(manifest.version) },
  }),
  build({
    ...node,
    entryPoints: ['server/src/cli/lintWorker.ts'],
    outfile: join(stage, 'dist/lintWorker.js'),
  }),
  build({
    ...common,
    entryPoints: ['webview/src/main.ts'],
    outfile: join(stage, 'dist/webview.js'),
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  }),
]);

/** The npm packages whose code went into the bundles, each with its folder under node_modules/. */
function bundledPackages() {
  const folders = new Set();
  for (const { metafile } of results) {
    for (const input of Object.keys(metafile.inputs)) {
      const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match) folders.add(match[1]);
    }
  }
  const packages = new Map();
  for (const folder of [...folders].sort()) {
    const pkg = JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8'));
    const licenceFile = readdirSync(join(ROOT, folder)).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    // One package reached by two paths (a link to the folder, a nested copy of the same version) is listed once.
    packages.set(`${pkg.name}@${pkg.version}`, {
      name: pkg.name,
      version: pkg.version,
      license: pkg.license,
      folder,
      licenceFile,
    });
  }
  return [...packages.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function thirdPartyLicences() {
  const sections = bundledPackages().map((p) => {
    const text = p.licenceFile
      ? readFileSync(join(ROOT, p.folder, p.licenceFile), 'utf8').trim()
      : `${p.license} (the package ships no licence file)`;
    return `## ${p.name} ${p.version} (${p.license})\n\n\`\`\`\n${text}\n\`\`\`\n`;
  });
  return `# Third-party licences\n\nhpa-lint's bundles contain code of these npm packages.\n\n${sections.join('\n')}`;
}

const packageJson = {
  name: 'hpa-lint',
  version: manifest.version,
  description:
    'Lints Kubernetes autoscaling/v2 HorizontalPodAutoscalers and their workloads, and simulates how they scale: the checks of the HPA Linter VS Code extension on the command line.',
  keywords: ['kubernetes', 'hpa', 'horizontalpodautoscaler', 'autoscaling', 'lint', 'sarif', 'pre-commit'],
  homepage: manifest.homepage,
  bugs: manifest.bugs,
  repository: manifest.repository,
  license: manifest.license,
  bin: { 'hpa-lint': 'dist/cli.js' },
  files: ['dist/', 'THIRD_PARTY_LICENSES.md'],
  engines: { node: manifest.engines.node },
};
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
copyFileSync(join(ROOT, 'npm', 'README.md'), join(stage, 'README.md'));
copyFileSync(join(ROOT, 'LICENSE'), join(stage, 'LICENSE'));
writeFileSync(join(stage, 'THIRD_PARTY_LICENSES.md'), thirdPartyLicences());

// npm pack reads nothing from the network; --ignore-scripts since the package has none to run.
const packed = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', outDir], {
    cwd: stage,
    encoding: 'utf8',
  }),
)[0];
const tarball = join(outDir, packed.filename);
if (!existsSync(tarball)) throw new Error(`npm pack wrote no ${tarball}`);
console.log(relative(process.cwd(), tarball) || tarball);
