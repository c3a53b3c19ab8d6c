// The signed-in pages through the site: the guard redirects from the server without
// rendering user data, private no-store caching, the list's forms without JavaScript (quantity, removal,
// submission, the duplicate-list message), progress tabs and paging, and another user's order as a 404.
import request from "supertest";
import type express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "../../shared/cookies.ts";
import { createTestApp } from "../helpers/site.ts";
import { addressFor, freshPhone, startAccountUpstream, type AccountUpstream } from "../upstream/account-helpers.ts";
import { SAMPLE, loadSampleFixtures, nrndParts, type SampleFixtures } from "../upstream/sample-fixtures.ts";

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

const cookieOf = (session: string) => `${sessionCookie}=${session}`;
const get = (path: string, session?: string) => {
  const req = request(app).get(path);
  return session ? req.set("Cookie", cookieOf(session)) : req;
};
const post = (path: string, session: string, form: Record<string, string>) =>
  request(app).post(path).set("Origin", origin).set("Cookie", cookieOf(session)).type("form").send(form);

async function userWith(indexes: number[]) {
  const user = await u.signIn(freshPhone());
  for (const index of indexes) await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[index]!.id }, { cookie: user.session });
  return user;
}

const applicant = {
  name: "李明",
  phone: "13800138000",
  email: "li.ming@example.com",
  companyName: "苏州绿源电力科技有限公司",
  position: "硬件工程师",
  sampleUse: "评估 1200 V 碳化硅 MOSFET 在 22 kW 车载充电机中的开关损耗。",
};

describe("the guard", () => {
  it.each([
    ["/zh/user/sampleList", "/zh/login?path=%2Fuser%2FsampleList"],
    ["/en/user/sampleProgress?status=shipped", "/en/login?path=%2Fuser%2FsampleProgress%3Fstatus%3Dshipped"],
    ["/en/user/orderDetail/QY20261122-0001", "/en/login?path=%2Fuser%2ForderDetail%2FQY20261122-0001"],
  ])("redirects %s without a session to the login page, from the server, uncached", async (path, location) => {
    const response = await get(path);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(location);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.text).not.toContain("sample-row");
  });

  it("treats an expired or revoked session like none", async () => {
    const user = await userWith([0]);
    await u.call("/open/front/loginOut", {}, { cookie: user.session, method: "GET" });
    const response = await get("/zh/user/sampleList", user.session);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/zh/login?path=%2Fuser%2FsampleList");
    const other = await userWith([0]);
    u.clock.advance(61 * 24 * 60 * 60 * 1000);
    expect((await get("/en/user/sampleProgress", other.session)).status).toBe(302);
  });
});

describe("caching", () => {
  it("marks every signed-in HTML response private, no-store, and leaves anonymous pages alone", async () => {
    const user = await userWith([]);
    for (const path of ["/zh/user/sampleList", "/en/user/sampleProgress", "/en/about/us", "/zh"]) {
      const response = await get(path, user.session);
      expect(response.status, path).toBe(200);
      expect(response.headers["cache-control"], path).toBe("private, no-store");
    }
    expect((await get("/en/about/us")).headers["cache-control"]).not.toContain("no-store");
  });
});

