// How `npm run bench` and `npm run lighthouse` end (docs/decisions/012-performance-budgets.md): every missed
// budget is printed with its figures and fails the script, and `.ci/run` with it. No budget is exempt: the two
// that once missed (Lighthouse performance 95, the bench's caches-off ratio 0.04) hold on the CI machine's kind
// since 2026-11-24, and a figure that no longer holds is a regression to fix, not to tolerate.

/** The median of a run's repeated figures: what one noisy run cannot move (Lighthouse's variability guide). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A budget the issue states (`target`) and the floor CI enforces while the target is missed on its machines. */
export interface Budget {
  target: number;
  floor: number;
}

/**
 * A figure against its budget (higher is better unless `lower`): past the floor it is a miss (the run fails),
 * between floor and target it is tracked (printed at the end, so it stays in sight).
 */
export function judge(
  figure: { label: string; value: number; budget: Budget; text: (value: number) => string; lower?: boolean },
  out: { miss: (message: string) => void; track: (message: string) => void },
) {
  const { label, value, budget, text, lower = false } = figure;
  const worse = (a: number, b: number) => (lower ? a > b : a < b);
  if (worse(value, budget.floor)) out.miss(`${label}: ${text(value)}, past the floor ${text(budget.floor)} (target ${text(budget.target)})`);
  else if (worse(value, budget.target)) out.track(`${label}: ${text(value)} (target ${text(budget.target)}, floor ${text(budget.floor)})`);
}

/** The summary line and exit code for a script's misses (one message per missed budget). */
export function verdict(script: string, misses: readonly string[]): { code: 0 | 1; text: string } {
  if (misses.length) return { code: 1, text: `\n${script.toUpperCase()} BUDGETS MISSED:\n  ${misses.join("\n  ")}` };
  return { code: 0, text: `\n${script}: every budget holds` };
}

/** Prints the verdict and exits with its code. */
export function finish(script: string, misses: readonly string[]): never {
  const { code, text } = verdict(script, misses);
  (code ? console.error : console.log)(text);
  process.exit(code);
}
