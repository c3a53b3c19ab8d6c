// About, contact, jobs and the section overviews rendered on the server: headings and content in both
// languages, the contact form posted without JavaScript (messages, success, honeypot, rate limit),
// job filters from the URL, JobPosting data, and 404s for unknown names and ids.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import type express from "express";
import { startSite } from "../helpers/site.ts";
import type { TestUpstream } from "../upstream/helpers.ts";
import { headingOf, jsonLdOf, linkHref, textOf } from "./page-helpers.ts";

const origin = "https://www.qingyun-power.example";
let upstream: TestUpstream;
let app: express.Express;
beforeAll(async () => {
  ({ app, upstream } = await startSite({ PUBLIC_ORIGIN: origin }));
});
afterAll(() => upstream.cleanup());

const leaveWordCount = () => (upstream.db.prepare("SELECT COUNT(*) AS n FROM leave_words").get() as { n: number }).n;

async function jobs(language: "zh" | "en", body: Record<string, unknown> = {}) {
  const { json } = await upstream.post("/open/proxy/qingyun/basic/recruit/queryRecruitmentByPage", { language, websiteCode: "qingyun", pageSize: 50, ...body });
  return json.data as { list: { id: number; title: string; location: string; department: string; type: string }[]; total: number };
}

function positionLinks(html: string): number[] {
  return [...html.matchAll(/<h3><a href="\/(?:zh|en)\/about\/joinUs\/positionDetail\/(\d+)"/g)].map((match) => Number(match[1]));
}

/** The opening tag of the page's form with this method. */
/** The page's own first form of a method (the header's search form comes before <main>). */
function formTag(html: string, method: "get" | "post"): string {
  const main = html.slice(html.indexOf("<main"));
  return (main.match(/<form\b[^>]*>/g) ?? []).find((tag) => tag.includes(`method="${method}"`)) ?? "";
}

describe("section overviews", () => {
  const cases = [
    ["/zh/about", "关于我们", ["/zh/about/us", "/zh/about/contactUs", "/zh/about/sample", "/zh/about/joinUs"], "成立年份"],
    ["/en/about", "About us", ["/en/about/us", "/en/about/contactUs", "/en/about/sample", "/en/about/joinUs"], "Founded"],
    ["/zh/applications", "应用领域", ["/zh/applications/ev", "/zh/applications/photovoltaic", "/zh/applications/home-appliance"], "主驱逆变器"],
    ["/en/applications", "Applications", ["/en/applications/ev", "/en/applications/rail", "/en/applications/smart-grid"], "Traction inverter"],
    ["/zh/reliability", "质量与可靠性", ["/zh/reliability/quality-system", "/zh/reliability/fit-data"], "证书一览"],
    ["/en/reliability", "Quality & Reliability", ["/en/reliability/certifications", "/en/reliability/reliability-tests"], "Our certificates"],
  ] as const;
  for (const [path, heading, links, text] of cases) {
    it(`${path} is an overview with a card for each page`, async () => {
      const response = await request(app).get(path);
      expect(response.status).toBe(200);
      expect(headingOf(response.text)).toBe(heading);
      for (const link of links) expect(response.text).toContain(`href="${link}"`);
      expect(textOf(response.text)).toContain(text);
      expect(linkHref(response.text, "canonical")).toBe(`${origin}${path}`);
      const crumbs = jsonLdOf(response.text).find((block) => block["@type"] === "BreadcrumbList") as { itemListElement: unknown[] };
      expect(crumbs.itemListElement).toHaveLength(2);
    });
  }

  it("the pages under them still answer, and an unknown one is a 404", async () => {
    for (const path of ["/en/about/us", "/zh/about/sample", "/en/applications/ev", "/zh/reliability/fit-data"]) {
      expect((await request(app).get(path)).status, path).toBe(200);
    }
    for (const path of ["/en/applications/no-such-area", "/zh/reliability/Not_A_Page", "/en/about/nothing"]) {
      expect((await request(app).get(path)).status, path).toBe(404);
    }
  });
});

