/**
 * Blanks the values of the fields no one reads (readSets.ts) in one block-style YAML document, so
 * that `yaml` parses only what is read.
 *
 * Every character of a blanked value becomes a space, so the offsets of what is kept are those of
 * the original text: ranges need no mapping (positions come from the original text's line index,
 * never from the blanked one). The line breaks inside a blanked value become spaces too: the value
 * of `labels:` is then one run of spaces on the key's line, which `yaml` reads as one token, where
 * thirty blank lines cost it thirty (a quarter of a rendered Deployment's parse). Keys stay, with a
 * null value, so every map keeps its keys and its type (a `spec:` whose only field is unread is
 * still a map, not null).
 *
 * This is a line scan of the layout Kubernetes manifests use, not a YAML parser: it only decides
 * which lines belong to which field, from indentation, as YAML's block structure defines it. Whatever
 * it does not recognise (flow-style roots, complex keys, tabs in indentation, anchors, aliases and
 * merge keys, directives, several documents) returns undefined, and the caller parses the text
 * unchanged. The caller also falls back to the unchanged text whenever the blanked one has a YAML
 * error, and checks the unchanged text for YAML errors later (documents.ts).
 */
import { ITEMS, type ReadSet } from './readSets';

/** Constructs a line scan cannot follow: anchors and aliases (a kept field may alias a blanked one), merge keys, tags on the root, directives, tabs in indentation, document end markers. */
const UNSUPPORTED = /(?:^|[\s[{,])[&*][^\s\]},]|<<[ \t]*:|^[ ]*\t|^%|^\.\.\.(?:[ \t\r]|$)|^---[ \t]+[^#\s]/m;
/** A block mapping key as manifests write them: plain, or quoted without escapes; then `:` and a space or the end of the line. */
const KEY_LINE = /^([A-Za-z0-9_][\w./-]*|"[^"\\\n]*"|'[^'\n]*')[ \t]*:(?=[ \t]|$)/;

interface MapContext {
  kind: 'map';
  /** Column of the map's keys. */
  indent: number;
  fields: ReadSet;
}

interface SequenceContext {
  kind: 'sequence';
  /** Column of the items' dashes. */
  indent: number;
  items: ReadSet;
}

/** Lines that belong to one field's value: kept verbatim or blanked. */
interface Region {
  /** Column of the key (or the dash) that opened it: deeper lines belong to it. */
  indent: number;
  blank: boolean;
  /** A key's value may be a sequence whose dashes sit at the key's own column. */
  compactSequence: boolean;
}

/** The text with unread values blanked, the same text when nothing was blanked, or undefined when the layout is not one this scan follows. */
export function blankUnreadFields(text: string, readSet: ReadSet): string | undefined {
  if (UNSUPPORTED.test(text)) return undefined;
  const lines = text.split('\n');
  const stack: (MapContext | SequenceContext)[] = [{ kind: 'map', indent: 0, fields: readSet }];
  let region: Region | undefined;
  /** A key whose read set continues on the next lines (`spec:` followed by its block). */
  let opened: { indent: number; fields: ReadSet } | undefined;
  let changed = false;
  /** Lines wholly inside a blanked value: joined to the line before by a space instead of their line break. */
  const joined: boolean[] = [];

  const blankFrom = (index: number, from: number): void => {
    const line = lines[index] as string;
    const end = line.endsWith('\r') ? line.length - 1 : line.length;
    if (end <= from) return;
    lines[index] = line.slice(0, from) + ' '.repeat(end - from) + line.slice(end);
    changed = true;
  };
  /** Blanks a line inside an unread value, with the line break before it (the previous line is the key's or blanked too). */
  const blankLine = (index: number): void => {
    blankFrom(index, 0);
    if (index === 0) return;
    joined[index] = true;
    changed = true;
    const previous = lines[index - 1] as string;
    if (previous.endsWith('\r')) lines[index - 1] = `${previous.slice(0, -1)} `;
  };

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    const indent = leadingSpaces(line);
    const rest = line.slice(indent).replace(/\r$/, '');
    if (index === 0 && rest.startsWith('---')) continue; // the document marker (UNSUPPORTED rejects content after it)
    if (rest === '' || rest.startsWith('#')) {
      if (region?.blank) blankLine(index);
      continue;
    }
    if (region) {
      const inside =
        indent > region.indent || (region.compactSequence && indent === region.indent && isDash(rest));
      if (inside) {
        if (region.blank) blankLine(index);
        continue;
      }
      region = undefined;
    }

    if (opened) {
      const expected = opened;
      opened = undefined;
      const wantsSequence = Object.hasOwn(expected.fields, ITEMS);
      if (isDash(rest) && indent >= expected.indent) {
        if (wantsSequence) stack.push({ kind: 'sequence', indent, items: expected.fields[ITEMS] as ReadSet });
        else region = { indent: expected.indent, blank: false, compactSequence: true };
      } else if (indent > expected.indent) {
        if (!wantsSequence) stack.push({ kind: 'map', indent, fields: expected.fields });
        else region = { indent: expected.indent, blank: false, compactSequence: true };
      }
      // Otherwise the key's value was empty (null): this line belongs to an enclosing map.
      if (region) continue;
    }

    // Leave the maps and sequences this line is not part of.
    let top = stack[stack.length - 1];
    while (top && !belongs(top, indent, rest)) {
      if (indent > top.indent) return undefined; // deeper than the structure allows: not a layout this scan knows
      stack.pop();
      top = stack[stack.length - 1];
    }
    if (!top) return undefined;

    let column = indent;
    let keyText = rest;
    let fields: ReadSet;
    if (top.kind === 'sequence') {
      const afterDash = rest.slice(1);
      const gap = leadingSpaces(afterDash);
      column = indent + 1 + gap;
      keyText = afterDash.slice(gap);
      if (gap === 0 || !KEY_LINE.test(keyText)) {
        // A scalar, a nested sequence or a flow item: keep the item whole.
        region = { indent, blank: false, compactSequence: false };
        continue;
      }
      stack.push({ kind: 'map', indent: column, fields: top.items });
      fields = top.items;
    } else {
      fields = top.fields;
    }

    const key = KEY_LINE.exec(keyText);
    if (!key) return undefined;
    const name = unquote(key[1] as string);
    const valueStart = column + key[0].length;
    const valueText = keyText.slice(key[0].length).trim();
    const hasInlineValue = valueText !== '' && !valueText.startsWith('#');
    const wanted = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (wanted === undefined) {
      blankFrom(index, valueStart);
      region = { indent: column, blank: true, compactSequence: true };
    } else if (wanted === true || hasInlineValue) {
      region = { indent: column, blank: false, compactSequence: true };
    } else {
      opened = { indent: column, fields: wanted };
    }
  }
  if (!changed) return text;
  if (joined.length === 0) return lines.join('\n');
  const parts: string[] = [lines[0] as string];
  for (let index = 1; index < lines.length; index++)
    parts.push(joined[index] === true ? ' ' : '\n', lines[index] as string);
  return parts.join('');
}

function belongs(context: MapContext | SequenceContext, indent: number, rest: string): boolean {
  if (indent !== context.indent) return false;
  return context.kind === 'sequence' ? isDash(rest) : !isDash(rest);
}

function isDash(rest: string): boolean {
  return rest === '-' || rest.startsWith('- ') || rest.startsWith('-\t');
}

function leadingSpaces(line: string): number {
  let n = 0;
  while (line.charCodeAt(n) === 32) n++;
  return n;
}

function unquote(key: string): string {
  return key.startsWith('"') || key.startsWith("'") ? key.slice(1, -1) : key;
}
