/**
 * A plain value (what `plainValue` reads from a node, what an edit must leave there) written as YAML
 * text: a scalar as one token, a collection in flow style on one line, or as block lines in the
 * file's layout. Strings are written plain only where every YAML reader, Kubernetes' YAML 1.1 one
 * included, reads them back as the same string; otherwise they are quoted.
 */
import { type Layout, treeLines, type YamlTree } from './textLayout';

export type PlainValue = string | number | boolean | null | PlainValue[] | PlainMap;
export interface PlainMap {
  [key: string]: PlainValue;
}

function isPlainMap(value: PlainValue): value is PlainMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A map with at least one key. */
export function isNonEmptyMap(value: PlainValue): value is PlainMap {
  return isPlainMap(value) && Object.keys(value).length > 0;
}

/**
 * True for the values written as block lines under their key: a non-empty map, or a non-empty
 * sequence of non-empty maps (a list of policies). Scalars, `{}`, `[]` and sequences of scalars are
 * written on the key's line.
 */
export function takesBlockLines(value: PlainValue): value is PlainMap | PlainMap[] {
  if (Array.isArray(value)) return value.length > 0 && value.every(isNonEmptyMap);
  return isNonEmptyMap(value);
}

/**
 * Words a YAML 1.1 reader (go-yaml v2 behind kubectl) or a YAML 1.2 one takes for something other
 * than a string; with the digit, dot, sign and special first characters below, quoted.
 */
const NOT_A_STRING = /^(?:y|yes|n|no|true|false|on|off|null|~)$/i;
const SAFE_PLAIN = /^[A-Za-z_][A-Za-z0-9_./%-]*$/;

/** How the scalar being replaced was quoted, so a changed string keeps the user's style. */
export type QuoteStyle = 'plain' | 'single' | 'double';

export function scalarText(value: string | number | boolean | null, quote: QuoteStyle = 'plain'): string {
  if (value === null) return 'null';
  if (typeof value !== 'string') return String(value);
  if (quote === 'double') return JSON.stringify(value);
  if (quote === 'plain' && SAFE_PLAIN.test(value) && !NOT_A_STRING.test(value)) return value;
  return `'${value.replace(/'/g, "''")}'`;
}

/** A map key: plain when it can be, as scalars are. */
function keyText(key: string): string {
  return scalarText(key);
}

/** The value on one line: a scalar, `{}`, `[]`, or a flow collection. */
export function flowText(value: PlainValue): string {
  if (Array.isArray(value)) return `[${value.map(flowText).join(', ')}]`;
  if (isPlainMap(value))
    return `{${Object.entries(value)
      .map(([k, v]) => `${keyText(k)}: ${flowText(v)}`)
      .join(', ')}}`;
  return scalarText(value);
}

/** The tree `treeLines` writes: scalars and empty collections as their text, sequences of maps as lists. */
function toTree(map: PlainMap): YamlTree {
  const tree: YamlTree = {};
  for (const [key, value] of Object.entries(map)) {
    const name = keyText(key);
    if (!takesBlockLines(value)) tree[name] = flowText(value);
    else tree[name] = Array.isArray(value) ? value.map(toTree) : toTree(value);
  }
  return tree;
}

/** `key: value` as block lines starting at `column`, children one indentation step deeper. */
export function pairLines(key: string, value: PlainValue, layout: Layout, column: number): string[] {
  return treeLines(toTree({ [key]: value }), layout, column);
}

/** The lines under `key:` for a value that takes block lines (pairLines without the key's line). */
export function valueLines(value: PlainValue, layout: Layout, keyColumn: number): string[] {
  return pairLines('k', value, layout, keyColumn).slice(1);
}

/** One sequence item, `- ` at `dashColumn` and the item's keys two columns right of it. */
export function itemLines(value: PlainValue, layout: Layout, dashColumn: number): string[] {
  const pad = ' '.repeat(dashColumn);
  if (!isNonEmptyMap(value)) return [`${pad}- ${flowText(value)}`];
  const lines = treeLines(toTree(value), layout, dashColumn + 2);
  lines[0] = `${pad}- ${lines[0]!.slice(dashColumn + 2)}`;
  return lines;
}
