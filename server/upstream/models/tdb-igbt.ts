// An IGBT module's machine-readable datasheet in the transistordatabase format of Paderborn University (upb-lea/
// transistordatabase at ce995ed: the keys of transistor.py's Transistor, switch.py's Switch, diode.py's Diode and
// data_classes.py, the mandatory ones as helper_functions.py's isvalid_dict checks them; SI units). The format's
// Transistor holds one switch and one diode (the type "IGBT" among its types): here one IGBT and its freewheeling diode of the module (a three-level module's: one device), as the loss data and
// the characterisation dataset describe them (docs/decisions/055-characterisation-dataset.md). Every curve is the
// dataset's in SI units, so the file and the dataset cannot drift (test/upstream/models-tdb-igbt.test.ts); the
// format's own field names hold the IGBT's quantities: channel V_CE–I_C per T_j and V_GE, c_iss/c_oss/c_rss C_ies/
// C_oes/C_res, the diode's e_rr its recovery energy E_rec. The JSON Schema is tdb.ts's tdbSchema, one for every type.
// Left out, as for a MOSFET: the transfer characteristic (no field for it), in the dataset and the curves CSV.
import type { IgbtCharacterisation } from "../../../shared/contract/characterisation.ts";
import type { IgbtModuleInput } from "./module-inputs.ts";
import { VENDOR } from "./plecs.ts";
import { curve, MICRO, NANO, PICO, round, scaled, switchEnergySets, thermalFoster, type EnergyAxes, type TdbLifecycle } from "./tdb.ts";

/** One of the dataset's energies (E_on, E_off of the IGBT, E_rec of the diode) over its four axes. */
function axes(switching: IgbtCharacterisation["switching"], which: "eOn" | "eOff" | "eRec"): EnergyAxes {
  return {
    byCurrent: { tj: switching.byCurrent.tj, i: switching.byCurrent.i, e: switching.byCurrent[which] },
    byGate: { rg: switching.byGate.rg, e: switching.byGate[which] },
    byVoltage: { v: switching.byVoltage.vcc, e: switching.byVoltage[which] },
    byTemperature: { tj: switching.byTemperature.tj, e: switching.byTemperature[which] },
  };
}

/** The catalogue's topology inside a sentence ("half bridge", "3-level NPC"). */
const inSentence = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/**
 * The IGBT module as transistordatabase's JSON (one object, the keys in the order tdb.ts writes a MOSFET's), plus
 * our `lifecycle` at the end (tdb.ts says why the tool's loader passes over it).
 */
