// `npm run staff -- add|link|list|disable|enable …`: staff accounts straight on the upstream's database
// (DATABASE_URL's PostgreSQL when set, else DATA_DIR's SQLite file), for the first admin and for a locked-out
// console; everything else is done in the console.
// Prints the single-use enrolment link on the console's origin (STAFF_ORIGIN, else localhost:STAFF_PORT).
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config/index.ts";
import { openDatabase } from "../upstream/db.ts";
import { createPool, migratePostgres } from "../upstream/postgres.ts";
import { StaffStoreError } from "../upstream/staff/store.ts";
import { createSqliteAuditLog, createSqliteStaffStore } from "../upstream/staff/store-sqlite.ts";
import { createPostgresAuditLog, createPostgresStaffStore } from "../upstream/staff/store-postgres.ts";
import { isStaffRole, staffEnrolmentMs, staffRoles } from "../../shared/staff/staff-roles.ts";
import { normalizeEmail } from "../../shared/forms/validation.ts";
import { enrolmentUrl } from "./urls.ts";
import { startStaffConsole } from "./listener.ts";
import { createLogger } from "../metrics/logger.ts";

const usage = `Usage: npm run staff -- <command> [options]

  add <e-mail> --role ${staffRoles.join("|")}   a new account; prints its enrolment link (single use, ${staffEnrolmentMs / 3_600_000} h)
  link <e-mail>                         a new enrolment link for an account (a lost or a second passkey)
  list                                  every account with its role, passkeys and state
  disable <e-mail> | enable <e-mail>    a disabled account is refused at its next request
  serve                                 the console alone (STAFF_PORT), on the host of a standalone upstream

Environment: DATABASE_URL (PostgreSQL, else the SQLite file in DATA_DIR, default "data"), STAFF_ORIGIN or STAFF_PORT (the console's origin in the link)`;

class UsageError extends Error {}

async function main(argv: string[], out: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { role: { type: "string" }, help: { type: "boolean", short: "h" } } });
  const [command, address] = positionals;
  if (!command || values.help || command === "help") {
    out(usage);
    return;
  }
  const config = loadConfig(process.env);
  if (command === "serve") {
    if (!config.staff) throw new UsageError("serve needs STAFF_PORT");
    const logger = createLogger(config.logLevel);
    void startStaffConsole(config, logger).then((running) => {
      if (!running) process.exit(1);
      const stop = () => void running.close().then(() => process.exit(0));
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    return;
  }
  const origin = config.staff?.origin ?? config.upstream.STAFF_ORIGIN;
  const databaseUrl = config.upstream.DATABASE_URL;
  if (databaseUrl) await migratePostgres(databaseUrl);
  const pool = databaseUrl ? createPool(databaseUrl, (message) => process.stderr.write(`${message}\n`), 1) : undefined;
  const db = pool ? undefined : openDatabase(config.dataDir);
  try {
    const store = pool ? createPostgresStaffStore(pool, Date.now) : createSqliteStaffStore(db!, Date.now);
    const audit = pool ? createPostgresAuditLog(pool, Date.now) : createSqliteAuditLog(db!, Date.now);
    const cli = { id: null, email: "cli" };
    const email = () => {
      const normalized = normalizeEmail(address);
      if (!normalized) throw new UsageError(`${command} needs an e-mail address`);
      return normalized;
    };
    const member = async () => {
      const found = await store.byEmail(email());
      if (!found) throw new UsageError(`No staff account ${email()}`);
      return found;
    };
    const link = (token: string) => {
      if (origin) {
        out(`Enrolment link (single use, ${staffEnrolmentMs / 3_600_000} h): ${enrolmentUrl(origin, "zh", token)}`);
        return;
      }
      out(`Enrolment token (single use): ${token}`);
      out("Set STAFF_ORIGIN (or STAFF_PORT) to print the whole link: <console origin>/zh/enrol?token=<token>");
    };
    switch (command) {
      case "add": {
        if (!isStaffRole(values.role)) throw new UsageError(`--role must be one of ${staffRoles.join(", ")}`);
        const { member: added, token } = await store.addMember(email(), values.role);
        await audit.record(cli, "addStaff", added.email, added.role);
        out(`Added ${added.email} (${added.role}).`);
        link(token);
        return;
      }
      case "link": {
        const found = await member();
        await audit.record(cli, "changeStaff", found.email, "enrolmentLink");
        link(await store.newEnrolment(found.id));
        return;
      }
      case "list":
        for (const row of await store.list()) out(`${row.email}  ${row.role}  ${row.passkeys} passkey(s)${row.disabledAt ? "  disabled" : ""}`);
        return;
      case "disable":
      case "enable": {
        const found = await member();
        await store.setDisabled(found.id, command === "disable");
        await audit.record(cli, "changeStaff", found.email, command);
        out(`${found.email} ${command}d.`);
        return;
      }
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
  } finally {
    db?.close();
    await pool?.end();
  }
}

try {
  await main(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`));
} catch (error) {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    process.exitCode = 2;
  } else if (error instanceof StaffStoreError) {
    const why = { duplicate: "that account exists already", missing: "no such account", lastAdmin: "the last active admin stays an enabled admin" };
    process.stderr.write(`Refused: ${why[error.reason]}\n`);
    process.exitCode = 1;
  } else if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
