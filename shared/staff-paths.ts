// Every path of the staff console (server/staff/), built and matched here only, so the console's routes, its
// links and the sales inbox's e-mail (server/upstream/leads/) cannot drift apart. Like the site's paths they
// are written without the language prefix (localizePath adds it).

type LeadKind = "message" | "download";

/** One lead's page. */
export function staffLeadPath(kind: LeadKind, id: number): string {
  return `/leads/${kind}/${id}`;
}
