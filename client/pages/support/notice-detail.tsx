// /support/notices/:number: one change or discontinuation notice with everything it says — type, dates,
// J-STD-046 class, the response window, the affected parts, what changes and why, the qualification data
// and the replacements. An unknown or malformed number is the 404 page.
import { data, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { noticeNumberPattern, queryNoticeByNumber, type NoticeDetail } from "../../../shared/contract/notices.ts";
import { routeLanguage } from "../../../shared/languages.ts";
import { noticeDetailPath, noticesPath, productDetailPath, supportPath } from "../../../shared/paths.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { pageClient } from "../../api/loader-context.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { DocumentDownloadLink } from "../../features/document-download/document-download.tsx";
import { useLocalize } from "../../hooks.ts";
import "../../styles/notices.css";

export async function loader({ params, context, pattern }: LoaderFunctionArgs): Promise<NoticeDetail> {
  const language = routeLanguage(pattern);
  const number = params.number ?? "";
  if (!noticeNumberPattern.test(number)) throw data(null, { status: 404 });
  try {
    return await pageClient(context, language).call(queryNoticeByNumber, { number });
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
}

function PartLinks({ parts }: { parts: NoticeDetail["parts"] }) {
  const localize = useLocalize();
  return (
    <ul className="notice-detail__parts">
      {parts.map((part) => (
        <li key={part.id}>
          <Link to={localize(productDetailPath(part.partNumber))}>{part.partNumber}</Link>
        </li>
      ))}
    </ul>
  );
}

export function Component() {
  const notice = useLoaderData() as NoticeDetail;
  const { t } = useTranslation("support");
  const localize = useLocalize();
  const facts: Array<[string, string]> = [
    [t("notices.factType"), t(`notices.types.${notice.type}`)],
    [t("notices.factIssued"), notice.issued],
  ];
  if (notice.changeClass) facts.push([t("notices.factClass"), t(`notices.classes.${notice.changeClass}`)]);
  if (notice.effective) facts.push([t("notices.factEffective"), notice.effective]);
  if (notice.lastOrder) facts.push([t("notices.factLastOrder"), notice.lastOrder]);
  if (notice.lastDelivery) facts.push([t("notices.factLastDelivery"), notice.lastDelivery]);
  facts.push([t("notices.factResponse"), t("notices.response", { count: notice.responseDays, date: notice.respondBy })]);
  const title = t("notices.detailTitle", { number: notice.number, title: notice.title });
  return (
    <main id="main" className="main notice-detail">
      <PageMeta title={title} description={notice.summary} canonicalPath={noticeDetailPath(notice.number)} type="article" />
      <Breadcrumbs items={[{ label: t("nav.label"), to: supportPath }, { label: t("notices.title"), to: noticesPath }, { label: notice.number }]} />
      <div className="page-body notices">
        <h1>{title}</h1>
        <p className="notice-detail__summary">{notice.summary}</p>
        <section aria-labelledby="notice-facts">
          <h2 id="notice-facts">{t("notices.facts")}</h2>
          <dl className="notice-detail__facts">
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="notice-parts">
          <h2 id="notice-parts">{t("notices.parts")}</h2>
          <PartLinks parts={notice.parts} />
        </section>
        <section aria-labelledby="notice-changes">
          <h2 id="notice-changes">{t("notices.changes")}</h2>
          <ul>
            {notice.changes.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="notice-reason">
          <h2 id="notice-reason">{t("notices.reason")}</h2>
          {notice.reason.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
        {notice.replacements.length ? (
          <section aria-labelledby="notice-replacements">
            <h2 id="notice-replacements">{t("notices.replacements")}</h2>
            <PartLinks parts={notice.replacements} />
          </section>
        ) : null}
        {notice.qualification ? (
          <section aria-labelledby="notice-qualification">
            <h2 id="notice-qualification">{t("notices.qualification")}</h2>
            <p>
              {notice.qualification.title} (v{notice.qualification.version}, {notice.qualification.date}) <DocumentDownloadLink document={notice.qualification} />
            </p>
          </section>
        ) : null}
        <p>
          <Link to={localize(noticesPath)}>{t("notices.back")}</Link>
        </p>
      </div>
    </main>
  );
}
