// The per-parameter table of one competitor part against one of our products: each row holds their value and
// ours at the same stated conditions, or says why they cannot be compared. Labels and notes are keys of the
// "cross-reference" locale namespace, so the page can show them in either language.
import {
  deviceTypeOf,
  ourAec,
  ourCurrents,
  ourForwardVoltage,
  ourNumber,
  ourPackage,
  ourRdsOnAt,
  ourTjMax,
  ourTjOp,
  ourTopology,
  ourVoltage,
  type OurProduct,
} from "./our-product.ts";
import type { AnyCompetitorPart, QingyunReference, SourceRef } from "./schema.ts";
import { ourSwitchingEnergyAt } from "./switching.ts";

export const rowStatuses = ["better", "pass", "worse", "fail", "not-comparable"] as const;
export type RowStatus = (typeof rowStatuses)[number];

export const paramKeys = [
  "voltage",
  "current",
  "tjMax",
  "tjOp",
  "rdsOn",
  "vf",
  "vceSat",
  "topology",
  "package",
  "pinout",
  "gateDrive",
  "vgsTh",
  "rdsOnAtDrive",
  "aecQ101",
  "qg",
  "eSw",
  "rth",
  "qc",
  "ifsm",
  "visol",
] as const;
export type ParamKey = (typeof paramKeys)[number];

/** The conditions a value holds at (only those stated). */
interface Conditions {
  tc?: number;
  tj?: number;
  vgs?: number;
  i?: number;
  vr?: number;
}

type CellValue = number | string | boolean | null;

export const noteKeys = [
  "currentBoundMet",
  "currentBoundShort",
  "currentBelowAt25",
  "currentNotStated",
  "differentTc",
  "differentVgs",
  "differentVr",
  "gateAboveLimit",
  "gateBelowLimit",
  "gateChange",
  "gateNotStated",
  "ifsmConditions",
  "insulatedToLiveTab",
  "negativeOff",
  "ourRdsOnAtTheirDrive",
  "zeroOffLowThreshold",
  "zeroOffThresholdNotStated",
  "noNominal",
  "noOursAtTj",
  "nominalCurrent",
  "notInOurTable",
  "otherPackage",
  "packageNotDecoded",
  "pinMismatch",
  "pinoutNotStated",
  "pinsCompared",
  "switchingAtTheirConditions",
  "switchingOutsideOurData",
  "switchingSicDiodeFreewheel",
  "tcNotStated",
  "testConditionsDiffer",
  "theirMaxOnly",
  "tjNotStated",
  "vgsNotStated",
  "level.chip",
  "level.terminal",
  "level.chip-or-terminal-not-stated",
] as const;
type NoteKey = (typeof noteKeys)[number];

/** A note on a row: a key under "cross-reference:note." with its interpolation values. */
interface Note {
  key: NoteKey;
  values?: Record<string, string | number>;
}

export interface ComparisonRow {
  param: ParamKey;
  /** Whether the row decides the tier (ratings, on-state, package, gate drive) or only informs. */
  decisive: boolean;
  theirs: { value: CellValue; conditions: Conditions; source: SourceRef | null; decoded?: true };
  ours: { value: CellValue; conditions: Conditions; basis: "catalog" | "loss-model" | "reference" };
  status: RowStatus;
  note?: Note;
}

/** Margins: how far short a value may be and still be "needs review" rather than a rejection. */
export const MARGINS = {
  /** Relative shortfall of a current rating. */
  current: 0.1,
  /** Relative excess of an on-state value (R_DS(on), V_F, V_CE(sat)). */
  onState: 0.1,
  /** Junction temperature shortfall (K). */
  tj: 10,
  /**
   * Two values within this relative difference are equal ("pass"); at an R_DS(on) equal or lower by this measure, a
   * current rating short within `current` is a rating convention (package, R_th), not a weaker part.
   */
  equal: 0.01,
  /** Gate voltages this close (V) are the same drive. */
  gateVolts: 1,
} as const;

/** Grades ours against theirs: higher is better for ratings, lower for on-state values and charges. */
export function grade(ours: number, theirs: number, higherIsBetter: boolean, margin: number): RowStatus {
  const gain = (higherIsBetter ? ours - theirs : theirs - ours) / Math.abs(theirs);
  if (Math.abs(gain) <= MARGINS.equal) return "pass";
  if (gain > 0) return "better";
  return -gain <= margin ? "worse" : "fail";
}

