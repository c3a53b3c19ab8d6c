// Field rules shared by the forms, the contract and the upstream's checks: mainland mobiles, e-mail
// addresses, names, and the length limit of every text field (SPEC §5).

/** Length limits of the account, applicant and staff fields (characters, after trimming). */
export const fieldLimits = {
  /** Raw phone input: room for "+86 138-0013-8000" style spacing before normalisation. */
  phoneInput: 24,
  /** RFC 5321: a path is at most 256 octets, an address at most 254. */
  email: 254,
  emailLocalPart: 64,
  name: 50,
  companyName: 100,
  position: 50,
  sampleUse: 500,
  /** Staff notes and rejection reasons. */
  note: 500,
  carrier: 50,
  trackingNumber: 50,
} as const;

/** Sign-in codes are 6 digits. */
export const VERIFY_CODE_LENGTH = 6;
export const verifyCodePattern = /^\d{6}$/;

/** A mainland China mobile number: 1, then 3–9, then 9 digits. */
const mainlandMobilePattern = /^1[3-9]\d{9}$/;

/**
 * Normalises a mainland mobile number as people type it: "+86 138 0013 8000", "0086-13800138000",
 * "86 13800138000", full-width digits. Returns the 11-digit number, or null when it is not a mainland mobile.
 */
export function normalizeMainlandMobile(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 40) return null;
  // NFKC folds full-width digits and "＋" that Chinese input methods produce.
  const compact = input.normalize("NFKC").replace(/[\s\-().]/g, "");
  const match = /^(?:\+86|0086|86)?(\d{11})$/.exec(compact);
  if (!match || !mainlandMobilePattern.test(match[1]!)) return null;
  return match[1]!;
}

const atext = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
const localPartPattern = new RegExp(`^${atext}+(?:\\.${atext}+)*$`);
const domainPattern = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** A deliverable-looking address: dot-atom local part, a dotted domain with a letter TLD, RFC length limits. */
export function isValidEmail(input: unknown): input is string {
  if (typeof input !== "string" || input.length > fieldLimits.email) return false;
  const at = input.lastIndexOf("@");
  if (at < 1) return false;
  const local = input.slice(0, at);
  const domain = input.slice(at + 1);
  return local.length <= fieldLimits.emailLocalPart && localPartPattern.test(local) && domain.length <= 253 && domainPattern.test(domain);
}

/** The form an address is stored and compared in: trimmed, lower-case (mailboxes are case-insensitive in practice). */
export function normalizeEmail(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const trimmed = input.trim().toLowerCase();
  return isValidEmail(trimmed) ? trimmed : null;
}

// Control characters and markup brackets never belong in a person's or company's name.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern refuses.
const forbiddenInName = /[\u0000-\u001f\u007f<>{}[\]\\|@#$%^*=~`]/;

/** A person's name: 1–50 characters after trimming, letters of any script, no markup or control characters. */
export function isValidName(input: unknown): input is string {
  if (typeof input !== "string") return false;
  const name = input.trim();
  return name.length >= 1 && name.length <= fieldLimits.name && !forbiddenInName.test(name) && /\p{L}/u.test(name);
}

/**
 * A required free-text field: non-empty after trimming, within its limit, no C0 control characters but newlines
 * and tabs. C1 controls and bidi overrides are the contract's to refuse (textInput, shared/contract/common.ts):
 * every stored field passes it, and this check is in every page's first load.
 */
export function isValidText(input: unknown, maxLength: number): input is string {
  if (typeof input !== "string") return false;
  const text = input.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern refuses.
  return text.length >= 1 && text.length <= maxLength && !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);
}
