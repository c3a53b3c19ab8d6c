// The language cookie (`i18n_redirected`: what "/" and unprefixed paths redirect by) is set by the page's own
// script, never by the page's response: anonymous pages are `public, s-maxage` and a CDN that caches one would
// replay its Set-Cookie to every visitor (and nginx does not cache a response that sets a cookie). The root
// redirect sets it on the server (server/http/language.ts); everything else is here. Kept small: it is in
// every page's first load.
import { languageCookie, languageCookieMaxAgeMs, type Language } from "../../shared/languages.ts";

/** Remembers the page's language when the cookie names another (or none); Secure on an https page. */
export function rememberLanguage(language: Language): void {
  const pair = `${languageCookie}=${language}`;
  if (document.cookie.split("; ").includes(pair)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in Firefox or Safari before 18.4; one plain cookie is enough here.
  document.cookie = `${pair};max-age=${languageCookieMaxAgeMs / 1000};path=/;samesite=lax${location.protocol === "https:" ? ";secure" : ""}`;
}
