// The site header (SPEC §2): logo, six top menus with hover panels, search toggle, account, language;
// below 1281 px a mobile bar with a slide-in accordion menu that locks page scrolling while open.
import { Suspense, lazy, useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { useAtom, useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { isMenuOpAtom, loginedAtom } from "../../state/atoms.ts";
import { useLocalize, useScrolledPast } from "../../hooks.ts";
import type { LayoutData } from "../../layouts/layout-data.ts";
import { SmartLink } from "../smart-link.tsx";
import { Media } from "../media.tsx";
import { buildMenu, serviceLinks, type MenuEntry } from "./menu-model.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import { UserMenu } from "./user-menu.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { useSessionCheck } from "./use-session.ts";
import { PreviewBanner } from "../preview-banner.tsx";

// The search box is never server-rendered (it shows only after a click), so it loads on demand and stays
// out of every page's first JavaScript (issue 9 §8); hovering or focusing the toggle starts the load early.
const loadSearchBox = () => import("./search-box.tsx");
const SearchBox = lazy(() => loadSearchBox().then((module) => ({ default: module.SearchBox })));

/** SPEC §9: the header becomes fixed after 10 px of scrolling. */
export const HEADER_FIX_SCROLL_PX = 10;

export function Header({ data }: { data: LayoutData }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const location = useLocation();
  const fixed = useScrolledPast(HEADER_FIX_SCROLL_PX);
  const [open, setOpen] = useState<MenuEntry["key"] | null>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useAtom(isMenuOpAtom);
  const logined = useAtomValue(loginedAtom);
  const entries = buildMenu(data);
  const searchId = useId();
  useSessionCheck();

  // Any navigation closes the open panels.
  useEffect(() => {
    setOpen(null);
    setMobileOpen(false);
  }, [location.pathname, setMobileOpen]);

  return (
    <header className={`site-header${fixed ? " is-fixed" : ""}${open ? " has-open-menu" : ""}`}>
      <PreviewBanner />
      <div className="site-header__bar">
        <Link to={localize("/")} className="site-header__logo" aria-label={`${t("companyShort")} — ${t("home")}`}>
          <img src="/media/brand/logo.svg" alt="" width="148" height="36" />
        </Link>
        {searchOpen ? (
          <div className="site-header__search">
            <Suspense fallback={null}>
              <SearchBox id={searchId} onDone={() => setSearchOpen(false)} />
            </Suspense>
          </div>
        ) : (
          <nav className="site-nav" aria-label={t("nav.mainNavigation")}>
            <ul className="site-nav__list">
              {entries.map((entry) => (
                <li
                  key={entry.key}
                  className={`site-nav__item${open === entry.key ? " is-open" : ""}`}
                  onMouseEnter={() => setOpen(entry.key)}
                  onMouseLeave={() => setOpen(null)}
                  onBlur={(event) => {
                    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(null);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === "Escape") setOpen(null);
                  }}
                >
                  <SmartLink to={entry.link} className="site-nav__top">
                    {t(`nav.${entry.key}`)}
                  </SmartLink>
                  {entry.groups.length > 0 && (
                    <>
                      {/* Hover opens the panel; this button is the keyboard and touch way (disclosure pattern). */}
                      <button
                        type="button"
                        className="site-nav__toggle"
                        aria-expanded={open === entry.key}
                        aria-controls={`menu-panel-${entry.key}`}
                        aria-label={t("nav.showMenu", { name: t(`nav.${entry.key}`) })}
                        onClick={() => setOpen(open === entry.key ? null : entry.key)}
                      >
                        <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
                          <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.6" fill="none" />
                        </svg>
                      </button>
                      <MenuPanel entry={entry} />
                    </>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="site-header__tools">
          <button
            type="button"
            className="icon-button"
            aria-label={searchOpen ? t("search.close") : t("search.open")}
            aria-expanded={searchOpen}
            onPointerEnter={() => void loadSearchBox()}
            onFocus={() => void loadSearchBox()}
            onClick={() => setSearchOpen((value) => !value)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
              {searchOpen ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" fill="none" />
              ) : (
                <path d="M10.5 3a7.5 7.5 0 015.9 12.1l4.3 4.3-1.4 1.4-4.3-4.3A7.5 7.5 0 1110.5 3zm0 2a5.5 5.5 0 100 11 5.5 5.5 0 000-11z" fill="currentColor" />
              )}
            </svg>
          </button>
          {logined ? (
            <UserMenu />
          ) : (
            <Link className="site-header__signin" to={`${localize("/login")}?path=${encodeURIComponent(location.pathname.slice(3) || "/")}`}>
              {t("user.signIn")}
            </Link>
          )}
          <LanguageSwitch className="site-header__language" />
          <button
            type="button"
            className="icon-button site-header__burger"
            aria-label={mobileOpen ? t("nav.closeMenu") : t("nav.openMenu")}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen(!mobileOpen)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" width="22" height="22">
              <path d={mobileOpen ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16"} stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </button>
        </div>
      </div>
      <MobileMenu entries={entries} open={mobileOpen} onClose={() => setMobileOpen(false)} />
    </header>
  );
}

function MenuPanel({ entry }: { entry: MenuEntry }) {
  const { t } = useTranslation();
  return (
    <div className="mega-menu" id={`menu-panel-${entry.key}`} role="group" aria-label={t(`nav.${entry.key}`)}>
      <div className="mega-menu__inner">
        <div className={`mega-menu__groups mega-menu__groups--${entry.key}`}>
          {entry.groups.map((group, groupIndex) => (
            <div className="mega-menu__group" key={`${group.link}-${groupIndex}`}>
              <SmartLink to={group.link} className="mega-menu__title">
                {group.label}
              </SmartLink>
              {group.desc ? <p className="mega-menu__desc">{group.desc}</p> : null}
              {group.children.length > 0 && (
                <ul>
                  {group.children.map((child, childIndex) => (
                    <li key={`${child.link}-${childIndex}`}>
                      <SmartLink to={child.link} className="mega-menu__link">
                        {child.label}
                      </SmartLink>
                      {group.grandchildren?.[childIndex]?.length ? (
                        <ul className="mega-menu__products">
                          {group.grandchildren[childIndex]!.slice(0, 6).map((product) => (
                            <li key={product.link}>
                              <SmartLink to={product.link}>{product.label}</SmartLink>
                            </li>
                          ))}
                        </ul>
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
    </div>
  );
}