describe("the sample list", () => {
  it("shows the empty state with a way to the catalog", async () => {
    const user = await userWith([]);
    const response = await get("/en/user/sampleList", user.session);
    expect(response.text).toContain("Your sample list is empty");
    expect(response.text).toContain('href="/en/productAndService/products"');
    expect(response.text).toContain('<meta name="robots" content="noindex, follow"/>');
  });

  it("groups items by series, changes a quantity, removes an item and submits, all as plain forms", async () => {
    const user = await userWith([0, 1, 2]);
    const page = await get("/zh/user/sampleList", user.session);
    expect(page.status).toBe(200);
    for (const index of [0, 1, 2]) expect(page.text).toContain(f.visible[index]!.partNumber!);
    expect(page.text).toContain("sample-group__title");
    // Prefilled from queryUserInfoById: the account's own mobile number.
    expect(page.text).toContain(`value="${(await u.call("/open/user/auth/isLogin", {}, { cookie: user.session })).json.data.phone}"`);

    const list = (await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: user.session })).json.data as Array<{ ID: number; quantity: number }>;
    const changed = await post("/zh/user/sampleList", user.session, { intent: "quantity", ID: String(list[0]!.ID), quantity: "3" });
    expect(changed.status).toBe(200);
    const removed = await post("/zh/user/sampleList", user.session, { intent: "remove", ID: String(list[2]!.ID) });
    expect(removed.status).toBe(200);
    const after = (await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: user.session })).json.data as Array<{ ID: number; quantity: number }>;
    expect(after.map((item) => [item.ID, item.quantity])).toEqual([
      [list[0]!.ID, 3],
      [list[1]!.ID, 1],
    ]);

    const badName = await post("/zh/user/sampleList", user.session, {
      intent: "submit",
      ...applicant,
      name: "<>",
      addressId: String(await addressFor(u, user.session)),
      evaluationOnly: "on",
    });
    expect(badName.status).toBe(400);
    expect(badName.text).toContain("请填写正确的姓名");
    expect(badName.text).toContain(`value="${applicant.companyName}"`);

    const submitted = await post("/zh/user/sampleList", user.session, {
      intent: "submit",
      ...applicant,
      addressId: String(await addressFor(u, user.session)),
      evaluationOnly: "on",
    });
    expect(submitted.status).toBe(302);
    expect(submitted.headers.location).toMatch(/^\/zh\/user\/sampleProgress\?submitted=QY\d{8}-\d{4}$/);
    const progress = await get(submitted.headers.location!, user.session);
    expect(progress.text).toContain("已提交");
    expect(progress.text).toContain("待处理");

    // The same list again: SPEC §5's message.
    await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[0]!.id }, { cookie: user.session });
    await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[1]!.id }, { cookie: user.session });
    const again = (await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: user.session })).json.data as Array<{ ID: number }>;
    await u.call(`${SAMPLE}/modifySampleProduct`, { ID: again[0]!.ID, quantity: 3 }, { cookie: user.session });
    const duplicate = await post("/en/user/sampleList", user.session, {
      intent: "submit",
      ...applicant,
      name: "Li Ming",
      addressId: String(await addressFor(u, user.session)),
      evaluationOnly: "on",
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.text).toContain("You have already submitted the same application list~");
    // It names the open order with the same list and links it.
    const open = /QY\d{8}-\d{4}/.exec(submitted.headers.location!)![0];
    expect(duplicate.text).toContain(`href="/en/user/orderDetail/${open}"`);
  });

  it("states the rules before the visitor submits, with the numbers the upstream enforces", async () => {
    const user = await userWith([0]);
    const en = await get("/en/user/sampleList", user.session);
    expect(en.text).toContain("At most 10 pieces of each part and 30 pieces per order.");
    expect(en.text).toContain("At most 3 open orders per account at a time.");
    expect(en.text).toContain("We usually review an application within 2 working days.");
    expect(en.text).toContain("Samples are for evaluation only, not for commercial use.");
    const zh = await get("/zh/user/sampleList", user.session);
    expect(zh.text).toContain("我们通常在 2 个工作日内完成审核。");
    expect(zh.text).toContain("每个账号同时最多有 3 个处理中的订单。");
  });
});

describe("progress paging", () => {
  it("pages the orders ten at a time with links that keep the tab", async () => {
    const user = await userWith([]);
    const numbers: string[] = [];
    for (let i = 0; i < 11; i++) {
      await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[i]!.id }, { cookie: user.session });
      const { sampleUse, ...person } = applicant;
      const submitted = await u.call(
        `${SAMPLE}/submitSampleOrder`,
        { applicant: person, sampleUse, addressId: await addressFor(u, user.session), evaluationOnly: true },
        { cookie: user.session },
      );
      numbers.push(submitted.json.data.orderNumber);
      // Only a few orders may be open at once: each is marked completed before the next.
      u.db.prepare("UPDATE sample_orders SET status = 'done' WHERE order_number = ?").run(submitted.json.data.orderNumber);
      u.clock.advance(1000);
    }
    const first = await get("/zh/user/sampleProgress?status=done", user.session);
    expect(first.text.match(/class="order-card"/g)).toHaveLength(10);
    expect(first.text).toContain("第 1 / 2 页");
    // The site's one pager (client/components/page-links.tsx), not a second one of its own.
    expect(first.text).toContain('<nav class="page-links" aria-label="订单分页">');
    expect(first.text).toContain('href="/zh/user/sampleProgress?status=done&amp;page=2"');
    // Newest first: the first order is alone on page 2.
    const second = await get("/zh/user/sampleProgress?status=done&page=2", user.session);
    expect(second.text.match(/class="order-card"/g)).toHaveLength(1);
    expect(second.text).toContain(numbers[0]!);
    expect(second.text).toContain('href="/zh/user/sampleProgress?status=done"');
  });
});

