// The audit log of the staff console: every staff action (sign-in, a view of a lead's contact details, a
// move, an export, an account change), written by the console, read and filtered by admins. The log itself is
// an AuditLog of store.ts, on SQLite (store-sqlite.ts) or PostgreSQL (store-postgres.ts).
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

/** The WHERE of an audit page, once for both stores; `place(n)` writes the dialect's n-th placeholder. */
export function auditWhere(filter: { action?: AuditAction | undefined; email?: string | undefined }, place: (n: number) => string) {
  const where: string[] = [];
  const params: string[] = [];
  if (filter.action) {
    params.push(filter.action);
    where.push(`action = ${place(params.length)}`);
  }
  if (filter.email) {
    params.push(filter.email);
    where.push(`staff_id = (SELECT id FROM staff_members WHERE email = ${place(params.length)})`);
  }
  return { clause: where.length ? `WHERE ${where.join(" AND ")}` : "", params };
}
