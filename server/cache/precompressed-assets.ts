// Hashed assets: immutable for a year, and served from the brotli or gzip copies written at build
// (scripts/compress-assets.ts) when the browser accepts them, so no CPU is spent compressing them per
// request. Only files listed at start are considered, so no request path ever reaches the file system.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

const encodings = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** Whether Accept-Encoding accepts a coding (a q of 0 refuses it). */
function accepts(acceptEncoding: string | undefined, coding: string): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(",").some((part) => {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (token !== coding && token !== "*") return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

export function precompressedAssets(assetsDir: string) {
  const files = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : []);
  const immutable = "public, max-age=31536000, immutable";
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!files.has(name) || name.includes("/")) return next();
    const variants = encodings.filter((encoding) => files.has(name + encoding.suffix));
    if (variants.length === 0) return next();
    res.setHeader("Vary", "Accept-Encoding");
    const chosen = variants.find((encoding) => accepts(req.headers["accept-encoding"], encoding.name));
    if (!chosen) return next();
    res.setHeader("Content-Encoding", chosen.name);
    res.type(path.extname(name));
    res.sendFile(path.join(assetsDir, name + chosen.suffix), { headers: { "Cache-Control": immutable }, cacheControl: false }, (error) => {
      if (error) next(error);
    });
  };
}
