// The part's PLECS thermal description (the XML of PLECS's semiconductor library, SemiconductorLibrary version
// 1.1, as Plexim documents it and transistordatabase exports it), written from the same loss data the site's
// estimator uses, so a PLECS simulation and the estimate start from the same numbers: the energies at the
// switching reference voltage are the loss data's E(I) tables as they are, other voltages follow the
// estimator's (V/V_ref)^k rule, conduction is V0(T) + r(T)·I at the curve's temperatures.
import type { DiodeModelInput, ModelInput, MosfetModelInput } from "./inputs.ts";

export const VENDOR = "Qingyun Power Semiconductor";

const num = (value: number) => String(Number(value.toPrecision(6)));
const row = (values: number[]) => values.map(num).join(" ");
export const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The voltage axis of a loss table: 0 V, the reference voltage and the rated voltage. */
export const voltageAxis = (vRef: number, vRating: number) => [0, vRef, vRating];

/** A switching energy (mJ) at voltage v from its value at the reference voltage: the estimator's rule. */
export const atVoltage = (energy: number, v: number, vRef: number, kv: number) => energy * (v / vRef) ** kv;

export function lossTable(
  tag: "TurnOnLoss" | "TurnOffLoss",
  current: number[],
  voltages: number[],
  temperatures: number[],
  energy: (t: number, v: number) => number[],
): string[] {
  return [
    `      <${tag}>`,
    "        <ComputationMethod>Table only</ComputationMethod>",
    `        <CurrentAxis>${row(current)}</CurrentAxis>`,
    `        <VoltageAxis>${row(voltages)}</VoltageAxis>`,
    `        <TemperatureAxis>${row(temperatures)}</TemperatureAxis>`,
    '        <Energy scale="0.001">',
    ...temperatures.flatMap((_, t) => [
      "          <Temperature>",
      ...voltages.map((v) => `            <Voltage>${row(energy(t, v))}</Voltage>`),
      "          </Temperature>",
    ]),
    "        </Energy>",
    `      </${tag}>`,
  ];
}

export function conductionTable(current: number[], curve: { t: number[]; v0: number[]; r: number[] }, zeroAtZero: boolean): string[] {
  return [
    "      <ConductionLoss>",
    "        <ComputationMethod>Table only</ComputationMethod>",
    `        <CurrentAxis>${row(current)}</CurrentAxis>`,
    `        <TemperatureAxis>${row(curve.t)}</TemperatureAxis>`,
    '        <VoltageDrop scale="1">',
    ...curve.t.map(
      (_, index) => `          <Temperature>${row(current.map((i) => (i === 0 && zeroAtZero ? 0 : curve.v0[index]! + (curve.r[index]! / 1000) * i)))}</Temperature>`,
    ),
    "        </VoltageDrop>",
    "      </ConductionLoss>",
  ];
}

export function thermal(zth: Array<{ r: number; tau: number }> | undefined, rth: number): string[] {
  const network = zth ?? [{ r: rth, tau: 1e-3 }];
  return [
    "    <ThermalModel>",
    '      <Branch type="Foster">',
    ...network.map((pair) => `        <RTauElement R="${num(pair.r)}" Tau="${num(pair.tau)}"/>`),
    "      </Branch>",
    "    </ThermalModel>",
  ];
}

/** The conduction table's currents: 0 to twice the datasheet's test current. */
export const conductionCurrents = (reference: number) => [0, 0.25, 0.5, 1, 1.5, 2].map((factor) => Number((factor * reference).toPrecision(6)));

