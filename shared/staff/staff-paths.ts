// Every path of the staff console (server/staff/), built and matched here only, so the console's routes, its
// links and the sales inbox's e-mail (server/upstream/leads/) cannot drift apart. Like the site's paths they
// are written without the language prefix (localizePath adds it).

/** The two kinds of lead: a contact message (leave_words) and a download request (download_records). */
export const leadKinds = ["message", "download"] as const;
export type LeadKind = (typeof leadKinds)[number];

export const staffPaths = {
  home: "/",
  signIn: "/sign-in",
  signOut: "/sign-out",
  enrol: "/enrol",
  leads: "/leads",
  leadsCsv: "/leads.csv",
  orders: "/orders",
  passkeys: "/passkeys",
  staff: "/staff",
  staffChange: "/staff/change",
  audit: "/audit",
} as const;

/** One lead's page. */
export function staffLeadPath(kind: LeadKind, id: number): string {
  return `${staffPaths.leads}/${kind}/${id}`;
}

const leadPattern = /^\/leads\/(message|download)\/([1-9]\d{0,11})$/;

/** The kind and id of a lead path, else null. */
export function matchStaffLeadPath(path: string): { kind: LeadKind; id: number } | null {
  const match = leadPattern.exec(path);
  return match ? { kind: match[1] as LeadKind, id: Number(match[2]) } : null;
}

/** One sample order's page. */
export function staffOrderPath(orderNumber: string): string {
  return `${staffPaths.orders}/${encodeURIComponent(orderNumber)}`;
}
