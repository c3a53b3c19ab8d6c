// The model files of an IGBT module or SiC module (docs/decisions/053-module-models.md): an ngspice netlist of the
// whole module (its topology as the catalogue states it) built from one per-switch subcircuit, the PLECS thermal
// description per device type, and the curves as CSV. The loss data describe one switch (a three-level module's:
// one device), so every switch of a module is the same subcircuit; the module's own netlist only wires them.
// Only constructs the discrete MOSFET netlist (ngspice.ts) already uses: B sources with pwl()/softplus, R, C, V and
// X lines, so the LTspice translation of that netlist applies unchanged.
import { ngspiceModel } from "./ngspice.ts";
import { moduleSwitchingFitOf, moduleSwitchingFitReached } from "./module-switching-fit.ts";
import { plecsModel, VENDOR, atVoltage, conductionCurrents, conductionTable, escapeXml, lossTable, thermal, voltageAxis } from "./plecs.ts";
import { curvesCsv, curvesToCsv, onState, thermal as thermalCurves, type Curve } from "./curves.ts";
import type { IgbtModuleInput, ModuleModelInput, ModuleTopology, SicModuleInput } from "./module-inputs.ts";

/** The share of Q_G that is gate–collector (Miller) charge: the MOSFET's assumption (ngspice.ts), no Q_GC is stated. */
const MILLER_SHARE = 0.3;
/** The gate's smoothing voltage (softplus of V_GE − V_GE(th)) and the on-state knees'. */
const GATE_SMOOTHING = 0.4;
const KNEE_SMOOTHING = 0.1;
/**
 * The IGBT's saturation current at the datasheet's V_GE, as a multiple of I_C,nom: an assumption (no transfer curve
 * or short-circuit current is stated); it sets how the collector current falls with V_GE and where it saturates.
 */
const SATURATION_FACTOR = 4;

const num = (value: number) => Number(value.toPrecision(6)).toString().replace("e+", "e");

/** pwl() of a table over a temperature node, its argument clamped to the table (ngspice's pwl() extrapolates). */
const overNode = (node: string, t: number[], values: number[]) =>
  `pwl(min(max(v(${node}),${num(t[0]!)}),${num(t[t.length - 1]!)}),${t.map((temperature, index) => `${num(temperature)},${num(values[index]!)}`).join(",")})`;

/** n·ln(1 + e^(x/n)), written so no exponent can overflow. */
const softplus = (x: string, n: number) => `(max(${x},0)+${num(n)}*ln(1+exp(-abs(${x})/${num(n)})))`;

/**
 * A knee at V0 that passes through the origin: softplus(v − V0) − softplus(−V0). Without the second term a device
 * with a slope resistance of a module's (a milliohm) carried tens of milliamperes at 0 V, a source of current in
 * any loop it closed, and the module's double-pulse leg stopped in its first picoseconds ("timestep too small").
 */
const knee = (v: string, v0: string, n: number) => `(${softplus(`${v}-${v0}`, n)}-${softplus(`-${v0}`, n)})`;

/** A Foster network from `from` to `to`, its inner nodes named `{prefix}{n}`. */
function foster(network: Array<{ r: number; tau: number }>, from: string, to: string, prefix: string, name: string): string[] {
  return network.flatMap((pair, index) => {
    const a = index === 0 ? from : `${prefix}${index}`;
    const b = index === network.length - 1 ? to : `${prefix}${index + 1}`;
    return [`R${name}${index + 1} ${a} ${b} ${num(pair.r)}`, `C${name}${index + 1} ${a} ${b} ${num(pair.tau / pair.r)}`];
  });
}

const commentBlock = (lines: string[]) => lines.map((line) => (line ? `* ${line}` : "*"));

