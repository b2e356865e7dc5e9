/**
 * `hpa-lint simulate --format html`: the preview as ONE self-contained page. The page runs the same
 * webview bundle as the VS Code panel, inlined with its CSS, with the model and the simulated load
 * embedded as JSON; a Content-Security-Policy meta admits only those inline blocks (by nonce), so the
 * page loads nothing from anywhere. The bundle re-simulates when the reader changes a setting.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { SimulationInput } from '../../../common/engine/simulationTypes';
import type { HostToWebview, PreviewModel } from '../../../common/protocol';
import { UsageError } from '../usageError';
import { t } from '../localize';
import { escapeHtml } from '../../../common/escapeHtml';

export interface StandaloneReportOptions {
  /** metadata.name of the HPA. */
  name: string;
  namespace?: string;
  /** BCP 47 tag; ja and zh-TW have translations, anything else reads English. */
  locale?: string;
  /** Where the simulated load came from, shown as the profile name (e.g. "burst" or "load.csv"). */
  loadName?: string;
  /** The scale target the requests came from, when known. */
  target?: PreviewModel['target'];
  /** Caveats to show under the charts (e.g. "requests assumed"). */
  notes?: string[];
  /** Folder holding webview.js and webview.css. Default: the folder of the running bundle (dist/). */
  assetDir?: string;
}

/** `<` and the line separators escaped so the JSON can sit in a `<script>` element and stay JSON. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function readAsset(dir: string, file: string): string {
  const full = path.join(dir, file);
  try {
    return readFileSync(full, 'utf8');
  } catch {
    throw new UsageError(
      t('the HTML report needs {file}, which is missing; build the bundles first (node scripts/build.mjs)', {
        file: full,
      }),
    );
  }
}

/** The messages the page's stand-in host delivers at start, in the order the VS Code host would send them. */
export function reportMessages(input: SimulationInput, options: StandaloneReportOptions): HostToWebview[] {
  const model: PreviewModel = {
    uri: '',
    documentIndex: 0,
    name: options.name,
    spec: input.spec,
    podRequests: input.podRequests,
    containerRequests: input.containerRequests ?? {},
    target: options.target ?? null,
    notes: options.notes ?? [],
  };
  if (options.namespace !== undefined) model.namespace = options.namespace;
  const locale = options.locale ?? 'en';
  return [
    { type: 'model', model, locale, locked: true },
    {
      type: 'fixedLoads',
      name: options.loadName ?? 'hpa-lint simulate',
      loads: input.loads,
      settings: {
        durationSeconds: input.durationSeconds,
        initialReplicas: input.initialReplicas,
        syncPeriodSeconds: input.options?.syncPeriodSeconds ?? 15,
        podStartupSeconds: input.podStartupSeconds,
        ...(input.options ? { options: input.options } : {}),
      },
    },
  ];
}

/**
 * The page for one simulation input (the HPA as written, mode 'controller'; the page adds the
 * defaults and formula variants itself). Throws UsageError when the webview bundle is not built.
 */
export function renderStandaloneReport(input: SimulationInput, options: StandaloneReportOptions): string {
  const dir = options.assetDir ?? __dirname;
  // Nothing inside the inline blocks may close them early.
  // \x3C reads as `<` inside JS strings and regexes alike, and the HTML parser never sees a tag.
  const script = readAsset(dir, 'webview.js').replace(/<(\/?script|!--)/gi, '\\x3C$1');
  const css = readAsset(dir, 'webview.css').replace(/<\/style/gi, '<\\/style');
  // A source map would be fetched by the reader's dev tools from a path that is not there.
  const noMaps = (text: string) => text.replace(/^\/[/*][#@] sourceMappingURL=.*$/gm, '');
  const nonce = randomBytes(18).toString('base64');
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src data:`;
  const title = `HPA ${options.namespace ? `${options.namespace}/` : ''}${options.name}`;
  return `<!DOCTYPE html>
<html lang="${escapeHtml(options.locale ?? 'en')}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
${noMaps(css)}
</style>
</head>
<body>
<main id="hpa-preview"></main>
<script type="application/json" id="hpa-report-data">${jsonForScript(reportMessages(input, options))}</script>
<script nonce="${nonce}">
${noMaps(script)}
</script>
</body>
</html>
`;
}
