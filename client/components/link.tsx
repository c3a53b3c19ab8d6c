// The site's links: a plain <a href>, whose click the window's one listener hands to the router
// (client/runtime/link-navigation.ts), as SvelteKit does with its links. React Router's <Link> runs five hooks per
// link (resolved path, href, click handler…): a page has 150 of them (menus, footer, the finder's rows),
// which cost a tenth of a server render and their share of hydration in the browser. Every `to` of this
// site is a path from the root ("/zh/news?page=2"); a relative one would resolve against the document's URL.
import type { AnchorHTMLAttributes, Ref } from "react";

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A site path ("/zh/news"), with its query and hash. */
  to: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Keep the scroll position (the finder's sorting and paging). */
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, preventScrollReset, ...props }: LinkProps) {
  // The listener reads the two options from the anchor.
  return <a {...props} href={to} data-replace={replace ? "" : undefined} data-keep-scroll={preventScrollReset ? "" : undefined} />;
}
