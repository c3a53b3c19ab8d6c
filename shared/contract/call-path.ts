// The upstream path of a call, in a module of its own without zod: the browser's page client needs it on
// its first load, before the contract's schemas are fetched (scripts/vite-plugin-lazy-contract.ts).

/** The upstream path with the provider segment filled in. */
export function callPath(call: { path: string }, provider: string): string {
  return call.path.replace("{provider}", encodeURIComponent(provider));
}
