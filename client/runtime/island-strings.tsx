// An island's own UI strings (docs/decisions/042-signed-in-public-reads.md): a
// namespace only an island uses need not travel in every page's HTML. On the server the island renders with a view
// of the request's instance that does not note those namespaces (client/runtime/namespaces.ts), so the page does
// not embed them; in the browser the island suspends until they have loaded, so React keeps the server's HTML
// (visible, its links and forms working) and hydrates it with the very strings it was rendered with. Imported by
// islands only: nothing of this is in a page's first load.
import { use, type ReactNode } from "react";
import { I18nProvider, useTranslation } from "./i18n-react.tsx";
import type { I18nInstance } from "./translator.ts";
import { islandViewKey } from "./namespaces.ts";

type WithIslandView = I18nInstance & { [islandViewKey]?: (own: readonly string[]) => I18nInstance };

/** Views and loads per instance and namespaces: stable between renders, as a provider's value and use() need. */
const views = new WeakMap<I18nInstance, Map<string, I18nInstance>>();
const loads = new WeakMap<I18nInstance, Map<string, Promise<unknown>>>();

function kept<T>(map: WeakMap<I18nInstance, Map<string, T>>, i18n: I18nInstance, key: string, make: () => T): T {
  const byKey = map.get(i18n) ?? new Map<string, T>();
  map.set(i18n, byKey);
  const value = byKey.get(key) ?? make();
  byKey.set(key, value);
  return value;
}

/** Renders `children` with `namespaces` as the island's own strings (see above). */
export function IslandStrings({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const { i18n } = useTranslation();
  const key = namespaces.join(",");
  const makeView = (i18n as WithIslandView)[islandViewKey];
  // The server's request instance: a view that leaves these namespaces out of the page's HTML.
  if (makeView) return <I18nProvider i18n={kept(views, i18n, key, () => makeView(namespaces))}>{children}</I18nProvider>;
  if (!namespaces.every((ns) => i18n.hasLoadedNamespace(ns))) use(kept(loads, i18n, key, () => i18n.loadNamespaces(namespaces)));
  return children;
}
