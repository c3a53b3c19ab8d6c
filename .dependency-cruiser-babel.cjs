// Babel's settings for dependency-cruiser only (.dependency-cruiser.cjs; the build uses vite, not Babel).
// TypeScript 7 has no JavaScript API for the cruiser, so Babel strips types and JSX first. A type-only import
// is still an edge between two files (a circle through types is still a circle to hold in mind), so the
// first plugin turns `import type` / `export type … from` into value imports before the types are stripped.
// It runs on Program (the TypeScript transform strips type imports there, before any per-node visitor).
const keepTypeImports = () => ({
  visitor: {
    Program(path) {
      for (const node of path.node.body) {
        if (node.type === "ImportDeclaration") {
          node.importKind = "value";
          for (const specifier of node.specifiers) specifier.importKind = "value";
        } else if ((node.type === "ExportNamedDeclaration" || node.type === "ExportAllDeclaration") && node.source) {
          node.exportKind = "value";
          for (const specifier of node.specifiers ?? []) specifier.exportKind = "value";
        }
      }
    },
  },
});

module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [keepTypeImports],
  presets: [
    ["@babel/preset-typescript", { onlyRemoveTypeImports: true }],
    ["@babel/preset-react", { runtime: "automatic" }],
  ],
};
