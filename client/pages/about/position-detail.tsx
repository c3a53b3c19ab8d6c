// One job position (SPEC §2 /about/joinUs/positionDetail/{id}): facts, description, duties,
// requirements, a mailto link for the résumé with the position in the subject, more positions of the
// same department, and its JobPosting structured data. A closed position keeps its page (200, so old links
// and bookmarks still explain themselves) but says it is closed, takes no applications, is noindex and
// carries no JobPosting; the list and the sitemap leave it out.
import { data, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { useAtomValue } from "jotai";
import { queryRecruitmentById, queryRecruitmentByPage, type JobDetail, type JobListItem } from "../../../shared/contract/jobs.ts";
import { parsePositionId, resumeMailto } from "../../../shared/query/jobs.ts";
import { jobPostingLd } from "../../../shared/seo/structured-data.ts";
import { routeLanguage } from "../../../shared/languages.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { pageClient } from "../../api/loader-context.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { JsonLd } from "../../components/json-ld.tsx";
import { useLanguage, useLocalize } from "../../hooks.ts";
import { publicOriginAtom } from "../../state/atoms.ts";
import { aboutPath, jobsPath, positionDetailPath } from "../../../shared/paths.ts";
import "../../styles/about.css";

interface PositionData {
  job: JobDetail;
  more: JobListItem[];
}

export async function loader({ params, context, pattern }: LoaderFunctionArgs): Promise<PositionData> {
  const language = routeLanguage(pattern);
  const id = parsePositionId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const api = pageClient(context, language);
  let job: JobDetail;
  try {
    job = await api.call(queryRecruitmentById, { id });
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
  const more = await api.call(queryRecruitmentByPage, { department: job.department, pageIndex: 1, pageSize: 6 }).then(
    (page) => page.list.filter((item) => item.id !== job.id),
    (error: unknown) => {
      console.warn("no related positions found", String(error));
      return [];
    },
  );
  return { job, more };
}

export function Component() {
  const { job, more } = useLoaderData() as PositionData;
  const { t } = useTranslation("jobs");
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const localize = useLocalize();
  const origin = useAtomValue(publicOriginAtom);
  const mailto = resumeMailto(job.email, t("applySubject", { title: job.title, id: job.id }));
  return (
    <main id="main" className="main position-page">
      <PageMeta title={`${job.title} · ${job.location}`} description={job.description} noindex={job.closed} />
      {origin && !job.closed ? (
        <JsonLd
          data={jobPostingLd(origin, language, job, { name: tc("company"), logo: "/media/brand/logo.png" }, { duties: t("duties"), requirements: t("requirements") })}
        />
      ) : null}
      <header className="page-banner">
        <div className="page-banner__text">
          <p className="position-page__type">{t(`types.${job.type}`)}</p>
          <h1>{job.title}</h1>
          <p>
            {job.department} · {job.location}
          </p>
        </div>
      </header>
      <Breadcrumbs items={[{ label: tc("nav.about"), to: aboutPath }, { label: t("title"), to: jobsPath }, { label: job.title }]} />
      <div className="page-body">
        {job.closed ? (
          <section className="position-closed" aria-labelledby="position-closed">
            <h2 id="position-closed">{t("closedTitle")}</h2>
            <p>{t("closedText", { date: job.closingDate ?? job.date })}</p>
            <p>
              <Link className="button button--primary" to={localize(jobsPath)}>
                {t("closedLink")}
              </Link>
            </p>
          </section>
        ) : null}
        <div className="position-layout">
          <article className="position-body" aria-labelledby="position-description">
            <dl className="position-facts">
              <div>
                <dt>{t("typeLabel")}</dt>
                <dd>{t(`types.${job.type}`)}</dd>
              </div>
              <div>
                <dt>{t("location")}</dt>
                <dd>{job.location}</dd>
              </div>
              <div>
                <dt>{t("department")}</dt>
                <dd>{job.department}</dd>
              </div>
              <div>
                <dt>{t("headcountLabel")}</dt>
                <dd>{t("headcount", { count: job.headcount })}</dd>
              </div>
              <div>
                <dt>{t("postedLabel")}</dt>
                <dd>
                  <time dateTime={job.date}>{job.date}</time>
                </dd>
              </div>
              {job.closingDate ? (
                <div>
                  <dt>{t("closingLabel")}</dt>
                  <dd>
                    <time dateTime={job.closingDate}>{job.closingDate}</time>
                  </dd>
                </div>
              ) : null}
            </dl>
            <h2 id="position-description">{t("description")}</h2>
            <p>{job.description}</p>
            <h2>{t("duties")}</h2>
            <ul>
              {job.duties.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
                <li key={index}>{item}</li>
              ))}
            </ul>
            <h2>{t("requirements")}</h2>
            <ul>
              {job.requirements.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
                <li key={index}>{item}</li>
              ))}
            </ul>
          </article>
          <aside className="position-aside" aria-labelledby={job.closed ? undefined : "position-apply"}>
            {job.closed ? null : (
              <div className="position-apply">
                <h2 id="position-apply">{t("applyTitle")}</h2>
                <p>{t("applyText")}</p>
                <a className="button button--primary" href={mailto}>
                  {t("applyButton")}
                </a>
                <p className="position-apply__email">{job.email}</p>
              </div>
            )}
            {more.length > 0 && (
              <section className="position-more-section" aria-labelledby="position-more">
                <h2 id="position-more" className="position-more__title">
                  {t("more", { department: job.department })}
                </h2>
                <ul className="position-more">
                  {more.map((item) => (
                    <li key={item.id}>
                      <Link to={localize(positionDetailPath(item.id))}>{item.title}</Link> · {item.location}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <p>
              <Link to={localize(jobsPath)}>{t("back")}</Link>
            </p>
          </aside>
        </div>
      </div>
    </main>
  );
}
