// Providers shared by both entries, so the server's tree and the hydrated one are the same shape.
import type { ReactNode } from "react";
import type { I18nInstance } from "./runtime/translator.ts";
import { I18nProvider } from "./runtime/i18n-react.tsx";
import { Provider as JotaiProvider, createStore } from "jotai";
import { applySampleListAtom, hasSessionCookieAtom, loginedAtom, previewUntilAtom, publicOriginAtom, userInfoAtom, websiteCodeAtom } from "./state/atoms.ts";
import type { AppContext } from "./app-context.ts";

/** One store per request on the server and one per page in the browser, seeded from the app context. */
export function createAppStore(app: Pick<AppContext, "websiteCode" | "previewUntil" | "publicOrigin" | "hasSession" | "user" | "samples">) {
  const store = createStore();
  store.set(publicOriginAtom, app.publicOrigin);
  store.set(websiteCodeAtom, app.websiteCode);
  store.set(previewUntilAtom, app.previewUntil);
  store.set(hasSessionCookieAtom, app.hasSession);
  store.set(userInfoAtom, app.user ?? null);
  store.set(loginedAtom, !!app.user);
  store.set(applySampleListAtom, app.samples ?? []);
  return store;
}

export function AppProviders({ i18n, store, children }: { i18n: I18nInstance; store: ReturnType<typeof createStore>; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <JotaiProvider store={store}>{children}</JotaiProvider>
    </I18nProvider>
  );
}
