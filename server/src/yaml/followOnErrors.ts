/**
 * One YAML mistake, one diagnostic. When a line breaks the block structure (an unclosed `[`, a key
 * without its colon, a tab or a dedent), the `yaml` library reads every following line of the block
 * as a key that is not one, and says so twice per line (BLOCK_AS_IMPLICIT_KEY, then
 * MULTILINE_IMPLICIT_KEY up to the next line), until the indentation lets it recover. Those errors
 * follow from the first and go away with it; they are left out, so the first cause stands alone.
 */

/** The codes yaml repeats on each line after a broken block. */
const FOLLOW_ON_CODES: ReadonlySet<string> = new Set(['BLOCK_AS_IMPLICIT_KEY', 'MULTILINE_IMPLICIT_KEY']);

interface PositionedError {
  code: string;
  /** [start, end) offsets in the document's text. */
  pos: [number, number];
}

/**
 * The errors of one document without those that follow from an earlier one: an error of a
 * follow-on code that starts on the line where the chain of errors before it ended. A later error
 * on a line of its own, after the structure recovered, is a mistake of its own and stays.
 */
export function withoutFollowOnErrors<E extends PositionedError>(text: string, errors: readonly E[]): E[] {
  if (errors.length < 2) return [...errors];
  const lineOf = lineLookup(text);
  const byStart = [...errors].sort((a, b) => a.pos[0] - b.pos[0]);
  const followOn = new Set<E>();
  let chainEndLine = -1;
  for (const error of byStart) {
    const startLine = lineOf(error.pos[0]);
    const endLine = lineOf(Math.max(error.pos[0], error.pos[1]));
    if (FOLLOW_ON_CODES.has(error.code) && startLine <= chainEndLine) {
      followOn.add(error);
      chainEndLine = Math.max(chainEndLine, endLine);
    } else {
      chainEndLine = endLine;
    }
  }
  return errors.filter((e) => !followOn.has(e));
}

/** 0-based line of an offset, by binary search over the line starts (a document may have thousands of errors). */
function lineLookup(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  };
}
