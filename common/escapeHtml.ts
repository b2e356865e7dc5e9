/**
 * The one escape for text put into HTML or SVG markup: the webview's page (client), the standalone
 * report (server) and the exported SVG (common/preview) all write manifest text through it. It
 * covers element text and attribute values in either quote, so a name from a manifest can never
 * close a tag or an attribute.
 */
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
