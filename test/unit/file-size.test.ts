// The one file-size format of the document lists and the product page's documents and models.
import { describe, expect, it } from "vitest";
import { formatFileSize } from "../../shared/text/file-size.ts";

describe("formatFileSize", () => {
  it("rounds to whole kilobytes below a megabyte, never shows 0, and keeps the unit on the number's line", () => {
    expect(formatFileSize(100, "en")).toBe("1\u00a0KB");
    expect(formatFileSize(4_300, "zh")).toBe("4\u00a0KB");
    expect(formatFileSize(1_048_575, "en")).toBe("1,024\u00a0KB");
  });
  it("shows megabytes with one decimal", () => {
    expect(formatFileSize(1_048_576, "en")).toBe("1\u00a0MB");
    expect(formatFileSize(2_621_440, "en")).toBe("2.5\u00a0MB");
  });
});
