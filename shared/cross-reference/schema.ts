// Competitor parts for the cross-reference search: one zod schema for the content file
// (server/upstream/content/cross-reference/competitor-parts.json) in which every value names its source.
import { z } from "zod";

export const manufacturers = ["wolfspeed", "infineon", "onsemi", "st", "rohm", "microchip", "littelfuse", "genesic", "mitsubishi", "fuji", "semikron", "semiq"] as const;

export const deviceTypes = ["sic-mosfet", "sic-diode", "sic-module", "igbt-module"] as const;
export type DeviceType = (typeof deviceTypes)[number];

export const topologies = ["single", "dual-common-cathode", "half-bridge", "chopper", "full-bridge", "three-level-npc", "six-pack"] as const;
export type Topology = (typeof topologies)[number];

/** Pin roles in pin order: drain, source, Kelvin (driver) source, gate, anode, cathode, not connected. */
const pinRoles = ["D", "S", "KS", "G", "A", "K", "NC"] as const;

/** Where a value comes from: a document of the part (by id) and, when known, the page and table. */
export const sourceRef = z.strictObject({ doc: z.string().min(1), where: z.string().min(1).optional() });
export type SourceRef = z.infer<typeof sourceRef>;

/**
 * A manufacturer's document. Revision and date as printed; when the stored copy does not show them they are
 * null and `note` says so (never guessed).
 */
const sourceDocument = z
  .strictObject({
    id: z.string().min(1),
    title: z.string().min(1),
    revision: z.string().min(1).nullable(),
    /** "YYYY", "YYYY-MM" or "YYYY-MM-DD" as printed. */
    date: z
      .string()
      .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/)
      .nullable(),
    url: z.url(),
    note: z.string().min(1).optional(),
  })
  .refine((d) => (d.revision !== null && d.date !== null) || d.note !== undefined, {
    message: "a document without revision or date needs a note saying why",
  });

const celsius = z.number().min(-55).max(250);
const quantity = z.strictObject({ value: z.number(), source: sourceRef });

/** A continuous current rating at a case temperature; null when the source does not state it (e.g. a module's nominal rating at a heat-sink temperature). */
const currentRating = z.strictObject({
  value: z.number().positive(),
  tc: celsius.nullable(),
  /** Gate voltage of the rating, where stated. */
  vgs: z.number().optional(),
  /** The module's nominal current (I_C,nom / I_D,nom) rather than a derated continuous current. */
  nominal: z.literal(true).optional(),
  source: sourceRef,
});

/** An on-state value: R_DS(on) in mΩ, V_F or V_CE(sat) in V, typical and/or maximum at stated conditions. */
const onStateValue = z
  .strictObject({
    kind: z.enum(["rdsOn", "vf", "vceSat"]),
    typ: z.number().positive().optional(),
    max: z.number().positive().optional(),
    /** Junction temperature of the value (°C); null when the source does not state it. */
    tj: celsius.nullable(),
    /** Gate voltage V_GS / V_GE (V), where stated. */
    vgs: z.number().optional(),
    /** Current of the value (A), where stated. */
    i: z.number().positive().optional(),
    /** V_CE(sat) measured at the chip or at the terminals. */
    level: z.enum(["chip", "terminal", "chip-or-terminal-not-stated"]).optional(),
    source: sourceRef,
  })
  .refine((v) => v.typ !== undefined || v.max !== undefined, { message: "an on-state value needs typ or max" });
type OnStateValue = z.infer<typeof onStateValue>;

/** Gate-drive range (V): absolute limits and the recommended off/on levels, each where stated. */
const gateDrive = z.strictObject({
  absMin: z.number().optional(),
  absMax: z.number().optional(),
  opOff: z.number().optional(),
  opOn: z.number().optional(),
  source: sourceRef,
});

/**
 * One printed switching-energy pair (µJ) and its double-pulse condition: DC-link voltage `v` (V), drain current
 * `i` (A), external gate resistance `rg` (Ω), junction temperature `tj` (°C), the gate's off and on levels (V)
 * and the freewheeling device (the part's own body diode or a SiC Schottky diode: E_on carries its recovery).
 */
