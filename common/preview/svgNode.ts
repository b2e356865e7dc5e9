import { escapeHtml } from '../escapeHtml';
/**
 * A tiny element tree for the charts. The same tree becomes live DOM in the webview (createElementNS +
 * textContent, so no markup is ever parsed) and an SVG file on export (serialized here with every text
 * and attribute escaped). Keeping one tree means the exported SVG is exactly what the panel shows.
 */
export interface SvgNode {
  tag: string;
  attrs: Record<string, string | number>;
  children?: SvgNode[];
  /** Plain text content; escaped on serialization, set via textContent in the DOM. */
  text?: string;
}

export function el(
  tag: string,
  attrs: Record<string, string | number | undefined>,
  children?: SvgNode[],
  text?: string,
): SvgNode {
  const clean: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) clean[k] = v;
  const node: SvgNode = { tag, attrs: clean };
  if (children && children.length > 0) node.children = children;
  if (text !== undefined) node.text = text;
  return node;
}

// Tag and attribute names come from our own code, never from a manifest; still, refuse anything odd
// so a future mistake cannot turn into markup injection.
const NAME = /^[a-zA-Z][a-zA-Z0-9:-]*$/;

export function serializeSvgNode(node: SvgNode): string {
  const parts: string[] = [];
  write(node, parts);
  return parts.join('');
}

function write(node: SvgNode, out: string[]): void {
  if (!NAME.test(node.tag)) throw new Error(`invalid SVG tag name: ${node.tag}`);
  out.push('<', node.tag);
  for (const [k, v] of Object.entries(node.attrs)) {
    if (!NAME.test(k)) throw new Error(`invalid SVG attribute name: ${k}`);
    out.push(' ', k, '="', escapeHtml(String(v)), '"');
  }
  const hasContent =
    (node.children && node.children.length > 0) || (node.text !== undefined && node.text !== '');
  if (!hasContent) {
    out.push('/>');
    return;
  }
  out.push('>');
  if (node.text !== undefined) out.push(escapeHtml(node.text));
  for (const child of node.children ?? []) write(child, out);
  out.push('</', node.tag, '>');
}
