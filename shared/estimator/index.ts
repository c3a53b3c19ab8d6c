// The loss and junction-temperature estimator without zod (safe for first-load browser bundles): operating
// point and its URL form, equations, estimate, suggestion, ranking. Validation is validate.ts; the CSV csv.ts.
export * from "./operating-point.ts";
export * from "./equations.ts";
export * from "./estimate.ts";
export * from "./assumptions.ts";
export * from "./suggest.ts";
export * from "./ranking.ts";
export * from "./ripple.ts";
export * from "./modulation.ts";
export * from "./scope.ts";
export * from "./worst-case.ts";
export * from "./refusal.ts";
