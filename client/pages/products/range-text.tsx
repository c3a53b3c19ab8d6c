// A family's or series' key range as its cards show it ("V<DS> 650–1700 V"), for the catalog overview and a
// category's series alike (apart from catalog-overview.tsx, which the finder's first load does not carry).
import { ParamName } from "../../components/param-name.tsx";
import type { KeyRange } from "./products-loader.ts";

/** "V<DS> 650–1700 V" with the subscript set as a subscript. */
export function RangeText({ range }: { range: KeyRange }) {
  const unit = range.unit ? ` ${range.unit}` : "";
  const value = range.min === range.max ? `${range.min}${unit}` : `${range.min}–${range.max}${unit}`;
  return (
    <>
      <ParamName name={range.name} /> {value}
    </>
  );
}
