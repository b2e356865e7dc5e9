/**
 * DOM helpers. Text always goes in through textContent and attributes through setAttribute: nothing
 * from a manifest is ever parsed as markup.
 */
import type { SvgNode } from '../../common/preview/svgNode';

type Attrs = Record<string, string | number | boolean | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const child of children)
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Builds live SVG from the chart tree. Event-handler attributes are refused outright. */
export function svgToDom(node: SvgNode): SVGElement {
  const out = document.createElementNS(SVG_NS, node.tag);
  for (const [k, v] of Object.entries(node.attrs)) {
    if (k === 'xmlns' || /^on/i.test(k)) continue;
    out.setAttribute(k, String(v));
  }
  if (node.text !== undefined) out.textContent = node.text;
  for (const child of node.children ?? []) out.append(svgToDom(child));
  return out;
}

export function clear(node: Element): void {
  while (node.firstChild) node.removeChild(node.firstChild);
}
