// The loss and junction-temperature estimator: operating point (validation and URL form), equations, estimate.
export * from "./operating-point.ts";
export * from "./equations.ts";
export * from "./estimate.ts";
export * from "./suggest.ts";
