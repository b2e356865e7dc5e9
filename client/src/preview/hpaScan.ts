/**
 * A cheap text scan for HPA documents: no YAML parse, so it can run on every keystroke for the
 * editor-title button and the CodeLens. It only has to find `kind: HorizontalPodAutoscaler` at the
 * top level of each `---`-separated document; the language server does the real parsing.
 */

export interface ScannedHpa {
  /** Index of the YAML document within the file. */
  documentIndex: number;
  /** 0-based line where the document starts (its first line after `---`). */
  line: number;
  /** 0-based last line of the document. */
  endLine: number;
  /** metadata.name when it is a plain scalar on its own line, else ''. */
  name: string;
}

const SEPARATOR = /^---(\s|$)/;
const KIND_HPA = /^kind:\s*["']?HorizontalPodAutoscaler["']?\s*(#.*)?$/;
const METADATA = /^metadata:\s*(#.*)?$/;
const NAME = /^\s+name:\s*["']?([^"'#\s][^"'#]*?)["']?\s*(#.*)?$/;

export function scanHpaDocuments(text: string): ScannedHpa[] {
  const lines = text.split(/\r?\n/);
  const found: ScannedHpa[] = [];
  let documentIndex = 0;
  let start = 0;
  let isHpa = false;
  let name = '';
  let inMetadata = false;
  let seenSeparator = false;
  const close = (endLine: number) => {
    if (isHpa) found.push({ documentIndex, line: start, endLine, name });
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (SEPARATOR.test(line)) {
      // Like the YAML parser: a first `---` with only comments before it opens document 0; every
      // later `---` opens a new document, even after an empty one.
      const hadContent = lines.slice(start, i).some((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
      if (hadContent || seenSeparator) {
        close(i - 1);
        documentIndex++;
      }
      seenSeparator = true;
      start = i + 1;
      isHpa = false;
      name = '';
      inMetadata = false;
      continue;
    }
    if (KIND_HPA.test(line)) isHpa = true;
    if (METADATA.test(line)) {
      inMetadata = true;
      continue;
    }
    if (inMetadata) {
      if (/^\S/.test(line)) inMetadata = false;
      else {
        const m = NAME.exec(line);
        // Only the direct child `name:` (two-space or any single indent level), the first one wins.
        if (m && name === '' && /^(\s+)/.exec(line)![1]!.length <= 4) name = m[1]!.trim();
      }
    }
  }
  close(lines.length - 1);
  return found;
}

/** The HPA document containing `line`, else the last one before it, else the first. */
export function hpaAtLine(hpas: ScannedHpa[], line: number): ScannedHpa | undefined {
  const containing = hpas.find((h) => line >= h.line && line <= h.endLine);
  if (containing) return containing;
  const before = hpas.filter((h) => h.line <= line);
  return before[before.length - 1] ?? hpas[0];
}
