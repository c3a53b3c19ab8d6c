// The root route: scroll restoration and the last-resort error boundary.
import { Outlet, ScrollRestoration, useRouteError } from "react-router-dom";
import { ErrorPage, statusOf } from "../components/error-page.tsx";

export function RootRoute() {
  return (
    <>
      <Outlet />
      {/* SPEC §2: a new page starts at the top (or at its #hash); Back and Forward restore where the visitor was. */}
      <ScrollRestoration />
    </>
  );
}

/** Shown when the layout itself cannot render: the error page without header and footer. */
export function RootErrorBoundary() {
  const error = useRouteError();
  return (
    <main id="main" className="main main--bare">
      <ErrorPage status={statusOf(error)} />
    </main>
  );
}