/** The numbers of an IGBT switch's model, derived from its data (the file's header says how). */
function igbtParameters(input: IgbtModuleInput) {
  const { vceSat, gateCharge, loss } = input;
  const vov = (vge: number) => GATE_SMOOTHING * Math.log(1 + Math.exp((vge - input.vgeth) / GATE_SMOOTHING));
  const isat = SATURATION_FACTOR * input.current.nom;
  const k = isat / vov(vceSat.vge) ** 2;
  // The linear current is scaled so that isat·tanh(ilin/isat) is exactly I_C at the datasheet's V_CE(sat) line.
  const scale = vceSat.ic / (isat * Math.atanh(vceSat.ic / isat));
  const swing = gateCharge.vgeOn - gateCharge.vgeOff;
  const qg = gateCharge.qg * 1e-9;
  const cge = ((1 - MILLER_SHARE) * qg) / swing;
  const vOn = loss.igbt.v0[0]! + (loss.igbt.r[0]! / 1000) * gateCharge.ic;
  // The gate–collector voltage swings from V_CC − V_GE(off) to V_CE(sat) − V_GE(on) in the gate-charge test.
  const cgc = (MILLER_SHARE * qg) / (gateCharge.vcc - gateCharge.vgeOff - (vOn - gateCharge.vgeOn));
  return { isat, k, scale, cge, cgc, cce: cgc, rgInt: loss.switchingRef.rg };
}

/** The IGBT's collector current and its diode's forward current, as B-source expressions in the switch's nodes. */
function igbtCurrents(input: IgbtModuleInput) {
  const { loss } = input;
  const p = igbtParameters(input);
  const vov = softplus(`v(gi,e)-${num(input.vgeth)}`, GATE_SMOOTHING);
  // The gate scales the whole characteristic (K·Vov², equal to Isat at the datasheet's V_GE); the tanh()'s own
  // scale is fixed. A tanh() over the gate-dependent Isat itself saturated within microvolts with the gate off, a
  // corner no Newton step got past (the double-pulse leg stopped with "timestep too small").
  const ilin = `${knee("v(c,e)", overNode("tj", loss.igbt.t, loss.igbt.v0), KNEE_SMOOTHING)}/(${overNode("tj", loss.igbt.t, loss.igbt.r)}*${num(p.scale * 1e-3)})`;
  const collector = `${num(p.k)}*${vov}*${vov}*tanh(${ilin}/${num(p.isat)})`;
  const diode = `${knee("v(e,c)", overNode("tjd", loss.diode.t, loss.diode.v0), KNEE_SMOOTHING)}/(${overNode("tjd", loss.diode.t, loss.diode.r)}*1e-3)`;
  return { collector, diode, p };
}

/** A diode on its own (an NPC module's clamp position): the given forward curve and Foster network. */
function diodeSubckt(name: string, curve: { t: number[]; v0: number[]; r: number[] }, network: Array<{ r: number; tau: number }>): string[] {
  const forward = `${knee("v(a,k)", overNode("tj", curve.t, curve.v0), KNEE_SMOOTHING)}/(${overNode("tj", curve.t, curve.r)}*1e-3)`;
  return [
    `.subckt ${name} a k tj tc`,
    `Bf a k I=${forward}`,
    "Rleak a k 1e9",
    `Bpower 0 tj I=v(a,k)*(${forward})`,
    ...foster(network, "tj", "tc", "th", "th"),
    `.ends ${name}`,
  ];
}

/** The network of a module's diode: its own where the loss data give one, else its R_th(j-c) as one pair. */
const diodeNetwork = (input: IgbtModuleInput) => input.loss.zthDiode ?? [{ r: input.loss.rthDiode, tau: 1e-3 }];
const switchNetwork = (loss: { zth?: Array<{ r: number; tau: number }> | undefined; rth: number }) => loss.zth ?? [{ r: loss.rth, tau: 1e-3 }];

/** Where each switch (and an NPC module's clamp diode) sits: collector/drain and emitter/source nodes. */
interface Position {
  name: string;
  c: string;
  e: string;
}

