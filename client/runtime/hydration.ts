// The router state the browser hydrates from, in the shape createBrowserRouter reads from
// window.__staticRouterHydrationData. Error details never leave the server: a thrown Error is sent
// as a plain 500 so no message or stack trace reaches the page.
import { isRouteErrorResponse, type StaticHandlerContext } from "react-router-dom";

export function hydrationData(context: StaticHandlerContext) {
  let errors: Record<string, unknown> | null = null;
  if (context.errors) {
    errors = {};
    for (const [routeId, error] of Object.entries(context.errors)) {
      errors[routeId] = isRouteErrorResponse(error)
        ? { ...error, __type: "RouteErrorResponse" }
        : { status: 500, statusText: "Internal Server Error", internal: false, data: null, __type: "RouteErrorResponse" };
    }
  }
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}
