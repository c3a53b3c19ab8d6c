// The sample-order board and an order's page. Applicant and address text are React text only.
import type { ReactNode } from "react";
import { orderStatusFilters, nextOrderStatus, canMoveOrder, orderMoveRequirements, type OrderStatusFilter } from "../../../shared/samples/order-status.ts";
import { ORDERS_PAGE_SIZE, writeOrdersState, type OrdersState } from "../../../shared/query/staff-orders.ts";
import { staffOrderPath, staffPaths } from "../../../shared/staff/staff-paths.ts";
import { staffCan } from "../../../shared/staff/staff-roles.ts";
import { carrierNames } from "../../../shared/samples/carriers.ts";
import type { SampleOrder } from "../../../shared/contract/index.ts";
import type { RecordRow } from "../../upstream/samples/orders.ts";
import { chinaTime, h, renderPage, to, type ViewContext } from "./layout.ts";

const label = (view: ViewContext, status: OrderStatusFilter) => view.t(`user:status.${status}`);

export function ordersPage(
  view: ViewContext,
  state: OrdersState,
  counts: Record<OrderStatusFilter, number>,
  page: { list: Array<{ order: SampleOrder }>; total: number },
): string {
  const { t } = view;
  const pages = Math.max(1, Math.ceil(page.total / ORDERS_PAGE_SIZE));
  const base = to(view, staffPaths.orders);
  const pager: ReactNode[] = [];
  if (state.page > 1) pager.push(h("a", { key: "p", rel: "prev", href: base + writeOrdersState({ ...state, page: state.page - 1 }) }, t("leads.previous")));
  pager.push(h("span", { key: "n" }, t("leads.page", { page: state.page, pages })));
  if (state.page < pages) pager.push(h("a", { key: "x", rel: "next", href: base + writeOrdersState({ ...state, page: state.page + 1 }) }, t("leads.next")));
  return renderPage(view, t("orders.title"), [
    h(
      "ul",
      { key: "c", className: "counts" },
      ...orderStatusFilters.map((status) =>
        h(
          "li",
          { key: status },
          h(
            "a",
            { href: base + writeOrdersState({ status, q: state.q }), "aria-current": state.status === status ? "page" : undefined },
            `${label(view, status)} (${counts[status]})`,
          ),
        ),
      ),
    ),
    h(
      "form",
      { key: "s", method: "get", action: base, className: "filters", role: "search" },
      state.status !== "all" ? h("input", { type: "hidden", name: "status", value: state.status }) : null,
      h(
        "label",
        null,
        t("orders.search"),
        " ",
        h("input", { type: "search", name: "q", maxLength: 100, defaultValue: state.q ?? "", placeholder: t("orders.searchHint") }),
      ),
      h("button", { type: "submit" }, t("orders.apply")),
    ),
    h("p", { key: "t" }, t("orders.total", { count: page.total })),
    page.list.length
      ? h(
          "table",
          { key: "l" },
          h(
            "thead",
            null,
            h("tr", null, ...["number", "submitted", "applicant", "company", "parts", "status"].map((key) => h("th", { key, scope: "col" }, t(`orders.${key}`)))),
          ),
          h(
            "tbody",
            null,
            ...page.list.map(({ order }) =>
              h(
                "tr",
                { key: order.orderNumber },
                h("td", null, h("a", { href: to(view, staffOrderPath(order.orderNumber)) }, order.orderNumber)),
                h("td", null, chinaTime(view, Date.parse(order.submittedAt))),
                h("td", null, order.applicant.name),
                h("td", null, order.applicant.companyName),
                h("td", null, order.items.map((item) => `${item.siteListName} × ${item.quantity}`).join(", ")),
                h("td", null, label(view, order.status)),
              ),
            ),
          ),
        )
      : h("p", { key: "none" }, t("orders.none")),
    h("nav", { key: "p", className: "pager", "aria-label": t("leads.page", { page: state.page, pages }) }, ...pager),
  ]);
}

function actorName(view: ViewContext, actor: string): string {
  if (actor.startsWith("staff:")) return actor.slice(6);
  return ["customer", "staff-api", "cli"].includes(actor) ? view.t(`orders.actors.${actor}`) : actor;
}

