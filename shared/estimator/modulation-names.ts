// The inverter modulations by name, apart from their loss factors (modulation.ts): the operating point's URL
// form and the panel need the names in every product page's first load, the factors only with the model.
export const modulations = ["spwm", "thipwm", "svpwm", "dpwm"] as const;
export type Modulation = (typeof modulations)[number];
export const DEFAULT_MODULATION: Modulation = "spwm";
/** The names engineers write in either language. */
export const modulationAcronyms: Record<Modulation, string> = { spwm: "SPWM", thipwm: "THIPWM", svpwm: "SVPWM", dpwm: "DPWM1" };

export function isModulation(value: unknown): value is Modulation {
  return typeof value === "string" && (modulations as readonly string[]).includes(value);
}
