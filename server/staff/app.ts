// The staff console's Express app (docs/decisions/024-staff-console.md): its own listener, its own cookie and
// route tree, on the upstream's store. The middleware list, read top to bottom: headers, Host, assets, cookies,
// the cross-site check, the session (read from the store on every request, so a disabled account is refused
// at once), passkey ceremonies, then each language's pages.
import path from "node:path";
import { createRequire } from "node:module";
import express, { type NextFunction, type Request, type Response } from "express";
import cookieParser from "cookie-parser";
import type { z } from "zod";
import { languageOfPath, languages, localizePath, splitLanguagePrefix, type Language } from "../../shared/languages.ts";
import { matchStaffLeadPath, staffLeadPath, staffOrderPath, staffPaths } from "../../shared/staff/staff-paths.ts";
import { LEADS_PAGE_SIZE, parseLeadsState, writeLeadsState } from "../../shared/query/staff-leads.ts";
import type { LeadStore } from "../upstream/leads/store.ts";
import { leadPage, leadsPage } from "./views/leads.ts";
import { orderPage, ordersPage } from "./views/orders.ts";
import { AUDIT_PAGE_SIZE, auditPage, parseAuditState } from "./views/audit.ts";
import { ORDERS_PAGE_SIZE, parseOrdersState } from "../../shared/query/staff-orders.ts";
import { errorCodes, orderNumberPattern } from "../../shared/contract/index.ts";
import { carrierNames } from "../../shared/samples/carriers.ts";
import { ApiError } from "../upstream/http.ts";
import { postgresFailure } from "../upstream/postgres.ts";
import { createSampleProducts } from "../upstream/samples/products.ts";
import { streamLeadsCsv } from "./leads-csv.ts";
import { staffCan, type StaffPermission } from "../../shared/staff/staff-roles.ts";
import { staffForms } from "../../shared/staff/staff-forms.ts";
import type { Database } from "../upstream/db.ts";
import { StaffStoreError, type StaffMember } from "../upstream/staff/store.ts";
import { sqliteStaffStores, type StaffStores } from "./stores.ts";
import { createStaffTranslators, type StaffT } from "./i18n.ts";
import { consoleHeaders, isForeignWrite, isOwnHost } from "./security.ts";
import { sessionCookie } from "./session.ts";
import { passkeyRoutes } from "./passkeys.ts";
import { enrolmentUrl } from "./urls.ts";
import type { ViewContext } from "./views/layout.ts";
import { enrolPage, errorPage, homePage, signInPage, staffPage } from "./views/pages.ts";

export interface StaffAppDeps {
  /** The upstream's SQLite file: the leads, the product names, and everything else unless `stores` says otherwise. */
  db: Database;
  /** The accounts, audit log, orders and leads on PostgreSQL when the upstream runs there; unset: all on `db`. */
  stores?: StaffStores;
  /** The origin staff use (STAFF_ORIGIN): passkeys, the cookie and the cross-site check are bound to it. */
  origin: string;
  now: () => number;
  log: (message: string, detail?: unknown) => void;
  /** Express `trust proxy` (the site's TRUST_PROXY): nginx in front names the client for the rate limits. */
  trustProxy?: false | number | string[];
  /** Passkey attempts per client address and window (default 20 per 15 minutes). */
  signInLimit?: { windowMs: number; attempts: number };
  /** The leads inbox's store when a test builds its own (default: the one of `stores`). */
  leads?: LeadStore;
}

declare global {
  namespace Express {
    interface Locals {
      member?: StaffMember | null;
      language?: Language;
    }
  }
}

const assetsDir = path.join(import.meta.dirname, "assets");
const webauthnBrowserDir = path.join(path.dirname(createRequire(import.meta.url).resolve("@simplewebauthn/browser")), "..", "esm");

