// The leads inbox and a lead's page. The visitor's words are React text children and attribute values only:
// never markup, never a link (a "javascript:" address stays text), so nothing a visitor typed can run here.
import type { ReactNode } from "react";
import { leadKinds, staffLeadPath, staffPaths } from "../../../shared/staff/staff-paths.ts";
import { LEADS_PAGE_SIZE, leadStatuses, writeLeadsState, type LeadsState } from "../../../shared/query/staff-leads.ts";
import { staffCan } from "../../../shared/staff/staff-roles.ts";
import type { LeadRow } from "../../upstream/leads/store.ts";
import { chinaTime, h, renderPage, to, type ViewContext } from "./layout.ts";

function select(name: string, label: string, value: string | null, options: Array<[string, string]>, anyLabel: string) {
  return h(
    "label",
    null,
    label,
    " ",
    h("select", { name, defaultValue: value ?? "" }, h("option", { value: "" }, anyLabel), ...options.map(([v, text]) => h("option", { key: v, value: v }, text))),
  );
}

function bars(view: ViewContext, caption: string, rows: Array<{ name: string; count: number }>) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  return h(
    "table",
    { className: "activity" },
    h("caption", null, caption),
    h("thead", null, h("tr", null, h("th", { scope: "col" }, view.t("leads.name")), h("th", { scope: "col" }, view.t("leads.count")))),
    h(
      "tbody",
      null,
      ...rows.map((row) =>
        // A <meter> is the chart: a bar without inline style, which the console's CSP does not allow.
        h("tr", { key: row.name }, h("td", null, row.name), h("td", null, h("meter", { min: 0, max, value: row.count, "aria-hidden": true }), " ", String(row.count))),
      ),
    ),
  );
}

export function leadsPage(
  view: ViewContext,
  state: LeadsState,
  page: { list: LeadRow[]; total: number },
  activity: { products: Array<{ name: string; count: number }>; companies: Array<{ name: string; count: number }> },
): string {
  const { t, member } = view;
  const pages = Math.max(1, Math.ceil(page.total / LEADS_PAGE_SIZE));
  const canExport = member ? staffCan(member.role, "work") : false;
  const filters = h(
    "form",
    { key: "f", method: "get", action: to(view, staffPaths.leads), className: "filters", "aria-label": t("leads.filters") },
    select(
      "kind",
      t("leads.kind"),
      state.kind,
      leadKinds.map((kind) => [kind, t(`leads.kinds.${kind}`)]),
      t("leads.any"),
    ),
    select(
      "status",
      t("leads.status"),
      state.status,
      leadStatuses.map((status) => [status, t(`leads.statuses.${status}`)]),
      t("leads.any"),
    ),
    h("label", null, t("leads.from"), " ", h("input", { type: "date", name: "from", defaultValue: state.from ?? "" })),
    h("label", null, t("leads.to"), " ", h("input", { type: "date", name: "to", defaultValue: state.to ?? "" })),
    h("label", null, t("leads.product"), " ", h("input", { type: "search", name: "product", maxLength: 100, defaultValue: state.product ?? "" })),
    select(
      "language",
      t("leads.language"),
      state.language,
      (["zh", "en"] as const).map((language) => [language, t(`leads.languages.${language}`)]),
      t("leads.any"),
    ),
    h("label", null, t("leads.company"), " ", h("input", { type: "search", name: "company", maxLength: 100, defaultValue: state.company ?? "" })),
    h("button", { type: "submit" }, t("leads.apply")),
  );
  const rows = page.list.map((lead) =>
    h(
      "tr",
      { key: `${lead.kind}-${lead.id}` },
      h("td", null, chinaTime(view, lead.createdAt)),
      h("td", null, t(`leads.kinds.${lead.kind}`)),
      h("td", null, h("a", { href: to(view, staffLeadPath(lead.kind, lead.id)) }, lead.name)),
      h("td", null, lead.company ?? "—"),
      h("td", null, lead.text.length > 80 ? `${lead.text.slice(0, 80)}…` : lead.text),
      h("td", null, t(`leads.statuses.${lead.status}`)),
      h("td", null, lead.assignee ?? "—"),
    ),
  );
  const pager: ReactNode[] = [];
  if (state.page > 1)
    pager.push(h("a", { key: "p", rel: "prev", href: to(view, staffPaths.leads) + writeLeadsState({ ...state, page: state.page - 1 }) }, t("leads.previous")));
  pager.push(h("span", { key: "n" }, t("leads.page", { page: state.page, pages })));
  if (state.page < pages)
    pager.push(h("a", { key: "x", rel: "next", href: to(view, staffPaths.leads) + writeLeadsState({ ...state, page: state.page + 1 }) }, t("leads.next")));
  return renderPage(view, t("leads.title"), [
    filters,
    h(
      "p",
      { key: "t" },
      t("leads.total", { count: page.total }),
      canExport ? [" ", h("a", { key: "csv", href: to(view, staffPaths.leadsCsv) + writeLeadsState({ ...state, page: 1 }), download: true }, t("leads.export"))] : null,
    ),
    page.list.length
      ? h(
          "table",
          { key: "l" },
          h(
            "thead",
            null,
            h("tr", null, ...["date", "kind", "name", "company", "summary", "status", "assignee"].map((key) => h("th", { key, scope: "col" }, t(`leads.${key}`)))),
          ),
          h("tbody", null, ...rows),
        )
      : h("p", { key: "none" }, t("leads.none")),
    h("nav", { key: "p", className: "pager", "aria-label": t("leads.page", { page: state.page, pages }) }, ...pager),
    h(
      "section",
      { key: "a", "aria-label": t("leads.activity") },
      h("h2", null, t("leads.activity")),
      bars(view, t("leads.topProducts"), activity.products),
      bars(view, t("leads.topCompanies"), activity.companies),
    ),
  ]);
}

