// Device symbols in running text are subscripted as the tables' are: a product's summary, description and
// features ("RDS(on) 40 mΩ at VGS = 18 V, Tj = 25 °C"), and the cross-reference's conditions and sources
// ("T_C = 25 °C", "(T_J, T_stg)"), which showed their underscores raw.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite } from "../helpers/site.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

/** The text of the page's <main>, tags dropped: what a reader sees flat. */
const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)![0];

describe("symbols in prose", () => {
  for (const language of ["zh", "en"] as const) {
    it(`are subscripted on a product page (${language})`, async () => {
      const page = await request(site.app).get(`/${language}/productAndService/productDetail/QCM040120K4`);
      expect(page.status).toBe(200);
      const main = mainOf(page.text);
      expect(main).toMatch(/R(<\/span>)?<sub>DS\(on\)<\/sub>/);
      expect(main).toMatch(/V(<\/span>)?<sub>GS<\/sub>/);
      expect(main).toMatch(/T(<\/span>)?<sub>j<\/sub>/);
      // No flat symbol is left in the description or the features.
      const prose = [...main.matchAll(/<(p|li)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((match) => match[2]!.replace(/<sub>[^<]*<\/sub>/g, "")).join("\n");
      expect(prose).not.toMatch(/\b(RDS\(on\)|VGS|VDS|Tj)\b/);
    });

    it(`are subscripted in the cross-reference's conditions and sources, never with raw underscores (${language})`, async () => {
      const page = await request(site.app).get(`/${language}/productAndService/crossReference?part=C3M0040120K`);
      expect(page.status).toBe(200);
      const main = mainOf(page.text);
      expect(main).toMatch(/T(<\/span>)?<sub>C<\/sub>/);
      // What a reader sees: scripts (structured data) are not read.
      const seen = main.replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, "");
      expect(seen).not.toMatch(/\b[A-Za-z]_[A-Za-z]/);
    });
  }
});
