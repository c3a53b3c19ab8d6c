import { describe, expect, it } from "vitest";
import { escapeHtml, serializeForScript } from "../../shared/text/html.ts";

describe("serializeForScript", () => {
  it("cannot close a script tag or break a line in old parsers, and round-trips", () => {
    const value = { text: "</script><script>alert(1)</script> <!-- \u2028 \u2029 & >" };
    const out = serializeForScript(value);
    expect(out).not.toMatch(/<|>|\u2028|\u2029|&/);
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe("escapeHtml", () => {
  it("escapes markup characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;");
  });
});

import { sanitizeMarkedHtml } from "../../shared/text/html.ts";

describe("sanitizeMarkedHtml", () => {
  it("keeps <mark> and escapes every other tag", () => {
    expect(sanitizeMarkedHtml("a <mark>SiC</mark> b")).toBe("a <mark>SiC</mark> b");
    expect(sanitizeMarkedHtml('<img src=x onerror="alert(1)"><mark onclick=x>y</mark>')).toBe('&lt;img src=x onerror="alert(1)">&lt;mark onclick=x>y</mark>');
  });
});
