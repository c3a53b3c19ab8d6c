// The download form's checks (SPEC §3/§5): the dialog and the upstream refuse the same values.
import { describe, expect, it } from "vitest";
import { downloadFieldOfError, readDownloadForm, validateDownloadForm } from "../../shared/forms/download-form.ts";

const filled = {
  name: "王磊",
  phone: "+86 138 0013 8000",
  company: "苏州某新能源科技有限公司",
  position: "硬件工程师",
  email: "Wang.Lei@Example.com",
  productDemand: "22 kW OBC, 1200 V SiC MOSFET",
};

describe("download form", () => {
  it("accepts a complete form", () => {
    expect(validateDownloadForm(filled)).toEqual({});
  });

  it("gives every missing or malformed field its SPEC §5 message code", () => {
    const empty = readDownloadForm(new Map<string, unknown>());
    expect(validateDownloadForm(empty)).toEqual({
      name: "E40022009",
      phone: "E40021001",
      company: "E40022011",
      position: "E40022012",
      email: "E40021002",
      productDemand: "E40030010",
    });
    expect(validateDownloadForm({ ...filled, phone: "12345" })).toEqual({ phone: "E40021001" });
    expect(validateDownloadForm({ ...filled, email: "wang@" })).toEqual({ email: "E40021002" });
    expect(validateDownloadForm({ ...filled, name: "<script>" })).toEqual({ name: "E40022009" });
    expect(validateDownloadForm({ ...filled, company: "   " })).toEqual({ company: "E40022011" });
  });

  it("reads only text values and bounds their length", () => {
    const form = new Map<string, unknown>([
      ["name", "x".repeat(1000)],
      ["phone", 13800138000],
    ]);
    const values = readDownloadForm(form);
    expect(values.name.length).toBeLessThan(1000);
    expect(values.phone).toBe("");
  });

  it("maps the upstream's refusals to their field, others to none", () => {
    expect(downloadFieldOfError("E40022012")).toBe("position");
    expect(downloadFieldOfError("E40030010")).toBe("productDemand");
    expect(downloadFieldOfError("E42900001")).toBeNull();
  });
});
