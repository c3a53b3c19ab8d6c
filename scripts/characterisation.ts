// `npx node scripts/characterisation.ts`: writes every discrete part's and module's characterisation dataset into
// server/upstream/content/characterisation/{part}.json from the content it is derived from
// (server/upstream/models/characterisation.ts, docs/decisions/055-characterisation-dataset.md).
// test/upstream/characterisation.test.ts regenerates the files and fails on any difference.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { characterisation } from "../shared/contract/characterisation.ts";
import { shippedContentDir } from "../server/upstream/content/load.ts";
import { characterisationFile, characterisationText, generateCharacterisation } from "../server/upstream/models/characterisation.ts";

mkdirSync(path.join(shippedContentDir, "characterisation"), { recursive: true });
const datasets = generateCharacterisation();
for (const [part, dataset] of datasets) {
  // The schema checks what is written, so a file that would not load is never written.
  writeFileSync(path.join(shippedContentDir, characterisationFile(part)), characterisationText(characterisation.parse(dataset)));
}
console.log(`${datasets.size} characterisation datasets written`);
