// Lean hydration data (docs/decisions/005-lean-hydration-data.md): the HTML embeds only the UI-string namespaces
// this page's render used, not every namespace of the language. The server notes them while React renders; the
// browser fetches the others after hydration (one small chunk each) and before any client navigation shows a page.
import type { i18n } from "i18next";
import type { Resources } from "../../shared/locales.ts";

/** Where trackNamespaces leaves, on the request's instance, the maker of an island's view of it
 * (client/runtime/island-strings.tsx). A registered symbol: the page bundle's copies of both modules must agree. */
export const islandViewKey = Symbol.for("qingyun.islandStringsView");

/** Notes every namespace whose strings the render asks for: through the t functions of getFixedT (useTranslation,
 * client/runtime/i18n-react.tsx) when one is called, and through t itself (an "ns:key" key or an ns option). A
 * component that only declares a namespace and asks for none of its strings (the finder's estimate columns without
 * an operating point) does not put it in the HTML; in the browser useTranslation loads it if it is ever asked for.
 * `i18n` must be the request's own instance, after memoizePlainKeys (client/runtime/i18n-memo.ts). Except the
 * namespaces an island brings with its own chunk: asked for through the instance's island view (`islandViewKey`),
 * they are not noted, so the HTML does not carry them (docs/decisions/042-signed-in-public-reads.md). */
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
  // useTranslation's report of the namespace it was given is not a use: its t's calls are.
  (instance as i18n & { reportNamespaces: unknown }).reportNamespaces = { addUsedNamespaces: () => {}, getUsedNamespaces: () => [...used] };
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
  type Fixed = ((...args: unknown[]) => unknown) & Record<string, unknown>;
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => Fixed;
  /** `fixed` run through `around`, carrying what i18next reads off a fixed t. */
  const wrap = (fixed: Fixed, around: (call: () => unknown) => unknown): Fixed => {
    const t = ((...args: unknown[]) => around(() => fixed(...args))) as Fixed;
    for (const name of ["lng", "lngs", "ns", "keyPrefix"]) t[name] = fixed[name];
    return t;
  };
  // useTranslation's t of a namespace (getFixedT(null, ns)), made once per request: a finder page of 100 rows has
  // some ten users of useTranslation on each, and each would make an i18next fixed t wrapped twice (here and in
  // client/runtime/i18n-memo.ts). Its language is the instance's at each call, as in i18next.
  const shared = new Map<string, Fixed>();
  instance.getFixedT = ((lng: unknown, ns: unknown, ...more: unknown[]) => {
    if (typeof ns !== "string") return getFixedT(lng, ns, ...more);
    const sharable = (lng === null || lng === undefined) && more.length === 0;
    const kept = sharable ? shared.get(ns) : undefined;
    if (kept) return kept;
    // A memoised answer does not reach instance.t: the namespace is noted here, on each call.
    const t = wrap(getFixedT(lng, ns, ...more), (call) => {
      add(ns);
      return call();
    });
    if (sharable) shared.set(ns, t);
    return t;
  }) as unknown as i18n["getFixedT"];
  (instance as i18n & { [islandViewKey]: unknown })[islandViewKey] = (own: readonly string[]) =>
    Object.create(instance, {
      getFixedT: {
        value: (lng: unknown, ns: unknown, ...more: unknown[]) => {
          if (typeof ns !== "string" || !own.includes(ns)) return instance.getFixedT(lng as never, ns as never, ...(more as []));
          // i18next's fixed t calls the instance's t with its namespace, which would note it: quiet meanwhile.
          return wrap(getFixedT(lng, ns, ...more), (call) => {
            quiet++;
            try {
              return call();
            } finally {
              quiet--;
            }
          });
        },
      },
    });
  return used;
}

/** The namespaces of `resources` that were used. */
export function pickNamespaces(resources: Resources, used: Set<string>): Resources {
  return Object.fromEntries(Object.entries(resources).filter(([ns]) => used.has(ns)));
}
