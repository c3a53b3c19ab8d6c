// A top menu's hover panel (SPEC §2): its groups with their links (products: the first parts of each series
// and a link to all of them), the service links under Products, and the promotion cards. An island (header.tsx).
//
// The third level (the parts under each series) is added in the browser once it is idle after hydration,
// into the still hidden panel: the server's HTML holds the categories and series (crawlers reach every part
// through its series page and the sitemap), and every page renders about 200 fewer elements
// (docs/decisions/013-menu-sized-layout-tree.md).
import { startTransition, useEffect, useState } from "react";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { SmartLink } from "../smart-link.tsx";
import { Media } from "../media.tsx";
import { serviceLinks, type MenuEntry } from "./menu-model.ts";
import { afterIdle } from "../../runtime/idle.ts";
import { useServerFragment } from "../../runtime/fragments.ts";

export function MenuPanel({ entry }: { entry: MenuEntry }) {
  const { t, i18n } = useTranslation();
  const showParts = useAfterIdle();
  // The same HTML for every page of a language until the menus change (client/runtime/fragments.ts); the parts
  // under each series are never in it (showParts is false on the server).
  const html = useServerFragment(entry, i18n.language, () => <PanelContent entry={entry} showParts={false} />);
  const id = `menu-panel-${entry.key}`;
  const label = t(`nav.${entry.key}`);
  return html !== null ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own render of this component, kept as HTML (docs/decisions/007-server-fragments.md).
    // biome-ignore lint/a11y/useSemanticElements: a menu panel is a group of links, not form fields: <fieldset> would announce it as a form group.
    <div className="mega-menu" id={id} role="group" aria-label={label} dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    // biome-ignore lint/a11y/useSemanticElements: a menu panel is a group of links, not form fields: <fieldset> would announce it as a form group.
    <div className="mega-menu" id={id} role="group" aria-label={label}>
      <PanelContent entry={entry} showParts={showParts} />
    </div>
  );
}

function PanelContent({ entry, showParts }: { entry: MenuEntry; showParts: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mega-menu__inner">
      <div className={`mega-menu__groups mega-menu__groups--${entry.key}`}>
        {entry.groups.map((group, groupIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
          <div className="mega-menu__group" key={`${group.link}-${groupIndex}`}>
            <SmartLink to={group.link} className="mega-menu__title">
              {group.label}
            </SmartLink>
            {group.desc ? <p className="mega-menu__desc">{group.desc}</p> : null}
            {group.children.length > 0 && (
              <ul>
                {group.children.map((child, childIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
                  <li key={`${child.link}-${childIndex}`}>
                    <SmartLink to={child.link} className="mega-menu__link">
                      {child.label}
                    </SmartLink>
                    {showParts && group.grandchildren?.[childIndex]?.length ? (
                      <ul className="mega-menu__products">
                        {group.grandchildren[childIndex]!.map((product) => (
                          <li key={product.link}>
                            <SmartLink to={product.link}>{product.label}</SmartLink>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {/* The panel lists a few parts of a series; its page lists them all (in the server's HTML too). */}
                    {child.partCount ? (
                      <SmartLink to={child.link} className="mega-menu__all">
                        {t("nav.allParts", { count: child.partCount })}
                        <span className="visually-hidden">{t("nav.moreAbout", { name: child.label })}</span>
                      </SmartLink>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
        {entry.key === "products" && (
          <div className="mega-menu__group">
            <span className="mega-menu__title">{t("nav.service")}</span>
            <ul>
              {serviceLinks.map((service) => (
                <li key={service.key}>
                  <SmartLink to={service.link} className="mega-menu__link">
                    {t(`nav.${service.key}`)}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {entry.promos.length > 0 && (
        <div className="mega-menu__promos">
          {entry.promos.map((promo, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
            <figure className="promo" key={`${promo.link}-${index}`}>
              <Media src={promo.pcUrl || promo.url} mobileSrc={promo.mobUrl || undefined} alt={promo.alt || promo.category} />
              <figcaption>
                <strong>{promo.category}</strong>
                {promo.desc ? <span>{promo.desc}</span> : null}
                {promo.link ? (
                  <SmartLink to={promo.link} className="promo__more">
                    {t("nav.learnMore")}
                    {/* The link says where it goes, for screen readers and crawlers, not only "learn more". */}
                    <span className="visually-hidden">{t("nav.moreAbout", { name: promo.category })}</span>
                  </SmartLink>
                ) : null}
              </figcaption>
            </figure>
          ))}
        </div>
      )}
    </div>
  );
}

/** False on the server and in the hydrating render; true once the browser is idle after hydration. The
 * render it causes is a transition, which React slices so that it never blocks a tap. */
function useAfterIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterIdle(() => startTransition(() => setReady(true)), 3000), []);
  return ready;
}
