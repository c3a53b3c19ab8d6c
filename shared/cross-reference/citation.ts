// A comparison's cells as a reader sees them, on the page and in its CSV: where a competitor value comes from, in
// the reader's language (the document's own titles and symbols stay as printed, "Maximum Ratings", "V_GS(th)";
// our labels around them, page, "key parameters", "not stated there", are translated), the stated conditions and
// the units. Pure and small (the page's chunk carries it): the caller passes its translator.

/** Our labels as the content file writes them (English), longest first so a phrase wins over its parts. */
const labels: ReadonlyArray<readonly [string, string]> = (
  [
    ["the V_GS and I_D of the row are not legible in the stored copy", "rowConditionsIllegible"],
    ["V_GS not legible in the stored copy", "vgsIllegible"],
    ["R_DS(on) assumed for the rating", "rdsOnAssumed"],
    ["junction temperature not stated", "tjNotStated"],
    ["conditions not stated there", "conditionsNotStated"],
    ["T_C not stated there", "tcNotStated"],
    ["T_J not stated there", "tjNotStatedThere"],
    ["V_GS not stated there", "vgsNotStatedThere"],
    ["ROHM's full-mould package with no exposed tab", "fullMould"],
    ["Note 1 of the current rating", "note1OfCurrent"],
    ["Note 2 of the current rating", "note2OfCurrent"],
    ["max at the stated V_GS", "maxAtStatedVgs"],
    ["recommended operating range", "recommendedRange"],
    ["recommended drive voltage", "recommendedDrive"],
    ["package / pin diagram", "packagePinDiagram"],
    ["package drawing", "packageDrawing"],
    ["pin functions", "pinFunctions"],
    ["pin diagram", "pinDiagram"],
    ["pin list", "pinList"],
    ["key parameters", "keyParameters"],
    ["key table", "keyTable"],
    ["module description", "moduleDescription"],
    ["circuit code", "circuitCode"],
    ["title and", "titleAnd"],
    ["heading", "heading"],
    ["title", "title"],
    ["table at", "tableAt"],
    ["heat sink", "heatSink"],
    ["in the I_C nom condition", "inNominalCondition"],
    ["IGBT with freewheeling diode", "igbtWithDiode"],
    ["chip level", "chipLevel"],
    ["per leg", "perLeg"],
    ["per device", "perDevice"],
    ["terminal", "terminal"],
    ["insulation", "insulation"],
    ["package", "package"],
    ["Kelvin sense", "kelvinSense"],
    ["driver source", "driverSource"],
    ["source sense pin", "sourceSensePin"],
    ["tab drain", "tabDrain"],
    ["typical at", "typicalAt"],
    ["recommended", "recommended"],
    ["absolute", "absolute"],
    ["dynamic", "dynamic"],
    ["static", "static"],
    ["transient", "transient"],
    ["cathode", "cathode"],
    ["anode", "anode"],
    ["drain", "drain"],
    ["source", "source"],
    ["sense", "sense"],
    ["gate", "gate"],
    ["pins", "pins"],
    ["pin", "pin"],
    ["and", "and"],
    ["at", "at"],
  ] as const
)
  .slice()
  .sort((a, b) => b[0].length - a[0].length);

/** The label keys (under "cross-reference:citation.label."), for the locale test. */
export const citationLabelKeys: readonly string[] = labels.map(([, key]) => key);
/** The English of each label key: the content file's own words. */
export const citationLabelEnglish: Readonly<Record<string, string>> = Object.fromEntries(labels.map(([text, key]) => [key, text]));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
// Whole words only ("at" never inside "Ratings"), symbols with underscores left alone.
const pattern = new RegExp(`(?<![A-Za-z_])(${labels.map(([text]) => escapeRegExp(text)).join("|")})(?![A-Za-z_])|\\bp\\. (\\d+)`, "g");
const byText = new Map(labels.map(([text, key]) => [text, key]));

/**
 * The place in a document as the reader's language says it: "p. N" and our labels through `label` (key, values),
 * everything else (the document's own section titles, table names, quotes in double quotes, symbols and values)
 * as printed.
 */
export function localizeCitation(where: string, label: (key: string, values?: Record<string, string>) => string): string {
  // Text in double quotes is quoted from the document: left as printed.
  return where
    .split(/("[^"]*")/)
    .map((segment) => (segment.startsWith('"') ? segment : localizeSegment(segment, label)))
    .join("");
}

function localizeSegment(where: string, label: (key: string, values?: Record<string, string>) => string): string {
  return where.replace(pattern, (match: string, text: string | undefined, page: string | undefined, offset: number) => {
    if (page !== undefined) return label("page", { page });
    // "and" between two words of a printed title ("Thermal and Mechanical Characteristics") is the document's.
    if (text === "and" && /[A-Z][a-z]+ $/.test(where.slice(0, offset)) && /^and [A-Z][a-z]/.test(where.slice(offset))) return match;
    return label(`label.${byText.get(text!)!}`);
  });
}

/** The stated conditions of a value, in symbols both languages read ("T_C = 25 °C, V_GS = 18 V"). */
export function conditionText(conditions: { tc?: number; tj?: number; vgs?: number; i?: number; vr?: number }): string {
  const parts: string[] = [];
  if (conditions.tc !== undefined) parts.push(`T_C = ${conditions.tc} °C`);
  if (conditions.tj !== undefined) parts.push(`T_j = ${conditions.tj} °C`);
  if (conditions.vgs !== undefined) parts.push(`V_GS = ${conditions.vgs} V`);
  if (conditions.i !== undefined) parts.push(`I = ${conditions.i} A`);
  if (conditions.vr !== undefined) parts.push(`V_R = ${conditions.vr} V`);
  return parts.join(", ");
}

/** The unit of each compared parameter (by the comparison's parameter keys). */
const paramUnits: Readonly<Partial<Record<string, string>>> = {
  voltage: "V",
  current: "A",
  tjMax: "°C",
  tjOp: "°C",
  rdsOn: "mΩ",
  vf: "V",
  vceSat: "V",
  qg: "nC",
  eSw: "µJ",
  rth: "K/W",
  qc: "nC",
  ifsm: "A",
  visol: "V",
  vgsTh: "V",
  rdsOnAtDrive: "mΩ",
  gateDrive: "V",
};

/** A compared value with its parameter's unit ("66 A", "-4 / +15 V"); a parameter without a unit as it is. */
export function withParamUnit(param: string, value: number | string): string {
  const unit = paramUnits[param];
  return unit ? `${value} ${unit}` : String(value);
}
