// Jobs (SPEC §2 /about/joinUs/{name?}): open positions with type tabs (the path), location, department
// and keyword filters (a GET form: works without JavaScript, navigates without reload with it) and paging,
// above the "working at Qingyun" content of the join-us page.
import { useEffect, useState, type FormEvent } from "react";
import { Form, data, useLoaderData, useNavigate, type LoaderFunctionArgs } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { jobTypes, queryRecruitmentByPage, type JobPage } from "../../../shared/contract/jobs.ts";
import { querySitePageData } from "../../../shared/contract/index.ts";
import type { PageData } from "../../../shared/contract/site.ts";
import { JOBS_PAGE_SIZE, jobsListPath, parseJobsState, type JobsState } from "../../../shared/query/jobs.ts";
import { pageCount } from "../../../shared/query/paging.ts";
import { routeLanguage } from "../../../shared/languages.ts";
import { pageClient } from "../../api/loader-context.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { PageLinks } from "../../components/page-links.tsx";
import { Media } from "../../components/media.tsx";
import { Sections } from "../../components/sections.tsx";
import { useLocalize } from "../../hooks.ts";
import type { Crumb } from "../../../shared/seo/seo.ts";
import { aboutPath, jobsPath, positionDetailPath } from "../../../shared/paths.ts";
import "../../styles/about.css";

interface JobsData {
  state: JobsState;
  result: JobPage;
  page: PageData | null;
}

export async function loader({ request, params, context, pattern }: LoaderFunctionArgs): Promise<JobsData> {
  const url = new URL(request.url);
  const language = routeLanguage(pattern);
  const state = parseJobsState(params.name, url.search);
  if (!state) throw data(null, { status: 404 });
  const api = pageClient(context, language);
  const [result, page] = await Promise.all([
    api.call(queryRecruitmentByPage, {
      ...(state.type ? { type: state.type } : {}),
      ...(state.location ? { location: state.location } : {}),
      ...(state.department ? { department: state.department } : {}),
      ...(state.keyword ? { keyword: state.keyword } : {}),
      pageIndex: state.page,
      pageSize: JOBS_PAGE_SIZE,
    }),
    // The company's words about working here are welcome but not essential to a list of positions.
    api.request(querySitePageData, { templateCode: "join-us" }).then(
      (response) => {
        const found = response.data[0]?.data;
        return found?.kind === "page" ? found : null;
      },
      (error: unknown) => {
        console.warn("no join-us page found", String(error));
        return null;
      },
    ),
  ]);
  if (state.page > 1 && result.list.length === 0) throw data(null, { status: 404 });
  return { state, result, page };
}

