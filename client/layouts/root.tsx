// The root route: nothing of its own but the scroll rule and the last-resort error boundary.
import { Outlet, useRouteError } from "react-router-dom";
import { useScrollToTopOnNavigate } from "../hooks.ts";
import { ErrorPage, statusOf } from "../components/error-page.tsx";

export function RootRoute() {
  useScrollToTopOnNavigate();
  return <Outlet />;
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
