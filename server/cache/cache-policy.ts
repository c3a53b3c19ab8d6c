// Who may be served from (and fill) the shared caches, and the Cache-Control of HTML. Anonymous means: not
// in preview and no cookie but the ones that cannot change a page (the language cookie only repeats the
// URL's language). A session cookie, the preview cookie or any cookie we do not know makes the visitor's
// pages personal: rendered afresh, HTML private and never stored. The session cookie alone still lets the
// render's public reads come from the shared cache (docs/decisions/042-signed-in-public-reads.md); the preview
// cookie or a cookie we do not know sends every call straight to the upstream.
import { languageAlternation, languageCookie } from "../../shared/languages.ts";
import { emailWatchPaths } from "../../shared/email-watch-paths.ts";
import { sessionCookieName } from "../../shared/cookies.ts";
import { privateNoStore } from "../../shared/http/user-pages.ts";

/** Anonymous HTML: shared caches (nginx, a CDN) keep it 60 s and may serve it stale for 5 min while they
 * revalidate; browsers always revalidate (max-age=0) with the ETag. */
export const publicHtmlCacheControl = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const privateHtmlCacheControl = privateNoStore;

const neutralCookies = new Set<string>([languageCookie]);

export function hasPersonalCookies(cookies: Record<string, unknown> | undefined): boolean {
  return Object.keys(cookies ?? {}).some((name) => !neutralCookies.has(name));
}

/** Whether a visitor's public upstream reads may come from (and fill) the shared cache: no cookie but the
 * language cookie and the session cookie. A public read (no `auth` in the contract) answers a signed-in visitor as
 * it answers everyone; the calls bound to the session (`auth`, isLogin) never go through the cache whoever asks
 * (client/api/page-client.ts). Preview is the caller's to rule out (its cookie is not one of these). */
export function sharesPublicReads(cookies: Record<string, unknown> | undefined, publicOrigin: string): boolean {
  const session = sessionCookieName(publicOrigin);
  return Object.keys(cookies ?? {}).every((name) => neutralCookies.has(name) || name === session);
}

/** Set-Cookie lines other than the language cookie make a response personal: it is never stored. */
export function setsPersonalCookie(header: number | string | string[] | undefined): boolean {
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  return lines.some((line) => !line.startsWith(`${languageCookie}=`));
}

const mailLinkPagePattern = new RegExp(`^/(${languageAlternation})(${emailWatchPaths.confirm}|${emailWatchPaths.manage})/?$`);

/** The pages a notice e-mail's signed links open with one mailbox's data (shared/email-watch-paths.ts): like the
 * user pages, no cache keeps them (docs/decisions/034-part-watches-and-notice-mail.md). */
export function isMailLinkPage(pathname: string): boolean {
  return mailLinkPagePattern.test(pathname);
}
