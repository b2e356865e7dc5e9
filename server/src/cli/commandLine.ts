/**
 * How every `hpa-lint` command reads its words. Node's own `parseArgs` splits them (`--flag value`,
 * `--flag=value`, booleans, `--`); the command's option table says what each flag does with its
 * value. The table's readers run in the order the words come, so the first mistake on the line is
 * the one reported, as one usage error (exit 2) in the run's language that names the flag.
 *
 * parseArgs runs with `strict: false` and this module does the strict part (an unknown flag, a
 * missing value), because parseArgs' strict mode would change what hpa-lint accepts and says: it
 * refuses a value that starts with a dash (`--hpa -web`; `--peak -1` has its own message), it takes
 * `-x` for an option where hpa-lint reads a file of that name, it refuses `--no-kustomize=...`, and
 * its errors are English sentences with the flag inside the text rather than as data to translate.
 * `--` stays what it has been: an unknown flag, not the end of the options.
 */
import { parseArgs } from 'node:util';
import { t } from '../localize';
import { UsageError } from '../usageError';

/** A flag with a value, and what it does with it (each time it is given). */
export interface StringOption {
  type: 'string';
  /** Takes the flag's value: the part after `=`, else the next word, whatever it looks like. */
  read: (value: string, flag: string) => void;
  /** The value when the flag ends the line; without it that is a usage error ("--hpa needs a value"). */
  ifMissing?: string;
}

/** A flag alone (`--no-kustomize`); a value after `=` is ignored, as hpa-lint always has. */
export interface BooleanOption {
  type: 'boolean';
  read: (flag: string) => void;
}

export type CommandOption = StringOption | BooleanOption;

/** A command's flags by their spelling on the command line (`--hpa`). */
export type OptionTable = Readonly<Record<string, CommandOption>>;

export interface CommandLineSpec {
  options: OptionTable;
  /** A word that is no flag: a file, `-` for standard input, or a word with one leading dash (`-web.yaml`). */
  positional: (word: string) => void;
  /**
   * The message for a word that starts with `--` and is no flag of this command, `--` itself
   * included: `word` is the whole word, `flag` the part before any `=`.
   */
  unknown: (word: string, flag: string) => string;
}

/** Reads `args` word by word into the spec's readers; throws the first UsageError on the line. */
export function readCommandLine(args: readonly string[], spec: CommandLineSpec): void {
  const table = new Map(Object.entries(spec.options));
  const { tokens } = parseArgs({
    args: [...args],
    options: Object.fromEntries([...table].map(([flag, option]) => [flag.slice(2), { type: option.type }])),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  let shortWordIndex = -1;
  for (const token of tokens) {
    if (token.kind === 'positional') {
      spec.positional(token.value);
      continue;
    }
    const word = args[token.index]!;
    if (!word.startsWith('--')) {
      // parseArgs splits `-abc` into three short options at one index; no command has short
      // options, so the word is a positional, once.
      if (token.index !== shortWordIndex) spec.positional(word);
      shortWordIndex = token.index;
      continue;
    }
    const eq = word.indexOf('=');
    const flag = eq === -1 ? word : word.slice(0, eq);
    const option = table.get(flag);
    // `--` is a word of its own to parseArgs (the end of the options) and an unknown flag to hpa-lint.
    if (option === undefined || token.kind === 'option-terminator')
      throw new UsageError(spec.unknown(word, flag));
    if (option.type === 'boolean') {
      option.read(flag);
      continue;
    }
    const value = token.value ?? option.ifMissing;
    if (value === undefined) throw new UsageError(t('{flag} needs a value', { flag }));
    option.read(value, flag);
  }
}
