// Small SQL helpers for queries built from user input.

/**
 * Control characters (NUL, C0, DEL, C1) as spaces: no stored text has them, and SQLite's text functions and
 * FTS5's query parser end a string at a NUL ("unterminated string"), so one would turn a query into an error.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(/\p{Cc}/gu, " ");
}

/** A LIKE pattern matching `text` anywhere, with %, _ and \ taken literally (use with ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${withoutControlCharacters(text).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** "?, ?, ?" for an IN list of n values. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => "?").join(", ");
}
