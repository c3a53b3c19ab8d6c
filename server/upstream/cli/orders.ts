// `npm run orders -- list|show|advance|reject|preview-token …`: staff work on sample orders straight on the
// upstream's database, no HTTP needed: PostgreSQL when DATABASE_URL is set (the orders and the revocations
// through the same stores as the upstream's, decision 044 "Staff and the orders CLI"), else the SQLite file in
// DATA_DIR, safe beside a running server (WAL, busy timeout).
import { parseArgs } from "node:util";
import { fallbackLanguage, isLanguage, type Language } from "../../../shared/languages.ts";
import { orderStatusFilters, type OrderStatusFilter } from "../../../shared/samples/order-status.ts";
import { previewTokenMinutes, signPreviewToken } from "../../../shared/http/preview-token.ts";
import { errorMessage } from "../../../shared/contract/index.ts";
import { parseEnvironment } from "../../../shared/env/parse.ts";
import { upstreamEnv } from "../../../shared/env/upstream-env.ts";
import { openDatabase } from "../db.ts";
import { ApiError } from "../http.ts";
import { createPool, migratePostgres } from "../postgres.ts";
import { recordView } from "../samples/orders.ts";
import { createSqliteSampleStoreOn } from "../samples/store-sqlite.ts";
import { createPostgresSampleStore } from "../samples/store-postgres.ts";
import type { SampleStore } from "../samples/store.ts";
import { createPreviewRevocations, type PreviewRevocations } from "../site/preview-revocations.ts";
import { createPostgresPreviewRevocations } from "../site/preview-revocations-postgres.ts";

const usage = `Usage: npm run orders -- <command> [options]

  list [--status all|pending|inStock|shipped|signed|done|rejected|cancelled] [--page N] [--size N]
  show <orderNumber>
  advance <orderNumber> [--note TEXT]        pending → inStock → shipped → signed → done
          shipping needs --carrier NAME --tracking NUMBER
  reject <orderNumber> --reason TEXT         from pending or inStock
  preview-token [--minutes ${previewTokenMinutes.default}]              prints a token for ?preview=<token> (needs PREVIEW_SECRET)
  preview-revoke <token>                     ends a token before it expires (and the preview it started)

Options: --lang zh|en (product names, default en), --json (machine-readable output)
Environment: DATABASE_URL (the upstream's PostgreSQL; unset: the SQLite file in DATA_DIR, default "data"), PREVIEW_SECRET`;

class UsageError extends Error {}

/**
 * What reaches the terminal: every control character (C0 but the line's own end, DEL, C1: U+009B is a CSI
 * that some terminals obey), bidi mark, embedding, override and isolate, and line separator, shown as a
 * visible \uXXXX. Stored text from before these were refused, or written straight into the database,
 * can then neither move the cursor, recolour or retitle the terminal, nor read otherwise than it is; in
 * --json output the same escape is JSON's own.
 */
const unsafeForTerminal = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
function terminalSafe(line: string): string {
  return line.replace(unsafeForTerminal, (char) => `\\u${char.codePointAt(0)!.toString(16).padStart(4, "0")}`);
}

