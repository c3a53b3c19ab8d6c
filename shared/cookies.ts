// Cookie names and lifetimes that more than one layer knows.
/** The upstream's session cookie (HttpOnly; the browser never reads it). */
export const sessionCookie = "qy_session";
/** SPEC §1/§9: a login stays active for about 2 months. */
export const sessionMaxAgeMs = 60 * 24 * 60 * 60 * 1000;

/** SPEC §2: the preview cookie is named by the website code and lasts 10800 s (3 h). */
export function previewCookieName(websiteCode: string): string {
  return websiteCode;
}
export const previewCookieMaxAgeMs = 10_800 * 1000;

/** Leaving preview mode: the server removes the cookie and returns to the root (SPEC §4). */
export const previewExitPath = "/preview/exit";
