// /{lang}/user/orderDetail/{orderNumber}: applicant, parts and quantities, sample use, the
// status timeline (carrier and tracking number once shipped, the reason when rejected or cancelled), and
// cancelling while pending. Another user's order answers exactly like a missing one: 404.
import { data, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { orderNumberPattern, querySampleOrderRecordList, type SampleOrderDetail } from "../../../shared/contract/index.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { useLocalize } from "../../hooks.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { chinaTime } from "./format.ts";
import { StatusBadge, StatusNext } from "./status-label.tsx";
import { requireUser, whileSignedIn } from "./user-guard.ts";
import { UserNav } from "./user-nav.tsx";
import { OrderCancel } from "./order-cancel.tsx";
import { AddressLinesView } from "./address-lines.tsx";
import { TrackingLink } from "./tracking-link.tsx";
import { OrderAgain } from "./order-again.tsx";
import { orderDetailAction } from "./order-detail-action.ts";
import { customerCanCancel } from "../../../shared/samples/order-status.ts";
import { userPagePath, productDetailPath } from "../../../shared/paths.ts";
import "../../styles/samples.css";

export async function loader(route: LoaderFunctionArgs): Promise<SampleOrderDetail> {
  const { params } = route;
  const { api } = await requireUser(route);
  const orderNumber = params.name ?? "";
  if (!orderNumberPattern.test(orderNumber)) throw data(null, { status: 404 });
  try {
    return await whileSignedIn(route, () => api.call(querySampleOrderRecordList, undefined, { SampleOrderNo: orderNumber }));
  } catch (error) {
    if (error instanceof ApiCallError && error.code === "E40022006") throw data(null, { status: 404 });
    throw error;
  }
}

export const action = orderDetailAction;

export function Component() {
  const { order, records } = useLoaderData() as SampleOrderDetail;
  const { t } = useTranslation("user");
  const localize = useLocalize();
  // "：" in Chinese, ": " in English.
  const colon = t("colon");
  const title = t("order.title", { orderNumber: order.orderNumber });
  const applicantRows = [
    ["name", order.applicant.name],
    ["phone", order.applicant.phone],
    ["email", order.applicant.email],
    ["companyName", order.applicant.companyName],
    ["position", order.applicant.position],
  ] as const;
  return (
    <main id="main" className="main user-page">
      <PageMeta title={title} noindex />
      <div className="user-page__inner">
        <Breadcrumbs items={[{ label: t("progress.title"), to: userPagePath("sampleProgress") }, { label: order.orderNumber }]} />
        <div className="user-page__head">
          <h1>{title}</h1>
          <UserNav />
        </div>
        <div className="order-summary">
          <StatusBadge status={order.status} />
          <span>
            {t("order.submittedAt")}
            {colon}
            <time dateTime={order.submittedAt}>{chinaTime(order.submittedAt)}</time>
          </span>
          {order.shipping && <TrackingLink carrier={order.shipping.carrier} trackingNumber={order.shipping.trackingNumber} />}
          <OrderAgain orderNumber={order.orderNumber} />
        </div>
        <StatusNext status={order.status} />
        <OrderCancel allowed={customerCanCancel(order.status)} />
        {order.status === "rejected" && order.rejectReason && (
          <p className="user-notice user-notice--warning">
            {t("order.rejectReason")}
            {colon}
            {order.rejectReason}
          </p>
        )}
        <div className="order-detail">
          <section className="order-detail__timeline" aria-labelledby="timeline-title">
            <h2 id="timeline-title">{t("order.timeline")}</h2>
            <ol className="order-timeline">
              {[...records].reverse().map((record, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
                <li key={`${record.time}-${index}`} className={`order-timeline__item${index === 0 ? " is-current" : ""}`}>
                  <div className="order-timeline__head">
                    <StatusBadge status={record.status} />
                    <time dateTime={record.time}>{chinaTime(record.time)}</time>
                  </div>
                  <p className="order-timeline__text">{t(`timeline.${record.status}`, { defaultValue: "" })}</p>
                  {record.carrier && record.trackingNumber && (
                    <p className="order-timeline__shipping">
                      <TrackingLink carrier={record.carrier} trackingNumber={record.trackingNumber} />
                    </p>
                  )}
                  {record.note && (
                    <p className="order-timeline__note">
                      {record.status === "rejected" || record.status === "cancelled" ? `${t("order.rejectReason")}${colon}` : `${t("order.note")}${colon}`}
                      {record.note}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          </section>
          <div className="order-detail__info">
            <section aria-labelledby="parts-title">
              <h2 id="parts-title">{t("order.parts")}</h2>
              <table className="parts-table">
                <thead>
                  <tr>
                    <th scope="col">{t("order.partNumber")}</th>
                    <th scope="col">{t("order.product")}</th>
                    <th scope="col" className="num">
                      {t("order.quantity")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.items.map((item) => (
                    <tr key={item.siteListId}>
                      <th scope="row">
                        <Link to={localize(productDetailPath(item.siteListName))}>{item.siteListName}</Link>
                      </th>
                      <td>
                        {item.productName !== item.siteListName ? item.productName : null}
                        <span className="parts-table__series">{[item.familyName, item.seriesName].filter(Boolean).join(" › ")}</span>
                      </td>
                      <td className="num">{item.quantity}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section aria-labelledby="use-title">
              <h2 id="use-title">{t("applicant.sampleUse")}</h2>
              <p className="order-detail__use">{order.sampleUse}</p>
            </section>
            {order.shippingAddress && (
              <section aria-labelledby="ship-to-title">
                <h2 id="ship-to-title">{t("address.shipTo")}</h2>
                <AddressLinesView address={order.shippingAddress} />
              </section>
            )}
            <section aria-labelledby="applicant-title">
              <h2 id="applicant-title">{t("applicant.title")}</h2>
              <dl className="applicant-list">
                {applicantRows.map(([key, value]) => (
                  <div key={key}>
                    <dt>{t(`applicant.${key}`)}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
        </div>
        <p>
          <Link to={localize(userPagePath("sampleProgress"))}>← {t("order.back")}</Link>
        </p>
      </div>
    </main>
  );
}
