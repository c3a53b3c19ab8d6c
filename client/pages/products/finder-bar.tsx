// The finder's result bar and empty result (client/pages/products/finder.tsx): how many rows of how many, the
// parts the lifecycle filter hides, the compare form the rows' boxes belong to, the CSV link; or, when nothing
// matches, the filters that were set and the way out.
import type { FormEvent } from "react";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { ProductPage } from "../../../shared/contract/products.ts";
import { clearFilters, hasFilters, type FinderQuery } from "../../../shared/query/finder.ts";
import { comparePath } from "../../../shared/paths.ts";
import { lifecycleStates } from "../../../shared/contract/lifecycle.ts";
import { useLocalize } from "../../hooks.ts";
import type { FilterChip } from "./finder-chips.tsx";

interface FinderBarProps {
  page: ProductPage;
  query: FinderQuery;
  href: (query: FinderQuery) => string;
  compareFormId: string;
  onCompare: (event: FormEvent<HTMLFormElement>) => void;
  csvHref: string;
}

export function FinderBar({ page, query, href, compareFormId, onCompare, csvHref }: FinderBarProps) {
  const { t } = useTranslation("catalog");
  const { t: tp } = useTranslation("product");
  const localize = useLocalize();
  const from = page.total === 0 ? 0 : (query.page - 1) * query.size + 1;
  const to = Math.min(page.total, query.page * query.size);
  return (
    <div className="finder-bar">
      <p className="finder-bar__count" aria-live="polite">
        {/* "0–0 of 0" says nothing: an empty result says that nothing matches (the block below offers the way out). */}
        {page.total === 0 ? t("finder.countNone") : t("finder.count", { from, to, total: page.total, count: page.total })}
      </p>
      {page.hiddenByLifecycle > 0 ? (
        <p className="finder-lifecycle-hidden">
          {tp(query.lifecycle ? "lifecycle.hiddenFiltered" : "lifecycle.hiddenDefault", { count: page.hiddenByLifecycle })}{" "}
          <Link to={href({ ...query, lifecycle: [...lifecycleStates], page: 1 })} preventScrollReset>
            {tp("lifecycle.showHidden")}
          </Link>
        </p>
      ) : null}
      {page.total > 0 ? (
        <div className="finder-bar__actions">
          <form id={compareFormId} method="get" action={localize(comparePath())} onSubmit={onCompare}>
            {query.op ? <input type="hidden" name="op" value={query.op} /> : null}
            {query.with ? <input type="hidden" name="with" value={query.with} /> : null}
            <button type="submit" className="button">
              {t("compare.submit")}
            </button>
          </form>
          <a className="button finder-bar__csv" href={csvHref} download>
            {t("finder.csv")}
          </a>
        </div>
      ) : null}
    </div>
  );
}

export function FinderEmpty({ chips, query, href }: { chips: FilterChip[]; query: FinderQuery; href: (query: FinderQuery) => string }) {
  const { t } = useTranslation("catalog");
  return (
    <div className="finder-empty" role="status">
      <h3>{t("finder.emptyTitle")}</h3>
      {chips.length ? (
        <>
          <p>{t("finder.emptyFiltered")}</p>
          <ul>
            {chips.map((chip) => (
              <li key={chip.key}>{chip.text}</li>
            ))}
          </ul>
        </>
      ) : null}
      {hasFilters(query) ? (
        <p>
          <Link to={href(clearFilters(query))} preventScrollReset className="button button--primary">
            {t("finder.clearAll")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
