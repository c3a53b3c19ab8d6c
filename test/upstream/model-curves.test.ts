// queryModelCurves, the HTML datasheet's curves: every part with a published curves CSV at the newest version gets
// that file's rows back as curves, point for point (read here by a separate, line-by-line reading of the file, not by
// the upstream's reader), with the file's version, date and checksum; a part without one is a 404 envelope, a
// malformed part number a 400, never a 500.
import { readdirSync, readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryModelCurves, type ModelCurves } from "../../shared/contract/model-curves.ts";
import { shippedContentDir } from "../../server/upstream/content/load.ts";
import { MODEL_DATE, MODEL_VERSION } from "../../server/upstream/models/pack.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.cleanup());

const modelsDir = path.join(shippedContentDir, "models");
const partsWithCsv = readdirSync(modelsDir).filter((part) => {
  try {
    return readdirSync(path.join(modelsDir, part, MODEL_VERSION)).includes(`${part}.curves.csv`);
  } catch {
    return false;
  }
});

/** The file's rows as [curve, x, y, conditions…]: only the first field may be quoted (a curve name with a comma). */
function csvRows(text: string): string[][] {
  return text
    .trimEnd()
    .split("\r\n")
    .slice(1)
    .map((line) => {
      const first = /^("(?:[^"]|"")*"|[^,]*),(.*)$/.exec(line)!;
      const name = first[1]!.startsWith('"') ? first[1]!.slice(1, -1).replace(/""/g, '"') : first[1]!;
      return [name, ...first[2]!.split(",")];
    });
}

describe("GET /front/queryModelCurves", () => {
  it("answers each part's published curves CSV at the newest version, row for row", async () => {
    expect(partsWithCsv.length).toBeGreaterThanOrEqual(10);
    for (const part of partsWithCsv) {
      const answer = await upstream.get(`/front/queryModelCurves?partNumber=${part}&language=en`);
      expect(answer.status, part).toBe(200);
      const data = queryModelCurves.data.parse(answer.json.data) as ModelCurves;
      const bytes = readFileSync(path.join(modelsDir, part, MODEL_VERSION, `${part}.curves.csv`));
      expect([data.partNumber, data.version, data.date]).toEqual([part, MODEL_VERSION, MODEL_DATE]);
      expect(data.file.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
      const flattened = data.curves.flatMap((curve) =>
        curve.points.map(([x, y]) => [
          curve.curve,
          curve.x.quantity,
          curve.x.unit,
          x,
          curve.y.quantity,
          curve.y.unit,
          y,
          ...(["t_j_degC", "v_gs_V", "v_dd_V", "i_d_A", "r_g_ohm"] as const).map((key) => curve.conditions[key] ?? ""),
        ]),
      );
      const rows = csvRows(bytes.toString("ascii")).map((row) =>
        row.map((field, index) => ([3, 6].includes(index) || (index >= 7 && field !== "") ? Number(field) : field)),
      );
      expect(flattened, part).toEqual(rows);
      // A MOSFET's curves at several temperatures are curves of their own, not one line through all points.
      if (part.startsWith("QCM")) expect(data.curves.filter((curve) => curve.curve === "output characteristic").length).toBeGreaterThanOrEqual(2);
    }
  });

  it("is a 404 envelope for a part without curves and a 400 for a malformed part number", async () => {
    for (const part of ["QCM999120K4", "QGD1B04W8", "QCM080120K3"]) {
      const answer = await upstream.get(`/front/queryModelCurves?partNumber=${part}&language=zh`);
      expect([answer.status, answer.json.code], part).toEqual([404, "E40027003"]);
      expect(answer.json.message).toBe("该型号没有已发布的曲线数据");
    }
    for (const query of ["partNumber=qcm040120k4", "partNumber=../x", "", "partNumber=QCM040120K4&extra=1"]) {
      const answer = await upstream.get(`/front/queryModelCurves?${query}&language=en`);
      expect(answer.status, query).toBe(400);
    }
  });
});
