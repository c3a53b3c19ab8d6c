// The carriers staff can pick when an order ships, with each carrier's own public tracking page (the URL
// forms their sites answer a waybill number with), so the visitor can follow the parcel from the order list.
import type { Language } from "../languages.ts";

interface Carrier {
  /** The name staff give and orders store. */
  name: string;
  zh: string;
  tracking: (number: string) => string;
}

const q = encodeURIComponent;

const carriers: readonly Carrier[] = [
  { name: "SF Express", zh: "顺丰速运", tracking: (n) => `https://www.sf-express.com/chn/sc/waybill/waybill-detail/${q(n)}` },
  { name: "JD Logistics", zh: "京东物流", tracking: (n) => `https://www.jdl.com/orderSearch/?waybillCodes=${q(n)}` },
  { name: "EMS", zh: "中国邮政 EMS", tracking: (n) => `https://www.ems.com.cn/queryList?mailNum=${q(n)}` },
  { name: "DHL", zh: "DHL", tracking: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${q(n)}` },
  { name: "FedEx", zh: "联邦快递 FedEx", tracking: (n) => `https://www.fedex.com/fedextrack/?trknbr=${q(n)}` },
  { name: "UPS", zh: "UPS", tracking: (n) => `https://www.ups.com/track?tracknum=${q(n)}` },
];

export const carrierNames = carriers.map((carrier) => carrier.name);

/** The carrier a name means (any case, spaces trimmed), or null. */
export function findCarrier(name: string): Carrier | null {
  const key = name.trim().toLowerCase();
  return carriers.find((carrier) => carrier.name.toLowerCase() === key) ?? null;
}

/** How a stored carrier shows: its name in the language; an older free-text one as stored. */
export function carrierLabel(name: string, language: Language): string {
  const carrier = findCarrier(name);
  return carrier ? (language === "zh" ? carrier.zh : carrier.name) : name;
}

/** The carrier's tracking page for the number, or null for a carrier outside the list. */
export function trackingUrl(name: string, number: string): string | null {
  return findCarrier(name)?.tracking(number.trim()) ?? null;
}
