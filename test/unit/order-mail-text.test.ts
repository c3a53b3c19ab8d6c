// The parts of an order e-mail: one line per part, its name only when it is not the part number again.
import { describe, expect, it } from "vitest";
import { composeOrderMail, partLine } from "../../server/upstream/samples/order-mail.ts";

const order = {
  orderNumber: "QY20261122-0001",
  applicantName: "Daniel Chen",
  applicantEmail: "daniel@example.com",
  status: "inStock" as const,
  carrier: null,
  trackingNumber: null,
  note: null,
  publicOrigin: "https://www.qingyun-power.com",
  items: [
    // Most catalog products are named by their part number.
    { partNumber: "QCM013120K4", name: "QCM013120K4", quantity: 3 },
    { partNumber: "QY120N040B", name: "1200 V SiC MOSFET", quantity: 1 },
  ],
};

describe("the parts of an order e-mail", () => {
  for (const language of ["zh", "en"] as const) {
    it(`names each part once (${language})`, () => {
      const { text } = composeOrderMail({ ...order, language });
      const lines = text.split("\n");
      expect(lines).toContain("  - QCM013120K4 × 3");
      expect(text.match(/QCM013120K4/g)).toHaveLength(1);
      expect(lines).toContain("  - QY120N040B × 1  1200 V SiC MOSFET");
    });
  }

  it("leaves out an empty name", () => {
    expect(partLine({ partNumber: "QCM013120K4", name: " ", quantity: 2 })).toBe("QCM013120K4 × 2");
  });
});
