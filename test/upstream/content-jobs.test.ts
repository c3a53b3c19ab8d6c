// Contract tests of the recruitment calls: filters with their distinct values, paging, one position.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRecruitmentById, queryRecruitmentByPage, type JobListItem } from "../../shared/contract/index.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { body, callFails, callOk } from "./content-helpers.ts";

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.cleanup());

describe("queryRecruitmentByPage", () => {
  it("lists positions newest first with every filter value, in both languages", async () => {
    for (const language of ["en", "zh"] as const) {
      const { data } = await callOk(upstream, queryRecruitmentByPage, language, { pageSize: 100 });
      expect(data.total).toBe(data.list.length);
      const dates = data.list.map((job: JobListItem) => job.date);
      expect(dates).toEqual([...dates].sort().reverse());
      const sum = (values: Array<{ count: number }>) => values.reduce((total, value) => total + value.count, 0);
      expect(sum(data.filters.types)).toBe(data.total);
      expect(sum(data.filters.locations)).toBe(data.total);
      expect(sum(data.filters.departments)).toBe(data.total);
    }
  });

  it("filters by type, location and department (values as the filters list them)", async () => {
    const { data: all } = await callOk(upstream, queryRecruitmentByPage, "zh", { pageSize: 100 });
    for (const [key, values] of [
      ["type", all.filters.types],
      ["location", all.filters.locations],
      ["department", all.filters.departments],
    ] as const) {
      const value = values[0];
      const { data } = await callOk(upstream, queryRecruitmentByPage, "zh", { [key]: value.value, pageSize: 100 });
      expect(data.total).toBe(value.count);
      for (const job of data.list as JobListItem[]) expect(job[key]).toBe(value.value);
    }
    const { data: paged } = await callOk(upstream, queryRecruitmentByPage, "zh", { pageSize: 2, pageIndex: 2 });
    expect(paged.list.map((job: JobListItem) => job.id)).toEqual(all.list.slice(2, 4).map((job: JobListItem) => job.id));
  });

  it("refuses bad input", async () => {
    await callFails(upstream, queryRecruitmentByPage, 400, "E40000002", body("en", { type: "freelance" }));
    await callFails(upstream, queryRecruitmentByPage, 400, "E40000002", body("en", { location: "x".repeat(51) }));
    await callFails(upstream, queryRecruitmentByPage, 400, "E40000003", body("en", { salary: 1 }));
  });
});

describe("queryRecruitmentById", () => {
  it("answers one position with duties, requirements and the e-mail for resumes", async () => {
    const { data: page } = await callOk(upstream, queryRecruitmentByPage, "en", { pageSize: 1 });
    const { data } = await callOk(upstream, queryRecruitmentById, "en", { id: page.list[0].id });
    expect(data).toMatchObject(page.list[0]);
    expect(data.duties.length).toBeGreaterThan(0);
    expect(data.requirements.length).toBeGreaterThan(0);
    expect(data.email).toMatch(/@/);
    const { data: zh } = await callOk(upstream, queryRecruitmentById, "zh", { id: page.list[0].id });
    expect(zh.title).not.toBe(data.title);
  });

  it("answers 404 for an unknown position and 400 for a bad id", async () => {
    await callFails(upstream, queryRecruitmentById, 404, "E40030007", body("en", { id: 999999 }));
    await callFails(upstream, queryRecruitmentById, 400, "E40000002", body("en", { id: 1.5 }));
  });
});
