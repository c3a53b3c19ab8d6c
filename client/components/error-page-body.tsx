// The text of the error page (SPEC §2/§8): the status, a title and a line for 404, 500, an upstream that
// failed (502, 503, 504: the service is temporarily unavailable) and the rest, and a way back to the
// language's home page. Rendered through the island in error-page.tsx.
import { useTranslation } from "../runtime/i18n-react.tsx";
import { useLanguage } from "../hooks.ts";
import { upstreamFailureStatuses } from "../api/upstream-failure.ts";

export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const kind = status === 404 ? "notFound" : upstreamFailureStatuses.includes(status) ? "unavailable" : status >= 500 ? "server" : "generic";
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
      <a className="button button--primary" href={`/${language}`} data-reload>
        {t("error.backHome")}
      </a>
    </section>
  );
}