export function createStaffApp(deps: StaffAppDeps) {
  const { db, origin, now } = deps;
  const stores = deps.stores ?? sqliteStaffStores(db, now);
  const { staff: store, audit, samples } = stores;
  const t = createStaffTranslators();
  const cookies = sessionCookie(origin);
  const leads = deps.leads ?? stores.leads;
  const sampleProducts = createSampleProducts(db);
  /** Who a lead may be assigned to: every enabled member who works leads. */
  const assignees = async () => (await store.list()).filter((person) => person.disabledAt === null && staffCan(person.role, "work"));
  const searchOf = (req: Request) => {
    const query = req.originalUrl.indexOf("?");
    return query >= 0 ? req.originalUrl.slice(query) : "";
  };
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", deps.trustProxy ?? ["loopback"]);

  const view = (req: Request, res: Response, language: Language): ViewContext => {
    const member = res.locals.member ?? null;
    const [pathname = "/", query] = req.originalUrl.split(/\?(.*)/s);
    return { t: t[language], language, path: splitLanguagePrefix(pathname).rest, search: query ? `?${query}` : "", member };
  };
  /** An error page in the language of the path (zh when it names none). */
  const sendError = (req: Request, res: Response, status: number, message?: (t: StaffT) => string) => {
    const language = res.locals.language ?? languageOfPath(req.originalUrl.split("?")[0] ?? "/");
    res
      .status(status)
      .type("html")
      .send(errorPage(view(req, res, language), status, message?.(t[language])));
  };

  app.use(consoleHeaders(origin));
  app.use((req, res, next) => (isOwnHost(req, origin) ? next() : sendError(req, res, 421)));
  app.use("/assets/webauthn", express.static(webauthnBrowserDir, { index: false, maxAge: "1h" }));
  app.use("/assets", express.static(assetsDir, { index: false, maxAge: "1h" }));
  app.get("/favicon.ico", (_req, res) => res.sendFile(path.join(import.meta.dirname, "..", "..", "public", "favicon.ico"), { maxAge: "1d" }));
  app.use(cookieParser());
  app.use((req, res, next) => (isForeignWrite(req, origin) ? sendError(req, res, 403, (tr) => tr("errors.crossSite")) : next()));
  app.use(async (req, res, next) => {
    const token = cookies.read(req);
    res.locals.member = token ? await store.sessionMember(token) : null;
    // A cookie whose session is gone (expired, signed out elsewhere, disabled) is dropped.
    if (token && !res.locals.member) cookies.clear(res);
    next();
  });
  app.use("/webauthn", passkeyRoutes({ origin, store, audit, cookies, t, limit: deps.signInLimit ?? { windowMs: 15 * 60_000, attempts: 20 } }));
  app.get("/", (_req, res) => res.redirect(302, localizePath(staffPaths.home, "zh")));

  for (const language of languages) {
    const pages = express.Router();
    pages.use((_req, res, next) => {
      res.locals.language = language;
      next();
    });
    pages.use(express.urlencoded({ extended: false, limit: "16kb", parameterLimit: 20 }));
    const home = localizePath(staffPaths.home, language);
    const signIn = localizePath(staffPaths.signIn, language);
    const render = (req: Request, res: Response, html: (context: ViewContext) => string) => res.type("html").send(html(view(req, res, language)));
    const form = <S extends z.ZodType>(schema: S, req: Request, res: Response): z.output<S> | null => {
      const parsed = schema.safeParse(req.body ?? {});
      if (parsed.success) return parsed.data;
      sendError(req, res, 400);
      return null;
    };

    pages.get(staffPaths.signIn, (req, res) => (res.locals.member ? res.redirect(303, home) : render(req, res, signInPage)));
    pages.get(staffPaths.enrol, async (req, res) => {
      const token = typeof req.query.token === "string" ? req.query.token : "";
      const member = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await store.enrolmentMember(token) : null;
      render(req, res, (context) => enrolPage(context, member ? { email: member.email, token } : null));
    });
    pages.post(staffPaths.signOut, async (req, res) => {
      const body = form(staffForms.signOut, req, res);
      if (!body) return;
      const member = res.locals.member;
      const token = cookies.read(req);
      if (member && body.everywhere) await store.endAllSessions(member.id);
      else if (token) await store.endSession(token);
      if (member) await audit.record(member, "signOut", null, body.everywhere ? "everywhere" : null);
      cookies.clear(res);
      res.redirect(303, signIn);
    });

    // Everything below needs a live session: a page sends the person to sign in, a write is refused.
    pages.use((req, res, next) => {
      if (res.locals.member) return next();
      if (req.method === "GET" || req.method === "HEAD") return res.redirect(303, signIn);
      sendError(req, res, 401, (tr) => tr("signIn.failed"));
    });
    const allow = (permission: StaffPermission) => (req: Request, res: Response, next: NextFunction) =>
      staffCan(res.locals.member!.role, permission) ? next() : sendError(req, res, 403);

    pages.get(staffPaths.home, async (req, res) => {
      const passkeys = (await store.passkeysOf(res.locals.member!.id)).length;
      render(req, res, (context) => homePage(context, passkeys, null));
    });
    pages.post(staffPaths.passkeys, async (req, res) => {
      const member = res.locals.member!;
      await audit.record(member, "changeStaff", member.email, "enrolmentLink");
      const link = enrolmentUrl(origin, language, await store.newEnrolment(member.id));
      const passkeys = (await store.passkeysOf(member.id)).length;
      render(req, res, (context) => homePage(context, passkeys, link));
    });

    const staffList = async (req: Request, res: Response, notice: Parameters<typeof staffPage>[2] = {}, status = 200) => {
      const members = await store.list();
      res
        .status(status)
        .type("html")
        .send(staffPage(view(req, res, language), members, notice));
    };
    const refusal = (error: unknown) => {
      if (error instanceof StaffStoreError) return t[language](`staff.${error.reason}`);
      throw error;
    };
    pages.get(staffPaths.staff, allow("manage"), (req, res) => staffList(req, res));
    pages.post(staffPaths.staff, allow("manage"), async (req, res) => {
      const body = form(staffForms.addMember, req, res);
      if (!body) return;
      let added: Awaited<ReturnType<typeof store.addMember>>;
      try {
        added = await store.addMember(body.email, body.role);
      } catch (error) {
        return staffList(req, res, { error: refusal(error) }, 409);
      }
      const { member, token } = added;
      await audit.record(res.locals.member!, "addStaff", member.email, member.role);
      await staffList(req, res, { link: { email: member.email, url: enrolmentUrl(origin, language, token) } });
    });
    pages.post(staffPaths.staffChange, allow("manage"), async (req, res) => {
      const body = form(staffForms.changeMember, req, res);
      if (!body) return;
      const target = await store.byId(body.id);
      if (!target) return staffList(req, res, { error: t[language]("staff.missing") }, 404);
      if (body.change === "link") {
        await audit.record(res.locals.member!, "changeStaff", target.email, "enrolmentLink");
        return staffList(req, res, { link: { email: target.email, url: enrolmentUrl(origin, language, await store.newEnrolment(target.id)) } });
      }
      try {
        if (body.change === "disable" || body.change === "enable") await store.setDisabled(target.id, body.change === "disable");
        else await store.setRole(target.id, body.change.slice(5) as StaffMember["role"]);
      } catch (error) {
        return staffList(req, res, { error: refusal(error) }, 409);
      }
      await audit.record(res.locals.member!, "changeStaff", target.email, body.change);
      res.redirect(303, localizePath(staffPaths.staff, language));
    });

    // The leads inbox: every role reads it; a lead's page shows contact details (each view is audited);
    // working a lead and the export (contact details in bulk) need the "work" permission.
    pages.get(staffPaths.leads, async (req, res) => {
      const state = parseLeadsState(searchOf(req));
      const [page, activity] = await Promise.all([leads.page(state, LEADS_PAGE_SIZE), leads.activity(language)]);
      render(req, res, (context) => leadsPage(context, state, page, activity));
    });
    pages.get(staffPaths.leadsCsv, allow("work"), async (req, res) => {
      const state = parseLeadsState(searchOf(req));
      await audit.record(res.locals.member!, "exportLeads", null, writeLeadsState({ ...state, page: 1 }) || null);
      await streamLeadsCsv(res, leads.rows(state), t[language], `leads-${new Date(now()).toISOString().slice(0, 10)}.csv`);
    });
    const leadOf = async (req: Request) => {
      const found = matchStaffLeadPath(req.path);
      return found ? { ...found, lead: await leads.find(found.kind, found.id) } : null;
    };
    pages.get(/^\/leads\/(message|download)\/\d+$/, async (req, res) => {
      const found = await leadOf(req);
      if (!found?.lead) return sendError(req, res, 404);
      await audit.record(res.locals.member!, "viewLead", `${found.kind}/${found.id}`);
      const people = await assignees();
      render(req, res, (context) => leadPage(context, found.lead!, people, req.query.saved === "1"));
    });
    pages.post(/^\/leads\/(message|download)\/\d+$/, allow("work"), async (req, res) => {
      const found = await leadOf(req);
      if (!found?.lead) return sendError(req, res, 404);
      const body = form(staffForms.workLead, req, res);
      if (!body) return;
      // Only a working member may be assigned: an id from anywhere else is refused, never stored.
      if (body.assignedTo !== null && !(await assignees()).some((person) => person.id === body.assignedTo)) return sendError(req, res, 400);
      const status = body.status === "new" && body.assignedTo !== null ? "assigned" : body.status;
      await leads.save(found.kind, found.id, { status, assignedTo: body.assignedTo, note: body.note });
      const assignee = body.assignedTo ? ` → ${(await store.byId(body.assignedTo))?.email}` : "";
      await audit.record(res.locals.member!, "workLead", `${found.kind}/${found.id}`, `${status}${assignee}`);
      res.redirect(303, `${localizePath(staffLeadPath(found.kind, found.id), language)}?saved=1`);
    });

    // The sample-order board: every role reads it; the moves of the order workflow need "work", go through
    // the samples' store's move, as the API's and the CLI's do (recorded with the member's e-mail, the
    // applicant's e-mail queued in the same transaction and sent by the upstream's outbox), and are audited.
    pages.get(staffPaths.orders, async (req, res) => {
      const state = parseOrdersState(searchOf(req));
      const [counts, page] = await Promise.all([samples.boardCounts(), samples.boardPage(state, ORDERS_PAGE_SIZE, language)]);
      render(req, res, (context) => ordersPage(context, state, counts, page));
    });
    const orderNumberOf = (req: Request) => {
      const raw = req.path.slice(staffPaths.orders.length + 1);
      // Only an order number's own characters: anything else (a malformed %-escape included) names no order.
      return orderNumberPattern.test(raw) ? raw : null;
    };
    const showOrder = async (req: Request, res: Response, notice: Parameters<typeof orderPage>[4], status = 200) => {
      const number = orderNumberOf(req);
      const found = number ? await samples.detail(number, language, null) : null;
      if (!found) return sendError(req, res, 404);
      if (req.method === "GET") await audit.record(res.locals.member!, "viewOrder", found.row.orderNumber);
      res
        .status(status)
        .type("html")
        .send(orderPage(view(req, res, language), found.detail.order, found.history, (id) => sampleProducts(id) !== null, notice));
    };
    pages.get(/^\/orders\/[^/]+$/, (req, res) => showOrder(req, res, { moved: req.query.moved === "1" }));
    pages.post(/^\/orders\/[^/]+$/, allow("work"), async (req, res) => {
      const number = orderNumberOf(req);
      if (!number || !(await samples.detail(number, language, null))) return sendError(req, res, 404);
      const body = form(staffForms.moveOrder, req, res);
      if (!body) return;
      const member = res.locals.member!;
      let moved: { from: string; to: string };
      try {
        moved =
          body.move === "reject"
            ? await samples.move(number, "rejected", { note: body.note ?? "" }, `staff:${member.email}`)
            : await samples.move(number, "next", { note: body.note, carrier: body.carrier, trackingNumber: body.trackingNumber }, `staff:${member.email}`);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const key = ["E40023002", "E40023003", "E40023004", "E40023005"].includes(error.code) ? error.code : "E40000002";
        return showOrder(req, res, { error: t[language](`orders.refused.${key}`, { carriers: carrierNames.join(", ") }) }, errorCodes[error.code].status);
      }
      await audit.record(member, "moveOrder", number, `${moved.from} → ${moved.to}`);
      res.redirect(303, `${localizePath(staffOrderPath(number), language)}?moved=1`);
    });

    pages.get(staffPaths.audit, allow("manage"), async (req, res) => {
      const state = parseAuditState(searchOf(req));
      const page = await audit.page({ ...state, pageSize: AUDIT_PAGE_SIZE });
      render(req, res, (context) => auditPage(context, state, page));
    });

    pages.use((req, res) => sendError(req, res, 404));
    app.use(`/${language}`, pages);
  }

  app.use((req, res) => sendError(req, res, 404));
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number }).status;
    // Body-parser's refusals (too large, malformed) are the client's; anything else is ours.
    if (status && status >= 400 && status < 500) return sendError(req, res, status === 413 ? 400 : status);
    // PostgreSQL unreachable, restarting or busy: a retry soon, as the upstream answers (decision 044).
    const unavailable = postgresFailure(error);
    deps.log(unavailable ? "staff console: the database cannot answer now" : "staff console error", error);
    // A failure mid-stream (the CSV export) cannot change its status: the connection is cut instead.
    if (res.headersSent) res.destroy();
    else if (unavailable) sendError(req, res.set("Retry-After", unavailable === "full" ? "60" : "2"), 503);
    else sendError(req, res, 500);
  });
  return app;
}
