/**
 * The one placeholder syntax of every bundle: `{name}`, a letter then letters, digits or `_`.
 * `{}` and `{ }` are not placeholders, so texts such as `behavior: {}` need no escaping.
 */

export type MessageArgs = Readonly<Record<string, string | number | boolean>>;

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

/** Fills `{name}` placeholders; one without a value stays visible, so a missing argument is noticed. */
export function formatMessage(template: string, args: MessageArgs = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(args, name) ? String(args[name]) : whole,
  );
}

/** The placeholder names of a template, sorted and with repeats, for comparing two translations. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!).sort();
}
