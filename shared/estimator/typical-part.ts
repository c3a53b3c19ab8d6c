// Which part of a page the estimator's suggested operating point is made for (shared/estimator/suggest.ts): the first
// part of the voltage class most common on the page, the higher class on a tie. The finder's page asks the upstream
// for that part's loss data alone (the `loss: "typical"` page call), so both sides choose by this one rule.

/** The index of the typical part among the rows' voltage classes (null: no loss data, as a gate driver); -1 for none. */
export function typicalIndex(voltages: ReadonlyArray<number | null | undefined>): number {
  // Counted once per class: counting inside a sort's comparator went over the whole page per comparison (a page of
  // 100 rows: about 1,400 passes of 100, every uncached render of the finder).
  const counts = new Map<number, number>();
  for (const v of voltages) if (typeof v === "number") counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: [v: number, count: number] | null = null;
  for (const [v, count] of counts) if (!best || count > best[1] || (count === best[1] && v > best[0])) best = [v, count];
  return best ? voltages.indexOf(best[0]) : -1;
}
