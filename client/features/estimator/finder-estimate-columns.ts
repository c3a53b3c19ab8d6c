// The finder's estimate columns once `op` is valid, none otherwise. Apart from the operating-point panel
// (finder-operating-point.tsx), which hydrates as an island from its own chunk: the table needs the columns
// at once, the panel can wait. The columns' module (finder-columns.tsx, with the figures' formatting and the
// symbols' renderer) loads only for a URL with an operating point, so the finder's first load carries none of
// it: the products loader waits for it, and so does the route's first load of such a URL (client/routes.tsx),
// before hydration, so the server's table and the hydrated one match.
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { ParsedOperatingPoint } from "../../../shared/estimator/operating-point.ts";
import type { ProductListItem } from "../../../shared/contract/products.ts";
import { useLanguage } from "../../hooks.ts";
import type { FinderColumn } from "../../pages/products/finder-columns.tsx";
import type { RowEstimate } from "./finder-row-estimates.ts";

let columns: typeof import("./finder-columns.tsx") | null = null;

/** Loads the estimate columns' module (once). */
export async function loadEstimateColumns(): Promise<void> {
  columns ??= await import("./finder-columns.tsx");
}

/**
 * `estimates`: the rows' estimates from the loader (null without a valid operating point); `list`: the page's rows,
 * whose kinds say what the loss column's figures cover (per diode, position or leg).
 */
export function useFinderEstimateColumns(
  parsed: ParsedOperatingPoint | null,
  estimates: Record<number, RowEstimate> | null,
  list: ProductListItem[] = [],
): FinderColumn[] {
  const { t } = useTranslation("estimator");
  const language = useLanguage();
  return parsed?.ok && estimates && columns ? columns.estimateColumns(estimates, t, language, parsed.value, list) : [];
}
