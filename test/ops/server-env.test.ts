// The server's memory settings (scripts/server-env.ts): the same values wherever the server is started for
// real (npm start, the Docker image, the CI smoke test), the operator's own values kept, and V8 really
// taking the young generation's size from them.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../../scripts/build-if-needed.ts";
import { serverMemoryEnv, withServerMemoryEnv } from "../../scripts/server-env.ts";

const newSpaceMb = (env: NodeJS.ProcessEnv) => {
  // Allocates enough short-lived objects for V8 to grow its young generation to the limit it was given.
  const script = `let k=[];for(let i=0;i<3e6;i++){k.push({i,s:"x"+i});if(k.length>50000)k=[]}
process.stdout.write(String(require("node:v8").getHeapSpaceStatistics().find((s)=>s.space_name==="new_space").space_size/1048576))`;
  const run = spawnSync(process.execPath, ["-e", script], { env, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return Number(run.stdout);
};

describe("the server's memory settings", () => {
  it("are the ones the Dockerfile and the CI smoke test start the server with", () => {
    const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
    const smoke = readFileSync(path.join(root, ".ci", "run"), "utf8")
      .split("\n")
      .find((line) => line.includes("server/main.ts &"));
    for (const [name, value] of Object.entries(serverMemoryEnv)) {
      expect(dockerfile).toMatch(new RegExp(`^ENV .*\\b${name}=${value.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&")}(\\s|$)`, "m"));
      expect(smoke).toContain(`${name}=${value}`);
    }
  });

  it("keep what the operator set and add what they did not", () => {
    expect(withServerMemoryEnv({})).toMatchObject(serverMemoryEnv);
    expect(withServerMemoryEnv({ MALLOC_ARENA_MAX: "4" }).MALLOC_ARENA_MAX).toBe("4");
    expect(withServerMemoryEnv({ MALLOC_MMAP_THRESHOLD_: "65536" }).MALLOC_MMAP_THRESHOLD_).toBe("65536");
    expect(withServerMemoryEnv({ NODE_OPTIONS: "--enable-source-maps" }).NODE_OPTIONS).toBe(`--enable-source-maps ${serverMemoryEnv.NODE_OPTIONS}`);
    expect(withServerMemoryEnv({ NODE_OPTIONS: "--max-semi-space-size=16" }).NODE_OPTIONS).toBe("--max-semi-space-size=16");
  });

  it("bound V8's young generation in a process started with them", () => {
    const { NODE_OPTIONS: _ignored, ...plain } = process.env;
    const bounded = newSpaceMb(withServerMemoryEnv(plain));
    const unbounded = newSpaceMb(plain);
    // Two semi-spaces of 2 MB (V8 reports both), against V8's own default of several times that.
    expect(bounded).toBeLessThanOrEqual(8);
    expect(unbounded).toBeGreaterThan(bounded);
  });
});
