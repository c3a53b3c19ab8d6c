// What the server tells the browser about this page beyond the router's data: language, UI strings,
// site settings. Embedded once in the HTML (escaped, with the nonce) and read before hydration.
import type { Language } from "../shared/languages.ts";
import type { UserInfo } from "../shared/contract/site.ts";
import type { SampleListItem } from "../shared/contract/account.ts";
import type { Resources } from "../shared/locales.ts";

export interface AppContext {
  language: Language;
  /** The UI strings of this language, by namespace. */
  resources: Resources;
  websiteCode: string;
  provider: string;
  /** Base of the page client in the browser ("/api"). */
  apiBase: string;
  /** Preview mode (SPEC §2): when it ends, as epoch ms; null when off. */
  previewUntil: number | null;
  /** The origin visitors use (PUBLIC_ORIGIN), for canonical URLs and structured data. */
  publicOrigin: string;
  /** The page's request carried a session cookie (HttpOnly, so the browser cannot see it). Without one
   * nobody is signed in and the header need not ask (nor load the contract's schemas to read the answer). */
  hasSession: boolean;
  /** The signed-in visitor that session belongs to, resolved by the server for this page (null: none or
   * expired), so the header is rendered signed in, also for a visitor without JavaScript. Set by the render. */
  user?: UserInfo | null;
  /** That visitor's sample list as the server read it, so the header's count is the same in the server's HTML
   * and at hydration. Set by the render. */
  samples?: SampleListItem[];
}

declare global {
  interface Window {
    __APP__?: AppContext;
  }
}

export function readAppContext(): AppContext {
  const context = window.__APP__;
  if (!context) throw new Error("The server did not embed the app context");
  return context;
}
