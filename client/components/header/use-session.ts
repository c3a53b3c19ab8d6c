// SPEC §4: on load the header asks whether the visitor is signed in; success stores the user, failure
// clears both facts.
import { useEffect } from "react";
import { useSetAtom } from "jotai";
import { isLogin, queryOrderList } from "../../../shared/contract/index.ts";
import { pageClient } from "../../api/loader-context.ts";
import { applySampleListAtom, loginedAtom, userInfoAtom } from "../../state/atoms.ts";
import { useLanguage } from "../../hooks.ts";

export function useSessionCheck(): void {
  const language = useLanguage();
  const setLogined = useSetAtom(loginedAtom);
  const setUser = useSetAtom(userInfoAtom);
  const setSamples = useSetAtom(applySampleListAtom);
  useEffect(() => {
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
  }, [language, setLogined, setUser, setSamples]);
}
