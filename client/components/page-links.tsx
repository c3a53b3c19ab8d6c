// The site's one pager: numbered paging as real links (they work before hydration and without JavaScript), for
// the news, jobs, search, document and sample order lists and the finder. The caller writes each page's URL, so the list's
// other URL state is kept.
import { Link } from "./link.tsx";
import { useTranslation } from "../runtime/i18n-react.tsx";
import "../styles/page-links.css";

/** The page numbers to show: first, last, and two either side of the current one; null = a gap. */
export function pageWindow(current: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let page = current - 2; page <= current + 2; page += 1) if (page >= 1 && page <= pages) shown.add(page);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) result.push(null);
    result.push(page);
  });
  return result;
}

export interface PageLinksProps {
  page: number;
  pages: number;
  href: (page: number) => string;
  label: string;
  /** A class beside page-links, for the page's own placement. */
  className?: string;
  /** Keep the scroll position when paging (the finder, whose table sits below its filters). */
  preventScrollReset?: boolean;
}

export function PageLinks({ page, pages, href, label, className, preventScrollReset }: PageLinksProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className={className ? `page-links ${className}` : "page-links"} aria-label={label}>
      {page > 1 ? (
        <Link className="page-links__step" to={href(page - 1)} rel="prev" preventScrollReset={preventScrollReset}>
          {t("paging.previous")}
        </Link>
      ) : (
        <span className="page-links__step" aria-hidden="true">
          {t("paging.previous")}
        </span>
      )}
      <ol>
        {pageWindow(page, pages).map((number, index) =>
          number === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
            <li key={`gap-${index}`} aria-hidden="true" className="page-links__gap">
              …
            </li>
          ) : (
            <li key={number}>
              {number === page ? (
                // aria-label is not allowed on a plain span: the words are visually hidden text instead.
                <span aria-current="page">
                  <span className="visually-hidden">{t("paging.page", { page: number })}</span>
                  <span aria-hidden="true">{number}</span>
                </span>
              ) : (
                <Link to={href(number)} aria-label={t("paging.page", { page: number })} preventScrollReset={preventScrollReset}>
                  {number}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <Link className="page-links__step" to={href(page + 1)} rel="next" preventScrollReset={preventScrollReset}>
          {t("paging.next")}
        </Link>
      ) : (
        <span className="page-links__step" aria-hidden="true">
          {t("paging.next")}
        </span>
      )}
    </nav>
  );
}
