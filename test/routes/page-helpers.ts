// Reading server-rendered pages in route tests: visible text, the h1, and the JSON-LD blocks.

/** The visible text of a document: scripts and tags removed, entities of quotes and ampersands decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

/** The text of the page's h1 (there must be exactly one). */
export function headingOf(html: string): string {
  const headings = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)];
  if (headings.length !== 1) throw new Error(`expected one h1, found ${headings.length}`);
  return textOf(headings[0]![1]!).trim();
}

/** Every JSON-LD object of the page (arrays flattened); throws when a block does not parse. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const value = JSON.parse(match[1]!) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(value) ? value : [value];
  });
}

export function linkHref(html: string, rel: string): string | undefined {
  return new RegExp(`<link rel="${rel}" href="([^"]+)"`).exec(html)?.[1];
}
