// The site header (SPEC §2): logo, six top menus with hover panels, search toggle, account, language;
// below 1281 px a mobile bar with a slide-in accordion menu that locks page scrolling while open.
// Every control also works before hydration and without JavaScript: the search and the mobile menu are
// <details> disclosures (their state mirrored in React), the panels open by CSS (app.css), search is a GET form.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type SyntheticEvent } from "react";
import { useLocation } from "react-router-dom";
import { Link } from "../link.tsx";
import { useAtom, useAtomValue } from "jotai";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { isMenuOpAtom, loginedAtom } from "../../state/atoms.ts";
import { useLocalize, useScrolledPast } from "../../hooks.ts";
import type { LayoutData } from "../../layouts/layout-data.ts";
import { SmartLink } from "../smart-link.tsx";
import { buildMenu, type MenuEntry } from "./menu-model.ts";
import { island } from "../../runtime/island.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { useSessionCheck } from "../../features/session/use-session.ts";
import { loginPath } from "../../../shared/paths.ts";

// The menus' panels hold a link to nearly every page: the server renders them in full (crawlers and visitors
// without JavaScript follow them), the browser hydrates them after the page (islands, see island.tsx).
const MenuPanel = island(() => import("./menu-panel.tsx").then((module) => module.MenuPanel));
// The mobile menu repeats the panels' top links for small screens, in the server's HTML as well: it is a
// <details> that opens without JavaScript, and the language switch of a phone lives only there.
const MobileMenuLinks = island(() => import("./mobile-menu.tsx").then((module) => module.MobileMenuLinks));
// The search box is in the server's HTML (a GET form that works without JavaScript) inside a closed
// <details>; its code is hydrated after the page, out of every page's first JavaScript.
const SearchBox = island(() => import("./search-box.tsx").then((module) => module.SearchBox));
// Shown only to signed-in visitors and in preview mode: neither is worth a byte of every page's first load.
const UserMenu = island(() => import("./user-menu.tsx").then((module) => module.UserMenu));
const PreviewBanner = island(() => import("../preview-banner.tsx").then((module) => module.PreviewBanner));

/** SPEC §9: the header becomes fixed after 10 px of scrolling. */
const HEADER_FIX_SCROLL_PX = 10;

export function Header({ data }: { data: LayoutData }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const location = useLocation();
  const fixed = useScrolledPast(HEADER_FIX_SCROLL_PX);
  const [open, setOpen] = useState<MenuEntry["key"] | null>(null);
  // True while the open panel was opened by the pointer entering its entry: a click on that entry's chevron
  // (a mouse click after hovering, or a tap, which enters first) then keeps the panel open instead of
  // closing it under the pointer.
  const openedByHover = useRef(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useAtom(isMenuOpAtom);
  const logined = useAtomValue(loginedAtom);
  // Memoised: the islands below get the same entries on every render, so they never re-render early.
  const entries = useMemo(() => buildMenu(data), [data]);
  const searchId = useId();
  const searchInput = useRef<HTMLInputElement>(null);
  useSessionCheck();

  // Any navigation closes the open panels.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger (a navigation), not a value the effect reads.
  useEffect(() => {
    setOpen(null);
    setMobileOpen(false);
    setSearchOpen(false);
  }, [location.pathname, setMobileOpen]);
  const closeMobile = useCallback(() => setMobileOpen(false), [setMobileOpen]);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  useScrollLock(mobileOpen, closeMobile);
  useEffect(() => {
    if (searchOpen) searchInput.current?.focus();
  }, [searchOpen]);
  // The <details> toggle themselves (also before hydration); React follows them, and sets `open` back on them.
  // React passes a toggle on to the ancestors' handlers: the mobile menu's own groups are <details> too.
  const follow = (set: (open: boolean) => void) => (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.target === event.currentTarget) set(event.currentTarget.open);
  };
  const followSearch = follow(setSearchOpen);
  const followMobile = follow(setMobileOpen);

  return (
    <header className={`site-header${fixed ? " is-fixed" : ""}${open ? " has-open-menu" : ""}`}>
      <PreviewBanner />
      <div className={`site-header__bar${searchOpen ? " has-search" : ""}`}>
        <Link to={localize("/")} className="site-header__logo" aria-label={`${t("companyShort")} — ${t("home")}`}>
          <img src="/media/brand/logo.svg" alt="" width="148" height="35" />
        </Link>
        <nav className="site-nav" aria-label={t("nav.mainNavigation")}>
          <ul className="site-nav__list">
            {entries.map((entry) => (
              <li
                key={entry.key}
                className={`site-nav__item${open === entry.key ? " is-open" : ""}`}
                onMouseEnter={() => {
                  openedByHover.current = true;
                  setOpen(entry.key);
                }}
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
                      onClick={() => {
                        const pinHovered = open === entry.key && openedByHover.current;
                        openedByHover.current = false;
                        if (!pinHovered) setOpen(open === entry.key ? null : entry.key);
                      }}
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
        {/* The search swaps the menu for its box (app.css hides the menu while this is open). */}
        <details
          className="header-search"
          open={searchOpen}
          onToggle={followSearch}
          onKeyDown={(event) => {
            if (event.key === "Escape" && searchOpen) {
              setSearchOpen(false);
              event.currentTarget.querySelector("summary")?.focus();
            }
          }}
        >
          <summary className="icon-button header-search__toggle">
            {/* Which label and icon show follows the <details>' own state (app.css), so it holds without JavaScript. */}
            <span className="visually-hidden when-closed">{t("search.open")}</span>
            <span className="visually-hidden when-open">{t("search.close")}</span>
            <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
              <path
                className="when-closed"
                d="M10.5 3a7.5 7.5 0 015.9 12.1l4.3 4.3-1.4 1.4-4.3-4.3A7.5 7.5 0 1110.5 3zm0 2a5.5 5.5 0 100 11 5.5 5.5 0 000-11z"
                fill="currentColor"
              />
              <path className="when-open" d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </summary>
          <div className="site-header__search">
            <SearchBox id={searchId} inputRef={searchInput} onDone={closeSearch} />
          </div>
        </details>
        <div className="site-header__tools">
          {logined ? (
            <UserMenu />
          ) : (
            <Link className="site-header__signin" to={localize(loginPath(location.pathname.slice(3) || "/"))}>
              {t("user.signIn")}
            </Link>
          )}
          <LanguageSwitch className="site-header__language" />
          <details className="mobile-nav" open={mobileOpen} onToggle={followMobile}>
            <summary className="icon-button site-header__burger">
              <span className="visually-hidden when-closed">{t("nav.openMenu")}</span>
              <span className="visually-hidden when-open">{t("nav.closeMenu")}</span>
              <svg viewBox="0 0 24 24" aria-hidden="true" width="22" height="22">
                <path className="when-closed" d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" fill="none" />
                <path className="when-open" d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" fill="none" />
              </svg>
            </summary>
            <div id="mobile-menu" className="mobile-menu">
              <MobileMenuLinks entries={entries} />
            </div>
          </details>
        </div>
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
