// The signed-in dropdown (SPEC §2): masked phone or e-mail, then sample list, sample progress, sign out.
// A <details> disclosure rendered in full on the server, so it opens, links and signs out without JavaScript
// and before hydration; with JavaScript it also closes on a click outside, Escape and a chosen entry.
import { useCallback, useEffect, useRef, useState } from "react";
import { useAtomValue } from "jotai";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { maskEmail, maskPhone } from "../../../shared/forms/masking.ts";
import { applySampleListAtom, userInfoAtom } from "../../state/atoms.ts";
import { UserMenuList } from "./user-menu-list.tsx";

export function UserMenu() {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const sampleCount = useAtomValue(applySampleListAtom).length;
  // Mirrors the element's own open state (never set from here: the browser owns it, also before hydration).
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDetailsElement>(null);
  const close = useCallback(() => {
    if (root.current) root.current.open = false;
  }, []);
  useEffect(() => {
    if (!open) return;
    const onEvent = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("mousedown", onEvent);
    document.addEventListener("keydown", onEvent);
    return () => {
      document.removeEventListener("mousedown", onEvent);
      document.removeEventListener("keydown", onEvent);
    };
  }, [open, close]);
  const name = user?.phone ? maskPhone(user.phone) : user?.email ? maskEmail(user.email) : t("user.account");
  return (
    <details className="user-menu" ref={root} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="user-menu__toggle">
        <span className="user-menu__name">{name}</span>
        {sampleCount > 0 && (
          <span className="user-menu__count">
            <span aria-hidden="true">{sampleCount}</span>
            <span className="visually-hidden">{t("user.sampleCount", { count: sampleCount })}</span>
          </span>
        )}
      </summary>
      <UserMenuList name={name} sampleCount={sampleCount} onClose={close} />
    </details>
  );
}