/** The module's power nodes, its switches and its clamp diodes (anode, cathode), by topology. */
function circuit(topology: ModuleTopology): { power: string[]; switches: Position[]; clamps: Position[]; what: string[] } {
  const leg = (index: number, ac: string): Position[] => [
    { name: String(2 * index + 1), c: "dcp", e: ac },
    { name: String(2 * index + 2), c: ac, e: "dcn" },
  ];
  switch (topology) {
    case "halfBridge":
      return { power: ["dcp", "dcn", "ac"], switches: leg(0, "ac"), clamps: [], what: ["T1 dcp-ac (high side), T2 ac-dcn (low side)"] };
    case "fullBridge":
      return {
        power: ["dcp", "dcn", "ac1", "ac2"],
        switches: [...leg(0, "ac1"), ...leg(1, "ac2")],
        clamps: [],
        what: ["leg 1: T1 dcp-ac1, T2 ac1-dcn; leg 2: T3 dcp-ac2, T4 ac2-dcn"],
      };
    case "sixPack":
      return {
        power: ["dcp", "dcn", "u", "v", "w"],
        switches: [...leg(0, "u"), ...leg(1, "v"), ...leg(2, "w")],
        clamps: [],
        what: ["phase U: T1 dcp-u, T2 u-dcn; phase V: T3 dcp-v, T4 v-dcn; phase W: T5 dcp-w, T6 w-dcn"],
      };
    case "npc":
      return {
        power: ["dcp", "n", "dcn", "ac"],
        switches: [
          { name: "1", c: "dcp", e: "n1" },
          { name: "2", c: "n1", e: "ac" },
          { name: "3", c: "ac", e: "n2" },
          { name: "4", c: "n2", e: "dcn" },
        ],
        clamps: [
          { name: "5", c: "n1", e: "n" },
          { name: "6", c: "n", e: "n2" },
        ],
        what: [
          "I-type NPC: T1 dcp-n1 and T2 n1-ac (outer and inner upper), T3 ac-n2 and T4 n2-dcn (inner and outer lower),",
          "  clamp diodes D5 from n (anode) to n1 and D6 from n2 (anode) to n; n1 and n2 are internal nodes",
        ],
      };
  }
}

/** The module subcircuit's pins and body, from the per-switch subcircuit's name and pin order. */
function moduleSubckt(part: string, topology: ModuleTopology, igbt: boolean): { pins: string[]; lines: string[]; what: string[] } {
  const { power, switches, clamps, what } = circuit(topology);
  const gatePins = switches.flatMap((sw) => [`g${sw.name}`, igbt ? `e${sw.name}` : `s${sw.name}`]);
  const thermalPins = [...switches.flatMap((sw) => (igbt ? [`tj${sw.name}`, `tjd${sw.name}`] : [`tj${sw.name}`])), ...clamps.map((clamp) => `tjd${clamp.name}`), "tc"];
  const pins = [...power, ...gatePins, ...thermalPins];
  const lines = [
    `.subckt ${part} ${pins.join(" ")}`,
    ...switches.map((sw) =>
      igbt
        ? `XT${sw.name} ${sw.c} g${sw.name} ${sw.e} e${sw.name} tj${sw.name} tjd${sw.name} tc ${part}_SW`
        : `XT${sw.name} ${sw.c} g${sw.name} ${sw.e} s${sw.name} tj${sw.name} tc ${part}_SW`,
    ),
    ...clamps.map((clamp) => `XD${clamp.name} ${clamp.e} ${clamp.c} tjd${clamp.name} tc ${part}_D`),
    `.ends ${part}`,
  ];
  return { pins, lines, what };
}

/** The module subcircuit's pins in order, as its validation instantiates it. */
export const moduleSubcktPins = (input: ModuleModelInput) => moduleSubckt(input.partNumber, input.topology, input.kind === "igbtModule").pins;

/** The catalogue's topology inside a sentence ("half bridge", "3-level NPC"). */
const inSentence = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

const fosterText = (network: Array<{ r: number; tau: number }>) => network.map((pair) => `${pair.r} K/W, ${num(pair.tau * 1000)} ms`).join("; ");

