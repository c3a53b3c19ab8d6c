// The outcome of "add to sample list" without JavaScript, carried back to the product page in its query.
import { describe, expect, it } from "vitest";
import { readPendingAdd, readSampleAddResult, withPendingAdd, withSampleAddResult, withoutSampleAddResult } from "../../shared/samples/sample-add-result.ts";
import { loginPathOf } from "../../shared/samples/sample-add-result.ts";

describe("the sample-add outcome in a page's query", () => {
  it("is written into the page's query, replacing an earlier one and keeping the rest", () => {
    expect(withSampleAddResult("/en/productAndService/productDetail/QY120N040B", 12, "success")).toBe(
      "/en/productAndService/productDetail/QY120N040B?sampleAdd=12-success",
    );
    expect(withSampleAddResult("/zh/productAndService/products/3?sort=vds:asc&sampleAdd=9-failed#rows", 12, "selected")).toBe(
      "/zh/productAndService/products/3?sort=vds%3Aasc&sampleAdd=12-selected#rows",
    );
  });

  it("is read back only when it is one we wrote", () => {
    expect(readSampleAddResult(new URLSearchParams("sampleAdd=12-success"))).toEqual({ siteListId: 12, outcome: "success" });
    for (const value of ["", "12", "12-maybe", "x-success", "12-success-1", `${"9".repeat(16)}-failed`]) {
      expect(readSampleAddResult(new URLSearchParams({ sampleAdd: value })), value).toBeNull();
    }
  });

  it("is left out of the page's return path", () => {
    expect(withoutSampleAddResult("?sampleAdd=12-success")).toBe("");
    expect(withoutSampleAddResult("?a=1&sampleAdd=12-success")).toBe("?a=1");
    expect(withoutSampleAddResult("?a=%20")).toBe("?a=%20");
    expect(loginPathOf("/en/productAndService/productDetail/QY120N040B", "?sampleAdd=12-success")).toBe("/productAndService/productDetail/QY120N040B");
  });
});

describe("the part that rides along the login", () => {
  it("is written into the return path and read back only as a product id; the page's own links drop it", () => {
    expect(withPendingAdd("/productAndService/products/120?view=table", 10051)).toBe("/productAndService/products/120?view=table&addSample=10051");
    expect(readPendingAdd(new URLSearchParams("addSample=10051"))).toBe(10051);
    for (const bad of ["", "x", "-1", "1e3", "1234567890123456"]) expect(readPendingAdd(new URLSearchParams({ addSample: bad })), bad).toBeNull();
    expect(withoutSampleAddResult("?view=table&addSample=10051&sampleAdd=10051-success")).toBe("?view=table");
  });
});