export function leadPage(view: ViewContext, lead: LeadRow, assignees: Array<{ id: number; email: string }>, saved: boolean): string {
  const { t, member } = view;
  const field = (label: string, value: string | null) => [h("dt", { key: `${label}-t` }, label), h("dd", { key: `${label}-d` }, value ?? "—")];
  const canWork = member ? staffCan(member.role, "work") : false;
  return renderPage(view, t("leads.detail", { kind: t(`leads.kinds.${lead.kind}`), id: lead.id }), [
    saved ? h("p", { key: "s", role: "status" }, t("leads.saved")) : null,
    h(
      "dl",
      { key: "d" },
      ...field(t("leads.date"), chinaTime(view, lead.createdAt)),
      ...field(t("leads.name"), lead.name),
      ...field(t("leads.phone"), lead.phone),
      ...field(t("leads.email"), lead.email),
      ...field(t("leads.company"), lead.company),
      ...(lead.kind === "download" ? [...field(t("leads.position"), lead.position), ...field(t("leads.document"), lead.documentId)] : []),
      ...field(t("leads.language"), t(`leads.languages.${lead.language === "zh" ? "zh" : "en"}`)),
      ...field(t("leads.status"), t(`leads.statuses.${lead.status}`)),
      ...field(t("leads.assignee"), lead.assignee ?? t("leads.unassigned")),
    ),
    h("h2", { key: "th" }, lead.kind === "message" ? t("leads.text") : t("leads.product")),
    h("pre", { key: "tx", className: "visitor" }, lead.text),
    canWork
      ? h(
          "form",
          { key: "w", method: "post", action: to(view, staffLeadPath(lead.kind, lead.id)) },
          h("h2", null, t("leads.work")),
          h(
            "label",
            null,
            t("leads.status"),
            " ",
            h(
              "select",
              { name: "status", defaultValue: lead.status },
              ...leadStatuses.map((status) => h("option", { key: status, value: status }, t(`leads.statuses.${status}`))),
            ),
          ),
          h(
            "label",
            null,
            t("leads.assignee"),
            " ",
            h(
              "select",
              { name: "assignedTo", defaultValue: lead.assignedTo ? String(lead.assignedTo) : "" },
              h("option", { value: "" }, t("leads.unassigned")),
              ...assignees.map((person) => h("option", { key: person.id, value: String(person.id) }, person.email)),
            ),
          ),
          h("label", null, t("leads.note"), " ", h("textarea", { name: "note", maxLength: 2000, rows: 4, defaultValue: lead.note ?? "" })),
          h("button", { type: "submit" }, t("leads.save")),
        )
      : h("p", { key: "ro" }, t("leads.readOnly")),
  ]);
}
