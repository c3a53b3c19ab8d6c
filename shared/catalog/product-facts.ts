// Facts of a product page derived from its data by pure rules, so the page, the compare table and the
// tests read them the same way: qualification badges, the package drawing and application-page links.
import type { ParamValue } from "../contract/products.ts";
import { applicationsPath, sectionPagePath } from "../paths.ts";

/** Qualifications a product can carry, each a yes/no column of its family's parameter table. */
export const qualifications = [
  { fieldId: "aecq101", label: "AEC-Q101" },
  { fieldId: "aecq100", label: "AEC-Q100" },
  { fieldId: "aqg324", label: "AQG 324" },
] as const;
export type Qualification = (typeof qualifications)[number]["label"];

/** "Yes" in either language (the yes/no columns are localised text). */
export function isYes(value: ParamValue | undefined): boolean {
  return typeof value === "string" && /^(yes|是)$/i.test(value.trim());
}

/** The qualifications a product truly carries: exactly those its data says yes to. */
export function qualificationsOf(params: Record<string, ParamValue>): Qualification[] {
  return qualifications.filter((q) => isYes(params[q.fieldId])).map((q) => q.label);
}

/** Package drawings that exist in public/media/products (pkg-<slug>.svg). */
export const packageDrawings = [
  "34mm",
  "62mm",
  "ed3",
  "hpd",
  "p2",
  "soic-16wb",
  "soic-8wb",
  "to-220-2",
  "to-247-2",
  "to-247-3",
  "to-247-4",
  "to-263-2",
  "to-263-7",
  "toll",
] as const;

/** The drawing of a package name ("TO-247-4", "SOIC-8 WB", "62 mm", "ED3-compatible", "P2 press-fit"), or null. */
export function packageDrawing(packageName: ParamValue | undefined): string | null {
  if (typeof packageName !== "string") return null;
  const slug = packageName
    .toLowerCase()
    .replace(/[-\s]*(compatible|press-fit|兼容|压接)$/u, "")
    .replace(/\s+(?=wb$)/, "")
    .replace(/\s+(?=mm$)/, "")
    .replace(/\s+/g, "-");
  return (packageDrawings as readonly string[]).includes(slug) ? `/media/products/pkg-${slug}.svg` : null;
}

/**
 * The application page a target application belongs to, by keywords in either language; null when none
 * fits. Order matters: on-board chargers are vehicles, not charging infrastructure.
 */
const applicationRules: Array<[slug: string, pattern: RegExp]> = [
  ["ev", /traction inverter|on-board charger|\bOBC\b|automotive|vehicle|compressor|fuel-cell|platforms?\b|主驱|车载|汽车|车辆|压缩机|燃料电池|平台/i],
  ["rail", /rail|轨道|铁路|地铁|机车/i],
  ["charging", /charg|充电/i],
  ["photovoltaic", /\bPV\b|photovoltaic|MPPT|solar|光伏/i],
  ["energy-storage", /storage|\bPCS\b|battery|储能|电池/i],
  ["data-center", /server|data-cent|telecom|\bUPS\b|uninterruptible|服务器|数据中心|通信|不间断/i],
  ["home-appliance", /air-condition|heat-pump|appliance|空调|热泵|家电/i],
  ["smart-grid", /solid-state transformer|\bSVG\b|grid|medium-voltage|wind|固态变压器|电网|中压|风电|无功/i],
  ["industrial", /motor|servo|frequency inverter|welding|induction|industrial|SMPS|LED|power suppl|电机|伺服|变频|焊|感应|工业|电源/i],
];

export function applicationPage(application: string): string | null {
  for (const [slug, pattern] of applicationRules) if (pattern.test(application)) return sectionPagePath(applicationsPath, slug);
  return null;
}
