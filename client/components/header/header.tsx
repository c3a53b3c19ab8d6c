// The site header (SPEC §2): logo, six top menus with hover panels, search toggle, account, language;
// below 1281 px a mobile bar with a slide-in accordion menu that locks page scrolling while open.
import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useState } from "react";
import { useLocation } from "react-router-dom";
import { Link } from "../link.tsx";
import { useAtom, useAtomValue } from "jotai";
import { useTranslation } from "../../i18n-react.tsx";
import { isMenuOpAtom, loginedAtom } from "../../state/atoms.ts";
import { useLocalize, useScrolledPast } from "../../hooks.ts";
import type { LayoutData } from "../../layouts/layout-data.ts";
import { SmartLink } from "../smart-link.tsx";
import { buildMenu, type MenuEntry } from "./menu-model.ts";
import { island } from "../island.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { useSessionCheck } from "./use-session.ts";

// The search box is never server-rendered (it shows only after a click), so it loads on demand and stays
// out of every page's first JavaScript (issue 9 §8); hovering or focusing the toggle starts the load early.
const loadSearchBox = () => import("./search-box.tsx");
const SearchBox = lazy(() => loadSearchBox().then((module) => ({ default: module.SearchBox })));
// The menus' panels hold a link to nearly every page: the server renders them in full (crawlers and visitors
// without JavaScript follow them), the browser hydrates them after the page (islands, see island.tsx).
const MenuPanel = island(() => import("./menu-panel.tsx").then((module) => module.MenuPanel));
// The mobile menu repeats the panels' links for small screens; it needs JavaScript to open at all, so its
// links are rendered when it opens, not in every page's HTML (a fifth of a page's elements).
const MobileMenuLinks = island(() => import("./mobile-menu.tsx").then((module) => module.MobileMenuLinks));
// Shown only to signed-in visitors and in preview mode: neither is worth a byte of every page's first load.
const UserMenu = island(() => import("./user-menu.tsx").then((module) => module.UserMenu));
const PreviewBanner = island(() => import("../preview-banner.tsx").then((module) => module.PreviewBanner));

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
  // Memoised: the islands below get the same entries on every render, so they never re-render early.
  const entries = useMemo(() => buildMenu(data), [data]);
  const searchId = useId();
  useSessionCheck();

  // Any navigation closes the open panels.
  useEffect(() => {
    setOpen(null);
    setMobileOpen(false);
  }, [location.pathname, setMobileOpen]);
  const closeMobile = useCallback(() => setMobileOpen(false), [setMobileOpen]);
  useScrollLock(mobileOpen, closeMobile);

  return (
    <header className={`site-header${fixed ? " is-fixed" : ""}${open ? " has-open-menu" : ""}`}>
      <PreviewBanner />
      <div className="site-header__bar">
        <Link to={localize("/")} className="site-header__logo" aria-label={`${t("companyShort")} — ${t("home")}`}>
          <img src="/media/brand/logo.svg" alt="" width="148" height="35" />
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
      <div id="mobile-menu" className={`mobile-menu${mobileOpen ? " is-open" : ""}`} hidden={!mobileOpen}>
        {mobileOpen ? <MobileMenuLinks entries={entries} /> : null}
      </div>
    </header>
  );
}

/** SPEC §2: an open mobile menu locks body scrolling; Escape closes it. */
function useScrollLock(open: boolean, close: () => void) {
  useEffect(() => {
    document.body.classList.toggle("is-scroll-locked", open);
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      document.body.classList.remove("is-scroll-locked");
    };
  }, [open, close]);
}
