// Link and media rules of SPEC §3 and §9, for menu items and content.
export type MediaType = "video" | "image" | "unknown";

/** SPEC §9: video by mp4/m4v, images by png, jpeg, jpg and similar. */
export function mediaType(url: string | undefined | null): MediaType {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url ?? "")?.[1]?.toLowerCase();
  if (!extension) return "unknown";
  if (extension === "mp4" || extension === "m4v") return "video";
  if (["png", "jpeg", "jpg", "gif", "webp", "avif", "svg", "bmp"].includes(extension)) return "image";
  return "unknown";
}

/** An absolute URL (with a scheme or protocol-relative): opened as an external link. */
export function isExternal(link: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith("//");
}

/**
 * SPEC §9: links without a leading slash or scheme get a // prefix (they name another host).
 * Only http(s) and mailto/tel schemes survive; anything else (javascript:, data:) becomes "".
 */
export function normalizeLink(link: string | undefined | null): string {
  const value = (link ?? "").trim();
  if (!value) return "";
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return /^(https?|mailto|tel):/i.test(value) ? value : "";
  if (value.startsWith("/") || value.startsWith("#") || value.startsWith("?")) return value;
  return `//${value}`;
}
