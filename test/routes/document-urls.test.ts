// Document URLs are permanent: every document URL the site has published (test/fixtures/published-document-ids.json,
// every id of every version of documents.json, and published-document-revisions.json, every revision of those)
// still answers, with the PDF (200) or a 301 to where it moved, never a 404. The fixtures only grow: they must hold
// every id and revision the content and its git history have ever had (docs/decisions/040-document-revisions.md).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { attachDownloadPath, attachRevisionPath } from "../../shared/contract/index.ts";
import { readContent, shippedContentDir } from "../../server/upstream/content/load.ts";
import { documentFile } from "../../server/upstream/content/schema.ts";
import { startSite } from "../helpers/site.ts";

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8")) as string[];
const published = fixture("published-document-ids.json");
const publishedRevisions = fixture("published-document-revisions.json");
const contentFile = "server/upstream/content/documents.json";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  // The walk makes one or two requests per published URL, more than a client's default 300 a minute as the
  // fixtures grow; the rate limit is not what it tests, so it is set above the walk's length.
  site = await startSite({ RATE_LIMIT_PER_MINUTE: String(4 * (published.length + publishedRevisions.length) + 100) });
});
afterAll(() => site.close());

describe("published document URLs", () => {
  it("records every document of the content and of every earlier version of it in git", () => {
    const current = readContent("documents.json", documentFile.array(), shippedContentDir).map((document) => document.id);
    const root = new URL("../..", import.meta.url).pathname;
    const revisions = execFileSync("git", ["rev-list", "HEAD", "--", contentFile], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
    const versions = [
      readContent("documents.json", documentFile.array(), shippedContentDir),
      ...revisions.map(
        (revision) =>
          JSON.parse(execFileSync("git", ["show", `${revision}:${contentFile}`], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })) as Array<{
            id: string;
            revisions?: Array<{ revision: string }>;
          }>,
      ),
    ];
    const earlier = versions.flatMap((documents) => documents.map((document) => document.id));
    const missing = [...new Set([...current, ...earlier])].filter((id) => !published.includes(id));
    expect(missing, "add these ids to test/fixtures/published-document-ids.json (and never remove one)").toEqual([]);
    const everyRevision = versions.flatMap((documents) => documents.flatMap((document) => (document.revisions ?? []).map((entry) => `${document.id}@${entry.revision}`)));
    const missingRevisions = [...new Set(everyRevision)].filter((id) => !publishedRevisions.includes(id));
    expect(missingRevisions, "add these to test/fixtures/published-document-revisions.json (and never remove one)").toEqual([]);
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

  it("answers every published revision with its PDF or a 301 to where it moved, an earlier one naming the newest", async () => {
    expect(publishedRevisions.length).toBeGreaterThan(150);
    for (const entry of publishedRevisions) {
      const [id, revision] = entry.split("@") as [string, string];
      const url = `/api${attachRevisionPath(id, revision)}`;
      const response = await request(site.app).get(url);
      expect([200, 301], url).toContain(response.status);
      const final = response.status === 301 ? await request(site.app).get(response.headers.location!) : response;
      expect(final.status, url).toBe(200);
      expect(final.headers["content-type"], url).toBe("application/pdf");
    }
  });

  it("moves a document's old URLs, its revisions' too, to the new id with a 301", async () => {
    const moved = await request(site.app).get(`/api${attachDownloadPath("an-to247-4-layout")}`);
    expect([moved.status, moved.headers.location]).toEqual([301, `/api${attachDownloadPath("an-kelvin-source-layout")}`]);
    const revision = await request(site.app).get(`/api${attachRevisionPath("an-to247-4-layout", "1.2")}`);
    expect([revision.status, revision.headers.location]).toEqual([301, `/api${attachRevisionPath("an-kelvin-source-layout", "1.2")}`]);
  });

  it("says in a Link header and on the first page that a newer revision exists, and not on the current one", async () => {
    const old = await request(site.app)
      .get(`/api${attachRevisionPath("ds-qcm040120k4", "1.0")}`)
      .buffer(true);
    expect(old.headers.link).toBe('<1.1>; rel="latest-version"');
    expect(old.body.toString("latin1")).toContain("Superseded revision");
    const current = await request(site.app)
      .get(`/api${attachRevisionPath("ds-qcm040120k4", "1.1")}`)
      .buffer(true);
    expect(current.headers.link).toBeUndefined();
    expect(current.body.toString("latin1")).not.toContain("Superseded revision");
  });

  it("answers an unknown revision of a known document with a localized 404", async () => {
    for (const [language, message] of [
      ["zh", "该文档没有此版本"],
      ["en", "The document has no such revision."],
    ] as const) {
      const response = await request(site.app).get(`/api${attachRevisionPath("ds-qcm040120k4", "9.9")}?language=${language}`);
      expect([response.status, response.body.message]).toEqual([404, message]);
    }
  });

  it("still answers an unknown document with a localized 404, so the check above can fail", async () => {
    const response = await request(site.app).get(`/api${attachDownloadPath("no-such-document")}?language=zh`);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe("未找到该文档");
  });
});
