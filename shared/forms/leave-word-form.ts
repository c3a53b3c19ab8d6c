// The contact form (leave word) between the browser, the route action and the upstream: reading the
// posted fields, the same checks as the upstream with the SPEC §5 messages, and which field an
// upstream error code belongs to. Pure, so the form with and without JavaScript behaves the same.
import type { ErrorCode } from "../contract/errors.ts";
import { formLimits } from "../contract/forms.ts";
import type { LeaveWordInput } from "../contract/leave-word.ts";
import { isValidName, isValidText, normalizeEmail, normalizeMainlandMobile } from "./validation.ts";

const leaveWordFields = ["name", "phone", "email", "company", "content"] as const;
export type LeaveWordField = (typeof leaveWordFields)[number];
export type LeaveWordValues = Record<LeaveWordField, string>;
export type LeaveWordErrors = Partial<Record<LeaveWordField, ErrorCode>>;

/** A field no person sees or fills in; a script that fills every field gives itself away. */
export const HONEYPOT_FIELD = "website";

export function readLeaveWordForm(form: { get(name: string): unknown }): { values: LeaveWordValues; isBot: boolean } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = Object.fromEntries(leaveWordFields.map((field) => [field, text(field).slice(0, formLimits[field] + 100)])) as LeaveWordValues;
  return { values, isBot: text(HONEYPOT_FIELD).trim() !== "" };
}

/** Checks a filled form; `input` is what addLeaveWord gets when there are no errors. */
export function validateLeaveWord(values: LeaveWordValues): { errors: LeaveWordErrors; input: LeaveWordInput | null } {
  const errors: LeaveWordErrors = {};
  if (!isValidName(values.name)) errors.name = "E40022009";
  const phone = values.phone.trim();
  const email = values.email.trim();
  if (phone && !normalizeMainlandMobile(phone)) errors.phone = "E40021001";
  if (email && !normalizeEmail(email)) errors.email = "E40021002";
  // Someone must be able to answer: at least one way back to the visitor.
  if (!phone && !email) errors.phone = "E40030009";
  if (values.company.trim().length > formLimits.company) errors.company = "E40000002";
  if (!isValidText(values.content, formLimits.content) || !/[\p{L}\p{N}]/u.test(values.content)) errors.content = "E40022010";
  if (Object.keys(errors).length) return { errors, input: null };
  return {
    errors,
    input: {
      name: values.name.trim(),
      content: values.content.trim(),
      ...(phone ? { phone } : {}),
      ...(email ? { email } : {}),
      ...(values.company.trim() ? { company: values.company.trim() } : {}),
    },
  };
}

/** The field an upstream refusal is about, so its message shows beside that field. */
export function fieldOfError(code: string): LeaveWordField | null {
  switch (code) {
    case "E40022009":
      return "name";
    case "E40021001":
    case "E40030009":
      return "phone";
    case "E40021002":
      return "email";
    case "E40022010":
      return "content";
    default:
      return null;
  }
}