describe("the contact page", () => {
  it("shows the contact details and the leave-word form in both languages", async () => {
    for (const [language, heading, fields] of [
      ["zh", "联系我们", ["姓名", "手机号", "邮箱", "公司", "留言内容", "提交留言"]],
      ["en", "Contact us", ["Name", "Mobile number", "E-mail", "Company", "Message", "Send message"]],
    ] as const) {
      const response = await request(app).get(`/${language}/about/contactUs`);
      expect(response.status).toBe(200);
      expect(headingOf(response.text)).toBe(heading);
      const text = textOf(response.text);
      expect(text).toContain("400-880-6600");
      for (const field of fields) expect(text).toContain(field);
      expect(formTag(response.text, "post")).toContain(`action="/${language}/about/contactUs"`);
      expect(response.text).toContain('name="website"');
      // Phone numbers and e-mail addresses are links a phone can follow (client/components/contact-text.tsx); a
      // postcode is not a phone number.
      const hrefs = [...response.text.matchAll(/href="((?:tel|mailto):[^"]+)"/g)].map((match) => match[1]);
      expect(hrefs).toEqual(expect.arrayContaining(["tel:4008806600", "mailto:sales@qingyun-power.com"]));
      expect(hrefs).toContain(language === "en" ? "tel:+8651262886600" : "tel:051262886600");
      expect(hrefs.some((href) => href?.includes("215123"))).toBe(false);
    }
  });

  it("without JavaScript: a bad form answers 400 with each field's SPEC message and keeps what was typed", async () => {
    const before = leaveWordCount();
    const response = await request(app)
      .post("/en/about/contactUs")
      .type("form")
      .send({ name: "", phone: "12345", email: "not-an-address", company: "Acme Power", content: "   " });
    expect(response.status).toBe(400);
    const text = textOf(response.text);
    expect(text).toContain("please fill in the correct name");
    expect(text).toContain("please enter a valid mobile number");
    expect(text).toContain("please enter a valid email address");
    expect(text).toContain("please fill in the correct content");
    expect(response.text).toContain('value="Acme Power"');
    expect(response.text).toContain('aria-invalid="true"');
    expect(leaveWordCount()).toBe(before);

    const chinese = await request(app).post("/zh/about/contactUs").type("form").send({ name: "王芳", content: "请联系我" });
    expect(chinese.status).toBe(400);
    expect(textOf(chinese.text)).toContain("请填写手机号或邮箱地址");
  });

  it("without JavaScript: a good form is stored, then redirects (303) to the success state", async () => {
    const before = leaveWordCount();
    const response = await request(app)
      .post("/zh/about/contactUs")
      .type("form")
      .set("x-forwarded-for", "198.51.100.20")
      .send({ name: "王芳", phone: "138 0013 8000", email: "", company: "某储能公司", content: "请提供 QSM300120H62 的报价和交期。", website: "" });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe("/zh/about/contactUs?sent=1#leave-word");
    expect(leaveWordCount()).toBe(before + 1);
    const row = upstream.db.prepare("SELECT * FROM leave_words ORDER BY id DESC LIMIT 1").get() as Record<string, unknown>;
    expect(row).toMatchObject({ name: "王芳", phone: "13800138000", company: "某储能公司", language: "zh" });
    const success = await request(app).get("/zh/about/contactUs?sent=1");
    expect(textOf(success.text)).toContain("感谢您的留言，已提交成功。");
    expect(linkHref(success.text, "canonical")).toBe(`${origin}/zh/about/contactUs`);
  });

  it("a filled honeypot looks like success and stores nothing", async () => {
    const before = leaveWordCount();
    const response = await request(app)
      .post("/en/about/contactUs")
      .type("form")
      .send({ name: "Bot", email: "bot@example.com", content: "Buy links", website: "http://spam.example" });
    expect(response.status).toBe(303);
    expect(leaveWordCount()).toBe(before);
  });

  it("the hourly limit counts each visitor, not the site server, and shows its message", async () => {
    const post = (address: string) =>
      request(app)
        .post("/en/about/contactUs")
        .type("form")
        .set("x-forwarded-for", address)
        .send({ name: "Li Lei", email: "li.lei@example.com", content: "Please send the FIT data of the QCM series." });
    for (let index = 0; index < 10; index += 1) expect((await post("203.0.113.7")).status).toBe(303);
    const limited = await post("203.0.113.7");
    expect(limited.status).toBe(429);
    expect(textOf(limited.text)).toContain("Too many requests, please try again later.");
    expect(limited.text).toContain('value="li.lei@example.com"');
    expect((await post("203.0.113.8")).status).toBe(303);
  });

  it("refuses a form posted from another site", async () => {
    const response = await request(app)
      .post("/en/about/contactUs")
      .type("form")
      .set("origin", "https://evil.example")
      .send({ name: "Li Lei", email: "li.lei@example.com", content: "Hello" });
    expect(response.status).toBe(403);
  });
});