describe("cancelling an order without JavaScript", () => {
  it("offers the cancel form only while pending; a post cancels it, and progress and timeline show it", async () => {
    const user = await userWith([4]);
    const { sampleUse, ...person } = applicant;
    const orderNumber = (
      await u.call(
        `${SAMPLE}/submitSampleOrder`,
        { applicant: person, sampleUse, addressId: await addressFor(u, user.session), evaluationOnly: true },
        { cookie: user.session },
      )
    ).json.data.orderNumber as string;
    const path = `/en/user/orderDetail/${orderNumber}`;
    const page = await get(path, user.session);
    expect(page.text).toMatch(/<details class="order-cancel"><summary>Cancel the order<\/summary>/);
    expect(page.text).toContain('name="reason"');

    const stranger = await userWith([]);
    expect((await post(path, stranger.session, { intent: "cancel" })).status).toBe(404);
    const cancelled = await post(path, user.session, { intent: "cancel", reason: "Project postponed." });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.location).toBe(path);
    const after = await get(path, user.session);
    expect(after.text).toContain("status-badge--cancelled");
    expect(after.text).toContain("You cancelled this application.");
    expect(after.text).toContain("Project postponed.");
    expect(after.text).not.toContain("order-cancel");
    const tab = await get("/zh/user/sampleProgress?status=cancelled", user.session);
    expect(tab.text).toContain(orderNumber);
    expect(tab.text).toMatch(/aria-current="page"[^>]*>已取消</);

    const again = await post(path, user.session, { intent: "cancel" });
    expect(again.status).toBe(409);
    expect(again.text).toContain("Only a pending order can be cancelled.");
  });
});

describe("progress and order detail", () => {
  it("filters by the status tab in the URL, pages, and shows an order's timeline; another user's order is a 404", async () => {
    const user = await userWith([3]);
    const submitted = await u.call(
      `${SAMPLE}/submitSampleOrder`,
      { applicant: { ...applicant, sampleUse: undefined }, sampleUse: applicant.sampleUse, addressId: await addressFor(u, user.session), evaluationOnly: true },
      { cookie: user.session },
    );
    const orderNumber = submitted.json.data.orderNumber as string;

    const all = await get("/en/user/sampleProgress", user.session);
    expect(all.text).toContain(orderNumber);
    expect(all.text).toContain("Processed/Pending");
    // Each tab with its count (the visually hidden words read it as a count).
    for (const label of ["In Stock", "Sent", "Rejected", "Completed", "Received", "Cancelled"]) {
      expect(all.text).toContain(`>${label}<span class="status-tabs__count"><span class="visually-hidden">orders: </span>0</span></a>`);
    }
    expect(all.text).toContain(`>All<span class="status-tabs__count"><span class="visually-hidden">orders: </span>1</span></a>`);
    const shipped = await get("/en/user/sampleProgress?status=shipped", user.session);
    expect(shipped.text).not.toContain(orderNumber);
    expect(shipped.text).toContain("You have no orders with the status “Sent”.");
    expect(shipped.text).toMatch(/aria-current="page"[^>]*>Sent</);

    // Shipped: the tracking number on the list, linked to the carrier's page; rejected: the reason.
    u.db.prepare("UPDATE sample_orders SET status = 'shipped', carrier = 'SF Express', tracking_number = 'SF1234567890123' WHERE order_number = ?").run(orderNumber);
    const sent = await get("/zh/user/sampleProgress?status=shipped", user.session);
    expect(sent.text).toContain('href="https://www.sf-express.com/chn/sc/waybill/waybill-detail/SF1234567890123"');
    expect(sent.text).toContain("顺丰速运");
    u.db.prepare("UPDATE sample_orders SET status = 'rejected', reject_reason = 'Allocated to automotive projects.' WHERE order_number = ?").run(orderNumber);
    expect((await get("/en/user/sampleProgress", user.session)).text).toContain("Allocated to automotive projects.");

    // Order again from the list: the parts go back into the sample list, which opens.
    const again = await post("/en/user/sampleProgress", user.session, { intent: "reorder", SampleOrderNo: orderNumber });
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe("/en/user/sampleList");
    expect((await get("/en/user/sampleList", user.session)).text).toContain(f.visible[3]!.partNumber!);

    const detail = await get(`/zh/user/orderDetail/${orderNumber}`, user.session);
    expect(detail.status).toBe(200);
    expect(detail.headers["cache-control"]).toBe("private, no-store");
    expect(detail.text).toContain(f.visible[3]!.partNumber!);
    expect(detail.text).toContain("申请已收到");
    expect(detail.text).toContain(applicant.sampleUse);

    const stranger = await userWith([]);
    const foreign = await get(`/zh/user/orderDetail/${orderNumber}`, stranger.session);
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain(applicant.sampleUse);
    expect((await get("/zh/user/orderDetail/not-an-order", stranger.session)).status).toBe(404);
  });
});

