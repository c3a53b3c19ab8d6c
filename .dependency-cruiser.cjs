// The house's import rules (DESIGN "Rules of the house"), checked in `npm test` through `npm run lint`:
// client/ never imports server/; server/upstream/ imports only shared/ (and itself); shared/ imports nothing
// of ours; and no module reaches itself again through its imports. See docs/decisions/033-rooms-and-import-rules.md.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "client-not-server",
      comment: "client/ runs in the browser too: it never imports server/ (DESIGN, rules of the house).",
      severity: "error",
      from: { path: "^client/" },
      to: { path: "^server/" },
    },
    {
      name: "upstream-only-shared",
      comment: "The embedded upstream can run alone (npm run upstream): server/upstream/ imports only shared/ and itself.",
      severity: "error",
      from: { path: "^server/upstream/" },
      to: { path: "^(client|server|scripts|test|locales)/", pathNot: "^server/upstream/" },
    },
    {
      name: "shared-imports-nothing-of-ours",
      comment: "shared/ is isomorphic and pure: it imports nothing of ours outside shared/.",
      severity: "error",
      from: { path: "^shared/" },
      to: { path: "^(client|server|scripts|test)/" },
    },
    {
      name: "no-circular",
      comment: "An import circle ties modules that should be one or have a third they both use.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist|data|coverage)/" },
    // TypeScript 7 (the Go compiler) has no JavaScript API for the cruiser to transpile with, so Babel strips
    // the types (keeping every import, type-only ones too) and the JSX before the cruiser reads the code.
    babelConfig: { fileName: ".dependency-cruiser-babel.cjs" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
