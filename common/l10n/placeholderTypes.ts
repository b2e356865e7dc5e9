/**
 * The `{name}` placeholders of a message written as a literal, as a type: a call such as
 * `t('{path}: Required value', { path })` is checked by the compiler, so an argument missing,
 * misspelt or left over fails `tsc -b` rather than showing a raw `{path}` to a user.
 */

/** `'{a} and {b}'` → `'a' | 'b'`; `{}` (as in `behavior: {}`) is no placeholder. */
export type PlaceholderNames<Message extends string> = Message extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends '' ? never : Name) | PlaceholderNames<Rest>
  : never;

/**
 * The arguments after the message: none for a message without placeholders, a record with exactly
 * its names otherwise; a message that is not a literal (a `string` variable) takes any record.
 */
export type ArgsFor<Message extends string, Value> = string extends Message
  ? [args?: Readonly<Record<string, Value>>]
  : [PlaceholderNames<Message>] extends [never]
    ? []
    : [args: Readonly<Record<PlaceholderNames<Message>, Value>>];
