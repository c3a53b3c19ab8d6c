// The error page of SPEC §2/§8: 404 and 500 texts with a button back to the language's home page.
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { useTranslation } from "../i18n-react.tsx";
import { useLanguage } from "../hooks.ts";

export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const kind = status === 404 ? "notFound" : status >= 500 ? "server" : "generic";
  const title = t(`error.${kind}Title`);
  return (
    <section className="error-page" aria-labelledby="error-title">
      <title>{`${title} | ${t("meta.siteName")}`}</title>
      <meta name="robots" content="noindex" />
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title">{title}</h1>
      <p>{t(`error.${kind}Text`)}</p>
      <a className="button button--primary" href={`/${language}`}>
        {t("error.backHome")}
      </a>
    </section>
  );
}

export function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  return 500;
}

/** Error boundary of a page: shown inside the layout, so header and footer stay. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return (
    <main id="main" className="main">
      <ErrorPage status={statusOf(error)} />
    </main>
  );
}

/** The 404 page as a route component (the catch-all route's own element). */
export function NotFoundPage() {
  return (
    <main id="main" className="main">
      <ErrorPage status={404} />
    </main>
  );
}