/** The pins paragraph of a module header. */
function pinLines(part: string, pins: string[], what: string[], igbt: boolean, clamps: boolean): string[] {
  return [
    `Pins: .subckt ${part} ${pins.join(" ")}`,
    "  The datasheet names the terminals by function only, so these names are ours: dcp DC+, dcn DC-, the phase",
    `  output(s) as listed, gN the gate of switch N, ${igbt ? "eN its auxiliary (driver) emitter" : "sN its Kelvin (driver) source"}, tied to the power`,
    `  ${igbt ? "emitter" : "source"} through 1 mOhm (no stray inductance is modelled; the datasheet's L_s is the commutation loop's).`,
    ...what.map((line) => `  ${line}`),
    `  tjN the junction temperature node of switch N${igbt ? ", tjdN of its freewheeling diode" : ""}${clamps ? ", tjd5/tjd6 of the clamp diodes" : ""}, tc the case`,
    "  (baseplate) node shared by all. Thermal nodes are volts = deg C and amperes = W: tie tc to the case temperature and",
    "  the dies heat themselves through their Foster networks, or drive a tj node to hold that junction (isothermal).",
  ];
}

function igbtModuleNetlist(input: IgbtModuleInput, version: string): string {
  const { loss, partNumber: part, vceSat, gateCharge, diodeForward } = input;
  const { collector, diode, p } = igbtCurrents(input);
  const { pins, lines, what } = moduleSubckt(part, input.topology, true);
  const npc = input.topology === "npc";
  const header = commentBlock([
    `${part} - IGBT module, ${input.vRating} V, ${input.current.nom} A, ${inSentence(input.topologyName)}, ${input.package}`,
    `Qingyun Power Semiconductor - ngspice model, version ${version} (plain netlist, not encrypted)`,
    "",
    ...pinLines(part, pins, what, true, npc),
    "",
    `Every switch is the subcircuit ${part}_SW (c g e ea tj tjd tc: collector, gate, emitter, auxiliary emitter, IGBT`,
    `and diode junction nodes, case): the loss data describe one switch${npc ? " (one device: each commutates half the DC link)" : ""}, so all are alike.`,
    "Topology of a switch (behavioural, B sources only, ngspice without a compatibility mode):",
    `  IGBT  I_C = K*Vov^2*tanh(Ilin/Isat), Vov = ${GATE_SMOOTHING}*ln(1+exp((V_GE-V_GE(th))/${GATE_SMOOTHING})), V_GE(th) = ${input.vgeth} V (datasheet typ.,`,
    `        constant over Tj); Ilin = s*Vk/r_CE(Tj), Vk = softplus(V_CE-V_CE0(Tj)) - softplus(-V_CE0(Tj)) (a ${KNEE_SMOOTHING} V smooth knee through`,
    `        the origin, no reverse conduction). Isat = K*Vov^2 at V_GE = ${vceSat.vge} V = ${SATURATION_FACTOR} x I_C,nom = ${num(p.isat)} A (an assumption: no transfer`,
    `        curve or short-circuit current is stated), K = ${num(p.k)} A/V^2; s = ${num(1 / p.scale)} puts V_CE(sat) exactly on the loss data's line at I_C = ${vceSat.ic} A:`,
    `        V_CE0 = ${loss.igbt.v0.join(", ")} V, r_CE = ${loss.igbt.r.join(", ")} mOhm at Tj = ${loss.igbt.t.join(", ")} deg C`,
    `        (datasheet V_CE(sat) = ${vceSat.v25} V at ${vceSat.ic} A, V_GE = ${vceSat.vge} V, 25 deg C; ${vceSat.vHot} V at ${vceSat.tHot} deg C).`,
    "        Below the datasheet's V_GE the whole characteristic scales with Vov^2 (its slope and its saturation current).",
    `  diode  V_F = V_F0(Tj) + r_F(Tj)*I_F with a smooth knee: V_F0 = ${loss.diode.v0.join(", ")} V, r_F = ${loss.diode.r.join(", ")} mOhm`,
    `        at Tj = ${loss.diode.t.join(", ")} deg C (datasheet V_F = ${diodeForward.v25} V at ${diodeForward.i} A, 25 deg C)${npc ? "; the clamp diodes D5, D6 are the same diode" : ""}`,
    `  capacitances, constant (charge-equivalent): C_GE = ${num(p.cge * 1e9)} nF, C_GC = ${num(p.cgc * 1e9)} nF, C_CE = C_GC (no C_oes is stated).`,
    `        Derived: Q_G = ${gateCharge.qg} nC at V_GE = ${gateCharge.vgeOff}/+${gateCharge.vgeOn} V, of which ${MILLER_SHARE * 100} % gate-collector charge (an assumption), over`,
    `        a swing to V_CC = ${gateCharge.vcc} V at I_C = ${gateCharge.ic} A (the datasheet names no test condition: the switching reference's)`,
    `  internal gate resistance ${p.rgInt} Ohm (taken equal to the datasheet's switching R_G)`,
    `  thermal  Foster networks to tc: IGBT R_th(j-c) = ${loss.rth} K/W (${fosterText(switchNetwork(loss))});`,
    `        diode R_th(j-c) = ${loss.rthDiode} K/W (${fosterText(diodeNetwork(input))})`,
    "",
    `Validity: V_CE 0 to ${input.vRating} V, V_GE ${gateCharge.vgeOff} to ${gateCharge.vgeOn} V (recommended drive), I_C up to I_CRM = ${input.current.pulse} A, Tj 25 to`,
    `  ${input.tjMax} deg C (parameters held at their end values outside). Not modelled: the tail current and the diode's reverse`,
    "  recovery (so switching energies are not those of the datasheet: use the PLECS file's tables), latch-up, short",
    "  circuit, avalanche, leakage, stray inductances, the NTC, V_GE(th) drift with Tj, C-V shapes.",
  ]);
  return [
    ...header,
    `.subckt ${part}_SW c g e ea tj tjd tc`,
    `Rg g gi ${num(p.rgInt)}`,
    "Rea ea e 1e-3",
    `Bce c e I=${collector}`,
    `Bfd e c I=${diode}`,
    `Cge gi e ${num(p.cge)}`,
    `Cgc gi c ${num(p.cgc)}`,
    `Cce c e ${num(p.cce)}`,
    "Rleak c e 1e9",
    "* Dissipation of the IGBT and of the diode into their junction nodes (W as A), from the currents' expressions.",
    `Bpi 0 tj I=v(c,e)*(${collector})`,
    `Bpd 0 tjd I=v(e,c)*(${diode})`,
    ...foster(switchNetwork(loss), "tj", "tc", "thi", "thi"),
    ...foster(diodeNetwork(input), "tjd", "tc", "thd", "thd"),
    `.ends ${part}_SW`,
    ...(npc ? ["", `* A clamp diode of ${part}: the freewheeling diode's curve and network.`, ...diodeSubckt(`${part}_D`, loss.diode, diodeNetwork(input))] : []),
    "",
    ...lines,
    "",
  ].join("\n");
}

