/**
 * The README's CI recipes, as the tests that run them read them: each is the fenced block right
 * after a `<!-- snippet: NAME -->` line, so the text a user copies is the text the test runs.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cliPackage';

export interface Snippet {
  name: string;
  /** The fence's language: yaml, sh. */
  language: string;
  text: string;
}

export function readmeSnippets(readme = readFileSync(join(ROOT, 'README.md'), 'utf8')): Map<string, Snippet> {
  const snippets = new Map<string, Snippet>();
  for (const m of readme.matchAll(/^<!-- snippet: ([\w-]+) -->\n```(\w+)\n([\s\S]*?)^```$/gm)) {
    snippets.set(m[1]!, { name: m[1]!, language: m[2]!, text: m[3]! });
  }
  return snippets;
}

export function snippet(name: string): Snippet {
  const found = readmeSnippets().get(name);
  if (!found) throw new Error(`README.md has no <!-- snippet: ${name} --> block`);
  return found;
}

/**
 * A user's checkout made of examples/: `errors` holds every example (broken-hpa.yaml has errors),
 * `clean` the clean ones, `unreadable` the clean ones and a YAML link to nowhere (a read failure).
 */
export function exampleCheckout(dir: string, kind: 'errors' | 'clean' | 'unreadable'): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, 'examples'), join(dir, 'examples'), { recursive: true });
  if (kind !== 'errors') rmSync(join(dir, 'examples', 'broken-hpa.yaml'));
  if (kind === 'unreadable') symlinkSync('no-such-file.yaml', join(dir, 'examples', 'dangling.yaml'));
  return dir;
}
