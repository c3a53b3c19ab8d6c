// /about/joinUs and each of its tabs (experienced, campus, intern) describe themselves: four pages, four meta
// descriptions, in both languages (they shared one).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe("the jobs tabs", () => {
  for (const language of ["zh", "en"]) {
    it(`have descriptions of their own (${language})`, async () => {
      const descriptions = await Promise.all(
        ["", "/experienced", "/campus", "/intern"].map(async (tab) => {
          const response = await request(site.app).get(`/${language}/about/joinUs${tab}`);
          expect(response.status, tab).toBe(200);
          return /<meta name="description" content="([^"]*)"/.exec(response.text)?.[1] ?? "";
        }),
      );
      for (const description of descriptions) expect(description.length).toBeGreaterThan(20);
      expect(new Set(descriptions).size, descriptions.join(" / ")).toBe(4);
    });
  }
});
