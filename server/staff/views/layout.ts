// The console's document: server-rendered React, never hydrated (docs/decisions/024-staff-console.md). Written
// with createElement rather than JSX because the console runs straight on Node (no build step): every value
// is a React child or attribute, so React escapes all of it, the visitor's text included.
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { htmlLang, localizePath, type Language } from "../../../shared/languages.ts";
import { staffCan, type StaffRole } from "../../../shared/staff/staff-roles.ts";
import { staffPaths } from "../../../shared/staff/staff-paths.ts";
import type { StaffT } from "../i18n.ts";

export { h };

interface ViewMember {
  email: string;
  role: StaffRole;
}

export interface ViewContext {
  t: StaffT;
  language: Language;
  /** The path without its language prefix (the language switch keeps it). */
  path: string;
  /** The query string, "?…" or "" (the language switch keeps it too). */
  search: string;
  member: ViewMember | null;
}

/** A console path in this page's language. */
export const to = (view: ViewContext, path: string) => localizePath(path, view.language);

function Nav({ view }: { view: ViewContext }) {
  const { t, member } = view;
  const other: Language = view.language === "zh" ? "en" : "zh";
  const items: Array<[string, string]> = member
    ? [
        [staffPaths.home, t("nav.home")],
        [staffPaths.leads, t("nav.leads")],
        [staffPaths.orders, t("nav.orders")],
        ...(staffCan(member.role, "manage")
          ? ([
              [staffPaths.staff, t("nav.staff")],
              [staffPaths.audit, t("nav.audit")],
            ] as Array<[string, string]>)
          : []),
      ]
    : [];
  return h(
    "header",
    { className: "top" },
    h("a", { href: to(view, staffPaths.home), className: "brand" }, t("console")),
    h(
      "nav",
      { "aria-label": t("nav.label") },
      h(
        "ul",
        null,
        ...items.map(([path, label]) =>
          h(
            "li",
            { key: path },
            h("a", { href: to(view, path), "aria-current": view.path === path || (path !== "/" && view.path.startsWith(`${path}/`)) ? "page" : undefined }, label),
          ),
        ),
        h("li", { key: "lang" }, h("a", { href: localizePath(view.path, other) + view.search, hrefLang: htmlLang[other], lang: htmlLang[other] }, t("nav.language"))),
      ),
    ),
    member
      ? h(
          "form",
          { method: "post", action: to(view, staffPaths.signOut), className: "sign-out" },
          h("span", null, t("nav.signedInAs", { email: member.email, role: t(`roles.${member.role}`) })),
          h("button", { type: "submit" }, t("signOut.button")),
          h("button", { type: "submit", name: "everywhere", value: "1" }, t("signOut.everywhere")),
        )
      : null,
  );
}

export function renderPage(view: ViewContext, title: string, body: ReactNode, scripts: string[] = []): string {
  const document = h(
    "html",
    { lang: htmlLang[view.language] },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("meta", { name: "robots", content: "noindex, nofollow" }),
      h("title", null, `${title} · ${view.t("console")}`),
      h("link", { rel: "stylesheet", href: "/assets/staff.css" }),
      ...scripts.map((src) => h("script", { key: src, type: "module", src })),
    ),
    h("body", null, h("a", { href: "#main", className: "skip" }, view.t("skip")), h(Nav, { view }), h("main", { id: "main" }, h("h1", null, title), body)),
  );
  return `<!doctype html>${renderToStaticMarkup(document)}`;
}
/** China time, as the site shows it: "2026-11-20 10:00". */
export function chinaTime(view: ViewContext, at: number): string {
  return view.t("time", { time: new Date(at + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ") });
}
