// `npx node scripts/loss-data-curves.ts [file]`: brings rows of catalog/loss-data.json written with two-point
// on-state lines up to the current contract: on-state curves at several temperatures, E(R_G) curves and the
// MOSFETs' recommended dead time. Rows already in that form are left as they are, so it can run again.
// Every other field of a row is carried as it is: the datasheet maxima `max` of the worst case (given at 25 °C,
// a point the curves keep) stay beside the curves they bound.
//
// The values are our own parts' typical characterisation, generated from each row's two datasheet points by the
// shapes below (typical of SiC MOSFETs, SiC Schottky diodes and trench field-stop IGBTs), so the 25 °C and hot
// points, which the datasheets state, do not move:
// - on-state: value(T) = at25 + (atHot − at25)·u^p, u = (T − 25)/(T_hot − 25), at 25, 75, 125 (, 150) °C and T_hot.
//   A SiC MOSFET channel is convex (p = 1.6: +10 % at 75 °C, +50 % of the rise at 125 °C of a 25→175 °C curve);
//   a Schottky diode's slope resistance (mobility ∝ T^−2.4) p = 1.4; an IGBT's r_CE p = 1.15; thresholds and the
//   body diode's slope, nearly straight in datasheets, p = 1.
// - E(R_G) at R_G = ½, 1, 2, 5 and 10 times the reference R_G: the transitions take a time ∝ R_G + R_G(int),
//   with R_G(int) taken equal to the reference R_G; the share of each energy that does not depend on the gate
//   (output-capacitance and recovery charge) is 45 % of a SiC E_on, 30 % of a SiC E_off, 35 % of an IGBT's E_on,
//   60 % of its E_off. A diode's recovery energy falls with the slower di/dt: E_rec ∝ (time)^−0.35.
// - dead time: 150 ns for discrete MOSFETs (200 ns at 1700 V), 300 ns for modules.
// - E(I) at 25 °C and the hot temperature (T_j,max of a discrete, the test temperature of a module), through the
//   datasheet point (I_ref, E_ref) at the test temperature. SiC MOSFET: E_on = E_on(0) + (E_ref − E_on(0))·(I/I_ref)^1.15
//   with E_on(0) = 0.35·Q_rr(25 °C)·V_ref (the capacitive part of the opposite body diode's charge, moved at any
//   current); the body diode's Q_rr is 1.5 times higher hot, and E_on, which carries the recovery, gains
//   ½·ΔQ_rr·V_ref·(I/I_ref)^0.6 there; E_off = E_off(0) + (E_ref − E_off(0))·(I/I_ref)^1.1 with E_off(0) = 5 % of
//   E_ref, 5 % lower hot. IGBT module: E_on with 3 % at zero current and exponent 1.2, E_off with 5 % and 0.9, the
//   diode's E_rec ∝ I^0.6; at 25 °C each times (1 − c·(T_ref − 25)) with the temperature coefficients c the rows
//   had (eTc, eRecTc), which the table replaces.
// - thermal interface per package (the part number's package code), per switch with the recommended grease:
//   R_th(c-h) 0.25 K/W for TO-247, 0.5 for TO-220, 0.8 for TO-263 and TOLL (to the heat sink through the board's
//   thermal vias); modules per switch (per diode) 0.07 (0.10) for 34 mm, 0.04 (0.06) for 62 mm, 0.025 (0.04)
//   for ED3, 0.15 (0.22) for P2. Pin-fin modules: R_th(j-c) to the baseplate, 55 % of their R_th(j-f).
// - Z_th as a four-pair Foster network, r_i = 10, 25, 40, 25 % of R_th (chip, solder, substrate or lead frame,
//   baseplate or case) with τ_i = 0.5, 5, 50, 300 ms for discretes, 1, 10, 100, 800 ms for modules, and for pin-fin
//   modules (to the coolant) 8, 20, 37, 35 % with 2, 20, 200, 2000 ms; the last r_i takes the rounding, so Σ r_i =
//   R_th exactly.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// biome-ignore lint/suspicious/noExplicitAny: rows of the loss-data content file, read and rewritten field by field; the upstream's content tests check their shape.
type Row = Record<string, any>;

const sig = (value: number, digits = 4) => Number(value.toPrecision(digits));

function curve(old: { tHot: number; v0: [number, number]; r: [number, number] }, pR: number, pV0 = 1) {
  const t = [25, 75, 125, 150, 175].filter((value) => value < old.tHot);
  t.push(old.tHot);
  const at = ([cold, hot]: [number, number], p: number) => t.map((value) => sig(cold + (hot - cold) * ((value - 25) / (old.tHot - 25)) ** p));
  return { t, v0: at(old.v0, pV0), r: at(old.r, pR) };
}

function gate(row: Row) {
  const ref = row.switchingRef.rg as number;
  const rg = [0.5, 1, 2, 5, 10].map((factor) => sig(ref * factor, 3));
  const time = rg.map((value) => (value + ref) / (2 * ref));
  const scaled = (energy: number, fixed: number, exponent = 1) => time.map((ratio) => sig(energy * (fixed + (1 - fixed) * ratio) ** exponent));
  if (row.kind === "mosfet") return { rg, eOn: scaled(row.eOn, 0.45), eOff: scaled(row.eOff, 0.3) };
  return { rg, eOn: scaled(row.eOn, 0.35), eOff: scaled(row.eOff, 0.6), eRec: time.map((ratio) => sig(row.eRec * ratio ** -0.35)) };
}

const shape = (ref: number, iRef: number, atZero: number, exponent: number) => (i: number) => atZero + (ref - atZero) * (i / iRef) ** exponent;

