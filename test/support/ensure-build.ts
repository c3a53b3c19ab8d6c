// Makes sure dist/ is current before a test starts the built site as a process: builds when it is missing
// or older than the sources, under the team's build lock (flock) so parallel test files never build at once.
import { spawnSync } from "node:child_process";
import { needsBuild, root } from "../../scripts/build-if-needed.ts";

export function ensureBuild(): void {
  if (!needsBuild()) return;
  const lock = spawnSync("sh", ["-c", "command -v flock"]).status === 0 && !process.env.QY_BUILD_LOCK_HELD;
  const command = lock ? "flock" : process.execPath;
  const args = lock ? ["-w", "900", "/tmp/qy-e2e.lock", process.execPath, "scripts/build-if-needed.ts"] : ["scripts/build-if-needed.ts"];
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production", QY_BUILD_LOCK_HELD: "1" } });
  if (result.status !== 0) throw new Error(`The build failed (status ${result.status})`);
}
