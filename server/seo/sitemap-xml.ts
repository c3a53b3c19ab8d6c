// Writes the sitemap protocol: a urlset with one <url> per page and language, each listing its language
// alternates (xhtml:link, the same set as the pages' hreflang), and a sitemap index when the urls do not
// fit one file (the protocol allows 50 000 urls or 50 MB per file).
import { languages, localizePath } from "../../shared/languages.ts";
import { absoluteUrl, alternates } from "../../shared/seo.ts";
import { escapeHtml } from "../../shared/html.ts";
import type { SitemapEntry } from "./sitemap-urls.ts";

/** Urls per file; each entry becomes one <url> per language. */
export const URLS_PER_SITEMAP = 40_000;

export function sitemapChunks(entries: SitemapEntry[], perFile = URLS_PER_SITEMAP): SitemapEntry[][] {
  const perChunk = Math.max(1, Math.floor(perFile / languages.length));
  const chunks: SitemapEntry[][] = [];
  for (let index = 0; index < entries.length; index += perChunk) chunks.push(entries.slice(index, index + perChunk));
  return chunks.length ? chunks : [[]];
}

export function urlsetXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.flatMap((entry) =>
    languages.map((language) => {
      const links = alternates(origin, entry.path)
        .map((alternate) => `<xhtml:link rel="alternate" hreflang="${alternate.hrefLang}" href="${escapeHtml(alternate.href)}"/>`)
        .join("");
      const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : "";
      return `<url><loc>${escapeHtml(absoluteUrl(origin, localizePath(entry.path, language)))}</loc>${lastmod}${links}</url>`;
    }),
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`
  );
}

export function sitemapIndexXml(origin: string, chunks: SitemapEntry[][]): string {
  const items = chunks.map((chunk, index) => {
    const lastmod = chunk.map((entry) => entry.lastmod).filter(Boolean).sort().at(-1);
    return `<sitemap><loc>${escapeHtml(absoluteUrl(origin, `/sitemap-${index + 1}.xml`))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}