export function orderPage(
  view: ViewContext,
  order: SampleOrder,
  history: RecordRow[],
  available: (siteListId: number) => boolean,
  notice: { moved?: boolean; error?: string } = {},
): string {
  const { t, member } = view;
  const action = to(view, staffOrderPath(order.orderNumber));
  const next = nextOrderStatus(order.status);
  const field = (key: string, value: string | null) => [h("dt", { key: `${key}-t` }, t(`orders.${key}`)), h("dd", { key: `${key}-d` }, value ?? "—")];
  const a = order.applicant;
  const to_ = order.shippingAddress;
  const forms: ReactNode[] = [];
  if (member && staffCan(member.role, "work")) {
    if (next) {
      const needs = orderMoveRequirements(next);
      forms.push(
        h(
          "form",
          { key: "advance", method: "post", action },
          h("input", { type: "hidden", name: "move", value: "advance" }),
          needs.carrier
            ? h(
                "label",
                null,
                t("orders.carrier"),
                " ",
                h("select", { name: "carrier", required: true }, ...carrierNames.map((name) => h("option", { key: name, value: name }, name))),
              )
            : null,
          needs.trackingNumber ? h("label", null, t("orders.tracking"), " ", h("input", { name: "trackingNumber", required: true, maxLength: 40 })) : null,
          h("label", null, t("orders.note"), " ", h("input", { name: "note", maxLength: 500 })),
          h("button", { type: "submit" }, t("orders.advance", { status: label(view, next) })),
        ),
      );
    }
    if (canMoveOrder(order.status, "rejected")) {
      forms.push(
        h(
          "form",
          { key: "reject", method: "post", action },
          h("input", { type: "hidden", name: "move", value: "reject" }),
          h("label", null, t("orders.reason"), " ", h("input", { name: "note", required: true, maxLength: 500 })),
          h("button", { type: "submit" }, t("orders.reject")),
        ),
      );
    }
  } else forms.push(h("p", { key: "ro" }, t("orders.readOnly")));
  return renderPage(view, t("orders.detail", { number: order.orderNumber }), [
    notice.moved ? h("p", { key: "m", role: "status" }, t("orders.moved")) : null,
    notice.error ? h("p", { key: "e", role: "alert" }, notice.error) : null,
    h(
      "dl",
      { key: "d" },
      ...field("status", label(view, order.status)),
      ...field("submitted", chinaTime(view, Date.parse(order.submittedAt))),
      ...field("applicant", a.name),
      ...field("phone", a.phone),
      ...field("email", a.email),
      ...field("company", a.companyName),
      ...field("position", a.position),
      ...field("use", order.sampleUse),
      ...field("address", to_ ? [to_.recipient, to_.phone, to_.company, to_.countryName, to_.area, to_.street, to_.postalCode].filter(Boolean).join(", ") : null),
      ...field("shipping", order.shipping ? `${order.shipping.carrier} ${order.shipping.trackingNumber}` : null),
    ),
    h("h2", { key: "ph" }, t("orders.parts")),
    h(
      "table",
      { key: "p" },
      h("thead", null, h("tr", null, ...["part", "product", "quantity"].map((key) => h("th", { key, scope: "col" }, t(`orders.${key}`))))),
      h(
        "tbody",
        null,
        ...order.items.map((item) =>
          h(
            "tr",
            { key: item.siteListId },
            h("td", null, item.siteListName, available(item.siteListId) ? null : h("strong", null, ` ${t("orders.unavailable")}`)),
            h("td", null, item.productName),
            h("td", null, String(item.quantity)),
          ),
        ),
      ),
    ),
    ...forms,
    h("h2", { key: "hh" }, t("orders.history")),
    h(
      "table",
      { key: "h" },
      h("thead", null, h("tr", null, ...["submitted", "status", "note", "by"].map((key) => h("th", { key, scope: "col" }, t(`orders.${key}`))))),
      h(
        "tbody",
        null,
        ...history.map((record, index) =>
          h(
            "tr",
            { key: index },
            h("td", null, chinaTime(view, record.createdAt)),
            h("td", null, label(view, record.status)),
            h("td", null, [record.carrier && `${record.carrier} ${record.trackingNumber}`, record.note].filter(Boolean).join(" — ") || "—"),
            h("td", null, actorName(view, record.actor)),
          ),
        ),
      ),
    ),
  ]);
}
