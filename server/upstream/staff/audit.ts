// The audit log of the staff console: every staff action (sign-in, a view of a lead's contact details, a
// move, an export, an account change), written by the console, read and filtered by admins.
import type { Database } from "../db.ts";

export const auditActions = [
  "signIn",
  "signInRefused",
  "signOut",
  "enrol",
  "viewLead",
  "workLead",
  "exportLeads",
  "moveOrder",
  "viewOrder",
  "addStaff",
  "changeStaff",
] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditEntry {
  id: number;
  staffEmail: string;
  action: AuditAction;
  target: string | null;
  detail: string | null;
  createdAt: number;
}

export function createAuditLog(db: Database, now: () => number) {
  const insert = db.prepare("INSERT INTO staff_audit (staff_id, staff_email, action, target, detail, created_at) VALUES (?, ?, ?, ?, ?, ?)");
  return {
    record(actor: { id: number | null; email: string }, action: AuditAction, target?: string | null, detail?: string | null): void {
      insert.run(actor.id, actor.email, action, target ?? null, detail ?? null, now());
    },
    /** A page of entries, newest first; filters by action and member e-mail, each with its index. */
    page(filter: { action?: AuditAction | undefined; email?: string | undefined; page: number; pageSize: number }): { list: AuditEntry[]; total: number } {
      const where: string[] = [];
      const params: Array<string | number> = [];
      if (filter.action) {
        where.push("action = ?");
        params.push(filter.action);
      }
      if (filter.email) {
        where.push("staff_id = (SELECT id FROM staff_members WHERE email = ?)");
        params.push(filter.email);
      }
      const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM staff_audit ${clause}`).get(...params) as { n: number }).n;
      const list = db
        .prepare(
          `SELECT id, staff_email AS staffEmail, action, target, detail, created_at AS createdAt FROM staff_audit ${clause} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
        )
        .all(...params, filter.pageSize, (filter.page - 1) * filter.pageSize) as unknown as AuditEntry[];
      return { list, total };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
