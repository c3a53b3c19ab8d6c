// What the sample tests in the browser share: the SMS code the console sender printed to the server log,
// and products that can be sampled, read from the product tree the site serves.
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import type { BrowserContext } from "playwright-core";

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

export interface SampleableProduct {
  id: number;
  parentId: number | null;
  status: string;
  partNumber: string | null;
}

/** Products that can be sampled (a product, itself and every ancestor on), in tree order. */
export async function sampleableProducts(context: BrowserContext, language: "zh" | "en"): Promise<SampleableProduct[]> {
  const response = await context.request.post(`${inject("origin")}/api/open/proxy/qingyun/basic/siteList/querySiteList`, {
    data: { type: 1, language, websiteCode: "qingyun" },
  });
  const tree = (await response.json()).data as SampleableProduct[];
  const byId = new Map(tree.map((node) => [node.id, node]));
  const visible = (node: SampleableProduct | undefined): boolean =>
    !!node && node.status === "on" && (node.parentId === null || visible(byId.get(node.parentId)));
  return tree.filter((node) => node.partNumber && visible(node));
}
