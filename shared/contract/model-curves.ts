// A part's curves as the HTML datasheet draws them: the rows of its published curves CSV at the newest model version
// (server/upstream/models/curves.ts writes that file), grouped back into curves. The page shows the numbers of the
// file an engineer downloads, not a second computation of them (docs/decisions/054-html-datasheet.md). A file of its
// own, like model-validation.ts, so the product page's first load does not carry these schemas.
import { z } from "zod";
import { defineCall } from "./define.ts";
import { modelFile, modelPartNumber, modelVersion } from "./models.ts";

/** The CSV's condition columns, by the name the file gives them (°C, V, A, Ω); a curve states those that apply. */
const curveConditions = z.strictObject({
  t_j_degC: z.number().optional(),
  v_gs_V: z.number().optional(),
  v_dd_V: z.number().optional(),
  i_d_A: z.number().optional(),
  r_g_ohm: z.number().optional(),
});
export type CurveConditions = z.infer<typeof curveConditions>;

/** One curve: its name as the file writes it, the axes' quantities (underscore notation) and units, its conditions and points. */
const partCurve = z.strictObject({
  curve: z.string().min(1),
  x: z.strictObject({ quantity: z.string().min(1), unit: z.string().min(1) }),
  y: z.strictObject({ quantity: z.string().min(1), unit: z.string().min(1) }),
  conditions: curveConditions,
  points: z.array(z.tuple([z.number(), z.number()])).min(1),
});
export type PartCurve = z.infer<typeof partCurve>;

/**
 * A part's curves at its newest model version, read from its published curves CSV: a part without one (unknown, not
 * shown, or without model files) is 404 E40027003, a malformed part number 400.
 */
export const queryModelCurves = defineCall({
  name: "queryModelCurves",
  method: "GET",
  path: "/front/queryModelCurves",
  summary:
    "A part's curves at its newest model version (the rows of its published curves CSV, grouped by curve and conditions), what the HTML datasheet draws; a part without a curves file (unknown, not shown, or no model) is 404 E40027003, a malformed part number 400 E40000002.",
  query: z.strictObject({ partNumber: modelPartNumber }),
  data: z.strictObject({
    partNumber: modelPartNumber,
    version: modelVersion,
    /** YYYY-MM-DD: the day the version was published. */
    date: z.string(),
    /** The CSV file the curves are read from. */
    file: modelFile,
    curves: z.array(partCurve),
  }),
});
export type ModelCurves = z.infer<typeof queryModelCurves.data>;
