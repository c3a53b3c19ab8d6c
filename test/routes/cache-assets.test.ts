// Hashed assets (docs/decisions/010-page-and-upstream-caches.md): immutable, sent as the brotli or gzip copy made
// at build with the right Content-Encoding and Vary; HTML compressed on the fly.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import type { Express } from "express";
import { createTestApp } from "../helpers/site.ts";
import { startTestUpstream, type TestUpstream } from "../upstream/helpers.ts";

const script = `export const answer = ${JSON.stringify("青云".repeat(400))};\n`;
let clientDir: string;
let upstream: TestUpstream;
let app: Express;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), "qy-assets-"));
  const assets = path.join(clientDir, "assets");
  mkdirSync(assets);
  writeFileSync(path.join(assets, "entry-Ab12.js"), script);
  writeFileSync(path.join(assets, "entry-Ab12.js.br"), brotliCompressSync(script));
  writeFileSync(path.join(assets, "entry-Ab12.js.gz"), gzipSync(script));
  writeFileSync(path.join(assets, "tiny-Cd34.css"), "a{}");
  upstream = await startTestUpstream();
  app = await createTestApp({ UPSTREAM_URL: upstream.url }, { clientDir });
});
afterAll(async () => {
  await upstream.cleanup();
  rmSync(clientDir, { recursive: true, force: true });
});

describe("hashed assets", () => {
  it("go out as the brotli copy when the browser accepts br", async () => {
    const response = await request(app).get("/assets/entry-Ab12.js").set("Accept-Encoding", "gzip, deflate, br");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // supertest decodes by Content-Encoding: the body it gives back is the script, so the copy was right.
    expect(response.text).toBe(script);
  });

  it("go out as the gzip copy when only gzip is accepted", async () => {
    const response = await request(app).get("/assets/entry-Ab12.js").set("Accept-Encoding", "gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.text).toBe(script);
  });

  it("go out plain, still immutable and varying by encoding, when nothing is accepted", async () => {
    const response = await request(app).get("/assets/entry-Ab12.js").set("Accept-Encoding", "identity");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(response.headers["cache-control"]).toMatch(/immutable/);
    expect(response.text).toBe(script);
  });

  it("refuse an encoding given q=0", async () => {
    const response = await request(app).get("/assets/entry-Ab12.js").set("Accept-Encoding", "br;q=0, gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
  });

  it("without copies are served as they are; a missing one is a plain 404", async () => {
    const tiny = await request(app).get("/assets/tiny-Cd34.css").set("Accept-Encoding", "br");
    expect(tiny.status).toBe(200);
    expect(tiny.headers["cache-control"]).toMatch(/immutable/);
    const missing = await request(app).get("/assets/nothing-Zz99.js").set("Accept-Encoding", "br");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^text\/plain/);
    const copy = await request(app).get("/assets/entry-Ab12.js.br/../entry-Ab12.js").set("Accept-Encoding", "br");
    expect([200, 404]).toContain(copy.status);
  });
});

describe("HTML", () => {
  it("is compressed on the fly for a browser that accepts it", async () => {
    const response = await request(app).get("/en/about/us").set("Accept-Encoding", "gzip");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(response.text).toContain("</html>");
  });
});