export function Component() {
  const { state, result, page } = useLoaderData() as JobsData;
  const { t } = useTranslation("jobs");
  const { t: tc } = useTranslation();
  const localize = useLocalize();
  const navigate = useNavigate();
  const pages = pageCount(result.total, JOBS_PAGE_SIZE);
  const title = page?.banner?.title || t("title");
  const heading = state.type ? t(`types.${state.type}`) : title;
  const crumbs: Crumb[] = [{ label: tc("nav.about"), to: aboutPath }];
  if (state.type) crumbs.push({ label: title, to: jobsPath }, { label: heading });
  else crumbs.push({ label: title });
  const metaTitle = state.page > 1 ? t("pageTitle", { title: heading, page: state.page }) : heading;
  const allTypesCount = result.filters.types.reduce((sum, type) => sum + type.count, 0);
  const hasFilters = !!(state.location || state.department || state.keyword);
  // The selects follow the URL (Back, links) but show a choice at once, before its page has loaded;
  // they are never remounted, so keyboard focus stays where the visitor is.
  const [choice, setChoice] = useState({ location: state.location ?? "", department: state.department ?? "" });
  useEffect(() => setChoice({ location: state.location ?? "", department: state.department ?? "" }), [state.location, state.department]);

  // With JavaScript: a clean URL (no empty parameters) and no reload; without it the browser submits the GET form.
  const submit = (form: HTMLFormElement) => {
    const values = new FormData(form);
    const value = (name: string) => String(values.get(name) ?? "").trim() || null;
    void navigate(localize(jobsListPath({ ...state, location: value("location"), department: value("department"), keyword: value("q"), page: 1 })));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(event.currentTarget);
  };

  return (
    <main id="main" className="main jobs-page">
      <PageMeta
        title={metaTitle}
        description={state.type ? t(`typeDescription.${state.type}`) : page?.description}
        canonicalPath={jobsListPath(state)}
        page={state.page}
      />
      <header className="page-banner page-banner--image">
        {page?.banner ? <Media src={page.banner.image} alt="" className="page-banner__media" /> : null}
        <div className="page-banner__text">
          <h1>{heading}</h1>
          {page?.banner?.subtitle ? <p>{page.banner.subtitle}</p> : null}
        </div>
      </header>
      <Breadcrumbs items={crumbs} />
      <div className="page-body">
        <div className="jobs-layout">
          <Form
            method="get"
            action={localize(jobsListPath({ ...state, location: null, department: null, keyword: null, page: 1 }))}
            className="jobs-filters"
            role="search"
            aria-labelledby="jobs-filters-title"
            onSubmit={onSubmit}
          >
            <h2 id="jobs-filters-title">{t("filters")}</h2>
            {(["location", "department"] as const).map((field) => (
              <div className="form-field" key={field}>
                <label htmlFor={`jobs-${field}`}>{t(field)}</label>
                <select
                  id={`jobs-${field}`}
                  name={field}
                  value={choice[field]}
                  onChange={(event) => {
                    setChoice({ ...choice, [field]: event.currentTarget.value });
                    submit(event.currentTarget.form!);
                  }}
                >
                  <option value="">{t("any")}</option>
                  {result.filters[field === "location" ? "locations" : "departments"].map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.value} ({option.count})
                    </option>
                  ))}
                </select>
              </div>
            ))}
            <div className="form-field">
              <label htmlFor="jobs-keyword">{t("keyword")}</label>
              <input
                id="jobs-keyword"
                type="search"
                name="q"
                defaultValue={state.keyword ?? ""}
                key={`q-${state.keyword}`}
                maxLength={100}
                placeholder={t("keywordPlaceholder")}
              />
            </div>
            <div className="jobs-filters__actions">
              <button type="submit" className="button button--primary">
                {t("apply")}
              </button>
              {hasFilters ? <Link to={localize(jobsListPath({ ...state, location: null, department: null, keyword: null, page: 1 }))}>{t("reset")}</Link> : null}
            </div>
          </Form>
          <section aria-labelledby="jobs-title">
            <h2 id="jobs-title" className="visually-hidden">
              {t("positions")}
            </h2>
            <nav className="tabs jobs-tabs" aria-label={t("typeTabs")}>
              <Link to={localize(jobsListPath({ ...state, type: null, page: 1 }))} aria-current={state.type === null ? "page" : undefined}>
                {t("allTypes")} <span className="tabs__count">{allTypesCount}</span>
              </Link>
              {jobTypes.map((type) => (
                <Link key={type} to={localize(jobsListPath({ ...state, type, page: 1 }))} aria-current={state.type === type ? "page" : undefined}>
                  {t(`types.${type}`)} <span className="tabs__count">{result.filters.types.find((item) => item.value === type)?.count ?? 0}</span>
                </Link>
              ))}
            </nav>
            <p className="jobs-count" aria-live="polite">
              {t("count", { count: result.total })}
            </p>
            {result.list.length === 0 ? (
              <p className="jobs-empty">{t("none")}</p>
            ) : (
              <ul className="job-list">
                {result.list.map((job) => (
                  <li key={job.id} className="job-item">
                    <div>
                      <h3>
                        <Link to={localize(positionDetailPath(job.id))}>{job.title}</Link>
                      </h3>
                      <dl className="job-facts">
                        <dt>{t("typeLabel")}</dt>
                        <dd>
                          <span className="job-type">{t(`types.${job.type}`)}</span>
                        </dd>
                        <dt>{t("location")}</dt>
                        <dd>{job.location}</dd>
                        <dt>{t("department")}</dt>
                        <dd>{job.department}</dd>
                        <dt>{t("headcountLabel")}</dt>
                        <dd>{t("headcount", { count: job.headcount })}</dd>
                      </dl>
                    </div>
                    <p className="job-item__date">
                      <time dateTime={job.date}>{t("posted", { date: job.date })}</time>
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <PageLinks page={state.page} pages={pages} label={t("paging")} href={(number) => localize(jobsListPath({ ...state, page: number }))} />
          </section>
        </div>
        {page && page.sections.length > 0 ? (
          <div className="jobs-about">
            <Sections sections={page.sections} />
          </div>
        ) : null}
      </div>
    </main>
  );
}
