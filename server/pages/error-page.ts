// The one static error page of the site, for answers given without React (a render that failed before its
// shell, a request refused before any route): localized text, no script, no stack trace.
import type { Response } from "express";
import { escapeHtml } from "../../shared/text/html.ts";
import { htmlLang, type Language } from "../../shared/languages.ts";
import type { Resources } from "../../shared/locales.ts";
import { contentSecurityPolicy } from "../http/security.ts";

export function errorPageHtml(page: { language: Language; status: number; title: string; text: string; back: string }): string {
  const title = escapeHtml(page.title);
  return (
    `<!DOCTYPE html><html lang="${htmlLang[page.language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
    `<body><main style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><p>${page.status}</p><h1>${title}</h1><p>${escapeHtml(page.text)}</p><p><a href="/${page.language}">${escapeHtml(page.back)}</a></p></main></body></html>`
  );
}

/** When React cannot even render the shell: the static, localized 500 page. */
export function sendFallbackError(res: Response, language: Language, resources: Resources, dev: boolean, nonce: string) {
  if (res.headersSent) return res.end();
  const error = (resources.common?.error ?? {}) as Record<string, string>;
  res.status(500);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, dev));
  res.setHeader("Cache-Control", "no-store");
  res.end(errorPageHtml({ language, status: 500, title: error.serverTitle ?? "Server error", text: error.serverText ?? "", back: error.backHome ?? "Home" }));
}
