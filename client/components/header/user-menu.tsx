// The signed-in dropdown (SPEC §2): masked phone or e-mail, then sample list, sample progress, sign out.
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { useAtomValue } from "jotai";
import { useTranslation } from "../../i18n-react.tsx";
import { maskEmail, maskPhone } from "../../../shared/validation.ts";
import { applySampleListAtom, userInfoAtom } from "../../state/atoms.ts";

// The dropdown's list (and sign-out with its API call) renders only once opened, never on the server, so it
// loads on demand and stays out of the first JavaScript (issue 9 §8); hovering or focusing the toggle preloads it.
const loadList = () => import("./user-menu-list.tsx");
const UserMenuList = lazy(() => loadList().then((module) => ({ default: module.UserMenuList })));

export function UserMenu() {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const sampleCount = useAtomValue(applySampleListAtom).length;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
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
      <button type="button" className="user-menu__toggle" aria-expanded={open} aria-haspopup="true" onPointerEnter={() => void loadList()} onFocus={() => void loadList()} onClick={() => setOpen(!open)}>
        <span className="user-menu__name">{name}</span>
        {sampleCount > 0 && (
          <span className="user-menu__count">
            <span aria-hidden="true">{sampleCount}</span>
            <span className="visually-hidden">{t("user.sampleCount", { count: sampleCount })}</span>
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <UserMenuList name={name} sampleCount={sampleCount} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
