// Which calls of the contract only read: the site's /api proxy may send such a call again (server/api/proxy.ts).
// Its own module, outside the contract's index, so the browser's bundles never carry it.
import type { CallDefinition } from "./define.ts";

/**
 * A call that only reads (SPEC §7 names every one query…, search… or is…: querySiteList, searchSite, isLogin):
 * sending it twice changes nothing, so a proxy may send it again when the first try never reached the upstream.
 */
export function isIdempotentCall(call: Pick<CallDefinition, "name" | "method">): boolean {
  return call.method === "GET" || /^(query|search|is)[A-Z]/.test(call.name);
}
