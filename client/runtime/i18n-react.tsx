// React bindings for i18next: the two parts of react-i18next this site used, a provider and
// useTranslation(namespace), without the 2.6 KB gzip that react-i18next added to every page's first load
// (docs/decisions/004-browser-translator.md). The language of a document never changes in place (a language switch
// loads the other language's pages), so a translation function changes only when a namespace it needed has loaded.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { TFunction } from "i18next";
import type { I18nInstance } from "./translator.ts";

const I18nContext = createContext<I18nInstance | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18nInstance; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

/** Set on the server's per-request instance (client/runtime/namespaces.ts): the namespaces a render used. */
interface NamespaceReport {
  addUsedNamespaces(namespaces: readonly string[]): void;
}

export interface Translation<N extends string> {
  t: TFunction<N>;
  i18n: I18nInstance;
  /** False while the namespace's strings are still loading (t answers with the key until then). */
  ready: boolean;
}

/** The translation function of one namespace (the default one, "common", when none is given). */
export function useTranslation<N extends string = "common">(namespace?: N): Translation<N> {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation needs an <I18nProvider> above it");
  const defaultNs = i18n.options.defaultNS;
  const ns = namespace ?? (typeof defaultNs === "string" ? defaultNs : "common");
  (i18n as I18nInstance & { reportNamespaces?: NamespaceReport }).reportNamespaces?.addUsedNamespaces([ns]);
  const ready = i18n.hasLoadedNamespace(ns);
  const [loaded, setLoaded] = useState(0);
  useEffect(() => {
    if (ready) return;
    // A namespace the HTML did not embed, asked for before the idle load brought it (a client navigation
    // waits for it, so this is the rare case): load it, then render again with its strings.
    let mounted = true;
    void i18n.loadNamespaces(ns).then(() => mounted && setLoaded((count) => count + 1));
    return () => {
      mounted = false;
    };
  }, [i18n, ns, ready]);
  // Stable between renders, so a t in an effect's or a memo's dependencies does not fire it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` and `loaded` are triggers: a new t once a namespace's strings arrive, so its users render again.
  const t = useMemo(() => i18n.getFixedT(null, ns) as TFunction<N>, [i18n, ns, ready, loaded]);
  return { t, i18n, ready };
}
