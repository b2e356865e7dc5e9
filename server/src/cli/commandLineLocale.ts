/**
 * The language of one `hpa-lint` run, for every subcommand alike: `--locale L` (or `--locale=L`)
 * anywhere on the command line, else the POSIX variables in their order of precedence
 * (LC_ALL, LC_MESSAGES, LANG; an empty one counts as unset). Read before the arguments are
 * parsed, so usage errors speak the user's language too.
 */
import { normalizeLocale, type Locale } from '../../../common/l10n/locales';
import type { StringOption } from './commandLine';

/** `--locale L` in a command's option table: read here before the command starts, so skipped there. */
export const LOCALE_OPTION: StringOption = { type: 'string', read: () => undefined };

export function commandLineLocale(args: readonly string[], env: NodeJS.ProcessEnv): Locale {
  let flag: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    if (arg === '--locale') flag = args[i + 1];
    else if (arg.startsWith('--locale=')) flag = arg.slice('--locale='.length);
  }
  return normalizeLocale(flag ?? (env.LC_ALL || env.LC_MESSAGES || env.LANG));
}
