// `npm start`: builds when dist/ is missing or older than the sources, then serves the production build.
import { spawn } from "node:child_process";
import path from "node:path";
import { buildIfNeeded, root } from "./build-if-needed.ts";

buildIfNeeded();
const server = spawn(process.execPath, [path.join(root, "server", "main.ts")], { cwd: root, stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
