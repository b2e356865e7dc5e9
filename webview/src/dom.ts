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

/** Whether an attribute of the chart tree may be set on live SVG: event handlers are refused outright. */
function isSettable(attribute: string): boolean {
  return attribute !== 'xmlns' && !/^on/i.test(attribute);
}

/** Builds live SVG from the chart tree. */
export function svgToDom(node: SvgNode): SVGElement {
  const out = document.createElementNS(SVG_NS, node.tag);
  for (const [k, v] of Object.entries(node.attrs)) {
    if (isSettable(k)) out.setAttribute(k, String(v));
  }
  if (node.text !== undefined) out.textContent = node.text;
  for (const child of node.children ?? []) out.append(svgToDom(child));
  return out;
}

/** Gives `dom` the text and children of `node`, built afresh. */
function refill(dom: Element, node: SvgNode): void {
  clear(dom);
  if (node.text !== undefined) dom.textContent = node.text;
  for (const child of node.children ?? []) dom.append(svgToDom(child));
}

/**
 * Brings `dom` (built from `old`) to `next`, touching only what differs: a repaint that adds one
 * line keeps every other element, so Chromium does not parse the other lines' path data again
 * (measured: most of a chart rebuild's DOM time). Anything else in the DOM (a hover mark) makes its
 * parent's children rebuilt.
 */
export function patchSvg(dom: Element, old: SvgNode, next: SvgNode): void {
  if (old.tag !== next.tag) {
    dom.replaceWith(svgToDom(next));
    return;
  }
  for (const [k, v] of Object.entries(next.attrs)) {
    if (isSettable(k) && old.attrs[k] !== v) dom.setAttribute(k, String(v));
  }
  for (const k of Object.keys(old.attrs)) if (!(k in next.attrs)) dom.removeAttribute(k);
  const oldChildren = old.children ?? [];
  const nextChildren = next.children ?? [];
  if (old.text !== undefined || next.text !== undefined) {
    if (old.text !== next.text || dom.childElementCount > 0) refill(dom, next);
  } else if (oldChildren.length === nextChildren.length && dom.children.length === oldChildren.length) {
    const elements = Array.from(dom.children);
    nextChildren.forEach((child, i) => patchSvg(elements[i]!, oldChildren[i]!, child));
  } else refill(dom, next);
}

export function clear(node: Element): void {
  while (node.firstChild) node.removeChild(node.firstChild);
}
