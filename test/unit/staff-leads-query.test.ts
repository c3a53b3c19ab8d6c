// The leads inbox's URL state: parsed and written by one pair of functions; nonsense falls back to "any".
import { describe, expect, it } from "vitest";
import { parseLeadsState, writeLeadsState } from "../../shared/query/staff-leads.ts";

describe("leads inbox query", () => {
  it("round-trips every filter and leaves defaults out", () => {
    const state = parseLeadsState("?kind=download&status=new&from=2026-11-01&to=2026-11-30&product=QCM040120K4&language=en&company=Acme%20GmbH&page=3");
    expect(state).toEqual({
      kind: "download",
      status: "new",
      from: "2026-11-01",
      to: "2026-11-30",
      product: "QCM040120K4",
      language: "en",
      company: "Acme GmbH",
      page: 3,
    });
    expect(writeLeadsState(state)).toBe("?kind=download&status=new&from=2026-11-01&to=2026-11-30&product=QCM040120K4&language=en&company=Acme+GmbH&page=3");
    expect(writeLeadsState(parseLeadsState(""))).toBe("");
  });

  it("drops values that make no sense", () => {
    expect(parseLeadsState(`?kind=order&status=gone&from=2026-13-45&to=yesterday&language=fr&page=0&company=${"x".repeat(101)}`)).toEqual({
      kind: null,
      status: null,
      from: null,
      to: null,
      product: null,
      language: null,
      company: null,
      page: 1,
    });
    expect(parseLeadsState("?page=99999999").page).toBe(1);
  });
});
