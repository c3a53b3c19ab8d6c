// The signed-in dropdown (SPEC §2): masked phone or e-mail, then sample list, sample progress, sign out.
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { maskEmail, maskPhone } from "../../../shared/validation.ts";
import { applySampleListAtom, userInfoAtom } from "../../state/atoms.ts";
import { useLocalize } from "../../hooks.ts";
import { useSignOut } from "./use-sign-out.ts";

export function UserMenu() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const user = useAtomValue(userInfoAtom);
  const sampleCount = useAtomValue(applySampleListAtom).length;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const signOut = useSignOut(() => setOpen(false));
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);
  const name = user?.phone ? maskPhone(user.phone) : user?.email ? maskEmail(user.email) : t("user.account");
  return (
    <div className="user-menu" ref={root}>
      <button type="button" className="user-menu__toggle" aria-expanded={open} aria-haspopup="true" onClick={() => setOpen(!open)}>
        <span className="user-menu__name">{name}</span>
        {sampleCount > 0 && (
          <span className="user-menu__count">
            <span aria-hidden="true">{sampleCount}</span>
            <span className="visually-hidden">{t("user.sampleCount", { count: sampleCount })}</span>
          </span>
        )}
      </button>
      {open && (
        <ul className="user-menu__list">
          <li className="user-menu__who">{name}</li>
          <li>
            <Link to={localize("/user/sampleList")} onClick={() => setOpen(false)}>
              {t("user.sampleList")}
              <span className="user-menu__list-count">{` (${sampleCount})`}</span>
            </Link>
          </li>
          <li>
            <Link to={localize("/user/sampleProgress")} onClick={() => setOpen(false)}>
              {t("user.sampleProgress")}
            </Link>
          </li>
          <li>
            <button type="button" onClick={signOut}>
              {t("user.signOut")}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