const switchingPoint = z.strictObject({
  eOn: z.number().positive(),
  eOff: z.number().positive(),
  v: z.number().positive(),
  i: z.number().positive(),
  rg: z.number().min(0),
  tj: celsius,
  vgsOff: z.number(),
  vgsOn: z.number().positive(),
  freewheel: z.enum(["body-diode", "sic-diode"]),
  source: sourceRef,
});
export type SwitchingPoint = z.infer<typeof switchingPoint>;

const packageInfo = z.strictObject({
  /** The outline as our catalog names it (e.g. "TO-247-4", "62 mm"), or the competitor's name when we have none. */
  name: z.string().min(1),
  /** The name printed in the datasheet. */
  datasheetName: z.string().min(1),
  /** Pin roles in pin order, when the datasheet states them. */
  pins: z.array(z.enum(pinRoles)).min(2).optional(),
  /** An insulated (full-mould) package, where the datasheet says so: its tab or base carries no potential. */
  insulated: z.boolean().optional(),
  source: sourceRef,
});
type PackageInfo = z.infer<typeof packageInfo>;

const base = {
  manufacturer: z.enum(manufacturers),
  partNumber: z.string().regex(/^[A-Z0-9][A-Z0-9_-]{2,40}$/),
  deviceType: z.enum(deviceTypes),
  documents: z.array(sourceDocument).min(1),
  ratings: z.strictObject({
    /** V_DS / V_RRM / V_CES (V). */
    v: quantity,
    currents: z.array(currentRating).min(1),
    tjMax: quantity.optional(),
    /** Maximum operating (switching) junction temperature, where the source separates it from T_j,max. */
    tjOp: quantity.optional(),
  }),
  onState: z.array(onStateValue),
  topology: z.strictObject({ value: z.enum(topologies), source: sourceRef }).optional(),
  gateDrive: gateDrive.optional(),
  /** Total gate charge (nC). */
  qg: quantity.optional(),
  /** Output capacitance C_oss (pF) at the drain-source voltage `vds` (V) the datasheet prints with it. */
  coss: z.strictObject({ value: z.number().positive(), vds: z.number().positive(), source: sourceRef }).optional(),
  /**
   * Switching energies the datasheet prints in its table, each with the whole double-pulse condition it was
   * measured at (a value without its condition is not stored): the loss data a competitor's estimate needs.
   */
  switching: z.array(switchingPoint).min(1).optional(),
  /** Gate threshold voltage (V), typical, at the junction temperature printed with it (null where none is). */
  vgsTh: z.strictObject({ typ: z.number().positive(), tj: celsius.nullable(), source: sourceRef }).optional(),
  /** Junction-to-case thermal resistance (K/W), typical or maximum. */
  rth: z.strictObject({ value: z.number().positive(), bound: z.enum(["typ", "max"]), source: sourceRef }).optional(),
  /** Total capacitive charge (nC) at the reverse voltage `vr` (V) where stated. */
  qc: z.strictObject({ value: z.number().positive(), vr: z.number().positive().optional(), source: sourceRef }).optional(),
  /** Non-repetitive surge current (A). */
  ifsm: z.strictObject({ value: z.number().positive(), tc: celsius, tp: z.string(), source: sourceRef }).optional(),
  /** Isolation voltage, rms 1 min (V). */
  visol: quantity.optional(),
  aecQ101: z.strictObject({ value: z.boolean(), source: sourceRef }).optional(),
  lifecycle: z.strictObject({ value: z.enum(["active", "nrnd", "obsolete"]), source: sourceRef }).optional(),
};

/** A part of the content file: package and on-state values are required (a part without them is left out). */
export const competitorPart = z
  .strictObject({ ...base, package: packageInfo, onState: z.array(onStateValue).min(1) })
  .refine((p) => allSources(p).every((s) => p.documents.some((d) => d.id === s.doc)), {
    message: "every source must name one of the part's documents",
  });