function mosfetEnergies(row: Row) {
  const ref = row.switchingRef;
  const hot = ref.tj === 25 ? row.ratings.tjMax : ref.tj;
  const i = [0, 0.25, 0.5, 1, 1.5, 2].map((factor) => sig(ref.i * factor, 3));
  const refIsCold = ref.tj === 25;
  const qrr25 = refIsCold ? row.bodyDiode.qrr : sig(row.bodyDiode.qrr / 1.5);
  const qrrHot = refIsCold ? sig(qrr25 * 1.5) : row.bodyDiode.qrr;
  // nC·V = nJ = 1e-6 mJ.
  const onAtZero = Math.min(0.35 * qrr25 * ref.v * 1e-6, 0.4 * row.eOn);
  const recovery = (current: number) => 0.5 * (qrrHot - qrr25) * ref.v * 1e-6 * (current / ref.i) ** 0.6;
  const on = shape(row.eOn, ref.i, onAtZero, 1.15);
  const off = shape(row.eOff, ref.i, 0.05 * row.eOff, 1.1);
  const row25 = (f: (current: number) => number) => i.map((current) => sig(f(current)));
  const eOn = refIsCold ? [row25(on), row25((current) => on(current) + recovery(current))] : [row25((current) => on(current) - recovery(current)), row25(on)];
  const eOff = refIsCold ? [row25(off), row25((current) => 0.95 * off(current))] : [row25((current) => off(current) / 0.95), row25(off)];
  return { tj: [25, hot], i, eOn, eOff, qrr: [qrr25, qrrHot] };
}

function igbtEnergies(row: Row) {
  const ref = row.switchingRef;
  const i = [0, 0.1, 0.25, 0.5, 1, 1.5, 2].map((factor) => sig(ref.i * factor, 3));
  const rows = (f: (current: number) => number, coefficient: number) => [
    i.map((current) => sig(f(current) * (1 - coefficient * (ref.tj - 25)))),
    i.map((current) => sig(f(current))),
  ];
  return {
    tj: [25, ref.tj],
    i,
    eOn: rows(shape(row.eOn, ref.i, 0.03 * row.eOn, 1.2), row.eTc),
    eOff: rows(shape(row.eOff, ref.i, 0.05 * row.eOff, 0.9), row.eTc),
    eRec: rows(shape(row.eRec, ref.i, 0, 0.6), row.eRecTc),
  };
}

const interfaces: Array<[RegExp, number, number]> = [
  [/K[234]A?$/, 0.25, 0.25],
  [/T2A?$/, 0.5, 0.5],
  [/(B[27]|L8)A?$/, 0.8, 0.8],
  [/34$/, 0.07, 0.1],
  [/62$/, 0.04, 0.06],
  [/E3$/, 0.025, 0.04],
  [/P2$/, 0.15, 0.22],
];

function addInterface(row: Row) {
  if (row.rthRef === "fluid") {
    row.rthCase ??= sig(0.55 * row.rth, 2);
    return;
  }
  const match = interfaces.find(([pattern]) => pattern.test(row.partNumber));
  if (!match || row.rthCh !== undefined) return;
  row.rthCh = match[1];
  if (row.kind === "igbt") row.rthChDiode = match[2];
}

function foster(rth: number, row: Row) {
  const [shares, taus] =
    row.rthRef === "fluid"
      ? [
          [0.08, 0.2, 0.37, 0.35],
          [0.002, 0.02, 0.2, 2],
        ]
      : row.kind !== "igbt" && !/^QSM/.test(row.partNumber)
        ? [
            [0.1, 0.25, 0.4, 0.25],
            [0.0005, 0.005, 0.05, 0.3],
          ]
        : [
            [0.1, 0.25, 0.4, 0.25],
            [0.001, 0.01, 0.1, 0.8],
          ];
  const r = shares.slice(0, -1).map((share) => sig(share * rth, 3));
  r.push(Number((rth - r.reduce((sum, value) => sum + value, 0)).toFixed(6)));
  return r.map((value, index) => ({ r: value, tau: taus[index]! }));
}

export function migrateRow(row: Row): Row {
  const next = structuredClone(row);
  addInterface(next);
  next.zth ??= foster(next.rth, next);
  if (next.kind === "igbt") next.zthDiode ??= foster(next.rthDiode, next);
  const convert = (key: string, pR: number) => {
    if (next[key] && "tHot" in next[key]) {
      const { tHot, v0, r, ...rest } = next[key];
      next[key] = { ...curve({ tHot, v0, r }, pR), ...rest };
    }
  };
  if (next.kind === "mosfet") {
    convert("channel", 1.6);
    convert("bodyDiode", 1);
    next.gate ??= gate(next);
    next.energies ??= mosfetEnergies(next);
    next.deadTime ??= next.switchingRef.tj === 25 ? (next.ratings.v >= 1700 ? 200 : 150) : 300;
  } else if (next.kind === "diode") {
    convert("forward", 1.4);
  } else {
    convert("igbt", 1.15);
    convert("diode", 1);
    next.gate ??= gate(next);
    if (!next.energies) {
      next.energies = igbtEnergies(next);
      delete next.eTc;
      delete next.eRecTc;
    }
  }
  return next;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? new URL("../server/upstream/content/catalog/loss-data.json", import.meta.url).pathname;
  const rows = JSON.parse(readFileSync(file, "utf8")) as Row[];
  // The file's own layout: one row per line.
  writeFileSync(file, `[\n${rows.map((row) => `  ${JSON.stringify(migrateRow(row))}`).join(",\n")}\n]\n`);
  console.log(`${file}: ${rows.length} rows`);
}
