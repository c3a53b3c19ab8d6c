// A download's size as every list of files shows it: whole kilobytes below a megabyte (at least 1), one decimal
// above, in the page language's digits, the number and its unit never split over two lines.
export function formatFileSize(bytes: number, language: string): string {
  const format = (value: number, digits: number) => new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024 * 1024) return `${format(Math.max(1, Math.round(bytes / 1024)), 0)}\u00a0KB`;
  return `${format(bytes / (1024 * 1024), 1)}\u00a0MB`;
}