describe("jobs", () => {
  it("/about/joinUs lists every open position with type tabs and filters, in both languages", async () => {
    for (const [language, heading, labels] of [
      ["zh", "加入我们", ["社会招聘", "校园招聘", "实习生招聘", "工作地点", "所属部门"]],
      ["en", "Join us", ["Experienced hires", "Campus recruitment", "Internships", "Location", "Department"]],
    ] as const) {
      const response = await request(app).get(`/${language}/about/joinUs`);
      expect(response.status).toBe(200);
      expect(headingOf(response.text)).toBe(heading);
      const all = await jobs(language);
      expect(positionLinks(response.text).sort()).toEqual(
        all.list
          .slice(0, 10)
          .map((job) => job.id)
          .sort(),
      );
      const text = textOf(response.text);
      for (const label of labels) expect(text).toContain(label);
      expect(formTag(response.text, "get")).toContain(`action="/${language}/about/joinUs"`);
      expect(response.text).toContain(`href="/${language}/about/joinUs?page=2"`);
    }
  });

  it("filters by type (path), location and department (query) from the URL", async () => {
    const campus = await request(app).get("/en/about/joinUs/campus");
    expect(campus.status).toBe(200);
    expect(headingOf(campus.text)).toBe("Campus recruitment");
    expect(positionLinks(campus.text).sort()).toEqual((await jobs("en", { type: "campus" })).list.map((job) => job.id).sort());

    const shanghai = await jobs("zh", { location: "上海" });
    const filtered = await request(app).get(`/zh/about/joinUs?location=${encodeURIComponent("上海")}`);
    expect(filtered.status).toBe(200);
    expect(positionLinks(filtered.text).sort()).toEqual(shanghai.list.map((job) => job.id).sort());
    expect(filtered.text).toMatch(/<option value="上海" selected="">/);
    expect(linkHref(filtered.text, "canonical")).toBe(`${origin}/zh/about/joinUs?location=%E4%B8%8A%E6%B5%B7`);

    const department = shanghai.list[0]!.department;
    const both = await request(app).get(`/zh/about/joinUs/experienced?location=${encodeURIComponent("上海")}&department=${encodeURIComponent(department)}`);
    const expected = await jobs("zh", { type: "experienced", location: "上海", department });
    expect(positionLinks(both.text).sort()).toEqual(expected.list.map((job) => job.id).sort());

    const none = await request(app).get("/en/about/joinUs?location=Atlantis");
    expect(none.status).toBe(200);
    expect(positionLinks(none.text)).toEqual([]);
    expect(textOf(none.text)).toContain("No position matches these filters");
  });

  it("has a menu entry in Chinese only (SPEC §2), while the page works in both languages", async () => {
    const zh = await request(app).get("/zh/news");
    expect(zh.text).toContain('href="/zh/about/joinUs"');
    const en = await request(app).get("/en/news");
    expect(en.text).not.toContain('href="/en/about/joinUs"');
    expect(en.text).toContain('href="/en/about/contactUs"');
    expect((await request(app).get("/en/about/joinUs")).status).toBe(200);
  });

  it("answers 404 for an unknown type and a page past the end", async () => {
    for (const path of ["/en/about/joinUs/astronaut", "/zh/about/joinUs?page=9", "/en/about/joinUs/positionDetail"]) {
      expect((await request(app).get(path)).status, path).toBe(404);
    }
  });

  it("a position shows description, duties, requirements and a résumé mailto with the position in the subject", async () => {
    for (const language of ["zh", "en"] as const) {
      const job = (await jobs(language)).list[0]!;
      const { json } = await upstream.post("/front/queryRecruitmentById", { language, websiteCode: "qingyun", id: job.id });
      const detail = json.data;
      const response = await request(app).get(`/${language}/about/joinUs/positionDetail/${job.id}`);
      expect(response.status).toBe(200);
      expect(headingOf(response.text)).toBe(detail.title);
      const text = textOf(response.text);
      expect(text).toContain(detail.description);
      for (const line of [...detail.duties, ...detail.requirements]) expect(text).toContain(line);
      const mailto = /href="(mailto:[^"]+)"/.exec(response.text)?.[1] ?? "";
      expect(mailto.startsWith(`mailto:${detail.email}?subject=`)).toBe(true);
      const subject = decodeURIComponent(mailto.split("subject=")[1]!.replace(/&amp;/g, "&"));
      expect(subject).toContain(detail.title);
      expect(subject).toContain(String(job.id));
    }
  });

  it("a position carries JobPosting JSON-LD with the fields search engines require", async () => {
    const job = (await jobs("en")).list[0]!;
    const response = await request(app).get(`/en/about/joinUs/positionDetail/${job.id}`);
    const posting = jsonLdOf(response.text).find((block) => block["@type"] === "JobPosting") as Record<string, unknown>;
    expect(posting).toBeTruthy();
    expect(posting.title).toBe(job.title);
    expect(posting.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(["FULL_TIME", "INTERN"]).toContain(posting.employmentType);
    expect(posting.hiringOrganization).toMatchObject({ "@type": "Organization", name: "Qingyun Power Semiconductor Co., Ltd.", sameAs: `${origin}/` });
    expect(posting.jobLocation).toMatchObject({ "@type": "Place", address: { "@type": "PostalAddress", addressLocality: job.location, addressCountry: "CN" } });
    expect(posting.description).toContain("<ul><li>");
    // validThrough (the content's closing date, or none) is checked in jobs-closing.test.ts.
    const crumbs = jsonLdOf(response.text).find((block) => block["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] };
    expect(crumbs.itemListElement.map((item) => item.name)).toEqual(["Home", "About Us", "Join us", job.title]);
  });

  it("answers 404 for an unknown or malformed position id", async () => {
    for (const path of ["/en/about/joinUs/positionDetail/999999", "/zh/about/joinUs/positionDetail/x1"]) {
      expect((await request(app).get(path)).status, path).toBe(404);
    }
  });
});
