// The small helpers the catalog's pages render with, apart from the products loader: the finder's first load
// needs these, not the loader (which runs on the server and on later navigations only).
import type { ProductFilterData } from "../../../shared/contract/index.ts";

/** The key range of a family: its first numeric column in volts (blocking or isolation voltage). */
export function keyField(filters: ProductFilterData) {
  return (
    filters.fields.find((field) => field.sortable && field.unit === "V" && field.min !== null) ??
    filters.fields.find((field) => field.sortable && field.min !== null) ??
    null
  );
}
