/**
 * How the user's file is laid out, so inserted text looks as if they had typed it: line ending,
 * indentation step, and whether sequence items are indented under their key.
 */
import type { Document } from 'yaml';
import { isMap, isSeq } from '../yaml/yamlNodes';
import type { YamlFile } from './yamlFile';
import { positionAt, spanOf } from './yamlFile';

export interface Layout {
  eol: '\n' | '\r\n';
  /** Spaces per nesting level of maps. */
  indent: number;
  /** True for `key:\n  - item`, false for `key:\n- item`. */
  indentSequences: boolean;
}

export function detectEol(text: string): '\n' | '\r\n' {
  const crlf = text.indexOf('\r\n');
  const lf = text.indexOf('\n');
  return crlf >= 0 && crlf + 1 === lf ? '\r\n' : '\n';
}

export function lineStartOf(text: string, offset: number): number {
  const nl = text.lastIndexOf('\n', offset - 1);
  return nl + 1;
}

/** Offset just past the line break of the line holding `offset` (or the end of text). */
export function nextLineStart(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

/** Column of a node's first character. */
export function columnOf(file: YamlFile, offset: number): number {
  return positionAt(file, offset).character;
}

/**
 * Learns the indentation step and sequence style from the maps and sequences already in the file;
 * falls back to two spaces and indented sequences (what kubectl and most docs write).
 */
export function detectLayout(file: YamlFile): Layout {
  let layout = layouts.get(file);
  if (!layout) {
    layout = measureLayout(file);
    layouts.set(file, layout);
  }
  return layout;
}

/** One measurement per parsed version: code actions are asked for on every cursor move. */
const layouts = new WeakMap<YamlFile, Layout>();

function measureLayout(file: YamlFile): Layout {
  const steps = new Map<number, number>();
  let indented = 0;
  let flush = 0;
  const visit = (node: unknown, parentKeyColumn: number | undefined): void => {
    if (isMap(node)) {
      for (const pair of node.pairs()) {
        const keySpan = spanOf(pair.key);
        if (!keySpan) continue;
        const keyCol = columnOf(file, keySpan[0]);
        const valueSpan = spanOf(pair.value);
        if (isMap(pair.value) && valueSpan && !pair.value.flow) {
          const childCol = columnOf(file, valueSpan[0]);
          const step = childCol - keyCol;
          if (step > 0 && positionAt(file, valueSpan[0]).line > positionAt(file, keySpan[0]).line) {
            steps.set(step, (steps.get(step) ?? 0) + 1);
          }
        }
        if (isSeq(pair.value) && valueSpan && !pair.value.flow) {
          const dashCol = columnOf(file, valueSpan[0]);
          if (dashCol > keyCol) indented++;
          else flush++;
        }
        visit(pair.value, keyCol);
      }
    } else if (isSeq(node)) {
      for (const item of node) visit(item, parentKeyColumn);
    }
  };
  for (const doc of file.docs as Document.Parsed[]) visit(doc.value, undefined);
  let indent = 2;
  let bestCount = 0;
  for (const [step, count] of steps) {
    if (count > bestCount) {
      indent = step;
      bestCount = count;
    }
  }
  return { eol: detectEol(file.text), indent, indentSequences: flush > indented ? false : true };
}

/**
 * Builds indented YAML lines from a small tree, following the layout. Keys map to scalars (strings
 * written as-is), nested objects, or arrays of objects (block sequences).
 */
export type YamlTree = { [key: string]: string | number | YamlTree | YamlTree[] };

export function treeLines(tree: YamlTree, layout: Layout, column = 0): string[] {
  const out: string[] = [];
  const pad = (n: number): string => ' '.repeat(n);
  for (const [key, value] of Object.entries(tree)) {
    if (Array.isArray(value)) {
      out.push(`${pad(column)}${key}:`);
      const dashCol = layout.indentSequences ? column + layout.indent : column;
      for (const item of value) {
        const itemLines = treeLines(item, layout, dashCol + 2);
        if (itemLines.length === 0) continue;
        itemLines[0] = `${pad(dashCol)}- ${itemLines[0]!.slice(dashCol + 2)}`;
        out.push(...itemLines);
      }
    } else if (typeof value === 'object') {
      out.push(`${pad(column)}${key}:`);
      out.push(...treeLines(value, layout, column + layout.indent));
    } else {
      out.push(`${pad(column)}${key}: ${value}`);
    }
  }
  return out;
}
