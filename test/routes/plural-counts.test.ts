// Counts read as English: one document is "1 document" in the document centre (the string took no count,
// so it always said "documents"); Chinese has one form.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const countOf = (html: string) => /class="doc-centre__count"[^>]*>([^<]*)</.exec(html)?.[1];

describe("plural counts", () => {
  it("the document centre says '1 document' for one and 'documents' for more", async () => {
    // One certificate names IATF; several documents name SPICE models.
    expect(countOf((await request(site.app).get("/en/support/documents?q=IATF")).text)).toBe("Showing 1–1 of 1 document");
    expect(countOf((await request(site.app).get("/en/support/documents?q=SPICE")).text)).toMatch(/^Showing 1–\d+ of \d+ documents$/);
    expect(countOf((await request(site.app).get("/zh/support/documents?q=IATF")).text)).toBe("第 1–1 条，共 1 份资料");
  });
});
