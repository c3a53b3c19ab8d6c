// Closing dates of job positions: the content's closing day is the JobPosting's validThrough (none when the
// position is open until filled, never a date made up from the posting date); a position past its closing
// day leaves the list and the sitemap, and its page says it is closed with no apply action or JobPosting.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import type express from "express";
import { startSite } from "../helpers/site.ts";
import type { TestUpstream } from "../upstream/helpers.ts";
import { jsonLdOf, textOf } from "./page-helpers.ts";
import { chinaToday, isJobOpen } from "../../shared/query/jobs.ts";

const origin = "https://www.qingyun-power.example";
let upstream: TestUpstream;
let app: express.Express;
beforeAll(async () => {
  ({ app, upstream } = await startSite({ PUBLIC_ORIGIN: origin }));
});
afterAll(() => upstream.cleanup());

interface ContentJob {
  id: number;
  date: string;
  closingDate?: string;
  title: { zh: string; en: string };
}
const content = JSON.parse(readFileSync(new URL("../../server/upstream/content/jobs.json", import.meta.url), "utf8")) as ContentJob[];
const today = chinaToday();
const closed = content.filter((job) => !isJobOpen(job.closingDate ?? null, today));
const openUntilFilled = content.filter((job) => !job.closingDate);
const openWithDate = content.filter((job) => job.closingDate && isJobOpen(job.closingDate, today));

const postingOf = (html: string) => jsonLdOf(html).find((block) => block["@type"] === "JobPosting") as Record<string, unknown> | undefined;

describe("job closing dates", () => {
  it("the content has a closed position and open ones with and without a closing date", () => {
    expect(closed.length).toBeGreaterThan(0);
    expect(openUntilFilled.length).toBeGreaterThan(0);
    // Positions posted more than 90 days ago and still open are open (they were once marked expired).
    const posted90 = content.filter((job) => Date.parse(job.date) + 90 * 86_400_000 < Date.parse(today) && isJobOpen(job.closingDate ?? null, today));
    expect(posted90.length).toBeGreaterThan(0);
  });

  it("an open position's JobPosting has validThrough only from its closing date", async () => {
    for (const job of [...openUntilFilled, ...openWithDate]) {
      for (const language of ["zh", "en"] as const) {
        const response = await request(app).get(`/${language}/about/joinUs/positionDetail/${job.id}`);
        expect(response.status).toBe(200);
        const posting = postingOf(response.text);
        expect(posting, `${language} ${job.id}`).toBeTruthy();
        if (job.closingDate) expect(posting!.validThrough).toBe(`${job.closingDate}T23:59:59+08:00`);
        else expect(posting).not.toHaveProperty("validThrough");
        expect(response.text).toMatch(/href="mailto:[^"]*subject=/);
        expect(response.text).not.toContain('name="robots"');
      }
    }
  });

  it("a closed position keeps its page, says it is closed, takes no application and has no JobPosting", async () => {
    for (const job of closed) {
      for (const [language, notice] of [
        ["zh", "该职位已关闭"],
        ["en", "This position is closed"],
      ] as const) {
        const response = await request(app).get(`/${language}/about/joinUs/positionDetail/${job.id}`);
        expect(response.status).toBe(200);
        const text = textOf(response.text);
        expect(text).toContain(job.title[language]);
        expect(text).toContain(notice);
        expect(response.text).not.toMatch(/href="mailto:[^"]*subject=/);
        expect(postingOf(response.text)).toBeUndefined();
        expect(response.text).toContain('<meta name="robots" content="noindex, follow"/>');
      }
    }
  });

  it("a closed position is left out of the list, its counts, site search and the sitemap", async () => {
    for (const language of ["zh", "en"] as const) {
      const { json } = await upstream.post("/open/proxy/qingyun/basic/recruit/queryRecruitmentByPage", { language, websiteCode: "qingyun", pageSize: 50 });
      const ids = (json.data.list as { id: number }[]).map((job) => job.id);
      expect(ids.sort((a, b) => a - b)).toEqual(
        content
          .filter((job) => isJobOpen(job.closingDate ?? null, today))
          .map((job) => job.id)
          .sort((a, b) => a - b),
      );
      const typeTotal = (json.data.filters.types as { count: number }[]).reduce((sum, type) => sum + type.count, 0);
      expect(typeTotal).toBe(ids.length);
      const page = await request(app).get(`/${language}/about/joinUs`);
      for (const job of closed) expect(page.text).not.toContain(`/about/joinUs/positionDetail/${job.id}"`);
    }
    // Nor does site search offer it.
    for (const job of closed) {
      const search = await request(app).get(`/en/search?text=${encodeURIComponent(job.title.en)}&type=jobs`);
      expect(search.status).toBe(200);
      expect(search.text).not.toContain(`/about/joinUs/positionDetail/${job.id}"`);
    }
    const open = content.find((job) => isJobOpen(job.closingDate ?? null, today))!;
    expect((await request(app).get(`/en/search?text=${encodeURIComponent(open.title.en)}&type=jobs`)).text).toContain(`/about/joinUs/positionDetail/${open.id}"`);
    // The sitemap's positions are its jobs children, one per language.
    for (const language of ["zh", "en"]) {
      const sitemap = await request(app).get(`/sitemap-jobs-${language}.xml`);
      expect(sitemap.status).toBe(200);
      for (const job of closed) expect(sitemap.text).not.toContain(`/about/joinUs/positionDetail/${job.id}<`);
      for (const job of openUntilFilled) expect(sitemap.text).toContain(`/about/joinUs/positionDetail/${job.id}<`);
    }
  });
});
