// Which route of the site a path is: the answer the server asks for every page request (is it a page at all,
// and its pattern for logs and metrics), kept per path.
import { LRUCache } from "lru-cache";
import { matchRoutes } from "react-router-dom";
import { routes } from "../routes.tsx";

/** Whether a path (with its language prefix) is a route of the site other than the catch-all 404. */
// react-router's matchRoutes flattens and ranks the whole route table on every call, which cost a page-cache
// hit more than everything else it does (npm run bench). A path's match never changes while the process
// runs, so the answer is kept, in a bounded cache: paths come from visitors, and unknown ones are endless.
const patterns = new LRUCache<string, { pattern: string | null }>({ max: 5000 });

function matchedPattern(pathname: string): string | null {
  const kept = patterns.get(pathname);
  if (kept) return kept.pattern;
  const matches = matchRoutes(routes, pathname);
  const pattern =
    !matches || matches.some((match) => match.route.path === "*")
      ? null
      : `/${matches
          .map((match) => match.route.path ?? "")
          .filter(Boolean)
          .join("/")}`.replace(/\/{2,}/g, "/");
  patterns.set(pathname, { pattern });
  return pattern;
}

export function isKnownPath(pathname: string): boolean {
  return matchedPattern(pathname) !== null;
}

/** The matched route's pattern ("/en/news/newsDetail/:id") for logs and metrics: bounded, never the raw path. */
export function routePattern(pathname: string): string | null {
  return matchedPattern(pathname);
}
