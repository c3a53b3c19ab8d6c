// Reasons live in the repository: a comment (or any other text of a source, test, script or document file)
// never cites a tracker number, which nobody reading the code can open. A decision that needs more than a
// comment is a record in docs/decisions/ (context, decision, consequences), and a comment cites that file;
// every record a file cites must exist.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "..", "..");

/** Built, installed, generated or served-as-is folders: not the project's own text. */
const skippedDirs = new Set(["node_modules", "dist", "data", "coverage", "public", ".git"]);
const scannedExtensions = new Set([".ts", ".tsx", ".js", ".mjs", ".cjs", ".css", ".sql", ".conf", ".sh", ".md", ".yml", ".yaml"]);
const scannedNames = new Set(["Dockerfile", "run"]);

/** "issue" or "issues" in any case, an optional "#", then a number (a section mark after it changes nothing). */
const citation = /\bissues?\s*#?\d+/i;
/** A decision record named in a file. */
const recordPath = /docs\/decisions\/\d{3}-[a-z0-9-]+\.md/g;

/** Every text file of the project, relative to `dir`, hidden folders skipped except .ci (what CI runs). */
function projectFiles(dir: string, relative = ""): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
    const name = path.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (skippedDirs.has(entry.name) || (entry.name.startsWith(".") && entry.name !== ".ci")) continue;
      files.push(...projectFiles(dir, name));
    } else if (entry.isFile() && (scannedExtensions.has(path.extname(entry.name)) || scannedNames.has(entry.name))) {
      files.push(name);
    }
  }
  return files;
}

/** `file:line: text` for every line that cites a tracker number. */
function citations(dir: string): string[] {
  const found: string[] = [];
  for (const file of projectFiles(dir)) {
    readFileSync(path.join(dir, file), "utf8")
      .split("\n")
      .forEach((line, index) => {
        if (citation.test(line)) found.push(`${file.split(path.sep).join("/")}:${index + 1}: ${line.trim()}`);
      });
  }
  return found;
}

/** `file: record` for every decision record a file names that does not exist. */
function missingRecords(dir: string): string[] {
  const missing: string[] = [];
  for (const file of projectFiles(dir)) {
    for (const [record] of readFileSync(path.join(dir, file), "utf8").matchAll(recordPath)) {
      if (!existsSync(path.join(dir, record))) missing.push(`${file.split(path.sep).join("/")}: ${record}`);
    }
  }
  return missing;
}

describe("reasons in the repository", () => {
  it("scans the project's sources, tests, scripts and documents", () => {
    const files = projectFiles(root).map((file) => file.split(path.sep).join("/"));
    for (const expected of [
      "client/entry-client.tsx",
      "server/app.ts",
      "shared/catalog/tree.ts",
      "test/unit/no-issue-citations.test.ts",
      "scripts/js-budget.ts",
      "README.md",
      "docs/decisions/README.md",
    ]) {
      expect(files).toContain(expected);
    }
    expect(files.some((file) => file.startsWith("node_modules/") || file.startsWith("dist/"))).toBe(false);
  });

  it("cites no tracker number anywhere (decision records in docs/decisions/ instead)", () => {
    expect(citations(root)).toEqual([]);
  });

  it("cites only decision records that exist", () => {
    expect(missingRecords(root)).toEqual([]);
  });
});
