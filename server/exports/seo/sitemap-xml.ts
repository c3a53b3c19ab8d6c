// Writes the sitemap protocol: /sitemap.xml is always a sitemap index, and each child is a urlset of one
// section in one language (/sitemap-{section}-{language}.xml, then -2, -3 … when a section outgrows one file),
// each <url> listing its language alternates (xhtml:link, the same set as the pages' hreflang). The protocol
// allows 50 000 urls or 50 MB per file.
import { localizePath, type Language } from "../../../shared/languages.ts";
import { absoluteUrl, alternates } from "../../../shared/seo/seo.ts";
import { escapeHtml } from "../../../shared/text/html.ts";
import type { SitemapEntry } from "./sitemap-entry.ts";
import type { SitemapSection } from "./sitemap-urls.ts";

/** Urls per child file: below the protocol's 50 000, and a child stays well under its 50 MB. */
export const URLS_PER_SITEMAP = 40_000;

export interface SitemapChild {
  section: SitemapSection;
  language: Language;
  /** 1-based number of the file within its section and language. */
  part: number;
  entries: SitemapEntry[];
}

export function childPath(child: Pick<SitemapChild, "section" | "language" | "part">): string {
  return `/sitemap-${child.section}-${child.language}${child.part > 1 ? `-${child.part}` : ""}.xml`;
}

/** Splits a section's entries into files of at most `perFile` urls (an empty section still has its file). */
export function splitEntries(entries: SitemapEntry[], perFile = URLS_PER_SITEMAP): SitemapEntry[][] {
  const size = Math.max(1, perFile);
  const parts: SitemapEntry[][] = [];
  for (let index = 0; index < entries.length; index += size) parts.push(entries.slice(index, index + size));
  return parts.length ? parts : [[]];
}

export function urlsetXml(origin: string, language: Language, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const links = alternates(origin, entry.path)
      .map((alternate) => `<xhtml:link rel="alternate" hreflang="${alternate.hrefLang}" href="${escapeHtml(alternate.href)}"/>`)
      .join("");
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : "";
    return `<url><loc>${escapeHtml(absoluteUrl(origin, localizePath(entry.path, language)))}</loc>${lastmod}${links}</url>`;
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`
  );
}

export function sitemapIndexXml(origin: string, children: SitemapChild[]): string {
  const items = children.map((child) => {
    let lastmod: string | undefined;
    for (const entry of child.entries) if (entry.lastmod && (!lastmod || entry.lastmod > lastmod)) lastmod = entry.lastmod;
    return `<sitemap><loc>${escapeHtml(absoluteUrl(origin, childPath(child)))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}
