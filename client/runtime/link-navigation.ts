// One click listener for every link of the page (client/components/link.tsx, content's rich text): a
// plain left click on a link to a page of this document's language becomes a router navigation, with the
// same rules as React Router's <Link>. Everything else keeps the browser's behaviour: modified clicks, other
// targets, downloads, other origins, paths the router does not serve (/api, /privacy…), the other language
// (its strings and <html lang> come with a full load), in-page anchors, and links marked data-reload.
import { matchRoutes, type RouteObject } from "react-router-dom";
import { splitLanguagePrefix } from "../../shared/languages.ts";

interface Navigator {
  routes: RouteObject[];
  navigate(to: string, options: { replace: boolean; preventScrollReset: boolean }): unknown;
}

interface RouterTarget {
  to: string;
  replace: boolean;
  preventScrollReset: boolean;
}

/** Where a click on `event` should navigate inside the router, or null to leave it to the browser. */
function routerTarget(event: MouseEvent, routes: RouteObject[], current: URL): RouterTarget | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a") : null;
  if (!anchor || !(anchor instanceof HTMLAnchorElement) || !anchor.hasAttribute("href")) return null;
  if (anchor.hasAttribute("download") || anchor.hasAttribute("data-reload")) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  const url = new URL(anchor.href);
  if (url.origin !== current.origin) return null;
  // An anchor on this page: the browser scrolls to it (and the router hears of it as a hash change).
  if (url.hash && url.pathname === current.pathname && url.search === current.search) return null;
  const language = splitLanguagePrefix(url.pathname).language;
  if (!language || language !== splitLanguagePrefix(current.pathname).language) return null;
  if (!matchRoutes(routes, url.pathname)) return null;
  const to = url.pathname + url.search + url.hash;
  return {
    to,
    // Like <Link>: a link to the page already shown replaces its history entry instead of adding one.
    replace: anchor.hasAttribute("data-replace") || to === current.pathname + current.search + current.hash,
    preventScrollReset: anchor.hasAttribute("data-keep-scroll"),
  };
}

/** Listens on the window, so a component's own onClick (on React's root) runs first and may prevent it. */
export function handleLinkClicks(router: Navigator): () => void {
  const onClick = (event: MouseEvent) => {
    const target = routerTarget(event, router.routes, new URL(window.location.href));
    if (target === null) return;
    event.preventDefault();
    void router.navigate(target.to, { replace: target.replace, preventScrollReset: target.preventScrollReset });
  };
  window.addEventListener("click", onClick);
  return () => window.removeEventListener("click", onClick);
}
