// Autofill tokens the HTML standard allows where they stand (the Nu checker reads the same rules): a one-line
// input never asks for a multiline field ("street-address"), an <input type=tel> only for "tel" (the standard
// gives the tel-* parts to text controls alone: whatwg/html#9086), an e-mail input only for an e-mail or a
// user name. Every form with personal fields is read: sign-in, sample list, account (applicant and address).
import request from "supertest";
import type express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "../../shared/cookies.ts";
import { createTestApp } from "../helpers/site.ts";
import { freshPhone, startAccountUpstream, type AccountUpstream } from "../upstream/account-helpers.ts";
import { SAMPLE, loadSampleFixtures, type SampleFixtures } from "../upstream/sample-fixtures.ts";

// The autofill field names of the standard (§4.10.18.7.1), by control group.
const multiline = new Set(["street-address"]);
const text = new Set([
  "name",
  "honorific-prefix",
  "given-name",
  "additional-name",
  "family-name",
  "honorific-suffix",
  "nickname",
  "organization-title",
  "organization",
  "address-line1",
  "address-line2",
  "address-line3",
  "address-level4",
  "address-level3",
  "address-level2",
  "address-level1",
  "country",
  "country-name",
  "postal-code",
  "cc-name",
  "cc-given-name",
  "cc-additional-name",
  "cc-family-name",
  "cc-number",
  "cc-exp",
  "cc-exp-month",
  "cc-exp-year",
  "cc-csc",
  "cc-type",
  "transaction-currency",
  "transaction-amount",
  "language",
  "bday",
  "bday-day",
  "bday-month",
  "bday-year",
  "sex",
  "url",
  "photo",
  "tel-country-code",
  "tel-national",
  "tel-area-code",
  "tel-local",
  "tel-local-prefix",
  "tel-local-suffix",
  "tel-extension",
  "impp",
  "one-time-code",
  "new-password",
  "current-password",
  "username",
  "email",
  "tel",
]);
/** The field names an <input> of a type may ask for (beyond on/off). */
function allowed(type: string, field: string): boolean {
  if (type === "hidden") return text.has(field) || multiline.has(field);
  if (type === "tel") return field === "tel";
  if (type === "email") return field === "email" || field === "username";
  if (type === "password") return field === "new-password" || field === "current-password";
  if (type === "url") return field === "url" || field === "photo" || field === "impp";
  return text.has(field);
}

// React writes some names in camel case (autoComplete): HTML's attribute names are case-insensitive.
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];

/** Every <input> and <select>/<textarea> with an autocomplete the standard does not allow there. */
function wrongTokens(html: string): string[] {
  return [...html.matchAll(/<(input|select|textarea)\b[^>]*>/g)].flatMap(([tag, element]) => {
    const tokens = attribute(tag, "autocomplete")?.trim().toLowerCase().split(/\s+/);
    if (!tokens || tokens[0] === "on" || tokens[0] === "off") return [];
    const field = tokens.at(-1)!;
    const known = text.has(field) || multiline.has(field);
    const fits = element === "input" ? allowed(attribute(tag, "type") ?? "text", field) : known;
    const prefixes = tokens.slice(0, -1).every((token) => /^(section-\S+|shipping|billing|home|work|mobile|fax|pager)$/.test(token));
    return known && fits && prefixes ? [] : [tag];
  });
}

let u: AccountUpstream;
let f: SampleFixtures;
let app: express.Express;
beforeAll(async () => {
  u = await startAccountUpstream({ dataDir: ":memory:" });
  f = await loadSampleFixtures(u);
  app = await createTestApp({ UPSTREAM_URL: u.url });
});
afterAll(() => u.cleanup());

describe("autofill tokens", () => {
  it("the rule finds what the Nu checker refused", () => {
    expect(wrongTokens('<input type="tel" autocomplete="tel-national">')).toHaveLength(1);
    expect(wrongTokens('<input name="street" autocomplete="shipping street-address">')).toHaveLength(1);
    expect(wrongTokens('<input type="tel" autocomplete="shipping tel"><textarea autocomplete="street-address"></textarea>')).toEqual([]);
  });

  it("are allowed where they stand on every form with personal fields, in both languages", async () => {
    const user = await u.signIn(freshPhone());
    await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[0]!.id }, { cookie: user.session });
    const cookie = `${sessionCookie}=${user.session}`;
    const pages = ["/zh/login", "/en/login", "/zh/user/sampleList", "/en/user/sampleList", "/zh/user/account", "/en/user/account"];
    for (const path of pages) {
      const page = await request(app)
        .get(path)
        .set("Cookie", path.includes("/user/") ? cookie : "");
      expect(page.status, path).toBe(200);
      expect(page.text, path).toMatch(/autocomplete="/i);
      expect(wrongTokens(page.text), path).toEqual([]);
    }
    const account = await request(app).get("/en/user/account").set("Cookie", cookie);
    // The address form's fields are among those read.
    expect(account.text).toMatch(/autocomplete="shipping address-line1"/i);
  });
});
