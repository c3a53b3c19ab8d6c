// Client build (hashed assets + manifest for the server) and SSR build of client/entry-server.tsx.
import path from "node:path";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { routeModules } from "./scripts/vite-plugin-route-modules.ts";
import { lazyContract } from "./scripts/vite-plugin-lazy-contract.ts";

const routerBuild = (file: string) => path.join(import.meta.dirname, "node_modules", "react-router", "dist", "production", file);

export default defineConfig(({ command, isSsrBuild }) => ({
  // lazyContract: the browser's first load carries no zod (docs/decisions/006-no-zod-on-first-load.md); it applies
  // to the client build only.
  plugins: [react(), lazyContract(import.meta.dirname), routeModules()],
  publicDir: false,
  // React Router 7 publishes its production build (no dev warnings, no invariant messages) but its package
  // exports resolve only the development one (remix-run/react-router#12532, #14102). The browser and the
  // server get the production files: react-router-dom re-exports these two specifiers, and nothing else
  // imports the package. On the server the development build cost a tenth of a render's CPU (its
  // dev-only checks in every Link and resolved path); the SSR build bundles the router (ssr.noExternal)
  // so that Node's resolution, which would pick the development files again, never sees it.
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: routerBuild("index.mjs") },
      { find: /^react-router\/dom$/, replacement: routerBuild("dom-export.mjs") },
    ],
  },
  build: isSsrBuild
    ? {
        ssr: "client/entry-server.tsx",
        outDir: "dist/server",
        emptyOutDir: true,
        target: "node24",
        rolldownOptions: { output: { entryFileNames: "entry-server.js" } },
      }
    : {
        outDir: "dist/client",
        emptyOutDir: true,
        manifest: true,
        target: "es2022",
        // A lazy chunk's preload list leaves out the chunks every first load has already brought (the
        // bundler's runtime, the libraries, the shell): listing them cost bytes in the entry, not one fetch.
        modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !/^assets\/(rolldown-runtime|vendor|shell)-/.test(dep)) },
        rolldownOptions: {
          input: "client/entry-client.tsx",
          // The bundler's helpers in a chunk of their own: left to chance they can land in a chunk of the
          // lazily loaded contract and drag it (and zod) into every first load.
          // shared/samples/order-status.ts is also imported by the lazy contract (account.ts): on its own, the order pages
          // that need only its constants do not pull the contract's chunk, and zod with it, into their first load.
          output: {
            codeSplitting: {
              groups: [
                // The libraries every page needs, in one file: one request instead of five, and one gzip stream
                // compresses them better (1–2 KB less per page).
                { name: "vendor", test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|jotai)[\\/]/ },
                // Our small modules that (nearly) every page's first load needs, in one file instead of a dozen
                // of a few hundred bytes each: languages, links, the site's paths, the page client and its context, the head,
                // the chunk-reload guard and the idle scheduler the entry itself uses.
                {
                  name: "shell",
                  test: /(shared[\\/](languages|paths|site[\\/]links|catalog[\\/]tree|forms[\\/]masking|seo[\\/]seo|text[\\/]html)\.ts|shared[\\/]contract[\\/]call-path\.ts|client[\\/](hooks|app-context)\.ts|client[\\/]api[\\/](page-client|loader-context)\.ts|client[\\/]components[\\/](smart-link|link|page-meta|json-ld)\.tsx|client[\\/]runtime[\\/](link-navigation|chunk-reload|idle)\.ts|client[\\/]components[\\/]header[\\/]menu-model\.ts)$/,
                },
                { name: "order-status", test: /shared[\\/]samples[\\/]order-status\.ts$/ },
                // Also imported by the lazy contract (through the matching code): on its own for the same reason.
                { name: "part-key", test: /shared[\\/]cross-reference[\\/]part-key\.ts$/ },
                // Also imported by the lazy contract (the cross-reference's facts): on its own, or the product page's
                // first load would bring that chunk, and zod with it.
                { name: "product-facts", test: /shared[\\/]catalog[\\/]product-facts\.ts$/ },
                // Imported by the product page and by the models contract, which the validation page's call loads:
                // on its own, or the bundler merges it into that contract's chunk and the product page's first load
                // brings zod with it.
                { name: "model-links", test: /shared[\\/]contract[\\/]model-links\.ts$/ },
                // The PFC closed forms go with the equations they build on: the methods page's published examples
                // import both, and a chunk of pfc.ts's own would add its name to the estimator's preload lists on
                // the finder's, the product page's and compare's first loads (some 30 bytes each).
                { name: "equations", test: /shared[\\/]estimator[\\/](equations|pfc)\.ts$/ },
              ],
            },
          },
        },
      },
  // The router's own dependencies go in with it: Node would resolve them from dist/ to the project's
  // top-level copies, which are other majors (express's cookie 0.7 where the router needs 1.x). Only in the
  // build: the development server's module runner cannot evaluate react-router-dom's CommonJS entry, and
  // there Node loads the router as it is.
  ssr: { noExternal: command === "build" ? ["react-router-dom", "react-router", "cookie", "set-cookie-parser"] : [] },
}));
