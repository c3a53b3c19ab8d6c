// /support/notices: the change and discontinuation notices (PCN, PDN), newest first, filtered by part,
// family, type and year with a GET form and paged by links, so the URL is the whole state
// (shared/query/notices.ts) and everything works without JavaScript.
import { Form, useLoaderData } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { noticePolicy, noticeTypes } from "../../../shared/contract/notices.ts";
import { NOTICES_PAGE_SIZE, defaultNoticeListState, writeNoticeList } from "../../../shared/query/notices.ts";
import { noticesPath, supportPath } from "../../../shared/paths.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { PageLinks } from "../../components/page-links.tsx";
import { useLocalize } from "../../hooks.ts";
import { noticesLoader, type NoticesData } from "./notices-loader.ts";
import { NoticeCard } from "./notice-card.tsx";
import { EmailWatchForm, FamilyWatchButton, NoticesFeedLink } from "../products/watch-button.tsx";
import "../../styles/notices.css";

export const loader = noticesLoader;

export function Component() {
  const { state, result, families } = useLoaderData() as NoticesData;
  const { t } = useTranslation("support");
  const localize = useLocalize();
  const pages = Math.max(1, Math.ceil(result.total / NOTICES_PAGE_SIZE));
  const heading = t("notices.title");
  const filtered = state.part !== null || state.family !== null || state.type !== null || state.year !== null;
  const action = localize(noticesPath);
  return (
    <main id="main" className="main notices-page">
      <PageMeta
        title={state.page > 1 ? t("notices.pageTitle", { title: heading, page: state.page }) : heading}
        description={t("notices.intro")}
        canonicalPath={`${noticesPath}${writeNoticeList(state)}`}
        page={state.page}
      />
      <NoticesFeedLink partNumber={state.part ?? undefined} />
      <Breadcrumbs items={[{ label: t("nav.label"), to: supportPath }, { label: heading }]} />
      <div className="page-body notices">
        <h1>{heading}</h1>
        <p>{t("notices.intro")}</p>
        <p className="notices__policy">
          {t("notices.policy", {
            changeDays: noticePolicy.majorChangeDays,
            acceptedDays: noticePolicy.acceptedAfterDays,
            orderMonths: noticePolicy.lastOrderMonths,
            deliveryMonths: noticePolicy.lastDeliveryMonths,
          })}
        </p>
        {state.family !== null ? <FamilyWatchButton familyId={state.family} back={`${action}${writeNoticeList(state)}`} /> : null}
        <EmailWatchForm key={`watch-${state.part}`} parts={state.part ?? ""} />
        {/* A GET form: a plain page load without JavaScript, a navigation without a reload with it. */}
        <Form className="notices-filters" method="get" action={action} aria-label={t("notices.filters")}>
          <label>
            <span>{t("notices.part")}</span>
            <input key={`part-${state.part}`} type="search" name="part" defaultValue={state.part ?? ""} maxLength={64} placeholder={t("notices.partPlaceholder")} />
          </label>
          <label>
            <span>{t("notices.family")}</span>
            <select key={`family-${state.family}`} name="family" defaultValue={state.family ?? ""}>
              <option value="">{t("notices.all")}</option>
              {families.map((family) => (
                <option key={family.id} value={family.id}>
                  {family.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t("notices.type")}</span>
            <select key={`type-${state.type}`} name="type" defaultValue={state.type ?? ""}>
              <option value="">{t("notices.all")}</option>
              {noticeTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`notices.types.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t("notices.year")}</span>
            <select key={`year-${state.year}`} name="year" defaultValue={state.year ?? ""}>
              <option value="">{t("notices.all")}</option>
              {result.years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button--primary">
            {t("notices.apply")}
          </button>
          {filtered ? (
            <Link className="button" to={action}>
              {t("notices.clear")}
            </Link>
          ) : null}
        </Form>
        <p className="notices__count" aria-live="polite">
          {result.total ? t("notices.count", { count: result.total }) : t("notices.none")}
        </p>
        <ul className="notices__list">
          {result.list.map((notice) => (
            <li key={notice.number}>
              <NoticeCard notice={notice} />
            </li>
          ))}
        </ul>
        <PageLinks
          page={state.page}
          pages={pages}
          href={(page) => `${action}${writeNoticeList({ ...defaultNoticeListState, ...state, page })}`}
          label={t("notices.pages")}
        />
      </div>
    </main>
  );
}
