/**
 * The server's and the CLI's messages in the user's language. English is written in the code
 * (`t('… {0} …', arg)`); server/l10n holds the translations keyed by the English text. The bundles are
 * bundled into dist/server.js and dist/cli.js by esbuild, so any LSP client gets its language from the
 * `locale` it sends in `initialize`, without VS Code's help.
 */
import * as l10n from '@vscode/l10n';

export type SupportedLocale = 'en' | 'ja' | 'zh-tw';

type Bundle = Record<string, string>;

/*
 * `require` rather than `import`: the bundles live outside server/src, which the composite tsconfig
 * of server/ does not list, and tsc refuses JSON imports from unlisted files. esbuild inlines both forms.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const BUNDLES: Record<Exclude<SupportedLocale, 'en'>, Bundle> = {
  ja: require('../l10n/bundle.l10n.ja.json') as Bundle,
  'zh-tw': require('../l10n/bundle.l10n.zh-tw.json') as Bundle,
};
/* eslint-enable @typescript-eslint/no-require-imports */

/** Maps a BCP 47 tag or POSIX locale (`ja_JP.UTF-8`, `zh-Hant-TW`) to a language we have. */
export function pickLocale(requested: string | undefined | null): SupportedLocale {
  const tag = (requested ?? '').trim().toLowerCase().replace(/_/g, '-').split('.')[0];
  if (tag === 'ja' || tag.startsWith('ja-')) return 'ja';
  if (
    tag === 'zh-tw' ||
    tag.startsWith('zh-tw-') ||
    tag.startsWith('zh-hant') ||
    tag === 'zh-hk' ||
    tag === 'zh-mo'
  ) {
    return 'zh-tw';
  }
  return 'en';
}

let current: SupportedLocale = 'en';

/** Switches every later `t()` to this language. One process serves one user, so this is global. */
export function setLocale(requested: string | undefined | null): SupportedLocale {
  current = pickLocale(requested);
  l10n.config({ contents: current === 'en' ? {} : BUNDLES[current] });
  return current;
}

export function currentLocale(): SupportedLocale {
  return current;
}

/** The translation bundles, for the test that checks every language has every key. */
export function translationBundles(): Readonly<Record<string, Bundle>> {
  return BUNDLES;
}

export function t(message: string, ...args: (string | number | boolean)[]): string {
  return l10n.t(message, ...args);
}