function row(param: ParamKey, decisive: boolean, theirs: ComparisonRow["theirs"], ours: ComparisonRow["ours"], status: RowStatus, note?: Note): ComparisonRow {
  return note ? { param, decisive, theirs, ours, status, note } : { param, decisive, theirs, ours, status };
}

const isDecoded = (part: AnyCompetitorPart) => "decoded" in part;
function theirCell(part: AnyCompetitorPart, value: CellValue, conditions: Conditions, source: SourceRef | null) {
  return isDecoded(part) ? { value, conditions, source, decoded: true as const } : { value, conditions, source };
}

/**
 * A current rating compared at the same case temperature. Where the temperatures differ, the rating falls with
 * T_C, so ours rated at a higher T_C with at least their current meets theirs, and ours rated at a lower T_C
 * with less current falls short by at least the difference; anything else cannot be compared.
 */
function currentRows(part: AnyCompetitorPart, product: OurProduct): ComparisonRow[] {
  const ours = ourCurrents(product);
  return part.ratings.currents.map((theirs) => {
    const cell = theirCell(part, theirs.value, theirs.tc === null ? {} : { tc: theirs.tc }, theirs.source);
    if (theirs.tc === null && !theirs.nominal) {
      // A rating is never stated for a case colder than 25 °C, so theirs at 25 °C is at least this value: ours at
      // 25 °C below it falls short for certain; at or above it, their datasheet leaves the comparison open.
      const ours25 = ours.find((c) => c.tc === 25 && !c.nominal);
      if (ours25 && ours25.value < theirs.value) {
        return row("current", true, cell, { value: ours25.value, conditions: { tc: 25 }, basis: "catalog" }, grade(ours25.value, theirs.value, true, MARGINS.current), {
          key: "currentBelowAt25",
        });
      }
      return row("current", true, cell, { value: ours25?.value ?? null, conditions: ours25 ? { tc: 25 } : {}, basis: "catalog" }, "not-comparable", {
        key: "tcNotStated",
      });
    }
    if (theirs.tc === null || theirs.nominal) {
      const nominal = ours.find((c) => c.nominal);
      if (!nominal) return row("current", true, cell, { value: null, conditions: {}, basis: "catalog" }, "not-comparable", { key: "noNominal" });
      const status = grade(nominal.value, theirs.value, true, MARGINS.current);
      return row("current", true, cell, { value: nominal.value, conditions: nominal.tc === null ? {} : { tc: nominal.tc }, basis: "catalog" }, status, {
        key: "nominalCurrent",
      });
    }
    const tc = theirs.tc;
    const same = ours.find((c) => c.tc === tc && !c.nominal) ?? ours.find((c) => c.tc === tc);
    if (same) {
      return row("current", true, cell, { value: same.value, conditions: { tc }, basis: "catalog" }, grade(same.value, theirs.value, true, MARGINS.current));
    }
    const hotterAndEnough = ours.find((c) => c.tc !== null && c.tc > tc && c.value >= theirs.value);
    if (hotterAndEnough) {
      return row("current", true, cell, { value: hotterAndEnough.value, conditions: { tc: hotterAndEnough.tc! }, basis: "catalog" }, "pass", {
        key: "currentBoundMet",
        values: { ourTc: hotterAndEnough.tc!, theirTc: tc },
      });
    }
    const coolerAndShort = ours.find((c) => c.tc !== null && c.tc < tc && c.value < theirs.value);
    if (coolerAndShort) {
      return row(
        "current",
        true,
        cell,
        { value: coolerAndShort.value, conditions: { tc: coolerAndShort.tc! }, basis: "catalog" },
        grade(coolerAndShort.value, theirs.value, true, MARGINS.current),
        { key: "currentBoundShort", values: { ourTc: coolerAndShort.tc!, theirTc: tc } },
      );
    }
    return row("current", true, cell, { value: null, conditions: {}, basis: "catalog" }, "not-comparable", { key: "differentTc", values: { theirTc: tc } });
  });
}

