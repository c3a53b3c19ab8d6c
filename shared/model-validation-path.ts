// The site path of a part's model validation page, in a module of its own (as document-paths.ts): the product
// detail links it on its first load, and sharing a module with the validation page's contract imports let the
// bundler put zod's schemas on the product detail's first load.
import { supportPath } from "./paths.ts";

/** A part's model validation page: its ngspice checks against the datasheet (docs/decisions/027-model-topology.md). */
export function modelValidationPagePath(part: string): string {
  return `${supportPath}/models/${encodeURIComponent(part)}`;
}
