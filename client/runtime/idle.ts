// Work that can wait until the browser has nothing better to do: requestIdleCallback, with a deadline so it
// still runs on a busy page, and a short timeout where the browser has no idle callbacks (Safari).
export function afterIdle(task: () => void, deadlineMs: number): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(() => task(), { timeout: deadlineMs });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, Math.min(deadlineMs, 1000));
  return () => clearTimeout(timer);
}

/** Ends the current task and resumes in a new one (scheduler.yield where the browser has it, which keeps
 * the work's place ahead of other tasks; a zero timeout elsewhere). */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
