// The audit log for admins: newest first, filtered by action and member, paged with GET links.
import type { ReactNode } from "react";
import { staffPaths } from "../../../shared/staff/staff-paths.ts";
import { auditActions, type AuditAction, type AuditEntry } from "../../upstream/staff/audit.ts";
import { chinaTime, h, renderPage, to, type ViewContext } from "./layout.ts";

export const AUDIT_PAGE_SIZE = 50;

export interface AuditState {
  action: AuditAction | undefined;
  email: string | undefined;
  page: number;
}

export function parseAuditState(search: string): AuditState {
  const params = new URLSearchParams(search);
  const action = params.get("action");
  const email = (params.get("email") ?? "").trim().toLowerCase();
  const page = params.get("page") ?? "";
  return {
    action: action && (auditActions as readonly string[]).includes(action) ? (action as AuditAction) : undefined,
    email: email && email.length <= 254 ? email : undefined,
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

function write(state: AuditState): string {
  const params = new URLSearchParams();
  if (state.action) params.set("action", state.action);
  if (state.email) params.set("email", state.email);
  if (state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function auditPage(view: ViewContext, state: AuditState, page: { list: AuditEntry[]; total: number }): string {
  const { t } = view;
  const base = to(view, staffPaths.audit);
  const pages = Math.max(1, Math.ceil(page.total / AUDIT_PAGE_SIZE));
  const pager: ReactNode[] = [];
  if (state.page > 1) pager.push(h("a", { key: "p", rel: "prev", href: base + write({ ...state, page: state.page - 1 }) }, t("leads.previous")));
  pager.push(h("span", { key: "n" }, t("leads.page", { page: state.page, pages })));
  if (state.page < pages) pager.push(h("a", { key: "x", rel: "next", href: base + write({ ...state, page: state.page + 1 }) }, t("leads.next")));
  return renderPage(view, t("audit.title"), [
    h(
      "form",
      { key: "f", method: "get", action: base, className: "filters" },
      h(
        "label",
        null,
        t("audit.action"),
        " ",
        h(
          "select",
          { name: "action", defaultValue: state.action ?? "" },
          h("option", { value: "" }, t("audit.any")),
          ...auditActions.map((action) => h("option", { key: action, value: action }, t(`audit.actions.${action}`))),
        ),
      ),
      h("label", null, t("audit.member"), " ", h("input", { type: "search", name: "email", maxLength: 254, defaultValue: state.email ?? "" })),
      h("button", { type: "submit" }, t("audit.apply")),
    ),
    h("p", { key: "t" }, t("audit.total", { count: page.total })),
    page.list.length
      ? h(
          "table",
          { key: "l" },
          h("thead", null, h("tr", null, ...["time", "member", "action", "target", "detail"].map((key) => h("th", { key, scope: "col" }, t(`audit.${key}`))))),
          h(
            "tbody",
            null,
            ...page.list.map((entry) =>
              h(
                "tr",
                { key: entry.id },
                h("td", null, chinaTime(view, entry.createdAt)),
                h("td", null, entry.staffEmail),
                h("td", null, t(`audit.actions.${entry.action}`)),
                h("td", null, entry.target ?? "—"),
                h("td", null, entry.detail ?? "—"),
              ),
            ),
          ),
        )
      : h("p", { key: "none" }, t("audit.none")),
    h("nav", { key: "p", className: "pager", "aria-label": t("leads.page", { page: state.page, pages }) }, ...pager),
  ]);
}
