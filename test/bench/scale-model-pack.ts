// The largest product family's model pack at 10,000 products (docs/decisions/054-html-datasheet.md, "Family packs at
// 10,000 parts"): the archive is written as it is sent, one file read and deflated at a time, so the server's memory
// must not grow with it. Measured as the RSS high-water mark above the RSS just before the request, sampled every 25 ms
// while the archive is read at full speed; it must stay under PACK_RSS_GROWTH, and the archive must be whole (its end
// record counting every file the listing names, beside README and SHA256SUMS). What it catches: memory that grows with
// the number of files. At 10,000 products the largest family (2,778 parts, 11,112 files, about 80 MB read and deflated
// into an 18 MB archive) grew the RSS by 252 MB while the central directory kept small pooled buffers (each pinning an
// 8 KB slab of Node's buffer pool, zip.ts); 27–52 MB since on the loaded two-core development machine, most of it the
// listing's and the sockets' buffers and garbage not yet collected.
import { callPath } from "../../shared/contract/call-path.ts";
import { queryModelFamilyPacks, type ModelFamilyPack } from "../../shared/contract/models.ts";
import { mb, rssOf } from "./traffic.ts";

/** The bound on the RSS growth while the pack is sent: well above the 27–52 MB measured, well below the 252 MB of the leak. */
const PACK_RSS_GROWTH = 96 * 1048576;

export async function measureModelPack(origin: string, pid: number, miss: (message: string) => void): Promise<void> {
  const listing = await fetch(`${origin}/api${callPath(queryModelFamilyPacks, "qingyun")}?language=en`);
  const packs = ((await listing.json()) as { data: ModelFamilyPack[] }).data;
  const largest = [...packs].sort((a, b) => b.parts.length - a.parts.length)[0];
  console.log(`\n-- model pack of the largest family (budget: RSS growth ≤ ${mb(PACK_RSS_GROWTH)} while it is sent)`);
  if (!largest) return void miss("model pack: no family has a pack");
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 25);
  const started = performance.now();
  let bytes = 0;
  let tail = Buffer.alloc(0);
  let status = 0;
  try {
    const response = await fetch(`${origin}/api${largest.downloadPath}`);
    status = response.status;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      // The last 22 bytes are the end of central directory record (APPNOTE 4.3.16).
      tail = Buffer.concat([tail, Buffer.from(value)]).subarray(-22);
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssOf(pid));
  const seconds = (performance.now() - started) / 1000;
  const entries = tail.readUInt32LE(0) === 0x06054b50 ? tail.readUInt16LE(10) : -1;
  console.log(
    `family ${largest.familyId} (${largest.name}): ${largest.parts.length} parts, ${largest.files} files, ${mb(bytes)} in ${seconds.toFixed(1)} s; RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)}, ${((peak - before) / largest.files / 1024).toFixed(1)} KB a file)`,
  );
  if (status !== 200) miss(`model pack: ${status}`);
  if (entries !== largest.files + 2) miss(`model pack: the archive's end record names ${entries} entries, the listing ${largest.files} files and README and SHA256SUMS`);
  // Thousands of files, or the measure says nothing about memory that grows with them.
  if (largest.files < 5000) miss(`model pack: the largest family's pack holds ${largest.files} files, too few to measure (content:scale gives its parts model files)`);
  if (peak - before > PACK_RSS_GROWTH) miss(`model pack: RSS grew by ${mb(peak - before)} while it was sent (budget ${mb(PACK_RSS_GROWTH)})`);
}
