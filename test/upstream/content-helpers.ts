// Helpers of the content call tests: request bodies with the common fields, envelope assertions, and a
// structural PDF check that needs no external tool.
import { expect } from "vitest";
import { callPath, errorEnvelope, responseSchema, type CallDefinition, type ErrorCode } from "../../shared/contract/index.ts";
import type { Language } from "../../shared/languages.ts";
import type { Answer, TestUpstream } from "./helpers.ts";

export const provider = "qingyun";

/** A request body as the page client sends it: the common fields plus the call's own. */
export function body(language: Language, fields: Record<string, unknown> = {}) {
  return { language, sitePageDataType: 1, websiteCode: "qingyun", ...fields };
}

/** POSTs a call and returns the parsed success data (failing the test unless the answer is a valid success). */
export async function callOk<C extends CallDefinition>(
  upstream: TestUpstream,
  call: C,
  language: Language,
  fields: Record<string, unknown> = {},
  headers?: Record<string, string>,
) {
  const response = await upstream.post(callPath(call, provider), body(language, fields), headers);
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  const parsed = responseSchema(call).parse(response.json);
  expect(parsed.success).toBe(true);
  return { data: parsed.data as Answer["json"], headers: response.headers };
}

/** POSTs a call and checks the error envelope, status and code. */
export async function callFails(upstream: TestUpstream, call: CallDefinition, status: number, code: ErrorCode, raw: unknown) {
  const response = await upstream.post(callPath(call, provider), raw);
  expect(response.status, JSON.stringify(response.json)).toBe(status);
  const parsed = errorEnvelope.parse(response.json);
  expect(parsed.code).toBe(code);
  expect(parsed.message.length).toBeGreaterThan(0);
  return parsed;
}

/**
 * Walks a PDF's cross-reference table from startxref and checks that every in-use entry points at
 * "N 0 obj" and every stream's /Length ends exactly at "endstream". Returns the object count.
 */
export function checkPdfStructure(bytes: Buffer): number {
  const text = bytes.toString("latin1");
  expect(text.startsWith("%PDF-1.")).toBe(true);
  expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  expect(startxref).not.toBeNull();
  const xrefAt = Number(startxref![1]);
  expect(text.slice(xrefAt, xrefAt + 4)).toBe("xref");
  const header = /^xref\r?\n(\d+) (\d+)\r?\n/.exec(text.slice(xrefAt))!;
  expect(Number(header[1])).toBe(0);
  const size = Number(header[2]);
  let at = xrefAt + header[0].length;
  for (let id = 0; id < size; id++, at += 20) {
    const entry = text.slice(at, at + 20);
    expect(entry).toMatch(/^\d{10} \d{5} [nf] ?\r?\n?$/);
    if (entry[17] !== "n") continue;
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
  }
  expect(text.slice(at, at + 7)).toBe("trailer");
  expect(text.slice(at)).toContain(`/Size ${size}`);
  expect(text.slice(at)).toMatch(/\/Root \d+ 0 R/);
  for (const match of text.matchAll(/\/Length (\d+) >>\nstream\n/g)) {
    const start = match.index + match[0].length;
    expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe("\nendstream");
  }
  return size - 1;
}
