// The values of the sitePageDataType field (SPEC §7), in a module of its own without zod: the browser's page
// client writes one into every body on its first load, before the contract's schemas are fetched
// (scripts/vite-plugin-lazy-contract.ts, docs/decisions/006-no-zod-on-first-load.md).

/** Published content, or the drafts a preview shows. */
export const sitePageDataTypes = { published: 1, draft: 2 } as const;