function sicModuleNetlist(input: SicModuleInput, version: string): string {
  const { partNumber: part, switch: sw } = input;
  const { pins, lines, what } = moduleSubckt(part, input.topology, false);
  const npc = input.topology === "npc";
  const header = commentBlock([
    `${part} - SiC MOSFET module, ${input.vRating} V, ${sw.drainCurrent.i25} A, ${inSentence(input.topologyName)}, ${input.package}`,
    `Qingyun Power Semiconductor - ngspice model, version ${version} (plain netlist, not encrypted)`,
    "",
    ...pinLines(part, pins, what, false, npc),
    "",
    `Every switch is the subcircuit ${part}_SW below, the discrete SiC MOSFET model of this pack with one switch's data`,
    `(the loss data describe one switch${npc ? "; a three-level module's one device" : ""}). The module's datasheet states Q_G without a drain`,
    `voltage: the switching reference's ${sw.gateCharge.vds} V is taken for it.${npc ? ` The clamp diodes D5, D6 (${part}_D) take the body diode's curve` : ""}`,
    ...(npc ? ["and the switch's Foster network: the datasheet states no separate clamp diode data."] : []),
    `Its R_G(int) and saturation slope are fitted to the module datasheet's E_on and E_off (the switch's header below`,
    "states both with their bounds); the validation report checks both energies at the datasheet's switching conditions.",
  ]);
  // The switch's R_G(int) and saturation slope fitted to the module's energies (module-switching-fit.ts).
  const switchText = ngspiceModel(sw, version, moduleSwitchingFitOf(part), {
    tj: sw.loss.switchingRef.tj,
    reached: moduleSwitchingFitReached(part),
    // The module's L_s is its own commutation loop's; the fitted R_G(int) and slope take up its effect on the energies.
    stray: "the datasheet's L_s is not in the leg: the fit takes up its effect",
  });
  const diode = sw.loss.bodyDiode;
  return [...header, "", switchText.trimEnd(), ...(npc ? ["", ...diodeSubckt(`${part}_D`, diode, switchNetwork(sw.loss))] : []), "", ...lines, ""].join("\n");
}

