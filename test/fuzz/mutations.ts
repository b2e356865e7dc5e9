/**
 * Edits a user makes half-way through typing, and damage a file picks up on the way: applied to the
 * real manifests. Each mutation is a pure function of the text and fast-check's choices, so a seed
 * replays the same case.
 */
import fc from 'fast-check';
import { HOSTILE_KEYS, HOSTILE_VALUES } from './hostileValues';

export type Mutation =
  | { op: 'truncate'; at: number }
  | { op: 'delete'; at: number; length: number }
  | { op: 'insert'; at: number; text: string }
  | { op: 'duplicateLine'; line: number }
  | { op: 'swapLines'; line: number }
  | { op: 'reindent'; line: number; indent: string }
  | { op: 'replaceValue'; line: number; value: string }
  | { op: 'replaceKey'; line: number; key: string }
  | { op: 'lineEndings'; eol: '\r\n' | '\r' }
  | { op: 'bom' }
  | { op: 'tabs' };

/** Characters that matter to YAML's syntax, plus some that matter to offsets (surrogates, NUL, CR). */
const SYNTAX_CHARS = [
  ':',
  '-',
  '?',
  '{',
  '}',
  '[',
  ']',
  ',',
  '#',
  '&',
  '*',
  '!',
  '|',
  '>',
  "'",
  '"',
  '%',
  '@',
  '`',
  ' ',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\u0000',
  '\ufeff',
  '\u2028',
  '\ud83d\ude00',
  '\ud800',
  '名',
  '---',
  '...',
];

const insertedText = fc.oneof(
  fc.constantFrom(...SYNTAX_CHARS),
  fc.constantFrom(...HOSTILE_VALUES),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);

/** Positions are fractions of the text, so one arbitrary fits texts of any length. */
const fraction = fc.double({ min: 0, max: 1, noNaN: true });

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fraction.map((f) => ({ op: 'truncate' as const, at: f })),
  fc
    .tuple(fraction, fc.integer({ min: 1, max: 40 }))
    .map(([f, length]) => ({ op: 'delete' as const, at: f, length })),
  fc.tuple(fraction, insertedText).map(([f, text]) => ({ op: 'insert' as const, at: f, text })),
  fraction.map((f) => ({ op: 'duplicateLine' as const, line: f })),
  fraction.map((f) => ({ op: 'swapLines' as const, line: f })),
  fc
    .tuple(fraction, fc.constantFrom('', ' ', '   ', '\t', '        ', ' \t '))
    .map(([f, indent]) => ({ op: 'reindent' as const, line: f, indent })),
  fc
    .tuple(fraction, fc.constantFrom(...HOSTILE_VALUES))
    .map(([f, value]) => ({ op: 'replaceValue' as const, line: f, value })),
  fc
    .tuple(fraction, fc.constantFrom(...HOSTILE_KEYS))
    .map(([f, key]) => ({ op: 'replaceKey' as const, line: f, key })),
  fc.constantFrom('\r\n' as const, '\r' as const).map((eol) => ({ op: 'lineEndings' as const, eol })),
  fc.constant({ op: 'bom' as const }),
  fc.constant({ op: 'tabs' as const }),
);

function pick(fractionOf: number, count: number): number {
  return Math.min(count - 1, Math.floor(fractionOf * count));
}

export function applyMutation(text: string, m: Mutation): string {
  const lines = text.split('\n');
  switch (m.op) {
    case 'truncate':
      return text.slice(0, Math.floor(m.at * text.length));
    case 'delete': {
      const at = Math.floor(m.at * text.length);
      return text.slice(0, at) + text.slice(at + m.length);
    }
    case 'insert': {
      const at = Math.floor(m.at * text.length);
      return text.slice(0, at) + m.text + text.slice(at);
    }
    case 'duplicateLine': {
      const i = pick(m.line, lines.length);
      lines.splice(i, 0, lines[i]!);
      return lines.join('\n');
    }
    case 'swapLines': {
      const i = pick(m.line, lines.length);
      if (i + 1 < lines.length) [lines[i], lines[i + 1]] = [lines[i + 1]!, lines[i]!];
      return lines.join('\n');
    }
    case 'reindent': {
      const i = pick(m.line, lines.length);
      lines[i] = m.indent + lines[i]!.trimStart();
      return lines.join('\n');
    }
    case 'replaceValue': {
      // The first `key: value` line at or after the chosen line gets the hostile value.
      const start = pick(m.line, lines.length);
      for (let k = 0; k < lines.length; k++) {
        const i = (start + k) % lines.length;
        const match = /^(\s*(?:- )?[\w.-]+:)\s+\S.*$/.exec(lines[i]!);
        if (match) {
          lines[i] = `${match[1]} ${m.value}`;
          break;
        }
      }
      return lines.join('\n');
    }
    case 'replaceKey': {
      const start = pick(m.line, lines.length);
      for (let k = 0; k < lines.length; k++) {
        const i = (start + k) % lines.length;
        const match = /^(\s*(?:- )?)[\w.-]+(:.*)$/.exec(lines[i]!);
        if (match) {
          lines[i] = `${match[1]}${m.key}${match[2]}`;
          break;
        }
      }
      return lines.join('\n');
    }
    case 'lineEndings':
      return text.replace(/\r?\n/g, m.eol);
    case 'bom':
      return '\ufeff' + text;
    case 'tabs':
      return text.replace(/^( {2})+/gm, (indent) => '\t'.repeat(indent.length / 2));
  }
}
