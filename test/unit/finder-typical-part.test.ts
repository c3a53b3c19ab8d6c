// The finder panel's suggested operating point suits the page's most common voltage class (the higher on a tie),
// taken from the first such part on the page.
import { describe, expect, it } from "vitest";
import { typicalPart } from "../../client/features/estimator/finder-operating-point.tsx";
import type { ProductListItem } from "../../shared/contract/index.ts";

/** A row with only what typicalPart reads: its loss data's voltage class (or none, as a gate driver). */
const row = (partNumber: string, v: number | null) => ({ partNumber, loss: v === null ? null : { ratings: { v }, partNumber } }) as unknown as ProductListItem;
const chosen = (list: ProductListItem[]) => (typicalPart(list) as unknown as { partNumber: string } | undefined)?.partNumber;

describe("typicalPart", () => {
  it("takes the first part of the most common voltage class", () => {
    expect(chosen([row("a", 650), row("b", 1200), row("c", 1200), row("d", 650), row("e", 1200)])).toBe("b");
  });

  it("takes the higher class on a tie, and skips rows without loss data", () => {
    expect(chosen([row("a", 650), row("g", null), row("b", 1700), row("c", 650), row("d", 1700)])).toBe("b");
  });

  it("has none for a page without loss data", () => {
    expect(chosen([row("g", null)])).toBeUndefined();
    expect(chosen([])).toBeUndefined();
  });
});
