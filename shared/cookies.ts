// Cookie names and lifetimes that more than one layer knows.
/** The upstream's session cookie (HttpOnly; the browser never reads it), as named over plain http. */
export const sessionCookie = "qy_session";

/**
 * The session cookie's name for the site's origin: `__Host-qy_session` behind https. A browser takes a
 * `__Host-` cookie only when it is Secure, Path=/ and names no Domain, so neither a page over http nor a
 * sibling subdomain can plant or overwrite the session (fixation); over http (development) the plain name.
 */
export function sessionCookieName(publicOrigin: string): string {
  return publicOrigin.startsWith("https:") ? `__Host-${sessionCookie}` : sessionCookie;
}
/** Whether a Cookie header carries a non-empty session cookie for the site's origin: the one test of "has a
 * session" for the page handler's policy and the document's header. */
export function hasSessionCookie(cookieHeader: string | null | undefined, publicOrigin: string): boolean {
  if (!cookieHeader) return false;
  const prefix = `${sessionCookieName(publicOrigin)}=`;
  return cookieHeader.split(";").some((pair) => {
    const trimmed = pair.trim();
    return trimmed.startsWith(prefix) && trimmed.length > prefix.length;
  });
}

/** SPEC §1/§9: a login stays active for about 2 months. */
export const sessionMaxAgeMs = 60 * 24 * 60 * 60 * 1000;

/** SPEC §2: the preview cookie is named by the website code and lasts 10800 s (3 h). */
export function previewCookieName(websiteCode: string): string {
  return websiteCode;
}
export const previewCookieMaxAgeMs = 10_800 * 1000;

/** Leaving preview mode: the server removes the cookie and returns to the root (SPEC §4). */
export const previewExitPath = "/preview/exit";