/** The module's ngspice library file: the per-switch subcircuit(s) and the module. */
export function moduleNgspiceModel(input: ModuleModelInput, version: string): string {
  return input.kind === "igbtModule" ? igbtModuleNetlist(input, version) : sicModuleNetlist(input, version);
}

/** The module's PLECS thermal description: one package per device type (IGBT and diode, or MOSFET), per switch. */
export function modulePlecsModel(input: ModuleModelInput, version: string): string {
  if (input.kind === "sicModule")
    return plecsModel({ ...input.switch, partNumber: input.partNumber }, version).replace(
      ": SiC power MOSFET,",
      `: one switch of the SiC MOSFET module (${inSentence(input.topologyName)}),`,
    );
  const { loss } = input;
  const ref = loss.switchingRef;
  const e = loss.energies;
  const voltages = voltageAxis(ref.v, input.vRating);
  const comment = (lines: string[]) => ["    <Comment>", ...lines.map((line) => `      <Line>${escapeXml(line)}</Line>`), "    </Comment>"];
  const what = `one ${input.topology === "npc" ? "device" : "switch"} of the IGBT module ${input.partNumber} (${inSentence(input.topologyName)}), ${input.vRating} V, ${input.current.nom} A, package ${input.package}; model pack version ${version}`;
  return [
    '<?xml version="1.0" encoding="ISO-8859-1"?>',
    '<SemiconductorLibrary xmlns="http://www.plexim.com/xml/semiconductors/" version="1.1">',
    `  <Package class="IGBT" vendor="${escapeXml(VENDOR)}" partnumber="${escapeXml(input.partNumber)}">`,
    "    <Variables/>",
    '    <SemiconductorData type="IGBT">',
    ...lossTable("TurnOnLoss", e.i, voltages, e.tj, (t, v) => e.eOn[t]!.map((energy) => atVoltage(energy, v, ref.v, loss.kv))),
    ...lossTable("TurnOffLoss", e.i, voltages, e.tj, (t, v) => e.eOff[t]!.map((energy) => atVoltage(energy, v, ref.v, loss.kv))),
    ...conductionTable(conductionCurrents(input.vceSat.ic), loss.igbt, true),
    "    </SemiconductorData>",
    ...thermal(loss.zth, loss.rth),
    ...comment([
      `IGBT: ${what}`,
      `Switching energies from the datasheet's double-pulse test at V_CC = ${ref.v} V, R_G = ${ref.rg} Ohm, V_GE = ${input.gateCharge.vgeOff}/+${input.gateCharge.vgeOn} V;`,
      `E_on includes the recovery of the opposite diode; other voltages scale with (V/${ref.v} V)^${loss.kv}.`,
      `Conduction: V_CE = V_CE0(T) + r_CE(T)*I_C at V_GE = ${input.vceSat.vge} V (0 V at 0 A), datasheet V_CE(sat) = ${input.vceSat.v25} V at ${input.vceSat.ic} A, 25 deg C.`,
      `Thermal: Foster network Z_th(j-c), sum of R = R_th(j-c) = ${loss.rth} K/W per IGBT.`,
    ]),
    "  </Package>",
    `  <Package class="Diode" vendor="${escapeXml(VENDOR)}" partnumber="${escapeXml(input.partNumber)}">`,
    "    <Variables/>",
    '    <SemiconductorData type="Diode">',
    ...lossTable("TurnOnLoss", e.i, voltages, e.tj, () => e.i.map(() => 0)),
    ...lossTable("TurnOffLoss", e.i, voltages, e.tj, (t, v) => e.eRec[t]!.map((energy) => atVoltage(energy, v, ref.v, loss.kvRec))),
    ...conductionTable(conductionCurrents(input.diodeForward.i), loss.diode, true),
    "    </SemiconductorData>",
    ...thermal(loss.zthDiode, loss.rthDiode),
    ...comment([
      `Freewheeling diode: ${what}`,
      `Turn-off loss = the reverse-recovery energy E_rec at V_CC = ${ref.v} V, R_G = ${ref.rg} Ohm; other voltages scale with (V/${ref.v} V)^${loss.kvRec}. No turn-on loss.`,
      `Conduction: V_F = V_F0(T) + r_F(T)*I_F (0 V at 0 A), datasheet V_F = ${input.diodeForward.v25} V at ${input.diodeForward.i} A, 25 deg C.`,
      `Thermal: Foster network Z_th(j-c), sum of R = R_th(j-c) = ${loss.rthDiode} K/W per diode.`,
    ]),
    "  </Package>",
    "</SemiconductorLibrary>",
    "",
  ].join("\n");
}

