// The mobile menu's content: one accordion group per top entry plus a seventh for language, one group open
// at a time. The slide-in <details> around it, its state and the scroll lock belong to the header; this is
// an island (header.tsx), so its only prop is the memoised entries, and a followed link closes the menu
// through the atom. Its links are in the server's HTML: without JavaScript the <details> still open.
import { useEffect, useRef } from "react";
import { useSetAtom } from "jotai";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { isMenuOpAtom } from "../../state/atoms.ts";
import { useServerFragment } from "../../runtime/fragments.ts";
import { SmartLink } from "../smart-link.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { serviceLinks, type MenuEntry } from "./menu-model.ts";

/** The groups share this name: browsers with exclusive accordions close the others natively. */
const GROUP_NAME = "mobile-menu-group";

export function MobileMenuLinks({ entries }: { entries: MenuEntry[] }) {
  const { t, i18n } = useTranslation();
  const setOpen = useSetAtom(isMenuOpAtom);
  const nav = useRef<HTMLElement>(null);
  useOneGroupOpen(nav);
  // The six groups are the same for every page of a language (client/runtime/fragments.ts); the language group is
  // not (its links point at this very page), so it stays outside the kept HTML.
  const html = useServerFragment(entries, i18n.language, () => <Groups entries={entries} />);
  return (
    <nav aria-label={t("nav.mainNavigation")} ref={nav}>
      {html !== null ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own render of this component, kept as HTML (docs/decisions/007-server-fragments.md).
        <div className="mobile-menu__groups" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <div className="mobile-menu__groups">
          <Groups entries={entries} onFollow={() => setOpen(false)} />
        </div>
      )}
      <details className="mobile-menu__group" name={GROUP_NAME}>
        <summary>{t("nav.language")}</summary>
        <LanguageSwitch className="mobile-menu__language" />
      </details>
    </nav>
  );
}

function Groups({ entries, onFollow }: { entries: MenuEntry[]; onFollow?: () => void }) {
  const { t } = useTranslation();
  return entries.map((entry) => (
    <details key={entry.key} className="mobile-menu__group" name={GROUP_NAME}>
      <summary>{t(`nav.${entry.key}`)}</summary>
      <ul>
        {/* The section's overview first: it links every page of the section. */}
        <li className="mobile-menu__overview">
          <SmartLink to={entry.link} onClick={onFollow}>
            {t("nav.viewAll")}
            <span className="visually-hidden">{t("nav.moreAbout", { name: t(`nav.${entry.key}`) })}</span>
          </SmartLink>
        </li>
        {entry.groups.map((group, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
          <li key={`${group.link}-${index}`}>
            <SmartLink to={group.link} onClick={onFollow}>
              {group.label}
            </SmartLink>
            {entry.key === "applications" && group.children.length > 0 && (
              <ul>
                {group.children.map((child, childIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
                  <li key={`${child.link}-${childIndex}`}>
                    <SmartLink to={child.link} onClick={onFollow}>
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
              <SmartLink to={service.link} onClick={onFollow}>
                {t(`nav.${service.key}`)}
              </SmartLink>
            </li>
          ))}
      </ul>
    </details>
  ));
}

/** Opening a group closes the others, where the browser does not do it for <details name> (Firefox ESR
 * before 130): `toggle` does not bubble, so one capturing listener on the menu hears every group. */
function useOneGroupOpen(nav: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = nav.current;
    if (!root) return;
    const onToggle = (event: Event) => {
      const opened = event.target;
      if (!(opened instanceof HTMLDetailsElement) || !opened.open || !opened.classList.contains("mobile-menu__group")) return;
      for (const other of root.querySelectorAll<HTMLDetailsElement>("details.mobile-menu__group[open]")) if (other !== opened) other.open = false;
    };
    root.addEventListener("toggle", onToggle, true);
    return () => root.removeEventListener("toggle", onToggle, true);
  }, [nav]);
}
