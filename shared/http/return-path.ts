// Where the visitor goes after signing in (SPEC §2 `path`): only a path of this site, never another host.
// The login page, its route action and the user pages' guard all read `path` through these functions.
import { localizePath, splitLanguagePrefix, type Language } from "../languages.ts";
import { isUserPage, loginPath } from "../paths.ts";

const MAX_LENGTH = 1000;
/**
 * Whitespace other than the plain space, control characters and backslashes: browsers strip or rewrite them
 * into host separators. A space inside a path is kept (the URL parser percent-encodes it); one in front is
 * refused because a path starts with "/".
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern refuses.
const unsafeCharacters = /[^\S ]|[\u0000-\u001f\u007f-\u009f\\]/;
const scheme = /^[a-z][a-z0-9+.-]*:/i;
/**
 * A "." or ".." segment in the path part. Browsers resolve them before requesting (`/zh/../..//evil.example`
 * becomes `//evil.example`, another host), so a path that only means something once normalised is refused.
 */
const dotSegment = /(?:^|\/)\.{1,2}(?:\/|$)/;
const pathPart = (value: string) => value.split(/[?#]/, 1)[0]!;

/** Every spelling the value can take when a browser or server decodes it again (bounded). */
function decodings(value: string): string[] {
  const forms = [value];
  let current = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      // A malformed escape in the value itself is not something we wrote: refuse it. One that appears only
      // once decoded came from an encoded "%" (`text=100%25`), which nothing decodes a second time.
      return i === 0 ? [...forms, "//"] : forms;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/**
 * The same-site path (without language prefix) a `path` parameter names, or "/" (the language home) for
 * anything else: missing, too long, not starting with one "/", protocol-relative (`//host`, `/\host`),
 * a scheme, whitespace or control characters, dot segments, or any of these hidden behind percent-encoding.
 */
export function safeReturnPath(raw: unknown): string {
  if (typeof raw !== "string" || raw === "" || raw.length > MAX_LENGTH) return "/";
  for (const form of decodings(raw)) {
    if (unsafeCharacters.test(form) || scheme.test(form)) return "/";
    if (!form.startsWith("/") || form.startsWith("//")) return "/";
    if (dotSegment.test(pathPart(form))) return "/";
  }
  // A path given with its language prefix still names the page (the target language is the page's own);
  // what follows the prefix must itself be a same-site path (`/zh//evil.example` is not).
  const { language, rest } = splitLanguagePrefix(raw);
  if (language && rest.startsWith("//")) return "/";
  return language ? rest : raw;
}

/**
 * A safe path as it may travel in a `Location` header or an `href`: characters outside URL syntax (Chinese,
 * spaces, emoji) percent-encoded as UTF-8, escapes already there kept. A header value must be bytes, so an
 * unencoded 碳化硅 there is a TypeError ("Cannot convert argument to a ByteString"), a 500 after signing in.
 * WHATWG URL does the encoding; only for paths safeReturnPath accepted (no dot segments or backslashes for
 * it to resolve).
 */
function encodedPath(path: string): string {
  const url = new URL(path, "http://site.invalid");
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/{lang}` + the safe path, encoded: the redirect target after signing in. */
export function signInTarget(language: Language, raw: unknown): string {
  const path = safeReturnPath(raw);
  return path === "/" ? `/${language}` : encodedPath(`/${language}${path}`);
}

/**
 * Where leaving without a session goes (closing the login page, signing out): back to `path`, except to a
 * signed-in page, which would only send the visitor to sign in again (SPEC §4): then the language home.
 */
export function publicReturnTarget(language: Language, raw: unknown): string {
  const target = signInTarget(language, raw);
  return isUserPage(target.split(/[?#]/)[0]!) ? `/${language}` : target;
}

/** The login page for a visitor coming from `pathAndQuery` (with or without its language prefix). */
export function loginHref(language: Language, pathAndQuery: string): string {
  const path = safeReturnPath(pathAndQuery);
  return localizePath(path === "/" ? loginPath() : loginPath(path), language);
}

const loginTabs = ["sms", "email"] as const;
export type LoginTab = (typeof loginTabs)[number];

/** The login page's URL state: the sign-in method tab (SMS by default) and the safe return path. */
export function parseLoginQuery(search: URLSearchParams): { tab: LoginTab; path: string } {
  const tab = search.get("tab");
  return { tab: tab === "email" ? "email" : "sms", path: safeReturnPath(search.get("path")) };
}

/** The login page's query string for a tab, keeping the return path (empty parts are left out). */
export function writeLoginQuery(state: { tab: LoginTab; path: string }): string {
  const params = new URLSearchParams();
  if (state.path !== "/") params.set("path", state.path);
  if (state.tab !== "sms") params.set("tab", state.tab);
  const text = params.toString();
  return text ? `?${text}` : "";
}