/** The module's curves as CSV: one switch's (an IGBT module's IGBT and diode), as curves.ts writes a discrete part's. */
export function moduleCurvesCsv(input: ModuleModelInput): string {
  if (input.kind === "sicModule") return curvesCsv({ ...input.switch, partNumber: input.partNumber });
  const { loss, vceSat, gateCharge } = input;
  const ref = loss.switchingRef;
  const energies = (which: "eOn" | "eOff" | "eRec", label: string, quantity: string): Curve[] => [
    ...loss.energies.tj.map((tj, index) => ({
      curve: `${label} energy against collector current`,
      x: ["I_C", "A", loss.energies.i] as Curve["x"],
      y: [quantity, "mJ", loss.energies[which][index]!] as Curve["y"],
      conditions: { t_j_degC: tj, v_gs_V: gateCharge.vgeOn, v_dd_V: ref.v, r_g_ohm: ref.rg },
    })),
    {
      curve: `${label} energy against gate resistance`,
      x: ["R_G", "ohm", loss.gate.rg],
      y: [quantity, "mJ", loss.gate[which]],
      conditions: { t_j_degC: ref.tj, v_gs_V: gateCharge.vgeOn, v_dd_V: ref.v, i_d_A: ref.i },
    },
  ];
  // The CSV's columns are the pack's (v_gs_V, i_d_A): for an IGBT they hold V_GE and I_C, as each row's quantities say.
  return curvesToCsv([
    ...onState("IGBT output characteristic", ["V_CE", "I_C"], conductionCurrents(vceSat.ic), loss.igbt, true, vceSat.vge),
    ...onState("diode forward characteristic", ["V_F", "I_F"], conductionCurrents(input.diodeForward.i), loss.diode, true),
    ...energies("eOn", "IGBT turn-on", "E_on"),
    ...energies("eOff", "IGBT turn-off", "E_off"),
    ...energies("eRec", "diode reverse-recovery", "E_rec"),
    ...thermalCurves(loss).map((curve) => ({ ...curve, curve: `IGBT ${curve.curve}` })),
    ...thermalCurves({ rth: loss.rthDiode, zth: loss.zthDiode }).map((curve) => ({ ...curve, curve: `diode ${curve.curve}` })),
  ]);
}
