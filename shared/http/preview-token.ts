// Preview tokens (SPEC §2 preview mode): issued by staff, honoured by the site only while valid.
// Web Crypto only, so the CLI, the upstream and the site server (or an edge runtime) all verify the same way.
// Format: "p1.<expiresAt ms>.<base64url HMAC-SHA256 over 'qingyun-preview:p1:<expiresAt>'>".

const PREFIX = "p1";

/** Lifetimes staff may ask for: 3 hours by default like the preview cookie (SPEC §9), a week at most. */
export const previewTokenMinutes = { default: 180, max: 7 * 24 * 60 } as const;
const MAX_TOKEN_LENGTH = 200;

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

function signedText(expiresAt: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`qingyun-preview:${PREFIX}:${expiresAt}`);
}

async function hmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  if (!secret) throw new Error("The preview secret is empty");
  return globalThis.crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

/**
 * The name a token is revoked under: SHA-256 of the whole token, hex. The revocation list (the upstream's
 * store) never holds a token that could still be used, and the site asks about this id, not the token.
 */
export async function previewTokenId(token: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A token valid until `expiresAt` (epoch milliseconds, rounded down to a whole millisecond). */
export async function signPreviewToken(secret: string, expiresAt: number): Promise<string> {
  if (!Number.isFinite(expiresAt) || expiresAt <= 0) throw new Error("expiresAt must be a positive epoch time in milliseconds");
  const at = Math.floor(expiresAt);
  const signature = await globalThis.crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), signedText(at));
  return `${PREFIX}.${at}.${base64url(new Uint8Array(signature))}`;
}

/**
 * The token's expiry when it was signed with `secret` and has not expired at `now` (epoch ms); null
 * otherwise. subtle.verify compares in constant time.
 */
export async function verifyPreviewToken(secret: string, token: unknown, now: number): Promise<{ expiresAt: number } | null> {
  if (!secret || typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return null;
  const match = /^p1\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expiresAt = Number(match[1]);
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= now) return null;
  const signature = fromBase64url(match[2]!);
  if (signature?.length !== 32) return null;
  const valid = await globalThis.crypto.subtle.verify("HMAC", await hmacKey(secret, "verify"), signature, signedText(expiresAt));
  return valid ? { expiresAt } : null;
}
