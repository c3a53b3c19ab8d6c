// Small SQL helpers for queries built from user input.

/** A LIKE pattern matching `text` anywhere, with %, _ and \ taken literally (use with ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** "?, ?, ?" for an IN list of n values. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => "?").join(", ");
}
