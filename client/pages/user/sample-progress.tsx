// /{lang}/user/sampleProgress: the user's sample orders by status tab (in the URL), paged,
// each with its number, submission time, status and parts, the tracking link or rejection reason, and
// "order again"; the tabs count their orders; a just-submitted order is confirmed on top.
import { useEffect } from "react";
import { useSetAtom } from "jotai";
import { data, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import {
  queryOrderList,
  querySampleOrderByPage,
  querySampleOrderCounts,
  type SampleListItem,
  type SampleOrderCounts,
  type SampleOrderPage,
} from "../../../shared/contract/index.ts";
import { applySampleListAtom } from "../../state/atoms.ts";
import { orderStatusFilters } from "../../../shared/samples/order-status.ts";
import { SAMPLE_PROGRESS_PAGE_SIZE, parseSampleProgressQuery, writeSampleProgressQuery, type SampleProgressQuery } from "../../../shared/query/sample-progress.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { PageLinks } from "../../components/page-links.tsx";
import { pageCount } from "../../../shared/query/paging.ts";
import { useLocalize } from "../../hooks.ts";
import { chinaTime } from "./format.ts";
import { StatusBadge, StatusNext } from "./status-label.tsx";
import { requireUser, whileSignedIn } from "./user-guard.ts";
import { UserNav } from "./user-nav.tsx";
import { TrackingLink } from "./tracking-link.tsx";
import { OrderAgain } from "./order-again.tsx";
import { orderAgain } from "./order-again-action.ts";
import { userPagePath, orderDetailPath } from "../../../shared/paths.ts";
import "../../styles/samples.css";

interface SampleProgressData {
  query: SampleProgressQuery;
  page: SampleOrderPage;
  counts: SampleOrderCounts;
  /** Right after a submit: the sample list, which the submit emptied (null otherwise: not read). */
  samples: SampleListItem[] | null;
}

export async function loader(route: LoaderFunctionArgs): Promise<SampleProgressData> {
  const { request } = route;
  const { api } = await requireUser(route);
  const query = parseSampleProgressQuery(new URL(request.url).searchParams);
  const [page, counts, samples] = await whileSignedIn(route, () =>
    Promise.all([
      api.call(querySampleOrderByPage, { status: query.status, pageIndex: query.page, pageSize: SAMPLE_PROGRESS_PAGE_SIZE }),
      api.call(querySampleOrderCounts),
      query.submitted ? api.call(queryOrderList) : null,
    ]),
  );
  return { query, page, counts, samples };
}

export async function action(route: ActionFunctionArgs) {
  const { request } = route;
  const form = await request.formData();
  if (form.get("intent") !== "reorder") throw data(null, { status: 404 });
  return orderAgain(route, form);
}

export function Component() {
  const { query, page, counts, samples } = useLoaderData() as SampleProgressData;
  const setSamples = useSetAtom(applySampleListAtom);
  // The header counts the sample list; a submit turned it into an order, so the count follows here.
  useEffect(() => {
    if (samples) setSamples(samples);
  }, [samples, setSamples]);
  const { t } = useTranslation("user");
  const localize = useLocalize();
  const base = localize(userPagePath("sampleProgress"));
  const pages = pageCount(page.total, page.pageSize);
  const href = (state: Partial<SampleProgressQuery>) => `${base}${writeSampleProgressQuery({ status: query.status, ...state })}`;
  return (
    <main id="main" className="main user-page">
      <PageMeta title={t("progress.title")} noindex />
      <div className="user-page__inner">
        <Breadcrumbs items={[{ label: t("progress.title") }]} />
        <div className="user-page__head">
          <h1>{t("progress.title")}</h1>
          <UserNav />
        </div>
        <div role="status" aria-live="polite">
          {query.submitted && (
            <p className="user-notice">
              {t("progress.submitted", { orderNumber: query.submitted })} <Link to={localize(orderDetailPath(query.submitted))}>{t("progress.viewOrder")}</Link>
            </p>
          )}
        </div>
        <nav className="status-tabs" aria-label={t("progress.tabs")}>
          {orderStatusFilters.map((status) => (
            <Link
              key={status}
              to={href({ status, page: 1 })}
              className={`status-tabs__tab${status === query.status ? " is-active" : ""}`}
              aria-current={status === query.status ? "page" : undefined}
            >
              {t(`status.${status}`)}
              <span className="status-tabs__count">
                <span className="visually-hidden">{t("progress.countPrefix")}</span>
                {counts[status]}
              </span>
            </Link>
          ))}
        </nav>
        {page.list.length === 0 ? (
          <section className="user-empty">
            <p>{query.status === "all" ? t("progress.emptyAll") : t("progress.empty", { status: t(`status.${query.status}`) })}</p>
            <Link className="button" to={localize(userPagePath("sampleList"))}>
              {t("progress.toList")}
            </Link>
          </section>
        ) : (
          <ul className="order-list">
            {page.list.map((order) => (
              <li key={order.orderNumber} className="order-card">
                <div className="order-card__head">
                  <h2 className="order-card__number">
                    <Link to={localize(orderDetailPath(order.orderNumber))}>
                      <span className="visually-hidden">{t("order.number")} </span>
                      {order.orderNumber}
                    </Link>
                  </h2>
                  <StatusBadge status={order.status} />
                </div>
                <StatusNext status={order.status} />
                <dl className="order-card__meta">
                  <div>
                    <dt>{t("order.submittedAt")}</dt>
                    <dd>
                      <time dateTime={order.submittedAt}>{chinaTime(order.submittedAt)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt>{t("order.parts")}</dt>
                    <dd>{order.items.map((item) => `${item.siteListName} × ${item.quantity}`).join(t("order.partsSeparator"))}</dd>
                  </div>
                  {order.shipping && (
                    <div>
                      <dt className="visually-hidden">{t("order.tracking")}</dt>
                      <dd>
                        <TrackingLink carrier={order.shipping.carrier} trackingNumber={order.shipping.trackingNumber} />
                      </dd>
                    </div>
                  )}
                  {order.rejectReason && (
                    <div>
                      <dt>{t("order.rejectReason")}</dt>
                      <dd>{order.rejectReason}</dd>
                    </div>
                  )}
                </dl>
                <OrderAgain orderNumber={order.orderNumber} />
                <Link className="order-card__more" to={localize(orderDetailPath(order.orderNumber))}>
                  {t("order.details")}
                  <span className="visually-hidden"> {order.orderNumber}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && <p className="user-paging">{t("progress.pageOf", { page: query.page, pages })}</p>}
        <PageLinks page={query.page} pages={pages} label={t("progress.paging")} href={(number) => href({ page: number })} />
      </div>
    </main>
  );
}