function onStateRows(part: AnyCompetitorPart, product: OurProduct, reference: QingyunReference): ComparisonRow[] {
  return part.onState.map((value) => {
    const conditions: Conditions = {};
    if (value.tj !== null) conditions.tj = value.tj;
    if (value.vgs !== undefined) conditions.vgs = value.vgs;
    if (value.i !== undefined) conditions.i = value.i;
    const theirs = value.typ ?? value.max!;
    const typical = theirCell(part, theirs, conditions, value.source);
    // A datasheet's typical and maximum at the same conditions are two rows: the maximum says it is one.
    const cell = value.typ === undefined ? { ...typical, max: true as const } : typical;
    const none = { value: null, conditions: {}, basis: "catalog" as const };
    if (value.tj === null) return row(value.kind, true, cell, none, "not-comparable", { key: "tjNotStated" });
    if (value.typ === undefined) return row(value.kind, true, cell, none, "not-comparable", { key: "theirMaxOnly" });
    if (value.kind === "rdsOn") {
      if (value.vgs === undefined) return row("rdsOn", true, cell, none, "not-comparable", { key: "vgsNotStated" });
      const ours = ourRdsOnAt(product, value.tj, value.vgs, reference.rdsOn);
      if (ours === null) {
        const atVgs = ourRdsOnAt(product, 25, value.vgs, reference.rdsOn);
        return row(
          "rdsOn",
          true,
          cell,
          none,
          "not-comparable",
          atVgs === null ? { key: "differentVgs", values: { theirVgs: value.vgs } } : { key: "noOursAtTj", values: { tj: value.tj } },
        );
      }
      return row(
        "rdsOn",
        true,
        cell,
        { value: ours.value, conditions: { tj: value.tj, vgs: ours.vgs }, basis: ours.basis },
        grade(ours.value, value.typ, false, MARGINS.onState),
      );
    }
    if (value.i === undefined) return row(value.kind, true, cell, none, "not-comparable", { key: "currentNotStated" });
    const ours = ourForwardVoltage(product, value.tj, value.i);
    if (ours === null) return row(value.kind, true, cell, none, "not-comparable", { key: "noOursAtTj", values: { tj: value.tj } });
    const rounded = Math.round(ours * 100) / 100;
    const note = value.kind === "vceSat" && value.level ? { key: `level.${value.level}` as const } : undefined;
    return row(
      value.kind,
      true,
      cell,
      { value: rounded, conditions: { tj: value.tj, i: value.i }, basis: "loss-model" },
      grade(rounded, value.typ, false, MARGINS.onState),
      note,
    );
  });
}

function tjRows(part: AnyCompetitorPart, product: OurProduct): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  const tjRow = (param: "tjMax" | "tjOp", theirs: { value: number; source: SourceRef }, ours: number | null) => {
    const cell = theirCell(part, theirs.value, {}, theirs.source);
    if (ours === null) return row(param, true, cell, { value: null, conditions: {}, basis: "catalog" }, "not-comparable", { key: "notInOurTable" });
    const diff = ours - theirs.value;
    const status: RowStatus = diff === 0 ? "pass" : diff > 0 ? "better" : -diff <= MARGINS.tj ? "worse" : "fail";
    return row(param, true, cell, { value: ours, conditions: {}, basis: "catalog" }, status);
  };
  const ourMax = ourTjMax(product);
  // A module table states only T_vj,op: their T_vj,op is then the comparable limit, their T_vj,max is not.
  const operatingOnly = ourMax === null && ourTjOp(product) !== null && part.ratings.tjOp !== undefined;
  if (part.ratings.tjMax && !operatingOnly) rows.push(tjRow("tjMax", part.ratings.tjMax, ourMax));
  if (part.ratings.tjOp) rows.push(tjRow("tjOp", part.ratings.tjOp, ourTjOp(product)));
  return rows;
}

function gateDriveRow(part: AnyCompetitorPart, product: OurProduct, reference: QingyunReference): ComparisonRow | null {
  const type = deviceTypeOf(product);
  if (type === null || type === "sic-diode") return null;
  const candidates = reference.gateDrive.filter((g) => g.deviceType === type);
  const ours = candidates.find((g) => g.partNumbers?.includes(product.partNumber)) ?? candidates.find((g) => !g.partNumbers);
  const theirs = part.gateDrive;
  const theirText = theirs?.opOn !== undefined ? `${theirs.opOff ?? "?"} / +${theirs.opOn}` : null;
  const cell = theirCell(part, theirText, {}, theirs?.source ?? null);
  if (!ours) return row("gateDrive", true, cell, { value: null, conditions: {}, basis: "reference" }, "not-comparable", { key: "notInOurTable" });
  const ourCell = { value: `${ours.opOff} / +${ours.opOn}`, conditions: {}, basis: "reference" as const };
  if (theirs?.opOn === undefined) return row("gateDrive", true, cell, ourCell, "not-comparable", { key: "gateNotStated" });
  if (ours.absMax !== undefined && theirs.opOn > ours.absMax) {
    return row("gateDrive", true, cell, ourCell, "worse", { key: "gateAboveLimit", values: { theirOn: theirs.opOn, ourMax: ours.absMax } });
  }
  if (theirs.opOff !== undefined && ours.absMin !== undefined && theirs.opOff < ours.absMin) {
    return row("gateDrive", true, cell, ourCell, "worse", { key: "gateBelowLimit", values: { theirOff: theirs.opOff, ourMin: ours.absMin } });
  }
  if (Math.abs(theirs.opOn - ours.opOn) > MARGINS.gateVolts) {
    return row("gateDrive", true, cell, ourCell, "worse", { key: "gateChange", values: { theirOn: theirs.opOn, ourOn: ours.opOn } });
  }
  return row("gateDrive", true, cell, ourCell, "pass");
}

