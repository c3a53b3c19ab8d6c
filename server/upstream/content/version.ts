// A version of the published content: a hash of the content files loaded at start, the same on every host
// that serves the same files, so the site's caches are dropped only when the content really changed.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { shippedContentDir } from "./load.ts";

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return files(full);
      return /\.(json|md)$/.test(entry.name) ? [full] : [];
    });
}

export function contentVersion(contentDir = shippedContentDir): string {
  const hash = createHash("sha1");
  for (const file of files(contentDir)) hash.update(path.relative(contentDir, file)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("base64url").slice(0, 16);
}
