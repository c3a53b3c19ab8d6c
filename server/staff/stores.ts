// What the staff console works on: its accounts and audit log, and the orders through the samples' store, on the
// upstream's SQLite file or, when the upstream runs on PostgreSQL, there (decision 044, "Staff and the orders
// CLI", "The visitor's records"). The product names the orders and leads show come from the per-host content index,
// the SQLite file.
import type pg from "pg";
import type { Database } from "../upstream/db.ts";
import { createSampleProducts } from "../upstream/samples/products.ts";
import { createPostgresSampleStore } from "../upstream/samples/store-postgres.ts";
import { createSqliteSampleStoreOn } from "../upstream/samples/store-sqlite.ts";
import type { SampleStore } from "../upstream/samples/store.ts";
import { createPostgresAuditLog, createPostgresStaffStore } from "../upstream/staff/store-postgres.ts";
import { createSqliteAuditLog, createSqliteStaffStore } from "../upstream/staff/store-sqlite.ts";
import type { AuditLog, StaffStore } from "../upstream/staff/store.ts";
import type { LeadStore } from "../upstream/leads/store.ts";
import { createSqliteLeadStore } from "../upstream/leads/store-sqlite.ts";
import { createLeadContent, createPostgresLeadStore } from "../upstream/leads/store-postgres.ts";

export interface StaffStores {
  staff: StaffStore;
  audit: AuditLog;
  samples: SampleStore;
  leads: LeadStore;
}

export function sqliteStaffStores(db: Database, now: () => number): StaffStores {
  return {
    staff: createSqliteStaffStore(db, now),
    audit: createSqliteAuditLog(db, now),
    samples: createSqliteSampleStoreOn(db, now),
    leads: createSqliteLeadStore(db, now),
  };
}

/** `db` is the host's SQLite file, for the products the orders name (the content index every host builds). */
export function postgresStaffStores(pool: pg.Pool, db: Database, now: () => number): StaffStores {
  return {
    staff: createPostgresStaffStore(pool, now),
    audit: createPostgresAuditLog(pool, now),
    samples: createPostgresSampleStore(pool, now, createSampleProducts(db)),
    leads: createPostgresLeadStore(pool, now, createLeadContent(db)),
  };
}
