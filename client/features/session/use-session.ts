// SPEC §4: on load the header asks whether the visitor is signed in; success stores the user, failure
// clears both facts. Only a page that came with a session cookie asks (AppContext.hasSession).
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { useAtomValue, useSetAtom } from "jotai";
import { isLogin, queryOrderList } from "../../../shared/contract/index.ts";
import { pageClient } from "../../api/loader-context.ts";
import { applySampleListAtom, hasSessionCookieAtom, loginedAtom, userInfoAtom } from "../../state/atoms.ts";
import { useLanguage } from "../../hooks.ts";

export function useSessionCheck(): void {
  const language = useLanguage();
  const setLogined = useSetAtom(loginedAtom);
  const setUser = useSetAtom(userInfoAtom);
  const setSamples = useSetAtom(applySampleListAtom);
  const hasSession = useAtomValue(hasSessionCookieAtom);
  // The hint describes the request of this document's first page, and only while that page is shown: the
  // first history entry of a document is the one React Router keys "default". Any other page, such as the
  // one a sign-in on a login page loaded as the document sends the visitor to, may have a cookie set since.
  const onDocumentPage = useLocation().key === "default";
  // Mounting is what matters (a header appears with each layout): onDocumentPage is read, not followed, or
  // an anonymous visitor's first navigation would ask for nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: onDocumentPage is read at mount on purpose (above).
  useEffect(() => {
    // No session cookie came with this page: nobody is signed in (the atoms' defaults say so already), and
    // asking would cost every anonymous visit a request and the contract's schemas.
    if (onDocumentPage && !hasSession) return;
    let cancelled = false;
    pageClient(undefined, language)
      .call(isLogin)
      .then((user) => {
        if (cancelled) return;
        setUser(user);
        setLogined(user !== null);
        // The header shows how many items the sample list holds; it lives in the upstream (it survives
        // reloads and follows the user to another browser).
        if (user)
          return pageClient(undefined, language)
            .call(queryOrderList)
            .then((list) => !cancelled && setSamples(list));
        setSamples([]);
      })
      .catch(() => {
        if (cancelled) return;
        setUser(null);
        setLogined(false);
        setSamples([]);
      });
    return () => {
      cancelled = true;
    };
  }, [hasSession, language, setLogined, setUser, setSamples]);
}
