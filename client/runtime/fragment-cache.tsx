// The server's store of fragments (client/runtime/fragments.ts), weakly keyed by their props' object: when the
// upstream cache lets an answer go, the layout, its menu entries and their fragments go with it.
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { FragmentCache } from "./fragments.ts";

const kept = new WeakMap<object, Map<string, string>>();
// A key is kept from its second render on: with the upstream cache off every render has new props, and
// rendering each fragment once more for nothing would double its cost.
const seen = new WeakMap<object, Set<string>>();

/** How often a render found a fragment kept, and how many were rendered to be kept (for tests). */
export const fragmentStats = { hits: 0, stored: 0 };

/** `wrap` gives a fragment the providers it needs (the request's UI strings). */
export function createFragmentCache(wrap: (node: ReactNode) => ReactNode): FragmentCache {
  return {
    html(key, variant, node) {
      const html = kept.get(key)?.get(variant);
      if (html !== undefined) {
        fragmentStats.hits++;
        return html;
      }
      let variants = seen.get(key);
      if (!variants) {
        variants = new Set();
        seen.set(key, variants);
      }
      if (!variants.has(variant)) {
        variants.add(variant);
        return null;
      }
      // Rendered after this render, never inside it: React's server renderers share module state (the
      // hooks dispatcher), and a render nested in another would leave it wrongly set for the outer one.
      setImmediate(() => {
        if (kept.get(key)?.has(variant)) return;
        let rendered: string;
        try {
          rendered = renderToString(wrap(node()));
        } catch {
          return; // it keeps being rendered in place, as before
        }
        let byVariant = kept.get(key);
        if (!byVariant) {
          byVariant = new Map();
          kept.set(key, byVariant);
        }
        byVariant.set(variant, rendered);
        fragmentStats.stored++;
      });
      return null;
    },
  };
}
