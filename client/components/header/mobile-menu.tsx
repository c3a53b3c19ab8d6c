// The mobile menu: a slide-in panel with one accordion group per top entry plus a seventh for language.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { SmartLink } from "../smart-link.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { serviceLinks, type MenuEntry } from "./menu-model.ts";

export function MobileMenu({ entries, open, onClose }: { entries: MenuEntry[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  // SPEC §2: an open mobile menu locks body scrolling.
  useEffect(() => {
    document.body.classList.toggle("is-scroll-locked", open);
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      document.body.classList.remove("is-scroll-locked");
    };
  }, [open, onClose]);
  return (
    <div id="mobile-menu" className={`mobile-menu${open ? " is-open" : ""}`} hidden={!open}>
      <nav aria-label={t("nav.mainNavigation")}>
        {entries.map((entry) => (
          <details key={entry.key} className="mobile-menu__group">
            <summary>{t(`nav.${entry.key}`)}</summary>
            <ul>
              {/* The section's overview first: it links every page of the section. */}
              <li className="mobile-menu__overview">
                <SmartLink to={entry.link} onClick={onClose}>
                  {t("nav.viewAll")}
                  <span className="visually-hidden">{t("nav.moreAbout", { name: t(`nav.${entry.key}`) })}</span>
                </SmartLink>
              </li>
              {entry.groups.map((group, index) => (
                <li key={`${group.link}-${index}`}>
                  <SmartLink to={group.link} onClick={onClose}>
                    {group.label}
                  </SmartLink>
                  {entry.key === "applications" && group.children.length > 0 && (
                    <ul>
                      {group.children.map((child, childIndex) => (
                        <li key={`${child.link}-${childIndex}`}>
                          <SmartLink to={child.link} onClick={onClose}>
                            {child.label}
                          </SmartLink>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
              {entry.key === "products" &&
                serviceLinks.map((service) => (
                  <li key={service.key}>
                    <SmartLink to={service.link} onClick={onClose}>
                      {t(`nav.${service.key}`)}
                    </SmartLink>
                  </li>
                ))}
            </ul>
          </details>
        ))}
        <details className="mobile-menu__group">
          <summary>{t("nav.language")}</summary>
          <LanguageSwitch className="mobile-menu__language" />
        </details>
      </nav>
    </div>
  );
}
