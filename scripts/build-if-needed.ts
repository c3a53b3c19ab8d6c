// Decides whether dist/ must be (re)built: missing, or older than the sources it is built from.
import { existsSync, readdirSync, statSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
const built = path.join(root, "dist", "server", "entry-server.js");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function needsBuild(): boolean {
  if (!existsSync(built) || !existsSync(path.join(root, "dist", "client", ".vite", "manifest.json"))) return true;
  // Installed without devDependencies (a production image): the build shipped with it is used as is.
  if (!existsSync(path.join(root, "node_modules", "vite"))) return false;
  const sources = Math.max(...["client", "shared", "locales"].map((dir) => newestMtime(path.join(root, dir))), statSync(path.join(root, "vite.config.ts")).mtimeMs);
  return sources > statSync(built).mtimeMs;
}

/** Builds when needed; exits the process with the build's status when the build fails. */
export function buildIfNeeded(): void {
  if (!needsBuild()) return;
  console.log("Building the site (dist/ is missing or older than the sources)…");
  // Callers such as vitest set NODE_ENV=test; a build made under it would use React's development JSX.
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// `node scripts/build-if-needed.ts`: the same, from the command line (the JS budget test runs it under the build lock).
if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, "scripts", "build-if-needed.ts")) buildIfNeeded();
