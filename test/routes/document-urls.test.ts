// Document URLs are permanent: every document URL the site has published (test/fixtures/published-document-ids.json,
// every id of every version of documents.json) still answers, with the PDF (200) or a 301 to where it moved, never
// a 404. The fixture only grows: it must hold every id the content and its git history have ever had.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { attachDownloadPath } from "../../shared/contract/index.ts";
import { readContent, shippedContentDir } from "../../server/upstream/content/load.ts";
import { documentFile } from "../../server/upstream/content/schema.ts";
import { startSite } from "../helpers/site.ts";

const published = JSON.parse(readFileSync(new URL("../fixtures/published-document-ids.json", import.meta.url), "utf8")) as string[];
const contentFile = "server/upstream/content/documents.json";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe("published document URLs", () => {
  it("records every document of the content and of every earlier version of it in git", () => {
    const current = readContent("documents.json", documentFile.array(), shippedContentDir).map((document) => document.id);
    const root = new URL("../..", import.meta.url).pathname;
    const revisions = execFileSync("git", ["rev-list", "HEAD", "--", contentFile], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
    const earlier = revisions.flatMap((revision) =>
      (
        JSON.parse(execFileSync("git", ["show", `${revision}:${contentFile}`], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })) as Array<{ id: string }>
      ).map((document) => document.id),
    );
    const missing = [...new Set([...current, ...earlier])].filter((id) => !published.includes(id));
    expect(missing, "add these ids to test/fixtures/published-document-ids.json (and never remove one)").toEqual([]);
  });

  it("answers every published document URL with its PDF or a 301 to where it moved", async () => {
    expect(published.length).toBeGreaterThan(70);
    for (const id of published) {
      const url = `/api${attachDownloadPath(id)}`;
      const response = await request(site.app).get(url);
      expect([200, 301], url).toContain(response.status);
      const final = response.status === 301 ? await request(site.app).get(response.headers.location!) : response;
      expect(final.status, url).toBe(200);
      expect(final.headers["content-type"], url).toBe("application/pdf");
    }
  });

  it("still answers an unknown document with a localized 404, so the check above can fail", async () => {
    const response = await request(site.app).get(`/api${attachDownloadPath("no-such-document")}?language=zh`);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe("未找到该文档");
  });
});
