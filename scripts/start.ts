// `npm start`: builds when dist/ is missing or older than the sources, then serves the production build;
// `npm run serve` (--no-build): serves the build there is. Either way with the memory settings the process
// needs at its start (scripts/server-env.ts).
import { spawn } from "node:child_process";
import path from "node:path";
import { buildIfNeeded, root } from "./build-if-needed.ts";
import { withServerMemoryEnv } from "./server-env.ts";

if (!process.argv.includes("--no-build")) buildIfNeeded();
const server = spawn(process.execPath, [path.join(root, "server", "main.ts")], { cwd: root, stdio: "inherit", env: withServerMemoryEnv(process.env) });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