export type CompetitorPart = z.infer<typeof competitorPart>;

/** A part known only from its number: the values a published nomenclature rule encodes. */
export type DecodedPart = Omit<CompetitorPart, "package" | "onState"> & {
  package?: PackageInfo;
  onState: OnStateValue[];
  decoded: true;
};
export type AnyCompetitorPart = CompetitorPart | DecodedPart;

/** A decoded part as the cross-reference call answers it (the response schema of DecodedPart). */
export const decodedPart = z.strictObject({ ...base, package: packageInfo.optional(), decoded: z.literal(true) });

const competitorParts = z.array(competitorPart).superRefine((parts, ctx) => {
  const seen = new Set<string>();
  for (const part of parts) {
    if (seen.has(part.partNumber)) ctx.addIssue({ code: "custom", message: `duplicate ${part.partNumber}` });
    seen.add(part.partNumber);
  }
});

/** Every source reference a part holds, found by walking it (so a value added later cannot escape the check). */
export function allSources(value: unknown): SourceRef[] {
  if (Array.isArray(value)) return value.flatMap(allSources);
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const own = record.source && typeof record.source === "object" ? [record.source as SourceRef] : [];
    return [
      ...own,
      ...Object.entries(record)
        .filter(([key]) => key !== "source")
        .flatMap(([, item]) => allSources(item)),
    ];
  }
  return [];
}

/** Where one of our own values comes from: a file of our catalog content and the place in it. */
const catalogRef = z.strictObject({ file: z.string().min(1), where: z.string().min(1) });

/**
 * Our side of the comparison that the catalog's parameter tables do not hold: the recommended gate drive of a
 * family (and the absolute limits where a product's text states them) and the pins our package texts name.
 */
const qingyunReference = z.strictObject({
  gateDrive: z
    .array(
      z.strictObject({
        deviceType: z.enum(deviceTypes),
        opOn: z.number(),
        opOff: z.number(),
        absMin: z.number().optional(),
        absMax: z.number().optional(),
        /** Limits stated only for these parts; absent = the recommended levels hold for the whole device type. */
        partNumbers: z.array(z.string()).optional(),
        source: catalogRef,
      }),
    )
    .min(1),
  /** Pins our texts state, by package: pin number → role; `insulated` where the package's tab or base is isolated. */
  pinouts: z.array(
    z.strictObject({
      package: z.string().min(1),
      pins: z.record(z.string().regex(/^\d+$/), z.enum(pinRoles)),
      insulated: z.boolean().optional(),
      source: catalogRef,
    }),
  ),
  /**
   * Our typical R_DS(on) (mΩ) of each MOSFET at the gate voltages (V) and junction temperatures (°C) competitors
   * state theirs at: r[i][j] at vgs[i] and tj[j]. The values at +18 V equal the part's table and loss data.
   */
  rdsOn: z
    .array(
      z
        .strictObject({
          partNumber: z.string().min(1),
          vgs: z.array(z.number()).min(1),
          tj: z.array(celsius).min(1),
          r: z.array(z.array(z.number().positive())),
          source: catalogRef,
        })
        .refine((t) => t.r.length === t.vgs.length && t.r.every((row) => row.length === t.tj.length), { message: "r must be vgs × tj" }),
    )
    .optional(),
});
export type QingyunReference = z.infer<typeof qingyunReference>;

/** A manufacturer's published part-number scheme, cited; the rule itself is implemented in decode.ts under `id`. */
const nomenclatureSource = z.strictObject({
  id: z.string().min(1),
  manufacturer: z.enum(manufacturers),
  document: sourceDocument,
  where: z.string().min(1),
});
export type NomenclatureSource = z.infer<typeof nomenclatureSource>;

export const crossReferenceContent = z.strictObject({
  qingyun: qingyunReference,
  nomenclature: z.array(nomenclatureSource),
  parts: competitorParts,
});
export type CrossReferenceContent = z.infer<typeof crossReferenceContent>;
