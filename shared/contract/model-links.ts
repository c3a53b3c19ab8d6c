// Where a part's current lifecycle state and model listing are read, in a module of its own without zod: the
// product page links it on its first load, and scripts/vite-plugin-lazy-contract.ts gives the browser a function
// from the file that declares it, so declaring it beside the schemas (models.ts) would bring zod along.

/** The upstream path of queryPartModels (shared/contract/models.ts), relative to the API base. */
export const partModelsPath = "/front/queryPartModels";

/**
 * Where a model file says the part's current state is answered: queryPartModels through the site's /api (where
 * server/app.ts mounts the upstream's paths, as the pages' API_BASE does). Relative to the site's origin: the files
 * carry no origin (that is PUBLIC_ORIGIN, configuration), so the reference resolves against the address the file
 * was downloaded from.
 */
export function currentStateUrl(part: string): string {
  return `/api${partModelsPath}?partNumber=${encodeURIComponent(part)}`;
}
