// The project's own TypeScript sources, for tests that hold a rule to one home file.
import { readdirSync } from "node:fs";
import path from "node:path";

export const root = path.join(import.meta.dirname, "..", "..");

/** Paths (relative to the repository) of every .ts/.tsx file under `relative`. */
export function sources(relative: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
    const name = path.join(relative, entry.name);
    if (entry.isDirectory()) files.push(...sources(name));
    else if (/\.(ts|tsx)$/.test(entry.name)) files.push(name);
  }
  return files;
}