function mosfet(input: MosfetModelInput, version: string): string[] {
  const { loss } = input;
  const ref = loss.switchingRef;
  const voltages = voltageAxis(ref.v, input.vRating);
  const e = loss.energies;
  return [
    `  <Package class="MOSFET" vendor="${escapeXml(VENDOR)}" partnumber="${escapeXml(input.partNumber)}">`,
    "    <Variables/>",
    '    <SemiconductorData type="MOSFET">',
    ...lossTable("TurnOnLoss", e.i, voltages, e.tj, (t, v) => e.eOn[t]!.map((energy) => atVoltage(energy, v, ref.v, loss.kv))),
    ...lossTable("TurnOffLoss", e.i, voltages, e.tj, (t, v) => e.eOff[t]!.map((energy) => atVoltage(energy, v, ref.v, loss.kv))),
    ...conductionTable(conductionCurrents(input.rdsOn.id), loss.channel, false),
    "    </SemiconductorData>",
    ...thermal(loss.zth, loss.rth),
    "    <Comment>",
    ...[
      `${input.partNumber}: SiC power MOSFET, ${input.vRating} V, ${input.rdsOn.r25} mOhm typ., package ${input.package}; model pack version ${version}`,
      `Switching energies from the datasheet's double-pulse test at V_DD = ${ref.v} V, R_G(ext) = ${ref.rg} Ohm, V_GS = ${input.gateCharge.vgsOff}/+${input.gateCharge.vgsOn} V;`,
      `E_on includes the reverse recovery of the opposite switch's body diode and its output charge; other voltages scale with (V/${ref.v} V)^${loss.kv}.`,
      `Conduction: channel at V_GS = ${input.rdsOn.vgs} V (typ.), third quadrant through the channel as well; the body diode is not in this table.`,
      `Thermal: Foster network Z_th(j-c), sum of R = R_th(j-c) = ${loss.rth} K/W.`,
    ].map((line) => `      <Line>${escapeXml(line)}</Line>`),
    "    </Comment>",
    "  </Package>",
  ];
}

function diode(input: DiodeModelInput, version: string): string[] {
  const { loss } = input;
  const voltages = voltageAxis(input.charge.vr, input.vRating);
  const current = conductionCurrents(input.forward.i);
  const temperatures = [loss.forward.t[0]!, loss.forward.t[loss.forward.t.length - 1]!];
  const zero = () => current.map(() => 0);
  return [
    `  <Package class="Diode" vendor="${escapeXml(VENDOR)}" partnumber="${escapeXml(input.partNumber)}">`,
    "    <Variables/>",
    '    <SemiconductorData type="Diode">',
    ...lossTable("TurnOnLoss", current, voltages, temperatures, zero),
    ...lossTable("TurnOffLoss", current, voltages, temperatures, zero),
    ...conductionTable(current, loss.forward, true),
    "    </SemiconductorData>",
    ...thermal(loss.zth, loss.rth),
    "    <Comment>",
    ...[
      `${input.partNumber}: SiC Schottky diode, ${input.vRating} V, package ${input.package}; model pack version ${version}`,
      "No reverse recovery: the diode's own switching energy is zero. Its capacitive charge",
      `Q_C = ${input.charge.qc} nC at V_R = ${input.charge.vr} V is dissipated in the switch that turns on (Q_C*V/k with V scaled as (V/V_R)^${loss.kv}, as the site's estimator counts it).`,
      `Conduction: V_F = V0(T) + r(T)*I_F (0 V at 0 A), datasheet V_F = ${input.forward.v25} V at ${input.forward.i} A, 25 deg C.`,
      `Thermal: Foster network Z_th(j-c), sum of R = R_th(j-c) = ${loss.rth} K/W.`,
    ].map((line) => `      <Line>${escapeXml(line)}</Line>`),
    "    </Comment>",
    "  </Package>",
  ];
}

/** The part's PLECS thermal description. */
export function plecsModel(input: ModelInput, version: string): string {
  return [
    '<?xml version="1.0" encoding="ISO-8859-1"?>',
    '<SemiconductorLibrary xmlns="http://www.plexim.com/xml/semiconductors/" version="1.1">',
    ...(input.kind === "mosfet" ? mosfet(input, version) : diode(input, version)),
    "</SemiconductorLibrary>",
    "",
  ].join("\n");
}
