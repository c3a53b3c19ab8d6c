// The one static error page of the site, for answers given without React (a render that failed before its
// shell, a request refused before any route): localized text, no script, no stack trace.
import { escapeHtml } from "../../shared/html.ts";
import { htmlLang, type Language } from "../../shared/languages.ts";

export function errorPageHtml(page: { language: Language; status: number; title: string; text: string; back: string }): string {
  const title = escapeHtml(page.title);
  return (
    `<!DOCTYPE html><html lang="${htmlLang[page.language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
    `<body><main style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><p>${page.status}</p><h1>${title}</h1><p>${escapeHtml(page.text)}</p><p><a href="/${page.language}">${escapeHtml(page.back)}</a></p></main></body></html>`
  );
}
