// The applicant form's one schema: every wrong field at once (the browser and the route action), the
// first one for the upstream, and which field an upstream code belongs to.
import { describe, expect, it } from "vitest";
import { applicantFieldOfError, readApplicantForm, validateApplicantForm } from "../../shared/forms/applicant-form.ts";
import { checkApplicant } from "../../server/upstream/applicants/profiles.ts";

const good = {
  name: "Daniel Chen",
  phone: "+86 138-0013-8000",
  email: "Daniel@Example.com",
  companyName: "Shenzhen Huachu Energy Technology Co., Ltd.",
  position: "Power electronics engineer",
  sampleUse: "Evaluating switching losses in a 125 kW energy-storage inverter.",
};

describe("validateApplicantForm", () => {
  it("accepts a filled form", () => {
    expect(validateApplicantForm(good)).toEqual({});
  });

  it("reports every wrong field with its SPEC §5 code, not only the first", () => {
    expect(validateApplicantForm({ name: " ", phone: "12345", email: "x@", companyName: "", position: "\u0007", sampleUse: "!!!" })).toEqual({
      name: "E40022009",
      phone: "E40021001",
      email: "E40021002",
      companyName: "E40022011",
      position: "E40022012",
      sampleUse: "E40022010",
    });
    expect(validateApplicantForm({ ...good, email: "", sampleUse: "" })).toEqual({ email: "E40021002", sampleUse: "E40022010" });
  });

  it("reads a posted form: missing or non-text fields are empty, long ones cut at their limits", () => {
    const form = new FormData();
    form.set("name", "a".repeat(80));
    form.set("email", new Blob(["x"]));
    const values = readApplicantForm(form);
    expect(values.name).toHaveLength(50);
    expect(values.email).toBe("");
    expect(values.sampleUse).toBe("");
  });

  it("is the upstream's check too: the first wrong field is refused, a good form normalised", () => {
    expect(() => checkApplicant({ ...good, name: "", email: "bad" }, good.sampleUse)).toThrow(expect.objectContaining({ code: "E40022009" }));
    expect(() => checkApplicant({ ...good, email: "bad" }, "")).toThrow(expect.objectContaining({ code: "E40021002" }));
    const { sampleUse, ...applicant } = good;
    expect(checkApplicant(applicant, sampleUse).applicant).toMatchObject({ phone: "13800138000", email: "daniel@example.com" });
  });

  it("knows which field an upstream refusal is about", () => {
    expect(applicantFieldOfError("E40021002")).toBe("email");
    expect(applicantFieldOfError("E40022010")).toBe("sampleUse");
    expect(applicantFieldOfError("E40022013")).toBeNull();
  });
});
