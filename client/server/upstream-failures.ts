// A page's loader errors that stand for an upstream failure, turned into the route error responses the page
// renders and the status it answers (client/api/upstream-failure.ts holds the rule).
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, isRouteErrorResponse, type StaticHandlerContext } from "react-router-dom";
import { upstreamFailure, type UpstreamFailure } from "../api/upstream-failure.ts";

/**
 * A loader that failed because the upstream did is not a bug of ours: its error becomes a route error
 * response with the failure's status (so the error page, the status code and the hydration data agree), and
 * the page answers that status unless a real bug failed it as well.
 */
export function reportUpstreamFailures(context: StaticHandlerContext): (UpstreamFailure & { error: unknown }) | null {
  let first: (UpstreamFailure & { error: unknown }) | null = null;
  for (const [routeId, error] of Object.entries(context.errors ?? {})) {
    const failure = upstreamFailure(error);
    if (!failure) continue;
    first ??= { ...failure, error };
    context.errors![routeId] = new ErrorResponseImpl(failure.status, statusTexts[failure.status], null);
  }
  // A bug met in the same render keeps its 500: that is what needs fixing, and no kept copy hides it.
  const bug = Object.values(context.errors ?? {}).some((error) => !isRouteErrorResponse(error) || error.status === 500);
  if (!first || bug) return null;
  context.statusCode = first.status;
  return first;
}

const statusTexts = { 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout" } as const;