const pad = (text: string, width: number) => text + " ".repeat(Math.max(0, width - [...text].length));
const when = (isoTime: string) => `${isoTime.slice(0, 16).replace("T", " ")} UTC`;

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive whole number`);
  return n;
}

async function main(argv: string[], out: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      status: { type: "string" },
      page: { type: "string" },
      size: { type: "string" },
      note: { type: "string" },
      carrier: { type: "string" },
      tracking: { type: "string" },
      reason: { type: "string" },
      minutes: { type: "string" },
      lang: { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, orderNumber] = positionals;
  // Indented JSON line by line: a line break of its own layout is no stored text (those JSON escapes).
  const outJson = (value: unknown) => JSON.stringify(value, null, 2).split("\n").forEach(out);
  if (!command || values.help || command === "help") return usage.split("\n").forEach(out);
  const lang = values.lang ?? fallbackLanguage.api;
  if (!isLanguage(lang)) throw new UsageError("--lang must be zh or en");
  const language: Language = lang;
  // The upstream's own schema, so DATABASE_URL is refused here exactly when it is malformed there. Not the
  // upstream's start-time refusal of any DATABASE_URL (checkTogether, shared/env/upstream-env.ts): that guards
  // a site whose domains would split between two stores; the orders and revocations this CLI touches are whole
  // on PostgreSQL, and it must reach them where a PostgreSQL upstream keeps them.
  const env = parseEnvironment(upstreamEnv, process.env);

  if (command === "preview-token") {
    if (!env.PREVIEW_SECRET) throw new UsageError("PREVIEW_SECRET is not set (at least 32 characters)");
    const minutes = positiveInt(values.minutes, "minutes", previewTokenMinutes.default);
    if (minutes > previewTokenMinutes.max) throw new UsageError(`--minutes is at most ${previewTokenMinutes.max}`);
    const expiresAt = Date.now() + minutes * 60_000;
    const token = await signPreviewToken(env.PREVIEW_SECRET, expiresAt);
    return out(values.json ? JSON.stringify({ token, expiresAt: new Date(expiresAt).toISOString() }) : token);
  }

  const stores = await openStores(env.DATABASE_URL, env.DATA_DIR);
  try {
    if (command === "preview-revoke") {
      if (!env.PREVIEW_SECRET) throw new UsageError("PREVIEW_SECRET is not set (at least 32 characters)");
      if (!orderNumber) throw new UsageError("preview-revoke needs the token");
      const { expiresAt } = await stores.previewRevocations.revoke(env.PREVIEW_SECRET, orderNumber);
      const until = new Date(expiresAt).toISOString();
      return out(
        values.json ? JSON.stringify({ revoked: true, expiresAt: until }) : `revoked (it would have expired ${when(until)}); the site stops honouring it within 10 s`,
      );
    }
    const { samples } = stores;
    const needNumber = () => {
      if (!orderNumber) throw new UsageError(`${command} needs an order number`);
      return orderNumber;
    };
    const show = async (number: string) => {
      const found = await samples.detail(number, language, null);
      if (!found) throw new ApiError("E40022006");
      const { order } = found.detail;
      if (values.json) {
        return outJson({ order: { ...order, userId: found.row.userId }, records: found.history.map((r) => ({ ...recordView(r), actor: r.actor })) });
      }
      out(`${order.orderNumber}  ${order.status}  submitted ${when(order.submittedAt)}  user ${found.row.userId}`);
      const a = order.applicant;
      out(`Applicant: ${a.name}, ${a.position}, ${a.companyName}, ${a.phone}, ${a.email}`);
      out(`Sample use: ${order.sampleUse}`);
      const to = order.shippingAddress;
      if (to) {
        out(`Ship to: ${[to.recipient, to.phone, to.company].filter(Boolean).join(", ")}`);
        out(`  ${[to.countryName, to.area, to.street, to.postalCode].filter(Boolean).join(", ")}`);
      }
      for (const item of order.items) out(`  ${pad(item.siteListName, 16)} × ${item.quantity}  ${item.productName}`);
      if (order.shipping) out(`Shipping: ${order.shipping.carrier} ${order.shipping.trackingNumber}`);
      out("History:");
      for (const record of found.history) {
        const view = recordView(record);
        const extra = [view.carrier && `${view.carrier} ${view.trackingNumber}`, view.note].filter(Boolean).join(" — ");
        out(`  ${when(view.time)}  ${pad(view.status, 9)} ${pad(record.actor, 10)}${extra}`);
      }
    };

    // `return await` below: the finally closes the stores, which must outlive the command's last read.
    switch (command) {
      case "list": {
        const status = (values.status ?? "all") as OrderStatusFilter;
        if (!orderStatusFilters.includes(status)) throw new UsageError(`--status must be one of ${orderStatusFilters.join(", ")}`);
        const page = await samples.page(
          { userId: null, status, pageIndex: positiveInt(values.page, "page", 1), pageSize: Math.min(100, positiveInt(values.size, "size", 20)) },
          language,
        );
        if (values.json) return outJson({ ...page, list: page.list.map(({ order, row }) => ({ ...order, userId: row.userId })) });
        out(`${page.total} order(s), page ${page.pageIndex}`);
        for (const { order } of page.list) {
          const parts = order.items.map((item) => `${item.siteListName}×${item.quantity}`).join(", ");
          out(`${order.orderNumber}  ${pad(order.status, 9)} ${when(order.submittedAt)}  ${order.applicant.name} (${order.applicant.companyName})  ${parts}`);
        }
        return;
      }
      case "show":
        return await show(needNumber());
      case "advance": {
        const number = needNumber();
        const moved = await samples.move(number, "next", { note: values.note, carrier: values.carrier, trackingNumber: values.tracking }, "cli");
        if (!values.json) out(`${number}: ${moved.from} → ${moved.to} (the applicant's e-mail is queued; the running server sends it)`);
        return await show(number);
      }
      case "reject": {
        const number = needNumber();
        const moved = await samples.move(number, "rejected", { note: values.reason ?? "" }, "cli");
        if (!values.json) out(`${number}: ${moved.from} → ${moved.to} (the applicant's e-mail is queued; the running server sends it)`);
        return await show(number);
      }
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
  } finally {
    await stores.close();
  }
}

/** The orders and the revocations on PostgreSQL (migrated first, as the upstream does: a newer schema is
 * refused) or on the SQLite file. */
async function openStores(
  databaseUrl: string | undefined,
  dataDir: string,
): Promise<{ samples: SampleStore; previewRevocations: PreviewRevocations; close: () => Promise<void> }> {
  if (databaseUrl) {
    await migratePostgres(databaseUrl);
    const pool = createPool(databaseUrl, (message) => process.stderr.write(`${message}\n`), 1);
    return {
      // No product lookup: the CLI only reads and moves orders, whose items carry their own names; the list
      // and submit, which ask for products, are the site's.
      samples: createPostgresSampleStore(pool, Date.now, () => null),
      previewRevocations: createPostgresPreviewRevocations(pool, Date.now),
      close: () => pool.end(),
    };
  }
  const db = openDatabase(dataDir);
  return { samples: createSqliteSampleStoreOn(db, Date.now), previewRevocations: createPreviewRevocations(db, Date.now), close: async () => db.close() };
}

try {
  await main(process.argv.slice(2), (line) => process.stdout.write(`${terminalSafe(line)}\n`));
} catch (error) {
  if (error instanceof ApiError) {
    process.stderr.write(`${error.options.message ?? errorMessage(error.code, fallbackLanguage.api)} (${error.code})\n`);
    process.exitCode = 1;
  } else if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