export function tdbIgbtModel(input: IgbtModuleInput, dataset: IgbtCharacterisation, version: string, lifecycle: TdbLifecycle | null = null): string {
  const { loss, vceSat } = input;
  const { conditions, keyValues, capacitance, switching } = dataset;
  const ref = conditions.switching;
  const reference = { v: ref.vcc, i: ref.ic, rg: ref.rg, tj: ref.tj };
  const gate = { on: conditions.vgeOn, off: conditions.vgeOff };
  const device = input.topology === "npc" ? "device" : "switch";
  // The C–V curves at V_GE = 0 and 25 °C (pF → F).
  const voltageDependent = (values: number[]) => [{ t_j: 25, graph_v_c: scaled(capacitance.vce, values, 1, PICO) }];
  const effective = (c: number) => ({ c_o: round(c), v_gs: 0, v_ds: ref.vcc });
  const transistor = {
    name: `Qingyun_${input.partNumber}`,
    type: "IGBT",
    author: VENDOR,
    technology: "IGBT",
    template_version: null,
    template_date: null,
    creation_date: null,
    last_modified: null,
    comment: `Model pack version ${version}: one IGBT and its freewheeling diode of the ${inSentence(input.topologyName)} module (one ${device}; all are alike), generated from its characterisation dataset (typical curves fitted to the datasheet's data and the loss data). C_ies is charge-equivalent (Q_G over the gate swing), above a small-signal C_ies at 25 V. No measured raw data.`,
    datasheet_hyperlink: null,
    datasheet_date: input.datasheet.date,
    datasheet_version: input.datasheet.version,
    housing_area: null,
    cooling_area: null,
    t_c_max: null,
    r_g_int: null,
    r_g_on_recommended: ref.rg,
    r_g_off_recommended: ref.rg,
    // C_ies, C_oes, C_res at V_CC, V_GE = 0 (pF → F).
    c_oss_fix: round(keyValues.coes * PICO),
    c_iss_fix: round(keyValues.cies * PICO),
    c_rss_fix: round(keyValues.cres * PICO),
    housing_type: input.package,
    manufacturer: VENDOR,
    // The loss data state the case-to-heat-sink resistance per IGBT and per diode (with the recommended grease); the
    // tool adds r_th_cs, the module's own, to each, so it is 0 here rather than counted twice.
    r_th_cs: 0,
    r_th_switch_cs: loss.rthCh ?? 0,
    r_th_diode_cs: loss.rthChDiode ?? loss.rthCh ?? 0,
    v_abs_max: input.vRating,
    i_abs_max: conditions.icPulse,
    i_cont: conditions.icNom,
    c_oss: voltageDependent(capacitance.coes),
    c_iss: voltageDependent(capacitance.cies),
    c_rss: voltageDependent(capacitance.cres),
    // E_oes against V_CE (µJ → J).
    graph_v_ecoss: scaled(capacitance.vce, capacitance.eoes, 1, MICRO),
    raw_measurement_data: [],
    c_oss_er: effective((2 * keyValues.eoes * MICRO) / ref.vcc ** 2),
    c_oss_tr: effective((keyValues.qoes * NANO) / ref.vcc),
    diode: {
      thermal_foster: thermalFoster(dataset.thermalDiode),
      comment: `Freewheeling diode: V_F ${keyValues.vf25} V typ. at I_F = ${conditions.icRef} A, 25 deg C; e_rr is its reverse-recovery energy E_rec, switched by the opposite IGBT`,
      manufacturer: VENDOR,
      technology: "freewheeling diode",
      t_j_max: input.tjMax,
      // No gate: v_g null (transistordatabase's Diode_ChannelData does not require it).
      channel: dataset.diode.map((line) => ({ t_j: line.tj, graph_v_i: curve(line.vf, line.if), v_g: null })),
      e_rr: switchEnergySets(axes(switching, "eRec"), reference, gate, {
        commutationDevice: `${input.partNumber} (IGBT of the opposite switch)`,
        comment: "reverse-recovery energy E_rec of the diode",
      }),
      linearized_diode: [],
      soa: [],
    },
    switch: {
      thermal_foster: thermalFoster(dataset.thermal),
      t_j_max: input.tjMax,
      comment: `V_CE(sat) ${vceSat.v25} V typ. at I_C = ${vceSat.ic} A, V_GE = ${vceSat.vge} V, 25 deg C; ${vceSat.vHot} V at ${vceSat.tHot} deg C`,
      manufacturer: VENDOR,
      technology: "IGBT",
      // The output characteristics V_CE–I_C per T_j and V_GE, through saturation.
      channel: dataset.output.map((line) => ({ t_j: line.tj, graph_v_i: curve(line.vce, line.ic), v_g: line.vge })),
      e_on: switchEnergySets(axes(switching, "eOn"), reference, gate, {
        commutationDevice: `${input.partNumber} (freewheeling diode of the opposite switch)`,
        comment: "includes the opposite diode's reverse recovery",
      }),
      e_off: switchEnergySets(axes(switching, "eOff"), reference, gate, {
        commutationDevice: `${input.partNumber} (freewheeling diode of the opposite switch)`,
        comment: null,
      }),
      e_on_meas: [],
      e_off_meas: [],
      linearized_switch: [],
      r_channel_th: [],
      // V_GE against gate charge (nC → C) at the gate-charge condition, 25 °C; the gate current is not stated.
      charge_curve: [
        {
          i_channel: conditions.gateCharge.ic,
          t_j: 25,
          v_supply: conditions.gateCharge.vce,
          i_g: null,
          graph_q_v: scaled(dataset.gateCharge.qg, dataset.gateCharge.vge, NANO),
        },
      ],
      // The single-pulse SOA lines at T_C (time_pulse null: DC), [V, A].
      soa: dataset.soa.lines.map((line) => ({ t_c: dataset.soa.tc, time_pulse: line.tp, graph_i_v: curve(line.vds, line.id) })),
    },
    ...(lifecycle ? { lifecycle } : {}),
  };
  return `${JSON.stringify(transistor, null, 2)}\n`;
}
