// The global state of SPEC §3, one atom per fact; derived facts are derived atoms. SPEC §3's routerName and
// footerHeight have no atom: the router owns the route (useMatches, useLocation) and the stylesheet places the
// footer, so an atom would be a copy nobody reads (docs/decisions/019-lint-format-and-unused-code.md).
import { atom } from "jotai";
import type { UserInfo } from "../../shared/contract/site.ts";

export interface SampleListItem {
  siteListId: number;
  siteListName: string;
  [key: string]: unknown;
}

export const contactPhoneAtom = atom<string>("400-880-6600");
export const contactEmailAtom = atom<string>("sales@qingyun-power.com");
export const websiteCodeAtom = atom<string>("qingyun");
export const loginedAtom = atom<boolean>(false);
export const userInfoAtom = atom<UserInfo | null>(null);
export const applySampleListAtom = atom<SampleListItem[]>([]);
/** Sample list items grouped by siteListId (SPEC §3), derived so it can never disagree with the list. */
export const applySampleMapAtom = atom((get) => {
  const map = new Map<number, SampleListItem[]>();
  for (const item of get(applySampleListAtom)) {
    map.set(item.siteListId, [...(map.get(item.siteListId) ?? []), item]);
  }
  return map;
});
/** The origin visitors use (PUBLIC_ORIGIN): canonical URLs, hreflang and structured data are absolute. */
export const publicOriginAtom = atom<string>("");
export const isMenuOpAtom = atom<boolean>(false);
/** Preview mode (SPEC §2): when it ends (epoch ms), or null outside preview. Set by the server. */
export const previewUntilAtom = atom<number | null>(null);
/** The page came with a session cookie (AppContext.hasSession): only then is there a session to check. */
export const hasSessionCookieAtom = atom<boolean>(false);
