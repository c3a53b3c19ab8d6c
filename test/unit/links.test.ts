import { describe, expect, it } from "vitest";
import { isExternal, mediaType, normalizeLink } from "../../shared/site/links.ts";

describe("mediaType", () => {
  it.each([
    ["/media/a.mp4", "video"],
    ["/media/a.M4V?x=1", "video"],
    ["/media/a.png", "image"],
    ["/media/a.jpeg", "image"],
    ["/media/a.svg#top", "image"],
    ["/media/a.pdf", "unknown"],
    ["", "unknown"],
  ])("%s is %s", (url, type) => expect(mediaType(url)).toBe(type));
});

describe("normalizeLink", () => {
  it("keeps site paths, prefixes bare hosts with // and drops unsafe schemes", () => {
    expect(normalizeLink("/about/us")).toBe("/about/us");
    expect(normalizeLink("www.example.com/x")).toBe("//www.example.com/x");
    expect(normalizeLink("https://example.com")).toBe("https://example.com");
    expect(normalizeLink("javascript:alert(1)")).toBe("");
    expect(normalizeLink("  ")).toBe("");
    expect(isExternal("//x.example")).toBe(true);
    expect(isExternal("/x")).toBe(false);
  });
});
