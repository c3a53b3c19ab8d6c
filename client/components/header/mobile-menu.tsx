// The mobile menu's content: one accordion group per top entry plus a seventh for language. The slide-in
// panel around it, its state and the scroll lock belong to the header; this is an island (header.tsx), so
// its only prop is the memoised entries, and a followed link closes the menu through the atom.
import { useSetAtom } from "jotai";
import { useTranslation } from "../../i18n-react.tsx";
import { isMenuOpAtom } from "../../state/atoms.ts";
import { SmartLink } from "../smart-link.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { serviceLinks, type MenuEntry } from "./menu-model.ts";

export function MobileMenuLinks({ entries }: { entries: MenuEntry[] }) {
  const { t } = useTranslation();
  const setOpen = useSetAtom(isMenuOpAtom);
  const onClose = () => setOpen(false);
  return (
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
  );
}
