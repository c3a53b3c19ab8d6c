// Server fragments: parts of the page whose HTML is the same for every request that gives them the same
// props (the menus' panels: their entry object is one per cached layout, client/layouts/layout-data.ts).
// On the server, the first render of one renders it as usual and leaves its HTML to be kept once that
// request is done (client/runtime/fragment-cache.tsx); later renders put the kept HTML in place instead of
// rendering the subtree again: the panels were a quarter of a page's server render. The browser renders
// and hydrates the subtree as usual, against that very HTML. A fragment must not use useId (its ids would
// depend on where it was first rendered) or anything of the request other than its props and language.
import { createContext, useContext, type ReactNode } from "react";

export interface FragmentCache {
  /** The kept HTML of `node()` for this key and variant, or null: render it (and it will be kept). */
  html(key: object, variant: string, node: () => ReactNode): string | null;
}

export const FragmentCacheContext = createContext<FragmentCache | null>(null);

/** Server: the kept HTML for `key`, or null; browser: always null (there is no provider). */
export function useServerFragment(key: object, variant: string, node: () => ReactNode): string | null {
  return useContext(FragmentCacheContext)?.html(key, variant, node) ?? null;
}