/**
 * The threshold against their turn-off level: a design that turns off at 0 V relies on the part's threshold to stay
 * off when the other switch's dv/dt lifts the gate through C_gd; a lower threshold than theirs needs a negative
 * turn-off supply or an active Miller clamp.
 */
function thresholdRow(part: AnyCompetitorPart, product: OurProduct, reference: QingyunReference): ComparisonRow | null {
  const ours = ourNumber(product, "vgsth");
  const off = part.gateDrive?.opOff;
  if (ours === null || deviceTypeOf(product) !== "sic-mosfet") return null;
  const th = part.vgsTh;
  const cell = theirCell(part, th?.typ ?? null, th?.tj != null ? { tj: th.tj } : {}, th?.source ?? part.gateDrive?.source ?? null);
  const ourCell = { value: ours, conditions: { tj: 25 }, basis: "catalog" as const };
  if (off === undefined) return row("vgsTh", true, cell, ourCell, "not-comparable", { key: "gateNotStated" });
  const ourOff = reference.gateDrive.find((g) => g.deviceType === "sic-mosfet" && !g.partNumbers)?.opOff ?? -3;
  // A negative turn-off level holds the gate below either threshold: no change to the drive, whatever the thresholds.
  if (off < 0) return row("vgsTh", true, cell, ourCell, "pass", { key: "negativeOff", values: { theirOff: off } });
  if (th === undefined) return row("vgsTh", true, cell, ourCell, "worse", { key: "zeroOffThresholdNotStated", values: { theirOff: off, ours, ourOff } });
  if (ours >= th.typ * (1 - MARGINS.equal)) return row("vgsTh", true, cell, ourCell, ours > th.typ * (1 + MARGINS.equal) ? "better" : "pass");
  return row("vgsTh", true, cell, ourCell, "worse", { key: "zeroOffLowThreshold", values: { theirOff: off, ours, theirs: th.typ, ourOff } });
}

/** Our R_DS(on) at their turn-on voltage (25 °C), beside their value at that voltage where they state one. */
function rdsOnAtDriveRow(part: AnyCompetitorPart, product: OurProduct, reference: QingyunReference): ComparisonRow | null {
  const on = part.gateDrive?.opOn;
  if (on === undefined || deviceTypeOf(product) !== "sic-mosfet") return null;
  const ours = ourRdsOnAt(product, 25, on, reference.rdsOn);
  const theirs = part.onState.find((v) => v.kind === "rdsOn" && v.tj === 25 && v.vgs !== undefined && Math.abs(v.vgs - on) <= 0.5 && v.typ !== undefined);
  const cell = theirCell(part, theirs?.typ ?? null, { tj: 25, vgs: on }, theirs?.source ?? part.gateDrive!.source);
  if (ours === null)
    return row("rdsOnAtDrive", false, cell, { value: null, conditions: {}, basis: "catalog" }, "not-comparable", { key: "differentVgs", values: { theirVgs: on } });
  const ourCell = { value: ours.value, conditions: { tj: 25, vgs: ours.vgs }, basis: ours.basis };
  const note = { key: "ourRdsOnAtTheirDrive" as const, values: { vgs: on, ours: ours.value } };
  return row("rdsOnAtDrive", false, cell, ourCell, theirs?.typ === undefined ? "not-comparable" : grade(ours.value, theirs.typ, false, MARGINS.onState), note);
}

