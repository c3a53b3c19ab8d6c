// Every signed-in page starts here: no session, or an expired one, and the loader redirects
// to the login page with the current path, before any user data is fetched or rendered.
import { redirect } from "react-router-dom";
import { isLogin, type UserInfo } from "../../../shared/contract/index.ts";
import { languageOfPath, type Language } from "../../../shared/languages.ts";
import { loginHref } from "../../../shared/http/return-path.ts";
import { pageClient } from "../../api/loader-context.ts";
import { ApiCallError, type PageClient } from "../../api/page-client.ts";

export interface SignedIn {
  api: PageClient;
  language: Language;
  user: UserInfo;
}

export function languageOf(request: Request): Language {
  return languageOfPath(new URL(request.url).pathname);
}

/** The redirect to the login page that comes back to this request's page. */
function toLogin(request: Request): Response {
  const url = new URL(request.url);
  return redirect(loginHref(languageOf(request), `${url.pathname}${url.search}`));
}

export async function requireUser(request: Request, context: unknown): Promise<SignedIn> {
  const language = languageOf(request);
  const api = pageClient(context, language);
  const user = await api.call(isLogin);
  if (!user) throw toLogin(request);
  return { api, language, user };
}

/** Runs a signed-in call; a session that ended meanwhile (401) also goes to the login page. */
export async function whileSignedIn<T>(request: Request, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 401) throw toLogin(request);
    throw error;
  }
}
