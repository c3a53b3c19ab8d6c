// The model files served: the product detail lists each part's files at the newest version with size and
// SHA-256 (which the served bytes match), the versioned path answers the file with no form or session and
// caches for good, an older version says a newer one exists, and an unknown or malformed part, version or
// file name is a 404 envelope, never a 500. The part's model listing (queryPartModels) answers every version and
// the lifecycle state now, while the newest machine-readable datasheet records the state on its version's day.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  currentStateUrl,
  modelFilePath,
  queryModelValidation,
  querySiteListDataByPage,
  tdbSchemaPath,
  type ModelFile,
  type ModelValidation,
  type PartModels,
} from "../../shared/contract/index.ts";
import { modelValidationFile } from "../../server/upstream/content/schema.ts";
import { validationReportPath } from "../../server/upstream/models/validation.ts";
import { shippedContentDir } from "../../server/upstream/content/load.ts";
import { readModelInputs } from "../../server/upstream/models/inputs.ts";
import { readModuleInputs } from "../../server/upstream/models/module-inputs.ts";
import { MODEL_DATE, MODEL_VERSION } from "../../server/upstream/models/pack.ts";
import { tdbLifecycle, tdbSchema } from "../../server/upstream/models/tdb.ts";
import { mountModelRoutes, newerVersionHeader } from "../../server/upstream/models/routes.ts";
import { createFamilyPacks } from "../../server/upstream/models/family-packs.ts";
import { compareVersions, createModelStore, modelVersionsFile } from "../../server/upstream/models/store.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { callOk } from "./content-helpers.ts";

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.cleanup());

