// Where the browser finds the client's files: the Vite manifest in production; the dev server in development.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { DocumentAssets } from "../../client/document.tsx";

export const clientEntry = "client/entry-client.tsx";

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

/** Production: the entry, its CSS and the modulepreload list of the entry and the matched route modules. */
export function manifestAssets(clientDir: string): (modules: string[]) => DocumentAssets {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite", "manifest.json"), "utf8")) as Manifest;
  return assetsFromManifest(manifest);
}

/** The document's assets from a client manifest: the entry and the matched route modules with their static
 * imports (styles and modulepreloads), and the styles of the chunks those modules import dynamically. The
 * server renders islands (client/runtime/island.tsx) in full, so their styles must be in the head: with
 * them coming with the island's chunk, the finder's operating-point panel was unstyled until then and moved
 * the page (CLS 0.13 in Lighthouse). Their scripts still load after the page. */
export function assetsFromManifest(manifest: Manifest): (modules: string[]) => DocumentAssets {
  const entry = manifest[clientEntry];
  if (!entry) throw new Error(`The client manifest has no entry for ${clientEntry}; run npm run build`);
  return (modules) => {
    const styles = new Set<string>();
    const preloads = new Set<string>();
    const visit = (key: string, seen: Set<string>) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const file of chunk.css ?? []) styles.add(`/${file}`);
      if (key !== clientEntry) preloads.add(`/${chunk.file}`);
      for (const imported of chunk.imports ?? []) visit(imported, seen);
    };
    const visitStyles = (key: string, seen: Set<string>) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const file of chunk.css ?? []) styles.add(`/${file}`);
      for (const imported of chunk.imports ?? []) visitStyles(imported, seen);
    };
    const seen = new Set<string>();
    visit(clientEntry, seen);
    for (const module of modules) visit(module, seen);
    const seenStyles = new Set(seen);
    for (const module of modules) for (const imported of manifest[module]?.dynamicImports ?? []) visitStyles(imported, seenStyles);
    return { entry: `/${entry.file}`, styles: [...styles], preloads: [...preloads] };
  };
}

/** Development: Vite serves sources; the stylesheet is linked so the first paint is styled (no FOUC). */
export function devAssets(preamble: string): (modules: string[]) => DocumentAssets {
  return () => ({
    entry: `/${clientEntry}`,
    styles: ["/client/styles/app.css?direct"],
    preloads: [],
    devPreamble: preamble,
    devScripts: ["/@vite/client"],
  });
}

/** Tests render without a client build: the document has no scripts to load. */
export function noAssets(): DocumentAssets {
  return { entry: null, styles: [], preloads: [] };
}