describe("the applicant form without JavaScript", () => {
  it("marks every wrong field at once, each message tied to its field", async () => {
    const user = await userWith([6]);
    const response = await post("/en/user/sampleList", user.session, {
      intent: "submit",
      name: "",
      phone: "12345",
      email: "not-an-email",
      companyName: " ",
      position: "",
      sampleUse: "!!!",
    });
    expect(response.status).toBe(400);
    const messages: Record<string, string> = {
      name: "please fill in the correct name",
      phone: "please enter a valid mobile number",
      email: "please enter a valid email address",
      companyName: "Please fill in your company.",
      position: "Please fill in your position.",
      sampleUse: "please fill in the correct content",
    };
    for (const [field, message] of Object.entries(messages)) {
      const control = new RegExp(`<(?:input|textarea)[^>]*name="${field}"[^>]*>`).exec(response.text)?.[0] ?? "";
      expect(control, field).toContain('aria-invalid="true"');
      const describedBy = /aria-describedby="([^"]+)"/.exec(control)?.[1];
      expect(describedBy, field).toBeTruthy();
      expect(response.text, field).toContain(`id="${describedBy}">${message}</p>`);
    }
    expect(response.text).toContain("6 fields need correcting");
    // What was typed comes back.
    expect(response.text).toContain('value="not-an-email"');
  });

  it("names a switched-off part and why at the form, in the page's language", async () => {
    const user = await userWith([7, 8]);
    const off = f.visible[8]!;
    u.db.prepare("UPDATE site_list SET status = 'off' WHERE id = ?").run(off.id);
    try {
      for (const [language, text] of [
        ["en", `Submit Failed: ${off.partNumber} can no longer be ordered as a sample.`],
        ["zh", `提交失败：${off.partNumber} 已不再提供样品`],
      ] as const) {
        const response = await post(`/${language}/user/sampleList`, user.session, {
          intent: "submit",
          ...applicant,
          addressId: String(await addressFor(u, user.session)),
          evaluationOnly: "on",
        });
        expect(response.status).toBe(409);
        const status = /<p class="form-status[^"]*" role="status"[^>]*>([^<]*)<\/p>/.exec(response.text)?.[1] ?? "";
        expect(status).toContain(text);
      }
    } finally {
      u.db.prepare("UPDATE site_list SET status = 'on' WHERE id = ?").run(off.id);
    }
  });
});

