// Masking a phone number or e-mail address for display (SPEC §5), on its own: the header shows the signed-in
// visitor masked on every page, and the rest of the field rules (shared/forms/validation.ts) need not come with it.

/** SPEC §2: first 3 and last 4 digits shown, 13800135678 → 138****5678. */
export function maskPhone(phone: string): string {
  if (phone.length < 8) return phone.length <= 3 ? "*".repeat(phone.length) : `${phone.slice(0, 3)}${"*".repeat(phone.length - 3)}`;
  return `${phone.slice(0, 3)}${"*".repeat(phone.length - 7)}${phone.slice(-4)}`;
}

/** The local part's first and last character around ***, domain kept: zhang.san@example.com → z***n@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return maskPhone(email);
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}***` : `${local[0]}***${local.at(-1)}`;
  return `${shown}${email.slice(at)}`;
}
