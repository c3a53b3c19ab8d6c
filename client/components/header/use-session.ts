// SPEC §4: on load the header asks whether the visitor is signed in; success stores the user, failure
// clears both facts.
import { useEffect } from "react";
import { useSetAtom } from "jotai";
import { isLogin } from "../../../shared/contract/index.ts";
import { pageClient } from "../../api/loader-context.ts";
import { loginedAtom, userInfoAtom } from "../../state/atoms.ts";
import { useLanguage } from "../../hooks.ts";

export function useSessionCheck(): void {
  const language = useLanguage();
  const setLogined = useSetAtom(loginedAtom);
  const setUser = useSetAtom(userInfoAtom);
  useEffect(() => {
    let cancelled = false;
    pageClient(undefined, language)
      .call(isLogin)
      .then((user) => {
        if (cancelled) return;
        setUser(user);
        setLogined(user !== null);
      })
      .catch(() => {
        if (cancelled) return;
        setUser(null);
        setLogined(false);
      });
    return () => {
      cancelled = true;
    };
  }, [language, setLogined, setUser]);
}
