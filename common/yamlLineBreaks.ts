/**
 * YAML (1.2, §5.4) and the editor both end a line at a lone carriage return, as old Mac files do;
 * `yaml` reads one as content instead, and its 3.0 pre-release loops forever on a comment followed
 * by one. Every parse goes through this: a lone CR becomes LF, one character for one, so offsets,
 * lines and columns stay those of the text the user sees.
 */
export function yamlLineBreaks(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}
