// The model files on the site: the product detail's "Models and data" list in both languages (version, date,
// size, SHA-256, plain download links without the form), the files through the site's /api proxy, and 404s
// for an unknown part, version or file there too.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";
import { textOf } from "./catalog-helpers.ts";
import { MODEL_DATE, MODEL_VERSION } from "../../server/upstream/models/pack.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const section = (html: string) => /<section[^>]*aria-labelledby="models"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";

describe("the product detail's models and data", () => {
  for (const [language, heading, ngspice, ltspice, asOf] of [
    ["en", "Models and data", "SPICE model (ngspice)", "SPICE model (LTspice)", "on the day its version was published"],
    ["zh", "模型与数据", "SPICE 模型（ngspice）", "SPICE 模型（LTspice）", "该版本发布当日"],
  ] as const) {
    it(`lists the files with version, date and SHA-256, each a plain link that downloads the listed bytes (${language})`, async () => {
      const response = await request(site.app).get(`/${language}/productAndService/productDetail/QCM040120K4`);
      expect(response.status).toBe(200);
      const html = section(response.text);
      expect(textOf(html)).toContain(heading);
      expect(textOf(html)).toContain(ngspice);
      expect(textOf(html)).toContain(ltspice);
      expect(textOf(html)).toContain(MODEL_VERSION);
      expect(textOf(html)).toContain(MODEL_DATE);
      const links = [...html.matchAll(/<a class="document-download" href="([^"]+)" download="" rel="nofollow">/g)].map((match) => match[1]!);
      expect(links).toEqual(
        ["lib", "ltspice.lib", "plecs.xml", "tdb.json", "curves.csv"].map((extension) => `/api/front/models/QCM040120K4/${MODEL_VERSION}/QCM040120K4.${extension}`),
      );
      const sums = [...html.matchAll(/<code>([0-9a-f]{64})<\/code>/g)].map((match) => match[1]!);
      expect(sums).toHaveLength(5);
      // The machine-readable datasheet's schema, linked beside it, is served as JSON Schema.
      const schemaLink = /<a href="(\/api\/front\/models\/schema\/[^"]+)">/.exec(html)?.[1];
      expect(schemaLink).toBeTruthy();
      const schema = await request(site.app).get(schemaLink!);
      expect(schema.status).toBe(200);
      expect(schema.headers["content-type"]).toMatch(/^application\/schema\+json/);
      expect(JSON.parse(schema.text).$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      // The file records the state on its version's day; the section says so and links where the state now is read.
      expect(textOf(html)).toContain(asOf);
      const nowLink = /<a href="(\/api\/front\/queryPartModels\?[^"]+)">/.exec(html)?.[1];
      expect(nowLink).toBe("/api/front/queryPartModels?partNumber=QCM040120K4");
      const listing = await request(site.app).get(nowLink!);
      expect(listing.status).toBe(200);
      expect(listing.body.data).toMatchObject({ partNumber: "QCM040120K4", newestVersion: MODEL_VERSION, lifecycle: { state: "active" } });
      for (const [index, link] of links.entries()) {
        const file = await request(site.app)
          .get(link)
          .buffer(true)
          .parse((res, done) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => done(null, Buffer.concat(chunks)));
          });
        expect(file.status).toBe(200);
        expect(
          createHash("sha256")
            .update(file.body as Buffer)
            .digest("hex"),
        ).toBe(sums[index]);
        expect(file.headers["content-disposition"]).toMatch(/^attachment; filename="QCM040120K4_v[\d.]+\.(lib|ltspice\.lib|plecs\.xml|tdb\.json|curves\.csv)"$/);
      }
    });
  }

  it("has no such section where a part has no models (a gate driver)", async () => {
    const response = await request(site.app).get("/en/productAndService/productDetail/QGD1S10W8");
    expect(response.status).toBe(200);
    expect(section(response.text)).toBe("");
  });

  it("answers 404, not 500, for an unknown part, version or file through /api", async () => {
    for (const path of [
      "/api/front/models/NOPE/1.0/NOPE.lib",
      `/api/front/models/QCM040120K4/0.1/QCM040120K4.lib`,
      `/api/front/models/QCM040120K4/${MODEL_VERSION}/QCM040120K4.exe`,
      `/api/front/models/QCM040120K4/${MODEL_VERSION}/%2e%2e%2fversions.json`,
    ]) {
      const response = await request(site.app).get(path);
      expect(response.status, path).toBe(404);
      expect(response.body.code, path).toBe("E40030027");
    }
  });
});

describe("the simulation-models page's packs by family", () => {
  const packsSection = (html: string) => /<section[^>]*aria-labelledby="model-packs-title"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";

  for (const [language, heading, families] of [
    ["zh", "按产品系列下载模型包", ["碳化硅 MOSFET", "碳化硅肖特基二极管", "碳化硅功率模块", "IGBT 模块"]],
    ["en", "Model packs by family", ["SiC MOSFETs", "SiC Schottky diodes", "SiC power modules", "IGBT modules"]],
  ] as const) {
    it(`lists each family's archive with its parts, files and version, downloadable through /api (${language})`, async () => {
      const response = await request(site.app).get(`/${language}/support/simulation-models`);
      expect(response.status).toBe(200);
      const html = packsSection(response.text);
      expect(textOf(html)).toContain(heading);
      for (const family of families) expect(textOf(html)).toContain(family);
      expect(textOf(html)).toContain(MODEL_VERSION);
      const links = [...html.matchAll(/<a class="document-download" href="([^"]+)" download="" rel="nofollow">/g)].map((match) => match[1]!);
      expect(links).toHaveLength(families.length);
      // Each family's part count as the upstream's pack lists its parts; the page carries the counts, never the
      // part numbers (thousands at a vendor's size) in its hydration data.
      const packs = (await request(site.app).get(`/api/front/queryModelFamilyPacks?language=${language}`)).body.data as Array<{ name: string; parts: string[] }>;
      expect(packs.map((pack) => pack.name)).toEqual(families);
      const metas = [...html.matchAll(/<span class="document-row__meta">([^<]*)<\/span>/g)].map((match) => match[1]!);
      expect(metas.map((meta) => Number(/^(\d+)/.exec(meta)?.[1]))).toEqual(packs.map((pack) => pack.parts.length));
      expect(response.text).not.toContain(JSON.stringify(packs[0]!.parts.slice(0, 2)).slice(0, -1));
      for (const link of links) {
        expect(link).toMatch(new RegExp(`^/api/front/models/families/\\d+/${MODEL_VERSION.replace(".", "\\.")}$`));
        const archive = await request(site.app)
          .get(link)
          .buffer(true)
          .parse((res, done) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => done(null, Buffer.concat(chunks)));
          });
        expect(archive.status).toBe(200);
        expect(archive.headers["content-type"]).toBe("application/zip");
        // A ZIP's local file header signature, and its end-of-central-directory record at the end.
        expect((archive.body as Buffer).subarray(0, 4).toString("hex")).toBe("504b0304");
        expect((archive.body as Buffer).subarray(-22, -18).toString("hex")).toBe("504b0506");
      }
    });
  }

  it("answers 404, not 500, for an unknown family or version through /api", async () => {
    for (const path of ["/api/front/models/families/999999/1.0", "/api/front/models/families/100/0.9", "/api/front/models/families/x/1.0"]) {
      const response = await request(site.app).get(path);
      expect(response.status, path).toBe(404);
      expect(response.body.code, path).toBe("E40027002");
    }
  });
});
