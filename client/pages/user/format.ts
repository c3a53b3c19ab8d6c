// Counts and dates of the sample pages. Dates of orders as people in China read them: "2026-11-22 10:05"
// in China time (UTC+8, no daylight saving), computed by arithmetic so the server's render and the
// browser's hydration always agree.
import type { TFunction } from "i18next";

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

export function chinaTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Date(time + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

/** "2 parts, 5 pieces": each number takes its own plural form (one count per string, as i18next plurals work). */
export function sampleItemsTitle(t: TFunction<"user">, parts: number, pieces: number): string {
  return t("sampleList.itemsTitle", { parts: t("sampleList.itemsParts", { count: parts }), pieces: t("sampleList.itemsPieces", { count: pieces }) });
}
