// Dates of orders as people in China read them: "2026-11-22 10:05" in China time (UTC+8, no daylight
// saving), computed by arithmetic so the server's render and the browser's hydration always agree.
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

export function chinaTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Date(time + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}
