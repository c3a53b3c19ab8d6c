// `npm run dev` (server/main.ts --dev: Vite's middleware and module runner instead of the build) renders
// pages too. The build bundles the router into the SSR entry (vite.config.ts); the development server must
// not, or its module runner fails on react-router-dom's CommonJS entry and every page is a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSiteProcess, type SiteProcess } from "../support/site-process.ts";

let site: SiteProcess;
beforeAll(async () => {
  site = await startSiteProcess({ NODE_ENV: "development", LOG_LEVEL: "warn" }, 60_000, ["--dev"]);
}, 70_000);
afterAll(() => site?.stop());

describe("the development server", () => {
  it("renders a finder and a news list in both languages", async () => {
    for (const [path, text] of [
      ["/zh/productAndService/products/120", "QCM040120K4"],
      ["/en/news", "<h1"],
    ] as const) {
      const response = await fetch(site.origin + path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain(text);
    }
  }, 60_000);
});
