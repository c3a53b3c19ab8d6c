// The error page of SPEC §2/§8: 404 and 500 texts with a button back to the language's home page.
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { island } from "../runtime/island.tsx";
import { upstreamFailure } from "../api/upstream-failure.ts";

// Error pages are rare: their text comes from a chunk of its own (island.tsx), not from every page's first
// load. The server renders it in full, and the browser hydrates it after the rest of the page.
export const ErrorPage = island(() => import("./error-page-body.tsx").then((module) => module.ErrorPage));

export function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  // A navigation in the browser whose data the upstream could not give (the server maps its own render alike).
  return upstreamFailure(error)?.status ?? 500;
}

/** Error boundary of a page: shown inside the layout, so header and footer stay. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return (
    <main id="main" className="main">
      <ErrorPage status={statusOf(error)} />
    </main>
  );
}

/** The 404 page as a route component (the catch-all route's own element). */
export function NotFoundPage() {
  return (
    <main id="main" className="main">
      <ErrorPage status={404} />
    </main>
  );
}
