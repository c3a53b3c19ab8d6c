// An order's status keeps SPEC's label and says, in one line under it, what happens next: on the progress
// list and on the order's page, in both languages.
import request from "supertest";
import type express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "../../shared/cookies.ts";
import { createTestApp } from "../helpers/site.ts";
import { addressFor, freshPhone, startAccountUpstream, type AccountUpstream } from "../upstream/account-helpers.ts";
import { SAMPLE, loadSampleFixtures, type SampleFixtures } from "../upstream/sample-fixtures.ts";

let u: AccountUpstream;
let f: SampleFixtures;
let app: express.Express;
const origin = "http://localhost:3000";
beforeAll(async () => {
  u = await startAccountUpstream({ dataDir: ":memory:" });
  f = await loadSampleFixtures(u);
  app = await createTestApp({ UPSTREAM_URL: u.url, PUBLIC_ORIGIN: origin });
});
afterAll(() => u.cleanup());

describe("an order's status", () => {
  it("keeps its label and says what happens next", async () => {
    const user = await u.signIn(freshPhone());
    await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[0]!.id }, { cookie: user.session });
    const cookie = `${sessionCookie}=${user.session}`;
    const submitted = await request(app)
      .post("/en/user/sampleList")
      .set("Origin", origin)
      .set("Cookie", cookie)
      .type("form")
      .send({
        intent: "submit",
        name: "Lin Hao",
        phone: "13800138000",
        email: "lin.hao@example.com",
        companyName: "Xiamen Grid Power",
        position: "Engineer",
        sampleUse: "Evaluation in a 30 kW charger module.",
        addressId: String(await addressFor(u, user.session)),
        evaluationOnly: "on",
      });
    expect(submitted.status).toBe(302);
    const orderNumber = /QY\d{8}-\d{4}/.exec(submitted.headers.location!)![0];
    const pages = {
      en: ["Processed/Pending", "Next: we review it, usually within 2 working days. Until then you can still cancel it."],
      zh: ["待处理", "下一步：我们将审核申请，通常在 2 个工作日内完成。审核前您仍可取消。"],
    } as const;
    for (const [language, [label, next]] of Object.entries(pages)) {
      for (const path of [`/${language}/user/sampleProgress`, `/${language}/user/orderDetail/${orderNumber}`]) {
        const page = await request(app).get(path).set("Cookie", cookie);
        expect(page.status, path).toBe(200);
        expect(page.text, path).toContain(label);
        expect(page.text, path).toContain(`<p class="status-next">${next}</p>`);
      }
    }
  });
});
