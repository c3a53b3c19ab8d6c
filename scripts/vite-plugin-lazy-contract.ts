// Client build only: the browser gets the API contract without zod on its first load. Every module of
// shared/contract/ imported from outside the contract is replaced by a generated facade: a call becomes
// its plain description (name, method, path, auth) plus `load()`, which imports the real definition (and
// zod) the first time the page client parses an answer; plain constants are inlined; functions and
// schemas are re-exported from the file that defines them, so only the pages that use those pay for them.
// Why this is safe: the page client always parses with the real schemas (defaults applied), just later;
// the server, the tests and development use the real modules directly.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";

const FACADE = "\0contract-facade:";

function isZod(value: unknown): boolean {
  return !!value && typeof value === "object" && "_zod" in value;
}

function isCall(value: unknown): value is { name: string; method: string; path: string; auth: boolean; summary: string } {
  const v = value as Record<string, unknown> | null;
  return !!v && typeof v === "object" && typeof v.name === "string" && typeof v.path === "string" && (v.method === "GET" || v.method === "POST") && isZod(v.data);
}

/** Plain data that can be written as a literal (strings, numbers, arrays, plain objects, RegExps). */
function literal(value: unknown): string | null {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return JSON.stringify(value);
  if (value instanceof RegExp) return `new RegExp(${JSON.stringify(value.source)}, ${JSON.stringify(value.flags)})`;
  if (Array.isArray(value)) {
    const items = value.map(literal);
    return items.every((item) => item !== null) ? `[${items.join(",")}]` : null;
  }
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype && !isZod(value)) {
    const entries = Object.entries(value as object).map(([key, item]) => [key, literal(item)] as const);
    return entries.every(([, item]) => item !== null) ? `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${item}`).join(",")}}` : null;
  }
  return null;
}

export function lazyContract(root: string): Plugin {
  const contractDir = path.join(root, "shared", "contract");
  const inContract = (id: string) => id.startsWith(contractDir + path.sep);
  /** The file that declares an export (`export const|function|class NAME`). */
  const declaredIn = new Map<string, string>();
  const scan = () => {
    if (declaredIn.size) return;
    for (const name of readdirSync(contractDir).filter((file) => file.endsWith(".ts"))) {
      const file = path.join(contractDir, name);
      for (const match of readFileSync(file, "utf8").matchAll(/^export (?:const|function|class|async function) (\w+)/gm)) declaredIn.set(match[1]!, file);
    }
  };
  return {
    name: "qingyun-lazy-contract",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !inContract(resolved.id) || !resolved.id.endsWith(".ts")) return null;
      // Inside the contract and from a facade: the real module. Nothing in it runs for its own sake, so an
      // unused re-export drops it (and zod) from the chunk.
      if (importer.startsWith(FACADE) || inContract(importer)) return { id: resolved.id, moduleSideEffects: false };
      return FACADE + resolved.id;
    },
    async load(id) {
      if (!id.startsWith(FACADE)) return null;
      scan();
      const file = id.slice(FACADE.length);
      const real = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const lines: string[] = [];
      for (const [name, value] of Object.entries(real)) {
        const source = JSON.stringify(declaredIn.get(name) ?? file);
        if (isCall(value)) {
          // What the page client reads of a call (name, method, path, and auth only when true: it tests `!call.auth`);
          // the summary is for the OpenAPI document. Every call a page uses sits in the entry's facade, so each byte
          // here is paid on every first load.
          const description = { name: value.name, method: value.method, path: value.path, ...(value.auth ? { auth: true } : {}) };
          lines.push(`export const ${name} = { ...${JSON.stringify(description)}, load: () => import(${source}).then((m) => m.${name}) };`);
          continue;
        }
        const inline = typeof value === "function" || isZod(value) ? null : literal(value);
        lines.push(inline !== null ? `export const ${name} = ${inline};` : `export { ${name} } from ${source};`);
      }
      return { code: lines.join("\n"), moduleSideEffects: false };
    },
  };
}