describe("add to sample list without JavaScript", () => {
  const detailPath = (index: number) => `/productAndService/productDetail/${encodeURIComponent(f.visible[index]!.partNumber!)}`;
  const addForm = (index: number, path: string) => ({ intent: "add", siteListId: String(f.visible[index]!.id), path });
  const list = async (session: string) =>
    ((await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: session })).json.data as Array<{ siteListId: number }>).map((item) => item.siteListId);

  it("is a POST form to the sample list's action carrying the part and the page", async () => {
    const page = await get(`/en${detailPath(9)}`);
    expect(page.status).toBe(200);
    const form = /<form class="add-sample[^"]*" action="\/en\/user\/sampleList" method="post">([\s\S]*?)<\/form>/.exec(page.text)?.[1] ?? "";
    expect(form).toContain('name="intent" value="add"');
    expect(form).toContain(`name="siteListId" value="${f.visible[9]!.id}"`);
    expect(form).toContain(`name="path" value="${detailPath(9)}"`);
  });

  it("adds the part for a signed-in visitor and returns to the page, which shows the outcome", async () => {
    const user = await userWith([]);
    const added = await post("/en/user/sampleList", user.session, addForm(9, detailPath(9)));
    expect(added.status).toBe(302);
    expect(added.headers.location).toBe(`/en${detailPath(9)}?sampleAdd=${f.visible[9]!.id}-success`);
    expect(await list(user.session)).toEqual([f.visible[9]!.id]);
    const back = await get(added.headers.location!, user.session);
    expect(back.text).toMatch(/class="add-sample__status add-sample__status--success"[^>]*>add success</);
    // The same URL without a session claims nothing.
    expect((await get(added.headers.location!)).text).toMatch(/class="add-sample__status"[^>]*><\/span>/);

    // Again: the SPEC §5 message, and the list unchanged.
    const again = await post("/zh/user/sampleList", user.session, addForm(9, `/zh${detailPath(9)}?sampleAdd=1-success`));
    expect(again.headers.location).toBe(`/zh${detailPath(9)}?sampleAdd=${f.visible[9]!.id}-selected`);
    expect((await get(again.headers.location!, user.session)).text).toContain("该产品已被选择");
    expect(await list(user.session)).toEqual([f.visible[9]!.id]);
  });

  it("sends an anonymous visitor to the login page, which returns to the product page with the part to add", async () => {
    const response = await request(app)
      .post("/en/user/sampleList")
      .set("Origin", origin)
      .type("form")
      .send(addForm(9, detailPath(9)));
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(`/en/login?path=${encodeURIComponent(`${detailPath(9)}?addSample=${f.visible[9]!.id}`)}`);
    // Back signed in, the part's button asks for the add (done by itself once the page runs its script).
    const user = await userWith([]);
    const back = await get(`/en${detailPath(9)}?addSample=${f.visible[9]!.id}`, user.session);
    expect(back.text).toContain(`Signed in. Press the button again to add ${f.visible[9]!.partNumber} to the sample list.`);
    // Its return path no longer carries the request.
    expect(back.text).toContain(`name="path" value="${detailPath(9)}"`);
  });

  it("never returns to another site", async () => {
    const user = await userWith([]);
    const response = await post("/en/user/sampleList", user.session, addForm(10, "/zh/../..//evil.example"));
    expect(response.headers.location).toBe(`/en?sampleAdd=${f.visible[10]!.id}-success`);
  });
});

