// SPEC §4 sign-out: on success (or E40021009, the session was already gone) the visitor is signed out,
// the sample list is emptied, and the signed-in pages send them to the language's home page.
import { useNavigate, useLocation } from "react-router-dom";
import { useSetAtom } from "jotai";
import { loginOut } from "../../../shared/contract/index.ts";
import { pageClient } from "../../api/loader-context.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { applySampleListAtom, loginedAtom, userInfoAtom } from "../../state/atoms.ts";
import { useLanguage } from "../../hooks.ts";
import { isUserPage } from "../../../shared/paths.ts";

// The site's proxy takes sign-out as POST (and forwards it to the upstream's GET, SPEC §7): a POST
// cannot be triggered by another site's <img> or link, and the proxy refuses cross-site ones anyway.
const signOutByPost = { ...loginOut, method: "POST" as const };

export function useSignOut(onDone: () => void): () => Promise<void> {
  const language = useLanguage();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const setLogined = useSetAtom(loginedAtom);
  const setUser = useSetAtom(userInfoAtom);
  const setSamples = useSetAtom(applySampleListAtom);
  return async () => {
    try {
      await pageClient(undefined, language).call(signOutByPost);
    } catch (error) {
      if (!(error instanceof ApiCallError && error.code === "E40021009")) {
        console.warn("sign-out failed", error);
        return;
      }
    }
    setLogined(false);
    setUser(null);
    setSamples([]);
    onDone();
    if (isUserPage(pathname)) navigate(`/${language}`);
  };
}
