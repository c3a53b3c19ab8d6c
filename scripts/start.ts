// `npm start`: builds when dist/ is missing or older than the sources, then serves the production build.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const built = path.join(root, "dist", "server", "entry-server.js");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild(): boolean {
  if (!existsSync(built)) return true;
  // Installed without devDependencies (a production image): the build shipped in the image is used as is.
  if (!existsSync(path.join(root, "node_modules", "vite"))) return false;
  const sources = Math.max(
    ...["client", "shared", "locales"].map((dir) => newestMtime(path.join(root, dir))),
    statSync(path.join(root, "vite.config.ts")).mtimeMs,
  );
  return sources > statSync(built).mtimeMs;
}

if (needsBuild()) {
  console.log("Building the site (dist/ is missing or older than the sources)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(process.execPath, [path.join(root, "server", "main.ts")], { cwd: root, stdio: "inherit", env: process.env });
process.exit(server.status ?? 0);
