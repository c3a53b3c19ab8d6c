// The document's assets from the client manifest (server/pages/assets.ts): the styles of a page's islands are in
// its head (the server renders islands in full), their scripts are not preloaded with the page.
import { describe, expect, it } from "vitest";
import { assetsFromManifest, clientEntry, type Manifest } from "../../server/pages/assets.ts";

const manifest: Manifest = {
  [clientEntry]: { file: "assets/entry.js", css: ["assets/entry.css"], imports: ["_vendor.js"], dynamicImports: ["client/pages/other.tsx"], isEntry: true },
  "_vendor.js": { file: "assets/vendor.js" },
  "client/pages/finder.tsx": { file: "assets/finder.js", css: ["assets/finder.css"], imports: ["_vendor.js"], dynamicImports: ["client/components/panel.tsx"] },
  "client/components/panel.tsx": { file: "assets/panel.js", imports: ["_panel-parts.js"], dynamicImports: ["client/components/chart.tsx"] },
  "_panel-parts.js": { file: "assets/panel-parts.js", css: ["assets/panel-parts.css"] },
  "client/components/chart.tsx": { file: "assets/chart.js", css: ["assets/chart.css"] },
  "client/pages/other.tsx": { file: "assets/other.js", css: ["assets/other.css"] },
};

describe("document assets", () => {
  it("links the page's styles and its islands' styles, and preloads only the page's own scripts", () => {
    const assets = assetsFromManifest(manifest)(["client/pages/finder.tsx"]);
    expect(assets.entry).toBe("/assets/entry.js");
    expect(assets.styles).toEqual(["/assets/entry.css", "/assets/finder.css", "/assets/panel-parts.css"]);
    expect(assets.preloads).toEqual(["/assets/vendor.js", "/assets/finder.js"]);
  });

  it("leaves out what other pages and an island's own lazy parts need", () => {
    const assets = assetsFromManifest(manifest)(["client/pages/finder.tsx"]);
    expect(assets.styles).not.toContain("/assets/other.css");
    expect(assets.styles).not.toContain("/assets/chart.css");
  });
});