function packageRows(part: AnyCompetitorPart, product: OurProduct, reference: QingyunReference): ComparisonRow[] {
  const ours = ourPackage(product);
  const pkg = part.package;
  const cell = theirCell(part, pkg?.datasheetName ?? null, {}, pkg?.source ?? null);
  const ourCell = { value: ours, conditions: {}, basis: "catalog" as const };
  if (!pkg) return [row("package", true, cell, ourCell, "not-comparable", { key: "packageNotDecoded" })];
  const same = ours !== null && ours === pkg.name;
  const ourPackageFacts = reference.pinouts.find((p) => p.package === ours);
  // An insulated package's tab may sit on a grounded heat sink: a live tab in its place is a safety question.
  // A module's base plate is isolated (its isolation voltage is a rating of ours).
  const ourInsulated = ourPackageFacts?.insulated ?? ourNumber(product, "viso") !== null;
  if (pkg.insulated && !ourInsulated) {
    return [row("package", true, cell, ourCell, "fail", { key: "insulatedToLiveTab", values: { theirs: pkg.datasheetName } })];
  }
  const rows = [row("package", true, cell, ourCell, same ? "pass" : "fail", same ? undefined : { key: "otherPackage", values: { theirs: pkg.name } })];
  if (!same) return rows;
  const ourPins = ourPackageFacts?.pins;
  const theirPins = pkg.pins;
  const pinText = theirPins ? theirPins.join("-") : null;
  const pinCell = theirCell(part, pinText, {}, pkg.source);
  if (!ourPins || !theirPins) {
    rows.push(row("pinout", true, pinCell, { value: null, conditions: {}, basis: "reference" }, "not-comparable", { key: "pinoutNotStated" }));
    return rows;
  }
  // Where our text states every pin (1…n), a part with more or fewer pins has another pinout too.
  const count = Object.keys(ourPins).length;
  const complete = Object.keys(ourPins).every((pin) => Number(pin) >= 1 && Number(pin) <= count);
  const mismatch =
    Object.entries(ourPins).find(([pin, role]) => theirPins[Number(pin) - 1] !== role) ??
    (complete && theirPins.length !== count ? [String(Math.min(count, theirPins.length) + 1), "NC"] : undefined);
  const ourText = Object.entries(ourPins)
    .map(([pin, role]) => `${pin}=${role}`)
    .join(", ");
  rows.push(
    row(
      "pinout",
      true,
      pinCell,
      { value: ourText, conditions: {}, basis: "reference" },
      mismatch ? "fail" : "pass",
      mismatch ? { key: "pinMismatch", values: { pin: mismatch[0] } } : { key: "pinsCompared", values: { pins: ourText } },
    ),
  );
  return rows;
}

/** The rows that only inform (never decide the tier). */
function informativeRows(part: AnyCompetitorPart, product: OurProduct): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  const none = { value: null, conditions: {}, basis: "catalog" as const };
  if (part.qg) {
    const ours = ourNumber(product, "qg");
    rows.push(
      row(
        "qg",
        false,
        theirCell(part, part.qg.value, {}, part.qg.source),
        ours === null ? none : { value: ours, conditions: {}, basis: "catalog" },
        ours === null ? "not-comparable" : grade(ours, part.qg.value, false, 0),
        ours === null ? { key: "notInOurTable" } : { key: "testConditionsDiffer" },
      ),
    );
  }
  rows.push(...switchingRows(part, product));
  if (part.rth) {
    const cell = theirCell(part, part.rth.value, {}, part.rth.source);
    const ours = product.loss?.rth ?? null;
    if (ours === null || part.rth.bound !== "typ") {
      rows.push(
        row("rth", false, cell, ours === null ? none : { value: ours, conditions: {}, basis: "loss-model" }, "not-comparable", {
          key: part.rth.bound === "typ" ? "notInOurTable" : "theirMaxOnly",
        }),
      );
    } else rows.push(row("rth", false, cell, { value: ours, conditions: {}, basis: "loss-model" }, grade(ours, part.rth.value, false, 0)));
  }
  if (part.qc) {
    const cell = theirCell(part, part.qc.value, part.qc.vr ? { vr: part.qc.vr } : {}, part.qc.source);
    const loss = product.loss;
    const ours = ourNumber(product, "qc");
    const ourVr = loss?.kind === "diode" ? loss.vQc : null;
    if (ours === null || part.qc.vr === undefined || ourVr !== part.qc.vr) {
      rows.push(
        row("qc", false, cell, ours === null ? none : { value: ours, conditions: ourVr ? { vr: ourVr } : {}, basis: "catalog" }, "not-comparable", {
          key: "differentVr",
        }),
      );
    } else rows.push(row("qc", false, cell, { value: ours, conditions: { vr: ourVr }, basis: "catalog" }, grade(ours, part.qc.value, false, 0)));
  }
  if (part.ifsm) {
    const ours = ourNumber(product, "ifsm");
    rows.push(
      row(
        "ifsm",
        false,
        theirCell(part, part.ifsm.value, { tc: part.ifsm.tc }, part.ifsm.source),
        ours === null ? none : { value: ours, conditions: {}, basis: "catalog" },
        ours === null ? "not-comparable" : grade(ours, part.ifsm.value, true, 0),
        { key: "ifsmConditions", values: { tp: part.ifsm.tp } },
      ),
    );
  }
  if (part.visol) {
    const kv = ourNumber(product, "viso");
    const ours = kv === null ? null : kv * 1000;
    rows.push(
      row(
        "visol",
        // The isolation voltage is a safety rating of the insulation coordination: it decides the tier.
        true,
        theirCell(part, part.visol.value, {}, part.visol.source),
        ours === null ? none : { value: ours, conditions: {}, basis: "catalog" },
        ours === null ? "not-comparable" : grade(ours, part.visol.value, true, 0),
      ),
    );
  }
  return rows;
}

