// The staff console's roles and what each may do, in one place: the console's guards, its pages (which
// controls to show) and the staff CLI read it (docs/decisions/024-staff-console.md).
export const staffRoles = ["admin", "sales", "viewer"] as const;
export type StaffRole = (typeof staffRoles)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (staffRoles as readonly string[]).includes(value);
}

/** read: every page; work: move orders and work leads (assign, note, status), export leads; manage: staff and the audit log. */
export type StaffPermission = "read" | "work" | "manage";

const granted: Record<StaffRole, readonly StaffPermission[]> = {
  viewer: ["read"],
  sales: ["read", "work"],
  admin: ["read", "work", "manage"],
};

export function staffCan(role: StaffRole, permission: StaffPermission): boolean {
  return granted[role].includes(permission);
}

/** Sessions of the console end this long after sign-in, whatever happens in between. */
export const staffSessionMs = 12 * 60 * 60 * 1000;
/** An enrolment link works once, for this long. */
export const staffEnrolmentMs = 24 * 60 * 60 * 1000;
