// `npm run orders -- list|show|advance|reject|preview-token …`: staff work on sample orders straight on the
// upstream's database (DATA_DIR), no HTTP needed; safe beside a running server (WAL, busy timeout).
import { parseArgs } from "node:util";
import { fallbackLanguage, isLanguage, type Language } from "../../../shared/languages.ts";
import { orderStatusFilters, type OrderStatusFilter } from "../../../shared/samples/order-status.ts";
import { previewTokenMinutes, signPreviewToken } from "../../../shared/http/preview-token.ts";
import { errorMessage } from "../../../shared/contract/index.ts";
import { parseUpstreamEnv } from "../config.ts";
import { openDatabase } from "../db.ts";
import { ApiError } from "../http.ts";
import { createSampleProducts } from "../samples/products.ts";
import { createSampleList } from "../samples/list.ts";
import { createSampleOrders, recordView } from "../samples/orders.ts";
import { createOrderMoves } from "../samples/moves.ts";
import { createAddressBook } from "../accounts/addresses.ts";
import { createPreviewRevocations } from "../site/preview-revocations.ts";

const usage = `Usage: npm run orders -- <command> [options]

  list [--status all|pending|inStock|shipped|signed|done|rejected|cancelled] [--page N] [--size N]
  show <orderNumber>
  advance <orderNumber> [--note TEXT]        pending → inStock → shipped → signed → done
          shipping needs --carrier NAME --tracking NUMBER
  reject <orderNumber> --reason TEXT         from pending or inStock
  preview-token [--minutes ${previewTokenMinutes.default}]              prints a token for ?preview=<token> (needs PREVIEW_SECRET)
  preview-revoke <token>                     ends a token before it expires (and the preview it started)

Options: --lang zh|en (product names, default en), --json (machine-readable output)
Environment: DATA_DIR (database folder, default "data"), PREVIEW_SECRET`;

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
  const env = parseUpstreamEnv(process.env);

  if (command === "preview-token") {
    if (!env.PREVIEW_SECRET) throw new UsageError("PREVIEW_SECRET is not set (at least 32 characters)");
    const minutes = positiveInt(values.minutes, "minutes", previewTokenMinutes.default);
    if (minutes > previewTokenMinutes.max) throw new UsageError(`--minutes is at most ${previewTokenMinutes.max}`);
    const expiresAt = Date.now() + minutes * 60_000;
    const token = await signPreviewToken(env.PREVIEW_SECRET, expiresAt);
    return out(values.json ? JSON.stringify({ token, expiresAt: new Date(expiresAt).toISOString() }) : token);
  }

  const db = openDatabase(env.DATA_DIR);
  try {
    if (command === "preview-revoke") {
      if (!env.PREVIEW_SECRET) throw new UsageError("PREVIEW_SECRET is not set (at least 32 characters)");
      if (!orderNumber) throw new UsageError("preview-revoke needs the token");
      const { expiresAt } = await createPreviewRevocations(db, Date.now).revoke(env.PREVIEW_SECRET, orderNumber);
      const until = new Date(expiresAt).toISOString();
      return out(
        values.json ? JSON.stringify({ revoked: true, expiresAt: until }) : `revoked (it would have expired ${when(until)}); the site stops honouring it within 10 s`,
      );
    }
    const now = Date.now;
    const products = createSampleProducts(db);
    const orders = createSampleOrders(db, now, products, createSampleList(db, now, products), createAddressBook(db, now));
    const moves = createOrderMoves(db, now);
    const needNumber = () => {
      if (!orderNumber) throw new UsageError(`${command} needs an order number`);
      return orderNumber;
    };
    const show = (number: string) => {
      const found = orders.detail(number, language, null);
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

    switch (command) {
      case "list": {
        const status = (values.status ?? "all") as OrderStatusFilter;
        if (!orderStatusFilters.includes(status)) throw new UsageError(`--status must be one of ${orderStatusFilters.join(", ")}`);
        const page = orders.page(
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
        return show(needNumber());
      case "advance": {
        const number = needNumber();
        const moved = moves.advance(number, { note: values.note, carrier: values.carrier, trackingNumber: values.tracking }, "cli");
        if (!values.json) out(`${number}: ${moved.from} → ${moved.to} (the applicant's e-mail is queued; the running server sends it)`);
        return show(number);
      }
      case "reject": {
        const number = needNumber();
        const moved = moves.reject(number, values.reason ?? "", "cli");
        if (!values.json) out(`${number}: ${moved.from} → ${moved.to} (the applicant's e-mail is queued; the running server sends it)`);
        return show(number);
      }
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
  } finally {
    db.close();
  }
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