describe("a part not recommended for new designs, without JavaScript", () => {
  const list = async (session: string) =>
    ((await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: session })).json.data as Array<{ siteListId: number }>).map((item) => item.siteListId);

  it("asks for confirmation on the sample list, names the replacement, and adds the part only once confirmed, in both languages", async () => {
    const node = f.nrnd[0]!;
    const entry = nrndParts().get(node.partNumber!)!;
    const detail = `/productAndService/productDetail/${node.partNumber}`;
    for (const [language, title, add, replacement] of [
      ["en", `Add ${node.partNumber}, a part not recommended for new designs?`, `Add ${node.partNumber} anyway`, `See the replacement ${entry.replacement}`],
      ["zh", `添加不推荐用于新设计的 ${node.partNumber}？`, `仍然添加 ${node.partNumber}`, `查看替代型号 ${entry.replacement}`],
    ] as const) {
      const user = await userWith([]);
      // The product page's button posts the part: the action sends the visitor to the confirm step instead of adding.
      const asked = await post(`/${language}/user/sampleList`, user.session, { intent: "add", siteListId: String(node.id), path: detail });
      expect(asked.status).toBe(302);
      const confirmUrl = `/${language}/user/sampleList?confirm=${node.partNumber}&path=${encodeURIComponent(detail)}`;
      expect(asked.headers.location).toBe(confirmUrl);
      expect(await list(user.session)).toEqual([]);
      const page = await get(confirmUrl, user.session);
      expect(page.status).toBe(200);
      const text = page.text.replaceAll("<!-- -->", "");
      expect(text).toContain(title);
      expect(text).toContain(entry.since);
      expect(text).toContain(`href="/${language}/productAndService/productDetail/${entry.replacement}"`);
      expect(text).toContain(replacement);
      expect(text).toContain(`href="/${language}${detail}"`);
      const form = /<section class="sample-confirm"[\s\S]*?<form[^>]* method="post">([\s\S]*?)<\/form>/.exec(text);
      expect(form?.[1]).toContain('name="confirmNrnd" value="true"');
      expect(form?.[1]).toContain(add);
      // Confirmed: added, and back to the product page with the outcome.
      const confirmed = await post(confirmUrl, user.session, { intent: "add", siteListId: String(node.id), path: detail, confirmNrnd: "true" });
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.location).toBe(`/${language}${detail}?sampleAdd=${node.id}-success`);
      expect(await list(user.session)).toEqual([node.id]);
      // The list shows the line's lifecycle badge.
      const listPage = await get(`/${language}/user/sampleList`, user.session);
      expect(listPage.text).toMatch(/class="sample-row__product"[\s\S]*?lifecycle-badge lifecycle-badge--nrnd/);
      expect(listPage.text).not.toContain('class="sample-confirm"');
    }
  });

  it("asks nothing for a part in another state, or for a name that is not a part", async () => {
    const user = await userWith([]);
    for (const name of [f.visible[3]!.partNumber!, "NO-SUCH-PART", "<script>"]) {
      const page = await get(`/en/user/sampleList?confirm=${encodeURIComponent(name)}`, user.session);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('class="sample-confirm"');
    }
  });
});

