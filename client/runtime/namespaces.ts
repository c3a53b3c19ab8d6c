// Lean hydration data (docs/decisions/005-lean-hydration-data.md): the HTML embeds only the UI-string namespaces
// this page's render used, not every namespace of the language. The server notes them while React renders; the
// browser fetches the others after hydration (one small chunk each) and before any client navigation shows a page.
import type { i18n } from "i18next";
import type { Resources } from "../../shared/locales.ts";

/** Notes every namespace the render asks for: through the instance's reportNamespaces, which
 * useTranslation (client/runtime/i18n-react.tsx) calls, and through t itself (an "ns:key" key or an ns option).
 * `i18n` must be the request's own instance. */
export function trackNamespaces(instance: i18n): Set<string> {
  const defaultNs = instance.options.defaultNS;
  const used = new Set<string>(typeof defaultNs === "string" ? [defaultNs] : Array.isArray(defaultNs) ? defaultNs : []);
  const add = (ns: unknown) => {
    if (typeof ns === "string") used.add(ns);
    else if (Array.isArray(ns)) ns.forEach(add);
  };
  (instance as i18n & { reportNamespaces: unknown }).reportNamespaces = {
    addUsedNamespaces: add,
    getUsedNamespaces: () => [...used],
  };
  const separator = typeof instance.options.nsSeparator === "string" ? instance.options.nsSeparator : ":";
  const original = instance.t.bind(instance);
  instance.t = ((key: unknown, ...rest: unknown[]) => {
    for (const one of Array.isArray(key) ? key : [key]) {
      if (typeof one === "string" && one.includes(separator)) used.add(one.slice(0, one.indexOf(separator)));
    }
    const options = rest[0];
    if (options && typeof options === "object" && "ns" in options) add((options as { ns: unknown }).ns);
    return (original as unknown as (...args: unknown[]) => unknown)(key, ...rest);
  }) as unknown as i18n["t"];
  return used;
}

/** The namespaces of `resources` that were used. */
export function pickNamespaces(resources: Resources, used: Set<string>): Resources {
  return Object.fromEntries(Object.entries(resources).filter(([ns]) => used.has(ns)));
}
