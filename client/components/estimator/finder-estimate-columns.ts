// The finder's estimate columns once `op` is valid, none otherwise. Apart from the operating-point panel
// (finder-operating-point.tsx), which hydrates as an island from its own chunk: the table needs the columns
// at once, the panel can wait.
import { useTranslation } from "../../i18n-react.tsx";
import type { ParsedOperatingPoint } from "../../../shared/estimator/index.ts";
import type { ProductListItem } from "../../../shared/contract/products.ts";
import { useLanguage } from "../../hooks.ts";
import type { FinderColumn } from "../../pages/products/finder-columns.tsx";
import { estimateColumns } from "./finder-columns.tsx";
import type { RowEstimate } from "./finder-row-estimates.ts";

/**
 * `estimates`: the rows' estimates from the loader (null without a valid operating point); `list`: the page's rows,
 * whose kinds say what the loss column's figures cover (per diode, position or leg).
 */
export function useFinderEstimateColumns(parsed: ParsedOperatingPoint | null, estimates: Record<number, RowEstimate> | null, list: ProductListItem[] = []): FinderColumn[] {
  const { t } = useTranslation("estimator");
  const language = useLanguage();
  return parsed?.ok && estimates ? estimateColumns(estimates, t, language, parsed.value, list) : [];
}