describe("shipping addresses without JavaScript", () => {
  it("asks where to ship: no address, a link to add one; none chosen, a message at the choice", async () => {
    const user = await userWith([7]);
    const page = await get("/en/user/sampleList", user.session);
    expect(page.text).toContain("You have no shipping address yet.");
    expect(page.text).toContain('href="/en/user/account?back=sampleList#addresses"');
    const refused = await post("/en/user/sampleList", user.session, { intent: "submit", ...applicant });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Please choose where to ship the samples.");
    // Nor without confirming the evaluation-only rule: the message is at the box, the fields kept.
    expect(refused.text).toContain("Please confirm that the samples are for evaluation only, not for commercial use.");
    expect(refused.text.match(/<input[^>]*evaluationOnly[^>]*>/)?.[0]).toContain('aria-invalid="true"');
    expect(refused.text).toContain(`value="${applicant.companyName}"`);
    await addressFor(u, user.session);
    const chosen = await get("/zh/user/sampleList", user.session);
    expect(chosen.text).toMatch(/<input type="radio"[^>]*name="addressId"[^>]*checked=""/);
    expect(chosen.text).toContain("江苏省 苏州市 虎丘区");
  });

  it("adds a mainland address on the account page: each region choice posts back for the next list, then saves and returns", async () => {
    const user = await userWith([]);
    const page = await get("/zh/user/account", user.session);
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(page.text).toContain('<option value="320000">江苏省</option>');
    // Only the provinces: no city or district list travels with the page.
    expect(page.text).not.toContain('<option value="320500">');
    const form = { recipient: "王芳", phone: "13900139000", company: "", country: "CN", street: "科灵路 78 号", postalCode: "215163" };
    const cities = await post("/zh/user/account", user.session, { ...form, intent: "address-regions", provinceCode: "320000" });
    expect(cities.status).toBe(200);
    expect(cities.text).toContain('<option value="320500">苏州市</option>');
    expect(cities.text).toContain('value="王芳"');
    const districts = await post("/zh/user/account", user.session, { ...form, intent: "address-regions", provinceCode: "320000", cityCode: "320500" });
    expect(districts.text).toContain('<option value="320505">虎丘区</option>');
    const wrong = await post("/en/user/account", user.session, {
      ...form,
      intent: "address-save",
      provinceCode: "320000",
      cityCode: "320500",
      districtCode: "320505",
      postalCode: "2151",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("Please enter a postal code in the format of the chosen country or region.");
    const saved = await post("/zh/user/account", user.session, {
      ...form,
      intent: "address-save",
      provinceCode: "320000",
      cityCode: "320500",
      districtCode: "320505",
      back: "sampleList",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe("/zh/user/sampleList");
    const account = await get("/en/user/account", user.session);
    expect(account.text).toContain("江苏省 苏州市 虎丘区 科灵路 78 号");
    expect(account.text).toContain(">Default<");

    // A second address abroad; make it the default; delete the first.
    await post("/en/user/account", user.session, { ...form, intent: "address-save", country: "JP", city: "Tokyo", phone: "+81 3 1234 5678", postalCode: "100-0001" });
    const book = (await u.call("/proxy/qingyun/basic/userAddress/queryShippingAddresses", {}, { cookie: user.session })).json.data as Array<{
      ID: number;
      country: string;
    }>;
    const japan = book.find((address) => address.country === "JP")!;
    const edit = await get(`/en/user/account?edit=${japan.ID}`, user.session);
    expect(edit.text).toContain("Change the shipping address");
    expect(edit.text).toContain('value="Tokyo"');
    expect((await post("/en/user/account", user.session, { intent: "address-default", ID: String(japan.ID) })).status).toBe(302);
    expect((await post("/en/user/account", user.session, { intent: "address-remove", ID: String(book[0]!.ID) })).status).toBe(302);
    const after = (await u.call("/proxy/qingyun/basic/userAddress/queryShippingAddresses", {}, { cookie: user.session })).json.data;
    expect(after).toMatchObject([{ ID: japan.ID, isDefault: true, countryName: "Japan" }]);
    const stranger = await userWith([]);
    const foreign = await post("/en/user/account", stranger.session, { intent: "address-remove", ID: String(japan.ID) });
    expect(foreign.status).toBe(404);
    expect(foreign.text).toContain("The shipping address could not be found.");
  });

  it("redirects to sign-in without a session", async () => {
    const response = await get("/en/user/account");
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/en/login?path=%2Fuser%2Faccount");
  });
});

describe("the visitor's own data on the account page, without JavaScript", () => {
  it("shows the sign-in number, changes and deletes the applicant details, links the data download", async () => {
    const user = await userWith([]);
    const phone = (await u.call("/open/user/auth/isLogin", {}, { cookie: user.session })).json.data.phone as string;
    const page = await get("/en/user/account", user.session);
    expect(page.text).toContain(`<p>${phone}</p>`);
    expect(page.text).toContain("You have no saved applicant details");
    expect(page.text).toContain('href="/api/front/userData/downloadMyData?language=en"');
    const { sampleUse: _use, ...person } = applicant;
    const wrong = await post("/en/user/account", user.session, { intent: "applicant-save", ...person, email: "nope" });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("please enter a valid email address");
    expect(wrong.text).toContain(`value="${person.companyName}"`);
    const saved = await post("/en/user/account", user.session, { intent: "applicant-save", ...person });
    expect(saved.status).toBe(302);
    expect((await get("/zh/user/account", user.session)).text).toContain(`value="${person.companyName}"`);
    // The sample form is prefilled with them, until they are deleted.
    await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[12]!.id }, { cookie: user.session });
    expect((await get("/zh/user/sampleList", user.session)).text).toContain(`value="${person.companyName}"`);
    expect((await post("/en/user/account", user.session, { intent: "applicant-remove" })).status).toBe(302);
    expect((await get("/zh/user/sampleList", user.session)).text).not.toContain(`value="${person.companyName}"`);
  });

  it("deletes the account only when confirmed, ends the session and goes home", async () => {
    const user = await userWith([13]);
    const unconfirmed = await post("/en/user/account", user.session, { intent: "account-delete" });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.text).toContain("Please tick the confirmation first.");
    expect(unconfirmed.text).toMatch(/<details class="account-delete" open="">/);
    const deleted = await post("/zh/user/account", user.session, { intent: "account-delete", confirm: "on" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.location).toBe("/zh");
    expect(String(deleted.headers["set-cookie"])).toMatch(/qy_session=;/);
    const after = await get("/zh/user/account", user.session);
    expect(after.status).toBe(302);
    expect(after.headers.location).toBe("/zh/login?path=%2Fuser%2Faccount");
  });
});
