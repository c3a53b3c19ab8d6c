// A family's model pack: the listing names each shown family's pack at the newest version, and the archive, read by
// Debian's unzip (not by our writer), holds every shown part's files of that version byte for byte with a README
// and a SHA256SUMS that sha256sum checks. An older version says that a newer one exists; the same version gives the
// same bytes; an unknown family or version is a 404 envelope. The writer sends each file before it reads the next.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorEnvelope, modelFamilyPackPath, type ModelFamilyPack } from "../../shared/contract/index.ts";
import { modelVersionsFile, createModelStore } from "../../server/upstream/models/store.ts";
import { newerVersionHeader } from "../../server/upstream/models/routes.ts";
import { writeZip, type ZipEntry } from "../../server/upstream/models/zip.ts";
import { shippedContentDir } from "../../server/upstream/content/load.ts";
import { materialiseProductTree } from "../../server/upstream/catalog/product-tree.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";

let upstream: TestUpstream;
let work: string;
const store = createModelStore();
const versions = modelVersionsFile.parse(JSON.parse(readFileSync(path.join(shippedContentDir, "models", "versions.json"), "utf8")));
const newest = versions.at(-1)!;

beforeAll(async () => {
  upstream = await startTestUpstream();
  work = mkdtempSync(path.join(tmpdir(), "qy-packs-"));
});
afterAll(async () => {
  await upstream.cleanup();
  rmSync(work, { recursive: true, force: true });
});

async function packs(language: "zh" | "en"): Promise<ModelFamilyPack[]> {
  const answer = await upstream.get(`/front/queryModelFamilyPacks?language=${language}`);
  expect(answer.status).toBe(200);
  return answer.json.data as ModelFamilyPack[];
}

