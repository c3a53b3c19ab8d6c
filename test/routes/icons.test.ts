// The icons browsers and phones ask for by fixed paths: /favicon.ico (an ICO) and /apple-touch-icon.png
// (a 180 x 180 PNG) answer 200 with their types, and every page's head links them beside the SVG icon.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const binary = (response: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  response.on("data", (chunk: Buffer) => chunks.push(chunk));
  response.on("end", () => callback(null, Buffer.concat(chunks)));
};

describe("site icons", () => {
  it("/favicon.ico is an ICO holding a 32 px image", async () => {
    const response = await request(site.app).get("/favicon.ico").buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const body = response.body as Buffer;
    expect(body.readUInt16LE(0)).toBe(0);
    expect(body.readUInt16LE(2)).toBe(1);
    const count = body.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, index) => body.readUInt8(6 + 16 * index));
    expect(sizes).toContain(32);
  });

  it("/apple-touch-icon.png is a 180 x 180 PNG", async () => {
    const response = await request(site.app).get("/apple-touch-icon.png").buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    const body = response.body as Buffer;
    expect(body.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(body.subarray(12, 16).toString("latin1")).toBe("IHDR");
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([180, 180]);
  });

  it("every page's head links the three icons", async () => {
    for (const path of ["/zh", "/en/news", "/en/login"]) {
      const { text } = await request(site.app).get(path);
      const head = text.slice(0, text.indexOf("</head>"));
      expect(head, path).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32"/>');
      expect(head, path).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
      expect(head, path).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
    }
  });
});
