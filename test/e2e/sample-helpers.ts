// What the sample and sign-in tests in the browser share: the SMS code the console sender printed to the server log,
// the e-mailed code the test mailbox received,
// products that can be sampled, read from the product tree the site serves, and axe on a page.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inject } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { nrndParts, sampleRefusedParts } from "../upstream/sample-fixtures.ts";
import { fromMailTo } from "./mailbox.ts";

/** The code the console SMS sender printed for this number (SPEC §1: sign-in is by mobile number and SMS code). */
export async function waitForSmsCode(phone: string, timeoutMs = 15_000): Promise<string> {
  const pattern = new RegExp(`SMS to ${phone}: (\\d{6})`, "g");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const codes = [...readFileSync(inject("serverLog"), "utf8").matchAll(pattern)].map((match) => match[1]!);
    if (codes.length) return codes.at(-1)!;
    if (Date.now() > deadline) throw new Error(`No SMS code for ${phone} in the server log`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The latest sign-in code e-mailed to this address, from the mailbox the test SMTP sink writes (global-setup.ts). */
export function waitForMailedCode(address: string): Promise<string> {
  return fromMailTo(
    address,
    (mail) =>
      /\b(\d{6})\b/.exec(
        mail
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join("\n"),
      )?.[1],
    "newest",
  );
}

export interface SampleableProduct {
  id: number;
  parentId: number | null;
  status: string;
  partNumber: string | null;
}

/** Products that can be sampled in one step (a product, itself and every ancestor on; its lifecycle neither refuses
 * samples nor asks for a confirmation), in tree order. */
export async function sampleableProducts(context: BrowserContext, language: "zh" | "en"): Promise<SampleableProduct[]> {
  const response = await context.request.post(`${inject("origin")}/api/open/proxy/qingyun/basic/siteList/querySiteList`, {
    data: { type: 1, language, websiteCode: "qingyun" },
  });
  const tree = (await response.json()).data as SampleableProduct[];
  const byId = new Map(tree.map((node) => [node.id, node]));
  const visible = (node: SampleableProduct | undefined): boolean => !!node && node.status === "on" && (node.parentId === null || visible(byId.get(node.parentId)));
  // Parts a visitor adds in one step: not those whose lifecycle refuses samples or asks for a confirmation first.
  const notPlain = new Set([...sampleRefusedParts().keys(), ...nrndParts().keys()]);
  return tree.filter((node) => node.partNumber && visible(node) && !notPlain.has(node.partNumber));
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's WCAG 2.1 A/AA rules on the page as it is now; every violation named in the failure. */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } })).violations;
  })) as Array<{ id: string; help: string; nodes: { target: string[] }[] }>;
  return violations.map((v) => `${label} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
