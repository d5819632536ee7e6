/** `String(value)` for anything given, '' for nothing: the operation's zod rules then explain what is wrong. */
export const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
