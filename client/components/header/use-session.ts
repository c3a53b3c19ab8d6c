// SPEC §4: on load the header asks whether the visitor is signed in; success stores the user, failure
// clears both facts. Only a page that came with a session cookie asks (AppContext.hasSession).
import { useEffect } from "react";
import { useAtomValue, useSetAtom } from "jotai";
import { isLogin, queryOrderList } from "../../../shared/contract/index.ts";
import { pageClient } from "../../api/loader-context.ts";
import { applySampleListAtom, hasSessionCookieAtom, loginedAtom, userInfoAtom } from "../../state/atoms.ts";
import { useLanguage } from "../../hooks.ts";

/** True until the first check of this document: only that one may trust the page's session hint. */
let firstCheck = true;

export function useSessionCheck(): void {
  const language = useLanguage();
  const setLogined = useSetAtom(loginedAtom);
  const setUser = useSetAtom(userInfoAtom);
  const setSamples = useSetAtom(applySampleListAtom);
  const hasSession = useAtomValue(hasSessionCookieAtom);
  useEffect(() => {
    // No session cookie came with this page: nobody is signed in (the atoms' defaults say so already), and
    // asking would cost every anonymous visit a request and the contract's schemas. Later checks (after a
    // sign-in in this tab, a language switch) always ask: the cookie may have been set since.
    const trustHint = firstCheck;
    firstCheck = false;
    if (trustHint && !hasSession) return;
    let cancelled = false;
    pageClient(undefined, language)
      .call(isLogin)
      .then((user) => {
        if (cancelled) return;
        setUser(user);
        setLogined(user !== null);
        // The header shows how many items the sample list holds (issue 8 §5); it lives in the upstream.
        if (user) return pageClient(undefined, language).call(queryOrderList).then((list) => !cancelled && setSamples(list));
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
