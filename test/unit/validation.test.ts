// The shared field rules: mainland mobiles, e-mail addresses, names, free text and masking.
import { describe, expect, it } from "vitest";
import { fieldLimits, isValidEmail, isValidName, isValidText, normalizeEmail, normalizeMainlandMobile, verifyCodePattern } from "../../shared/forms/validation.ts";
import { maskEmail, maskPhone } from "../../shared/forms/masking.ts";

describe("normalizeMainlandMobile", () => {
  it.each([
    ["13800138000", "13800138000"],
    ["+86 138 0013 8000", "13800138000"],
    ["+8613800138000", "13800138000"],
    ["0086 13800138000", "13800138000"],
    ["0086-138-0013-8000", "13800138000"],
    ["86 13800138000", "13800138000"],
    ["8613800138000", "13800138000"],
    ["(+86) 199 1234 5678", "19912345678"],
    ["  15012345678  ", "15012345678"],
    ["１３８００１３８０００", "13800138000"],
    ["＋86 16612345678", "16612345678"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeMainlandMobile(input)).toBe(expected);
  });

  it.each([
    "12812345678", // second digit must be 3–9
    "10012345678",
    "1380013800", // 10 digits
    "138001380000", // 12 digits
    "+1 415 555 0100",
    "+85 13800138000",
    "008613800138000 1",
    "138-0013-800a",
    "",
    "+86",
    "1".repeat(100),
  ])("refuses %s", (input) => {
    expect(normalizeMainlandMobile(input)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(normalizeMainlandMobile(13800138000)).toBeNull();
    expect(normalizeMainlandMobile(null)).toBeNull();
    expect(normalizeMainlandMobile(undefined)).toBeNull();
  });
});

describe("isValidEmail and normalizeEmail", () => {
  it.each(["a@b.co", "zhang.san@qingyun-power.com", "li+samples@mail.example.cn", "o'neil@example.org", "x_y-z@sub.domain.example.com"])("accepts %s", (email) =>
    expect(isValidEmail(email)).toBe(true),
  );

  it.each([
    "",
    "plain",
    "@example.com",
    "a@",
    "a@b",
    "a@b.c",
    "a..b@example.com",
    ".a@example.com",
    "a.@example.com",
    "a b@example.com",
    "a@exa mple.com",
    "a@-example.com",
    "a@example-.com",
    "a@example.123",
    "张三@example.com",
    `${"a".repeat(65)}@example.com`,
    `a@${"b".repeat(250)}.com`,
    "<script>@example.com",
  ])("refuses %s", (email) => expect(isValidEmail(email)).toBe(false));

  it("normalises to trimmed lower case", () => {
    expect(normalizeEmail("  Zhang.San@QingYun-Power.COM ")).toBe("zhang.san@qingyun-power.com");
    expect(normalizeEmail("nope")).toBeNull();
    expect(normalizeEmail(42)).toBeNull();
  });
});

describe("names and free text", () => {
  it("accepts names in any script within the limit", () => {
    for (const name of ["张三", "欧阳娜娜", "Zhang San", "Anne-Marie O'Neil", "José Núñez", "A"]) expect(isValidName(name)).toBe(true);
  });

  it("refuses empty, too long, digits-only or markup names", () => {
    for (const name of ["", "   ", "12345", "a".repeat(fieldLimits.name + 1), "<b>Li</b>", "Li\u0000", "li@x"]) {
      expect(isValidName(name), name).toBe(false);
    }
    expect(isValidName("a".repeat(fieldLimits.name))).toBe(true);
  });

  it("free text must be non-empty after trimming, within the limit, newlines allowed", () => {
    expect(isValidText("Evaluating a 22 kW OBC.\nPrototype in Q3.", 500)).toBe(true);
    expect(isValidText("  ", 500)).toBe(false);
    expect(isValidText("x".repeat(501), 500)).toBe(false);
    expect(isValidText("bell\u0007", 500)).toBe(false);
    expect(isValidText(5, 500)).toBe(false);
  });

  it("a code is exactly 6 digits", () => {
    expect(verifyCodePattern.test("012345")).toBe(true);
    for (const code of ["12345", "1234567", "12a456", " 123456"]) expect(verifyCodePattern.test(code)).toBe(false);
  });
});

describe("masking (SPEC §2 signed-in dropdown)", () => {
  it("shows the first 3 and last 4 digits of a phone", () => {
    expect(maskPhone("13800135678")).toBe("138****5678");
    expect(maskPhone("13912345678")).toBe("139****5678");
  });

  it("keeps an e-mail's domain and the ends of its local part", () => {
    expect(maskEmail("zhang.san@example.com")).toBe("z***n@example.com");
    expect(maskEmail("ab@example.com")).toBe("a***@example.com");
    expect(maskEmail("a@example.com")).toBe("a***@example.com");
  });
});
