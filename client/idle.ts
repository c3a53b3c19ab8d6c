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
