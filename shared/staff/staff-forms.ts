// The staff console's forms and JSON bodies, validated at the console's boundary with zod
// (docs/decisions/024-staff-console.md). Text fields are bounded like the site's (shared/forms/validation.ts).
import { z } from "zod";
import { languages } from "../languages.ts";
import { staffRoles } from "./staff-roles.ts";
import { leadStatuses } from "../query/staff-leads.ts";
import { normalizeEmail } from "../forms/validation.ts";

const email = z.string().transform((value, ctx) => {
  const normalized = normalizeEmail(value);
  if (!normalized) {
    ctx.addIssue({ code: "custom", message: "an e-mail address" });
    return z.NEVER;
  }
  return normalized;
});
const token = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);
const language = z.enum(languages);

/** A WebAuthn response as @simplewebauthn/browser posts it; its inner fields are checked by @simplewebauthn/server. */
const webauthnResponse = z.looseObject({ id: z.string().max(1400), rawId: z.string().max(1400), type: z.literal("public-key"), response: z.looseObject({}) });

export const staffForms = {
  signInOptions: z.strictObject({ language }),
  signInVerify: z.strictObject({ language, response: webauthnResponse }),
  enrolOptions: z.strictObject({ language, token }),
  enrolVerify: z.strictObject({ language, token, response: webauthnResponse }),
  workLead: z.strictObject({
    status: z.enum(leadStatuses),
    assignedTo: z.union([z.literal(""), z.coerce.number<string>().int().min(1)]).transform((value) => (value === "" ? null : value)),
    note: z
      .string()
      .max(2000)
      .transform((value) => value.trim() || null),
  }),
  moveOrder: z.strictObject({
    move: z.enum(["advance", "reject"]),
    note: z.string().max(500).optional(),
    carrier: z.string().max(40).optional(),
    trackingNumber: z.string().max(40).optional(),
  }),
  signOut: z.strictObject({ everywhere: z.literal("1").optional() }),
  addMember: z.strictObject({ email, role: z.enum(staffRoles) }),
  changeMember: z.strictObject({
    id: z.coerce.number<string>().int().min(1),
    change: z.enum(["disable", "enable", "link", ...staffRoles.map((role) => `role:${role}` as const)]),
  }),
};
