// Every signed-in page starts here: no session, or an expired one, and the loader redirects
// to the login page with the current path, before any user data is fetched or rendered.
import { redirect, type LoaderFunctionArgs } from "react-router-dom";
import { isLogin, type UserInfo } from "../../../shared/contract/index.ts";
import { routeLanguage, type Language } from "../../../shared/languages.ts";
import { loginHref } from "../../../shared/http/return-path.ts";
import { pageClient } from "../../api/loader-context.ts";
import { ApiCallError, type PageClient } from "../../api/page-client.ts";

export interface SignedIn {
  api: PageClient;
  language: Language;
  user: UserInfo;
}

/** What a signed-in page's loader or action is given by the router (an action's arguments have the same three). */
export type RouteArgs = Pick<LoaderFunctionArgs, "request" | "context" | "pattern">;

/** The redirect to the login page that comes back to this request's page. */
function toLogin(route: RouteArgs): Response {
  const url = new URL(route.request.url);
  return redirect(loginHref(routeLanguage(route.pattern), `${url.pathname}${url.search}`));
}

export async function requireUser(route: RouteArgs): Promise<SignedIn> {
  const language = routeLanguage(route.pattern);
  const api = pageClient(route.context, language);
  const user = await api.call(isLogin);
  if (!user) throw toLogin(route);
  return { api, language, user };
}

/** Runs a signed-in call; a session that ended meanwhile (401) also goes to the login page. */
export async function whileSignedIn<T>(route: RouteArgs, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 401) throw toLogin(route);
    throw error;
  }
}
