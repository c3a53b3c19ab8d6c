// The console's account pages: sign-in, enrolment, home, staff accounts and the error page.
import { staffRoles, type StaffRole } from "../../../shared/staff/staff-roles.ts";
import { staffPaths } from "../../../shared/staff/staff-paths.ts";
import { h, renderPage, to, type ViewContext } from "./layout.ts";

const passkeyScript = "/assets/passkey.js";

/** The ceremony's strings, for the script (read from data- attributes, never from inline script). */
function ceremony(view: ViewContext, kind: "sign-in" | "enrol", button: string, token?: string) {
  const { t } = view;
  return h(
    "div",
    {
      className: "passkey",
      "data-passkey": kind,
      "data-language": view.language,
      "data-token": token,
      "data-unsupported": t("signIn.unsupported"),
      "data-failed": kind === "enrol" ? t("enrol.failed") : t("signIn.failed"),
      "data-cancelled": t("signIn.cancelled"),
      "data-busy": t("signIn.busy"),
    },
    h("button", { type: "button", disabled: true }, button),
    h("p", { role: "alert", className: "message" }),
    h("noscript", null, h("p", null, t("signIn.noScript"))),
  );
}

export function signInPage(view: ViewContext): string {
  const { t } = view;
  return renderPage(
    view,
    t("signIn.title"),
    [h("p", { key: "i" }, t("signIn.intro")), h("div", { key: "c" }, ceremony(view, "sign-in", t("signIn.button")))],
    [passkeyScript],
  );
}

export function enrolPage(view: ViewContext, enrolment: { email: string; token: string } | null): string {
  const { t } = view;
  if (!enrolment) return renderPage(view, t("enrol.title"), h("p", { role: "alert" }, t("enrol.invalid")));
  return renderPage(
    view,
    t("enrol.title"),
    [h("p", { key: "i" }, t("enrol.intro", { email: enrolment.email })), h("div", { key: "c" }, ceremony(view, "enrol", t("enrol.button"), enrolment.token))],
    [passkeyScript],
  );
}

export function homePage(view: ViewContext, passkeys: number, newLink: string | null): string {
  const { t, member } = view;
  return renderPage(view, t("home.title"), [
    h("p", { key: "w" }, t("home.welcome", { email: member?.email ?? "" })),
    h("p", { key: "p" }, t("home.passkeys", { count: passkeys })),
    newLink ? h("p", { key: "l", role: "status", className: "link" }, h("code", null, newLink)) : null,
    h(
      "form",
      { key: "f", method: "post", action: to(view, staffPaths.passkeys) },
      h("p", null, t("home.addPasskeyHint")),
      h("button", { type: "submit" }, t("home.addPasskey")),
    ),
  ]);
}

export interface StaffRow {
  id: number;
  email: string;
  role: StaffRole;
  passkeys: number;
  disabledAt: number | null;
}

export function staffPage(view: ViewContext, rows: StaffRow[], notice: { link?: { email: string; url: string }; error?: string } = {}): string {
  const { t } = view;
  const change = (row: StaffRow, value: string, label: string) =>
    h(
      "form",
      { key: value, method: "post", action: to(view, staffPaths.staffChange), className: "inline" },
      h("input", { type: "hidden", name: "id", value: String(row.id) }),
      h("button", { type: "submit", name: "change", value, "aria-label": `${label}: ${row.email}` }, label),
    );
  return renderPage(view, t("staff.title"), [
    notice.error ? h("p", { key: "e", role: "alert", className: "error" }, notice.error) : null,
    notice.link ? h("p", { key: "l", role: "status", className: "link" }, t("staff.newLink", { email: notice.link.email }), " ", h("code", null, notice.link.url)) : null,
    h(
      "table",
      { key: "t" },
      h("thead", null, h("tr", null, ...["email", "role", "passkeys", "state", "actions"].map((key) => h("th", { key, scope: "col" }, t(`staff.${key}`))))),
      h(
        "tbody",
        null,
        ...rows.map((row) =>
          h(
            "tr",
            { key: row.id },
            h("td", null, row.email),
            h("td", null, t(`roles.${row.role}`)),
            h("td", null, String(row.passkeys)),
            h("td", null, row.disabledAt ? t("staff.disabled") : t("staff.active")),
            h(
              "td",
              null,
              row.disabledAt ? change(row, "enable", t("staff.enable")) : change(row, "disable", t("staff.disable")),
              change(row, "link", t("staff.link")),
              ...staffRoles.filter((role) => role !== row.role).map((role) => change(row, `role:${role}`, `${t("staff.setRole")} ${t(`roles.${role}`)}`)),
            ),
          ),
        ),
      ),
    ),
    h(
      "form",
      { key: "a", method: "post", action: to(view, staffPaths.staff), className: "add" },
      h("h2", null, t("staff.add")),
      h("label", null, t("staff.email"), " ", h("input", { type: "email", name: "email", required: true, maxLength: 254, autoComplete: "off" })),
      h(
        "label",
        null,
        t("staff.role"),
        " ",
        h("select", { name: "role", defaultValue: "viewer" }, ...staffRoles.map((role) => h("option", { key: role, value: role }, t(`roles.${role}`)))),
      ),
      h("button", { type: "submit" }, t("staff.addButton")),
    ),
  ]);
}

export function errorPage(view: ViewContext, status: number, message?: string): string {
  const { t } = view;
  const known = [400, 403, 404, 405, 421, 429, 500, 503].includes(status) ? String(status) : "500";
  return renderPage(view, t("errors.title"), [
    h("p", { key: "m", role: "alert" }, message ?? t(`errors.${known}`)),
    h("p", { key: "b" }, h("a", { href: to(view, staffPaths.home) }, t("errors.back"))),
  ]);
}
