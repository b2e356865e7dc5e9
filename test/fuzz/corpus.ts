/**
 * The real manifests of the shared corpus, read in place (never copied into the repo). When the
 * folder is absent the corpus is empty and `missing` says why, so callers can skip with a message.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SHARED } from '../support/corpusFiles';

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const CORPUS_DIR = join(SHARED, 'corpus', 'real');

export interface CorpusFile {
  name: string;
  text: string;
}

export interface Corpus {
  files: CorpusFile[];
  /** Why there are no files, when there are none. */
  missing?: string;
}

export function loadCorpus(dir = CORPUS_DIR): Corpus {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => /\.ya?ml$/i.test(n))
      .sort();
  } catch (err) {
    return {
      files: [],
      missing: `corpus not found at ${dir} (${(err as NodeJS.ErrnoException).code ?? err})`,
    };
  }
  const files = names
    .filter((n) => statSync(resolve(dir, n)).isFile())
    .map((name) => ({ name, text: readFileSync(resolve(dir, name), 'utf8') }));
  return files.length > 0 ? { files } : { files, missing: `corpus at ${dir} has no YAML files` };
}
