// A pasted list of parts or a bill of materials, read as part numbers: one line each, the part number being
// the line's first cell (tab, comma or semicolon separated, as spreadsheets copy them); blank lines and a
// header line without a digit are skipped. More lines than the limit are refused whole with the count, so
// a 10,000-line BOM gets a stated limit, never a half-added list.
export type ParsedWatchList = { kind: "ok"; partNumbers: string[] } | { kind: "empty" } | { kind: "too many"; lines: number };

const partLike = /^[A-Za-z0-9][A-Za-z0-9._/-]{1,63}$/;

export function parseWatchList(text: string, limit: number): ParsedWatchList {
  const lines = text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== "");
  if (lines.length > limit) return { kind: "too many", lines: lines.length };
  const parts: string[] = [];
  for (const line of lines) {
    const first = line
      .split(/[\t,;]/)[0]!
      .trim()
      .replace(/^"|"$/g, "");
    if (!/\d/.test(first)) continue;
    // A cell that is not part-number-like still goes to the upstream, which names it as unknown.
    parts.push(partLike.test(first) ? first.toUpperCase() : first.slice(0, 64));
  }
  const unique = [...new Set(parts)];
  return unique.length ? { kind: "ok", partNumbers: unique } : { kind: "empty" };
}
