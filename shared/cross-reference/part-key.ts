// The form part numbers are compared in, on its own: the search page and the cross-reference page's URL
// grammar need it on their first load, without the matching code (or the contract that imports it).

/** The key part numbers are compared by: letters and digits only, upper case ("c3m-0040 120k" → "C3M0040120K"). */
export function partKey(text: string): string {
  return text
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
}

/** Whether a search text can be a part number: one token of letters and digits with at least one digit. */
export function looksLikePartNumber(text: string): boolean {
  const trimmed = text.trim();
  const key = partKey(trimmed);
  return key.length >= 4 && key.length <= 40 && /\d/.test(key) && /[A-Z]/.test(key) && !/\s\S+\s\S+/.test(trimmed);
}
