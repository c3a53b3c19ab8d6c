// The finder URL of the cross-reference page's parameter search: the unknown part's key values as the finder's
// filters (shared/query/finder.ts), in the family of its device type.
import type { DeviceType } from "./schema.ts";
import { emptyFinderQuery, writeFinderQuery } from "../query/finder.ts";
import type { ParameterSearch } from "../query/cross-reference.ts";
import { categoryPath } from "../paths.ts";

/** The finder's column of each parameter, by device type (the catalog's parameter table keys). */
const finderFields: Record<DeviceType, { v: string; r: string | null; i: string }> = {
  "sic-mosfet": { v: "vds", r: "rdson", i: "id25" },
  "sic-diode": { v: "vrrm", r: null, i: "if" },
  "sic-module": { v: "vds", r: "rdson", i: "id" },
  "igbt-module": { v: "vces", r: null, i: "icnom" },
};

/** The finder URL (without language) of a parameter search in a family: at least the voltage and current, at most the R_DS(on), that package. */
export function parameterSearchPath(search: ParameterSearch, familyId: number): string {
  const fields = finderFields[search.type];
  const query = emptyFinderQuery();
  if (search.v !== null) query.ranges[fields.v] = { min: search.v };
  if (search.r !== null && fields.r) query.ranges[fields.r] = { max: search.r };
  if (search.i !== null) query.ranges[fields.i] = { min: search.i };
  if (search.pkg) query.values.package = [search.pkg];
  return `${categoryPath(familyId)}${writeFinderQuery(query)}`;
}