async function download(downloadPath: string, headers: Record<string, string> = {}) {
  const response = await fetch(upstream.url + downloadPath, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Unpacks with Debian's unzip after its own integrity test; returns the folder the archive holds. */
function unpack(bytes: Buffer, name: string): string {
  const file = path.join(work, `${name}.zip`);
  writeFileSync(file, bytes);
  expect(execFileSync("unzip", ["-t", file], { encoding: "utf8" })).toContain("No errors detected");
  const into = path.join(work, name);
  execFileSync("unzip", ["-q", "-o", file, "-d", into]);
  const [folder, ...others] = readdirSync(into);
  expect(others).toEqual([]);
  return path.join(into, folder!);
}

describe("model packs by family", () => {
  it("lists every family with model files, each of its parts once, at the newest version, in both languages", async () => {
    const [zh, en] = [await packs("zh"), await packs("en")];
    expect(en.map((pack) => pack.familyId)).toEqual(zh.map((pack) => pack.familyId));
    expect(en.length).toBeGreaterThanOrEqual(2);
    const listed = en.flatMap((pack) => pack.parts).sort();
    expect(listed).toEqual(store.parts());
    for (const pack of en) {
      expect(pack.version).toBe(newest.version);
      expect(pack.date).toBe(newest.date);
      expect(pack.files).toBe(pack.parts.reduce((sum, part) => sum + store.forPart(part).length, 0));
      expect(pack.downloadPath).toBe(modelFamilyPackPath(pack.familyId, pack.version));
      expect(zh.find((other) => other.familyId === pack.familyId)!.name).not.toBe(pack.name);
    }
  });

  it("leaves out a part the catalog stops showing, from the next content load on, and takes it back when shown again", async () => {
    const family = (await packs("en"))[0]!;
    const part = family.parts[1]!;
    const { id } = upstream.db.prepare("SELECT id FROM site_list WHERE part_number = ?").get(part) as { id: number };
    const setStatus = upstream.db.prepare("UPDATE site_list SET status = ? WHERE id = ?");
    setStatus.run("off", id);
    try {
      materialiseProductTree(upstream.db);
      const hidden = (await packs("en")).find((pack) => pack.familyId === family.familyId)!;
      expect(hidden.parts).toEqual(family.parts.filter((other) => other !== part));
      const readme = readFileSync(path.join(unpack((await download(hidden.downloadPath)).bytes, "hidden"), "README.txt"), "utf8");
      expect(readme).not.toContain(part);
    } finally {
      setStatus.run("on", id);
      materialiseProductTree(upstream.db);
    }
    expect((await packs("en")).find((pack) => pack.familyId === family.familyId)!.parts).toEqual(family.parts);
  });

  it("holds each part's files byte for byte, a SHA256SUMS that sha256sum checks and a README naming every part", async () => {
    for (const pack of await packs("en")) {
      const { response, bytes } = await download(pack.downloadPath);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/zip");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="qingyun_[a-z0-9-]+_models_v[\d.]+\.zip"$/);
      expect(response.headers.get(newerVersionHeader)).toBeNull();
      const folder = unpack(bytes, `family-${pack.familyId}`);
      expect(execFileSync("sha256sum", ["-c", "SHA256SUMS"], { cwd: folder, encoding: "utf8" }).trim().split("\n")).toHaveLength(pack.files);
      for (const part of pack.parts) {
        for (const file of store.storedFiles(part, pack.version))
          expect(readFileSync(path.join(folder, part, file.fileName)).equals(file.read()), file.fileName).toBe(true);
      }
      const readme = readFileSync(path.join(folder, "README.txt"), "utf8");
      for (const part of pack.parts) expect(readme).toContain(part);
      expect(readdirSync(folder).sort()).toEqual(["README.txt", "SHA256SUMS", ...pack.parts].sort());
    }
  });

  it("gives the same bytes for the same version, answers its tag with 304, and at an older version names the newer one", async () => {
    const [pack] = await packs("en");
    const first = await download(pack!.downloadPath);
    const second = await download(pack!.downloadPath);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    const tag = first.response.headers.get("etag")!;
    expect((await download(pack!.downloadPath, { "If-None-Match": tag })).response.status).toBe(304);
    const older = versions.at(-2)!;
    const old = await download(modelFamilyPackPath(pack!.familyId, older.version));
    expect(old.response.status).toBe(200);
    expect(old.response.headers.get(newerVersionHeader)).toBe(newest.version);
    const folder = unpack(old.bytes, "older");
    expect(readFileSync(path.join(folder, "README.txt"), "utf8")).toContain(`Model pack ${older.version} (${older.date})`);
    expect(old.response.headers.get("etag")).not.toBe(tag);
  });

  it("answers an unknown family, version or malformed segment with a 404 envelope", async () => {
    const [pack] = await packs("en");
    for (const bad of [
      modelFamilyPackPath(999999, newest.version),
      modelFamilyPackPath(pack!.familyId, "9.9"),
      `/front/models/families/abc/${newest.version}`,
      `/front/models/families/0/${newest.version}`,
      `/front/models/families/${"9".repeat(40)}/${newest.version}`,
      `/front/models/families/${pack!.familyId}/1.2.3.4`,
      `/front/models/families/${pack!.familyId}/%00`,
    ]) {
      const answer = await upstream.get(bad);
      expect(answer.status, bad).toBe(404);
      expect(errorEnvelope.parse(answer.json).code, bad).toMatch(/^E400(27002|30027)$/);
    }
  });
});

describe("the archive writer", () => {
  it("sends each file before it reads the next, so one file at a time is held", async () => {
    const written: string[] = [];
    let sent = 0;
    function* entries(): Generator<ZipEntry> {
      for (let index = 0; index < 50; index++) {
        // By the time the next file is asked for, the one before went out whole (its header and its data).
        expect(sent, `before file ${index}`).toBe(index * 2);
        yield { name: `f/${index}.txt`, bytes: Buffer.from(`line ${index}\n`.repeat(1000)) };
      }
    }
    const size = await writeZip(entries(), "2026-11-29", (chunk) => {
      written.push(chunk.toString("latin1"));
      sent++;
    });
    const bytes = Buffer.from(written.join(""), "latin1");
    expect(bytes.length).toBe(size);
    const folder = unpack(bytes, "writer");
    expect(readFileSync(path.join(folder, "49.txt"), "utf8")).toBe("line 49\n".repeat(1000));
    expect(
      execFileSync("zipinfo", ["-1", path.join(work, "writer.zip")], { encoding: "utf8" })
        .trim()
        .split("\n"),
    ).toHaveLength(50);
  });
});
