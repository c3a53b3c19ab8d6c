// Lean hydration data (docs/decisions/005-lean-hydration-data.md): the HTML embeds only the UI-string namespaces
// this page's render used, not every namespace of the language. The server notes them while React renders; the
// browser fetches the others after hydration (one small chunk each) and before any client navigation shows a page.
import type { i18n } from "i18next";
import type { Resources } from "../../shared/locales.ts";

/** Where trackNamespaces leaves, on the request's instance, the maker of an island's view of it
 * (client/runtime/island-strings.tsx). A registered symbol: the page bundle's copies of both modules must agree. */
export const islandViewKey = Symbol.for("qingyun.islandStringsView");

/** Notes every namespace the render asks for: through the instance's reportNamespaces, which
 * useTranslation (client/runtime/i18n-react.tsx) calls, and through t itself (an "ns:key" key or an ns option).
 * `i18n` must be the request's own instance. Except the namespaces an island brings with its own chunk: asked for
 * through the instance's island view (`islandViewKey`), they are not noted, so the HTML does not carry them. */
export function trackNamespaces(instance: i18n): Set<string> {
  const defaultNs = instance.options.defaultNS;
  const used = new Set<string>(typeof defaultNs === "string" ? [defaultNs] : Array.isArray(defaultNs) ? defaultNs : []);
  /** While above zero, a t call is an island's own namespace's: nothing it asks for is noted. */
  let quiet = 0;
  const add = (ns: unknown) => {
    if (quiet > 0) return;
    if (typeof ns === "string") used.add(ns);
    else if (Array.isArray(ns)) ns.forEach(add);
  };
  const report = { addUsedNamespaces: add, getUsedNamespaces: () => [...used] };
  (instance as i18n & { reportNamespaces: unknown }).reportNamespaces = report;
  const separator = typeof instance.options.nsSeparator === "string" ? instance.options.nsSeparator : ":";
  const original = instance.t.bind(instance);
  instance.t = ((key: unknown, ...rest: unknown[]) => {
    for (const one of Array.isArray(key) ? key : [key]) {
      if (typeof one === "string" && one.includes(separator)) add(one.slice(0, one.indexOf(separator)));
    }
    const options = rest[0];
    if (options && typeof options === "object" && "ns" in options) add((options as { ns: unknown }).ns);
    return (original as unknown as (...args: unknown[]) => unknown)(key, ...rest);
  }) as unknown as i18n["t"];
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => (...args: unknown[]) => unknown;
  (instance as i18n & { [islandViewKey]: unknown })[islandViewKey] = (own: readonly string[]) =>
    Object.create(instance, {
      reportNamespaces: { value: { ...report, addUsedNamespaces: (list: readonly string[]) => add(list.filter((ns) => !own.includes(ns))) } },
      getFixedT: {
        value: (lng: unknown, ns: unknown, ...more: unknown[]) => {
          const fixed = getFixedT(lng, ns, ...more);
          if (typeof ns !== "string" || !own.includes(ns)) return fixed;
          // i18next's fixed t calls the instance's t with its namespace, which would note it: quiet meanwhile.
          return (...args: unknown[]) => {
            quiet++;
            try {
              return fixed(...args);
            } finally {
              quiet--;
            }
          };
        },
      },
    });
  return used;
}

/** The namespaces of `resources` that were used. */
export function pickNamespaces(resources: Resources, used: Set<string>): Resources {
  return Object.fromEntries(Object.entries(resources).filter(([ns]) => used.has(ns)));
}
