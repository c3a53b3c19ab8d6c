// The environment the server process starts with, beside the operator's: three memory settings that must be in
// place before the process starts (glibc reads its MALLOC_ variables at its first allocation; V8 sizes the young
// generation when it creates a heap, so `v8.setFlagsFromString` is too late). Measured under the bench's mixed
// traffic (docs/performance.md, "Memory"): together they take the peak from about 590 to about 400 MB; either
// alone does not. A third, MALLOC_MMAP_THRESHOLD_, takes what was left (500-650 MB, most of it free memory glibc
// kept) to 310-350 MB.
// - MALLOC_ARENA_MAX=2: every thread that allocates (the upstream thread, libuv's pool compressing pages,
//   V8's helpers) otherwise gets its own 64 MB malloc arena, each holding 30-37 MB after a render burst.
// - --max-semi-space-size=2 (MB): V8's default young generation here is 64 MB per heap, in the main thread and
//   the upstream thread alike, mostly empty between scavenges but resident.
// - MALLOC_MMAP_THRESHOLD_=1048576 (1 MB, fixed): every brotli stream (each render streamed through compression())
//   allocates large blocks it touches little of (heaptrack under the mixed traffic: 427 MB of the peak was
//   BrotliEncoderCompressStream's allocations). glibc serves blocks that large with mmap, but by default raises
//   its threshold to the size of each one freed (up to 32 MB), after which they come from the malloc heap:
//   reused there, their pages become resident one render after another, and the freed heap stays with the
//   process (malloc_stats after the traffic: 388 MB held, 56 MB in use). A fixed threshold keeps them mmapped:
//   pages never touched are never resident, freed ones go back at once (and fixing it keeps glibc's 128 KB
//   trim threshold). 1 MB rather than glibc's starting 128 KB: at 128 KB every page-sized Buffer was an mmap and
//   uncached renders ran 0.70-0.77× as fast; at 1 MB no slower than the default, at the same memory.
// The Dockerfile and the CI smoke test set the same values; test/ops/server-env.test.ts holds them to this file.
export const serverMemoryEnv = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "1048576", NODE_OPTIONS: "--max-semi-space-size=2" } as const;

/** `env` with the memory settings added; a value the operator set wins (their NODE_OPTIONS keep theirs, ours appended). */
export function withServerMemoryEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const options = env.NODE_OPTIONS ?? "";
  const semiSpace = serverMemoryEnv.NODE_OPTIONS.split("=")[0]!;
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? serverMemoryEnv.MALLOC_ARENA_MAX,
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? serverMemoryEnv.MALLOC_MMAP_THRESHOLD_,
    NODE_OPTIONS: options.includes(semiSpace) ? options : `${options} ${serverMemoryEnv.NODE_OPTIONS}`.trim(),
  };
}
