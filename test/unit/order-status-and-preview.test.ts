// Order statuses and their moves, and preview tokens (Web Crypto HMAC).
import { describe, expect, it } from "vitest";
import {
  canMoveOrder,
  customerCanCancel,
  isOpenOrder,
  nextOrderStatus,
  orderMoveRequirements,
  orderStatusFilters,
  orderStatusKey,
  orderStatusKeys,
  orderStatuses,
} from "../../shared/samples/order-status.ts";
import { signPreviewToken, verifyPreviewToken } from "../../shared/http/preview-token.ts";

describe("order statuses", () => {
  it("has the SPEC §4 keys, unkown (sic) and the all filter", () => {
    expect([...orderStatusKeys]).toEqual(["pending", "inStock", "shipped", "rejected", "done", "signed", "cancelled", "unkown"]);
    expect([...orderStatusFilters]).toEqual(["all", ...orderStatuses]);
    expect(orderStatusKey("shipped")).toBe("shipped");
    expect(orderStatusKey("lost")).toBe("unkown");
  });

  it("advances pending → inStock → shipped → signed → done and stops there", () => {
    const path: string[] = ["pending"];
    let status = nextOrderStatus("pending");
    while (status) {
      path.push(status);
      status = nextOrderStatus(status);
    }
    expect(path).toEqual(["pending", "inStock", "shipped", "signed", "done"]);
    expect(nextOrderStatus("rejected")).toBeNull();
    expect(nextOrderStatus("cancelled")).toBeNull();
  });

  it("rejects only before shipping, and never jumps", () => {
    expect(canMoveOrder("pending", "rejected")).toBe(true);
    expect(canMoveOrder("inStock", "rejected")).toBe(true);
    expect(canMoveOrder("shipped", "rejected")).toBe(false);
    expect(canMoveOrder("done", "rejected")).toBe(false);
    expect(canMoveOrder("pending", "shipped")).toBe(false);
    expect(canMoveOrder("rejected", "pending")).toBe(false);
  });

  it("lets only the customer cancel, and only while pending; open orders are the ones still under way", () => {
    for (const status of orderStatuses) expect(canMoveOrder(status, "cancelled"), status).toBe(false);
    expect(orderStatuses.filter(customerCanCancel)).toEqual(["pending"]);
    expect(orderStatuses.filter(isOpenOrder)).toEqual(["pending", "inStock", "shipped", "signed"]);
  });

  it("shipping needs carrier and tracking number, rejecting needs a reason", () => {
    expect(orderMoveRequirements("shipped")).toEqual({ carrier: true, trackingNumber: true, note: false });
    expect(orderMoveRequirements("rejected")).toEqual({ carrier: false, trackingNumber: false, note: true });
    expect(orderMoveRequirements("inStock")).toEqual({ carrier: false, trackingNumber: false, note: false });
  });
});

describe("preview tokens", () => {
  const secret = "a-preview-secret-of-at-least-32-characters";
  const now = Date.UTC(2026, 10, 22, 2, 0, 0);

  it("verifies a token until it expires", async () => {
    const expiresAt = now + 3 * 60 * 60 * 1000;
    const token = await signPreviewToken(secret, expiresAt);
    expect(token).toMatch(/^p1\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(await verifyPreviewToken(secret, token, now)).toEqual({ expiresAt });
    expect(await verifyPreviewToken(secret, token, expiresAt - 1)).toEqual({ expiresAt });
    expect(await verifyPreviewToken(secret, token, expiresAt)).toBeNull();
  });

  it("refuses another secret, a changed expiry or signature, and garbage", async () => {
    const token = await signPreviewToken(secret, now + 60_000);
    expect(await verifyPreviewToken(`${secret}x`, token, now)).toBeNull();
    expect(
      await verifyPreviewToken(
        secret,
        token.replace(/^p1\.(\d+)/, (_, n) => `p1.${Number(n) + 1000}`),
        now,
      ),
    ).toBeNull();
    const signature = token.split(".")[2]!;
    const flipped = signature.slice(0, 10) + (signature[10] === "A" ? "B" : "A") + signature.slice(11);
    expect(await verifyPreviewToken(secret, token.replace(signature, flipped), now)).toBeNull();
    for (const bad of ["", "p1", "p1..", "p2.1.abc", 42, null, "p1.1.".padEnd(300, "a")]) {
      expect(await verifyPreviewToken(secret, bad, now)).toBeNull();
    }
    expect(await verifyPreviewToken("", token, now)).toBeNull();
  });

  it("matches an HMAC-SHA256 computed independently with node:crypto", async () => {
    const { createHmac } = await import("node:crypto");
    const expiresAt = now + 1000;
    const expected = createHmac("sha256", secret).update(`qingyun-preview:p1:${expiresAt}`).digest("base64url");
    expect(await signPreviewToken(secret, expiresAt)).toBe(`p1.${expiresAt}.${expected}`);
  });
});
