// `npx node scripts/models.ts`: writes every discrete part's model files (ngspice and LTspice netlists, PLECS, …) at the current model
// version into server/upstream/content/models/{part}/{version}/, from the content's loss data and datasheets
// (server/upstream/models/pack.ts). Older versions' folders are left as they are: their URLs are permanent.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { shippedContentDir } from "../server/upstream/content/load.ts";
import { generateModelPack, MODEL_VERSION } from "../server/upstream/models/pack.ts";

let count = 0;
// What is already written at the current version: a machine-readable datasheet keeps the lifecycle it published.
const published = (part: string, fileName: string) => {
  const file = path.join(shippedContentDir, "models", part, MODEL_VERSION, fileName);
  return existsSync(file) ? readFileSync(file, "utf8") : null;
};
for (const [part, files] of generateModelPack(undefined, published)) {
  const folder = path.join(shippedContentDir, "models", part, MODEL_VERSION);
  mkdirSync(folder, { recursive: true });
  for (const file of files) {
    writeFileSync(path.join(folder, file.fileName), file.text);
    count++;
  }
}
console.log(`${count} model files written (version ${MODEL_VERSION})`);
