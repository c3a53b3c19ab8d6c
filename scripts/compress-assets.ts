// After `vite build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy of every hashed
// text asset, once, so the server sends them compressed at no CPU cost per request.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const assetsDir = path.resolve(import.meta.dirname, "..", "dist", "client", "assets");
let written = 0;
for (const name of readdirSync(assetsDir)) {
  if (!/\.(js|css|svg|json|txt|map)$/.test(name)) continue;
  const source = readFileSync(path.join(assetsDir, name));
  // Tiny files gain nothing from a second request-time decision.
  if (source.length < 512) continue;
  writeFileSync(
    path.join(assetsDir, `${name}.br`),
    brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
  );
  writeFileSync(path.join(assetsDir, `${name}.gz`), gzipSync(source, { level: 9 }));
  written++;
}
console.log(`compress-assets: brotli and gzip copies of ${written} files in dist/client/assets`);