/**
 * Their printed E_on + E_off against ours from our loss data at their double-pulse condition (switching.ts):
 * informative, since the two test circuits (stray inductance, diode, probes) differ. A point measured with a SiC
 * Schottky freewheeler is not compared: our loss data's E_on carries our body diode's recovery.
 */
function switchingRows(part: AnyCompetitorPart, product: OurProduct): ComparisonRow[] {
  return (part.switching ?? []).map((point) => {
    const theirs = point.eOn + point.eOff;
    const cell = theirCell(part, theirs, { tj: point.tj, i: point.i }, point.source);
    const values = { v: point.v, rg: point.rg, vgsOff: point.vgsOff, vgsOn: point.vgsOn };
    const ours = point.freewheel === "body-diode" ? ourSwitchingEnergyAt(product.loss, point) : null;
    if (ours === null) {
      const key = point.freewheel === "sic-diode" ? "switchingSicDiodeFreewheel" : "switchingOutsideOurData";
      return row("eSw", false, cell, { value: null, conditions: {}, basis: "loss-model" }, "not-comparable", { key, values });
    }
    const rounded = Math.round(ours);
    return row("eSw", false, cell, { value: rounded, conditions: { tj: point.tj, i: point.i }, basis: "loss-model" }, grade(rounded, theirs, false, 0), {
      key: "switchingAtTheirConditions",
      values,
    });
  });
}

/** The whole table of one competitor part against one of our products (same device type assumed). */
export function compareParts(part: AnyCompetitorPart, product: OurProduct, reference: QingyunReference): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  const ourV = ourVoltage(product);
  const v = part.ratings.v;
  rows.push(
    row(
      "voltage",
      true,
      theirCell(part, v.value, {}, v.source),
      { value: ourV, conditions: {}, basis: "catalog" },
      ourV === null ? "not-comparable" : ourV === v.value ? "pass" : ourV > v.value ? "better" : "fail",
    ),
  );
  rows.push(...currentRows(part, product), ...tjRows(part, product), ...onStateRows(part, product, reference));
  if (part.topology) {
    const ours = ourTopology(product);
    rows.push(
      row(
        "topology",
        true,
        theirCell(part, part.topology.value, {}, part.topology.source),
        { value: ours, conditions: {}, basis: "catalog" },
        ours === null ? "not-comparable" : ours === part.topology.value ? "pass" : "fail",
      ),
    );
  }
  rows.push(...packageRows(part, product, reference));
  for (const gate of [gateDriveRow(part, product, reference), thresholdRow(part, product, reference), rdsOnAtDriveRow(part, product, reference)]) {
    if (gate) rows.push(gate);
  }
  if (part.aecQ101) {
    const ours = ourAec(product);
    const status: RowStatus = ours === null ? "not-comparable" : ours === part.aecQ101.value ? "pass" : ours ? "better" : "fail";
    rows.push(row("aecQ101", true, theirCell(part, part.aecQ101.value, {}, part.aecQ101.source), { value: ours, conditions: {}, basis: "catalog" }, status));
  }
  rows.push(...informativeRows(part, product));
  return rows;
}
