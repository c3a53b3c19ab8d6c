// The environment the server process starts with, beside the operator's: two memory settings that must be in
// place before the process starts (glibc reads MALLOC_ARENA_MAX at its first allocation; V8 sizes the young
// generation when it creates a heap, so `v8.setFlagsFromString` is too late). Measured under the bench's mixed
// traffic (docs/performance.md, "Memory"): together they take the peak from about 590 to about 400 MB; either
// alone does not.
// - MALLOC_ARENA_MAX=2: every thread that allocates (the upstream thread, libuv's pool compressing pages,
//   V8's helpers) otherwise gets its own 64 MB malloc arena, each holding 30-37 MB after a render burst.
// - --max-semi-space-size=2 (MB): V8's default young generation here is 64 MB per heap, in the main thread and
//   the upstream thread alike, mostly empty between scavenges but resident.
// The Dockerfile and the CI smoke test set the same values; test/ops/server-env.test.ts holds them to this file.
export const serverMemoryEnv = { MALLOC_ARENA_MAX: "2", NODE_OPTIONS: "--max-semi-space-size=2" } as const;

/** `env` with the memory settings added; a value the operator set wins (their NODE_OPTIONS keep theirs, ours appended). */
export function withServerMemoryEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const options = env.NODE_OPTIONS ?? "";
  const semiSpace = serverMemoryEnv.NODE_OPTIONS.split("=")[0]!;
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? serverMemoryEnv.MALLOC_ARENA_MAX,
    NODE_OPTIONS: options.includes(semiSpace) ? options : `${options} ${serverMemoryEnv.NODE_OPTIONS}`.trim(),
  };
}