const detail = async (partNumber: string, language: "zh" | "en" = "en") => (await callOk(upstream, querySiteListDataByPage, language, { partNumber })).data.product;
const fetchBytes = async (p: string, headers: Record<string, string> = {}) => {
  const response = await fetch(upstream.url + p, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};

describe("the product detail's model files", () => {
  it("lists every discrete part's ngspice and LTspice netlists, thermal description, (a MOSFET's) machine-readable datasheet and curves at the current version, with the served bytes' size and SHA-256", async () => {
    for (const input of readModelInputs()) {
      const models: ModelFile[] = (await detail(input.partNumber)).models;
      expect(
        models.map((model) => [model.kind, model.fileName, model.version]),
        input.partNumber,
      ).toEqual([
        ["ngspice", `${input.partNumber}.lib`, MODEL_VERSION],
        ["ltspice", `${input.partNumber}.ltspice.lib`, MODEL_VERSION],
        ["plecs", `${input.partNumber}.plecs.xml`, MODEL_VERSION],
        ...(input.kind === "mosfet" ? [["tdb", `${input.partNumber}.tdb.json`, MODEL_VERSION]] : []),
        ["csv", `${input.partNumber}.curves.csv`, MODEL_VERSION],
      ]);
      for (const model of models) {
        expect(model.downloadPath).toBe(`/front/models/${input.partNumber}/${MODEL_VERSION}/${model.fileName}`);
        const { response, bytes } = await fetchBytes(model.downloadPath);
        expect(response.status).toBe(200);
        expect(bytes.length).toBe(model.fileSize);
        expect(createHash("sha256").update(bytes).digest("hex")).toBe(model.sha256);
        expect(bytes.equals(readFileSync(path.join(shippedContentDir, "models", input.partNumber, MODEL_VERSION, model.fileName)))).toBe(true);
      }
    }
  });

  it("is empty for parts without models (gate drivers)", async () => {
    expect((await detail("QGD1S10W8")).models).toEqual([]);
  });
});

describe("GET /front/models/{part}/{version}/{file}", () => {
  it("serves the netlist as plain text and the PLECS file as XML, as attachments, cached for good, 304 on its ETag", async () => {
    const lib = await fetchBytes(modelFilePath("QCM040120K4", MODEL_VERSION, "QCM040120K4.lib"));
    expect(lib.response.headers.get("content-type")).toBe("text/plain; charset=us-ascii");
    expect(lib.response.headers.get("content-disposition")).toBe(`attachment; filename="QCM040120K4_v${MODEL_VERSION}.lib"`);
    expect(lib.response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(lib.response.headers.get(newerVersionHeader)).toBeNull();
    expect(lib.bytes.toString("utf8")).toContain(".subckt QCM040120K4 d g s ks tj tc");
    // The LTspice file is its own kind, not read as the ngspice file's ".lib".
    const lt = await fetchBytes(modelFilePath("QCM040120K4", MODEL_VERSION, "QCM040120K4.ltspice.lib"));
    expect(lt.response.status).toBe(200);
    expect(lt.response.headers.get("content-type")).toBe("text/plain; charset=us-ascii");
    expect(lt.response.headers.get("content-disposition")).toBe(`attachment; filename="QCM040120K4_v${MODEL_VERSION}.ltspice.lib"`);
    expect(lt.bytes.toString("utf8")).toContain(".lib QCM040120K4.ltspice.lib");
    expect(lt.bytes.equals(lib.bytes)).toBe(false);
    const xml = await fetchBytes(modelFilePath("QCD10065T2", MODEL_VERSION, "QCD10065T2.plecs.xml"));
    expect(xml.response.headers.get("content-type")).toBe("application/xml");
    expect(xml.bytes.toString("latin1")).toContain('partnumber="QCD10065T2"');
    const again = await fetch(upstream.url + modelFilePath("QCM040120K4", MODEL_VERSION, "QCM040120K4.lib"), {
      headers: { "if-none-match": lib.response.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  it("answers 404 with the localized envelope for an unknown part, version or file, and for malformed or hostile segments", async () => {
    const paths = [
      "/front/models/QCM999120K4/1.0/QCM999120K4.lib",
      "/front/models/QCM040120K4/9.9/QCM040120K4.lib",
      "/front/models/QCM040120K4/1.0/QCM040120K4.cir",
      // Published from 1.4 on: an older version has no LTspice file.
      "/front/models/QCM040120K4/1.3/QCM040120K4.ltspice.lib",
      "/front/models/QCM040120K4/1.0/QCM040120K4.LTSPICE.lib",
      "/front/models/QCM040120K4/1.0/QCM020120K4.lib",
      "/front/models/qcm040120k4/1.0/qcm040120k4.lib",
      "/front/models/QCM040120K4/latest/QCM040120K4.lib",
      "/front/models/QCM040120K4/1.0/..%2F..%2Fversions.json",
      "/front/models/..%2Fcatalog/1.0/loss-data.json",
      "/front/models/QCM040120K4/1.0/%00.lib",
      `/front/models/${"A".repeat(300)}/1.0/x.lib`,
      // A SiC module's models start at 1.4.
      "/front/models/QSM300120H62/1.0/QSM300120H62.lib",
    ];
    for (const p of paths) {
      const answer = await upstream.get(`${p}?language=zh`);
      expect(answer.status, p).toBe(404);
      expect(answer.json, p).toMatchObject({ success: false, code: "E40030027", data: null });
    }
    expect((await upstream.get("/front/models/QCM040120K4/1.0/QCM040120K4.lib/extra")).status).toBe(404);
    const english = await upstream.get("/front/models/QCM040120K4/9.9/QCM040120K4.lib?language=en");
    expect(english.json.message).toBe("The model file could not be found: no such part, version or file name.");
  });
});

describe("published versions", () => {
  let dir = "";
  beforeAll(() => {
    // A content folder where version 1.1 of one part was published after 1.0 (and 1.10 compares after 1.9).
    dir = mkdtempSync(path.join(tmpdir(), "qy-models-"));
    const part = "QCM040120K4";
    mkdirSync(path.join(dir, "models", part), { recursive: true });
    cpSync(path.join(shippedContentDir, "models", part, MODEL_VERSION), path.join(dir, "models", part, "1.0"), { recursive: true });
    mkdirSync(path.join(dir, "models", part, "1.1"));
    writeFileSync(path.join(dir, "models", part, "1.1", `${part}.lib`), "* newer\n");
    mkdirSync(path.join(dir, "models", part, "2.0"));
    writeFileSync(path.join(dir, "models", part, "2.0", `${part}.lib`), "* not yet published: not in versions.json\n");
    writeFileSync(
      path.join(dir, "models", "versions.json"),
      JSON.stringify([
        { version: "1.0", date: "2026-11-28", notes: { zh: "首版", en: "first" } },
        { version: "1.1", date: "2026-12-15", notes: { zh: "第二版", en: "second" } },
      ]),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps an old version reachable, lists only the newest, ignores an unlisted folder", () => {
    const store = createModelStore(dir);
    expect(store.forPart("QCM040120K4").map((file) => [file.fileName, file.version, file.date])).toEqual([["QCM040120K4.lib", "1.1", "2026-12-15"]]);
    expect(store.file("QCM040120K4", "1.0", "QCM040120K4.plecs.xml")?.version).toBe("1.0");
    expect(store.file("QCM040120K4", "2.0", "QCM040120K4.lib")).toBeUndefined();
    expect(store.newestVersion("QCM040120K4")).toBe("1.1");
    expect(compareVersions("1.10", "1.9")).toBeGreaterThan(0);
    expect(compareVersions("1.0", "1.0.0")).toBe(0);
  });

  it("says at an older version's path that a newer one exists", async () => {
    const app = express();
    const router = express.Router();
    const store = createModelStore(dir);
    mountModelRoutes(
      router,
      store,
      createFamilyPacks(store, () => null, "http://localhost"),
      { provider: "qingyun", resolveUser: async () => null },
    );
    app.use(router);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const old = await fetch(base + modelFilePath("QCM040120K4", "1.0", "QCM040120K4.lib"));
      expect(old.status).toBe(200);
      expect(old.headers.get(newerVersionHeader)).toBe("1.1");
      expect(await old.text()).toBe(readFileSync(path.join(shippedContentDir, "models", "QCM040120K4", MODEL_VERSION, "QCM040120K4.lib"), "utf8"));
      const newest = await fetch(base + modelFilePath("QCM040120K4", "1.1", "QCM040120K4.lib"));
      expect(newest.headers.get(newerVersionHeader)).toBeNull();
      expect(await newest.text()).toBe("* newer\n");
      const unpublished = await fetch(base + modelFilePath("QCM040120K4", "2.0", "QCM040120K4.lib"));
      expect(unpublished.status).toBe(404);
      await unpublished.arrayBuffer();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("GET the machine-readable datasheets' JSON Schema", () => {
  it("serves tdbSchema with the lifecycle property, cached for a day and revalidated by its ETag", async () => {
    const { response, bytes } = await fetchBytes(tdbSchemaPath);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/schema+json");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(JSON.parse(bytes.toString("utf8"))).toEqual(JSON.parse(JSON.stringify(tdbSchema)));
    expect(Object.keys(tdbSchema.properties)).toContain("lifecycle");
    const again = await fetch(upstream.url + tdbSchemaPath, { headers: { "if-none-match": response.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });
});

describe("a module's model files (decision 053)", () => {
  it("are listed on its product detail (ngspice and LTspice netlists, thermal description, machine-readable datasheet from 1.4, curves) and served as published", async () => {
    const modules = readModuleInputs();
    // The IGBT modules and, from pack 1.4, the SiC modules (their switches fitted at module currents).
    expect(modules.filter((input) => input.kind === "igbtModule").length).toBeGreaterThanOrEqual(8);
    expect(modules.filter((input) => input.kind === "sicModule").length).toBeGreaterThanOrEqual(8);
    for (const input of modules) {
      const models: ModelFile[] = (await detail(input.partNumber)).models;
      expect(
        models.map((model) => [model.kind, model.fileName, model.version]),
        input.partNumber,
      ).toEqual([
        ["ngspice", `${input.partNumber}.lib`, MODEL_VERSION],
        ["ltspice", `${input.partNumber}.ltspice.lib`, MODEL_VERSION],
        ["plecs", `${input.partNumber}.plecs.xml`, MODEL_VERSION],
        ["tdb", `${input.partNumber}.tdb.json`, MODEL_VERSION],
        ["csv", `${input.partNumber}.curves.csv`, MODEL_VERSION],
      ]);
      for (const model of models) {
        const { response, bytes } = await fetchBytes(model.downloadPath);
        expect(response.status).toBe(200);
        expect(createHash("sha256").update(bytes).digest("hex")).toBe(model.sha256);
        // The machine-readable datasheet records the module's lifecycle state on the version's day (decision 040).
        if (model.kind === "tdb")
          expect((JSON.parse(bytes.toString("utf8")) as { lifecycle: unknown }).lifecycle, input.partNumber).toEqual(
            tdbLifecycle(input.partNumber, input.kind === "igbtModule" ? input.lifecycle : input.switch.lifecycle, MODEL_DATE),
          );
      }
    }
    // A part taken off the site (QIM200120H62) has none, though its loss data and datasheet are in the content.
    expect((await upstream.get("/front/queryPartModels?partNumber=QIM200120H62&language=en")).status).toBe(404);
  });
});

describe("GET /front/queryPartModels (the part's model listing)", () => {
  const listing = async (target: TestUpstream, partNumber: string) => {
    const answer = await target.get(`/front/queryPartModels?partNumber=${partNumber}&language=en`);
    expect(answer.status, partNumber).toBe(200);
    return answer.json.data as PartModels;
  };
  const versions = modelVersionsFile.parse(JSON.parse(readFileSync(path.join(shippedContentDir, "models", "versions.json"), "utf8")));

  it("answers every published version newest first and the lifecycle now; the newest tdb file records the state on its version's day", async () => {
    for (const input of readModelInputs()) {
      const data = await listing(upstream, input.partNumber);
      const product = await detail(input.partNumber);
      expect(data.partNumber).toBe(input.partNumber);
      expect(data.lifecycle).toEqual(product.lifecycle);
      expect(data.newestVersion).toBe(MODEL_VERSION);
      expect(data.versions.map((entry) => [entry.version, entry.date])).toEqual(versions.map((entry) => [entry.version, entry.date]).reverse());
      expect(data.versions[0]!.files).toEqual(product.models);
      if (input.kind !== "mosfet") continue;
      expect(data.lifecycle).toEqual(input.lifecycle);
      const tdb = data.versions[0]!.files.find((model) => model.kind === "tdb")!;
      const { bytes } = await fetchBytes(tdb.downloadPath);
      const published = JSON.parse(bytes.toString("utf8")) as { lifecycle: unknown };
      expect(published.lifecycle, input.partNumber).toEqual(tdbLifecycle(input.partNumber, input.lifecycle, data.versions[0]!.date));
      // Through the site the listing is what the file's current_state_url names.
      expect(currentStateUrl(input.partNumber)).toBe(`/api/front/queryPartModels?partNumber=${input.partNumber}`);
    }
  });

  it("is 404 for a part without model files or unknown, 400 for a malformed part number", async () => {
    for (const part of ["QGD1S10W8", "QCM999120K4"]) {
      const answer = await upstream.get(`/front/queryPartModels?partNumber=${part}&language=zh`);
      expect(answer.status, part).toBe(404);
      expect(answer.json).toMatchObject({ success: false, code: "E40030027", data: null });
    }
    expect((await upstream.get("/front/queryPartModels?partNumber=qcm040120k4")).status).toBe(400);
    expect((await upstream.get("/front/queryPartModels")).status).toBe(400);
  });

  describe("after a state change the published file does not follow", () => {
    let changed: TestUpstream;
    let dir = "";
    const part = "QCM040120K4";
    beforeAll(async () => {
      // The shipped content with one part made NRND after the newest version's day.
      dir = mkdtempSync(path.join(tmpdir(), "qy-models-lifecycle-"));
      cpSync(shippedContentDir, dir, { recursive: true });
      const file = path.join(dir, "catalog", "lifecycle.json");
      const entries = JSON.parse(readFileSync(file, "utf8")) as Array<Record<string, unknown>>;
      const entry = entries.find((candidate) => candidate.partNumber === part)!;
      expect(entry.state).toBe("active");
      Object.assign(entry, {
        state: "nrnd",
        since: "2026-12-15",
        history: [...(entry.history as unknown[]), { state: "active", since: entry.since }],
        replacement: "QCM013120K4",
      });
      writeFileSync(file, JSON.stringify(entries));
      changed = await startTestUpstream({ contentDir: dir });
    }, 60_000);
    afterAll(async () => {
      await changed?.cleanup();
      rmSync(dir, { recursive: true, force: true });
    });

    it("the listing says NRND with the replacement; the newest file still says active as of its day, byte for byte", async () => {
      const data = await listing(changed, part);
      expect(data.lifecycle).toMatchObject({ state: "nrnd", since: "2026-12-15", replacement: "QCM013120K4" });
      const tdb = data.versions[0]!.files.find((model) => model.kind === "tdb")!;
      const response = await fetch(changed.url + tdb.downloadPath);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.equals(readFileSync(path.join(shippedContentDir, "models", part, MODEL_VERSION, `${part}.tdb.json`)))).toBe(true);
      expect((JSON.parse(bytes.toString("utf8")) as { lifecycle: unknown }).lifecycle).toMatchObject({
        state: "active",
        since: "2025-01-15",
        as_of: data.versions[0]!.date,
      });
    });
  });
});

describe("GET /front/queryModelValidation (a part's model validation report)", () => {
  const report = modelValidationFile.parse(JSON.parse(readFileSync(validationReportPath(MODEL_VERSION, shippedContentDir), "utf8")));

  it("answers every part's published report with its version, date, simulator and that version's files", async () => {
    for (const part of report.parts) {
      const answer = await upstream.get(`/front/queryModelValidation?partNumber=${part.partNumber}&language=en`);
      expect(answer.status, part.partNumber).toBe(200);
      const data = queryModelValidation.data.parse(answer.json.data) as ModelValidation;
      const { version, date, simulator, files, ...rest } = data;
      expect(rest).toEqual(part);
      expect([version, simulator]).toEqual([MODEL_VERSION, report.simulator]);
      expect(date).toBe(MODEL_DATE);
      expect(files).toEqual((await detail(part.partNumber)).models);
    }
  });

  it("is a localized 404 for a part without a report or unknown, 400 for a malformed part number", async () => {
    for (const [part, language, message] of [
      ["QGD1S10W8", "zh", "该型号没有模型验证报告"],
      ["QCM999120K4", "en", "There is no model validation report for this part."],
    ] as const) {
      const answer = await upstream.get(`/front/queryModelValidation?partNumber=${part}&language=${language}`);
      expect(answer.status, part).toBe(404);
      expect(answer.json).toMatchObject({ success: false, code: "E40027001", message, data: null });
    }
    for (const query of ["partNumber=qcm040120k4", "partNumber=QCM040120K4%2F..", ""]) {
      const answer = await upstream.get(`/front/queryModelValidation?${query}&language=en`);
      expect(answer.status, query).toBe(400);
      expect(answer.json).toMatchObject({ success: false, code: "E40000002" });
    }
  });
});
