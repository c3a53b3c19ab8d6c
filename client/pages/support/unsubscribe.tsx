// /{lang}/unsubscribe?token=…: the unsubscribe link of a notice e-mail, without signing in. Opening it (GET)
// changes nothing, since mail scanners open links; the button posts the form, and a mail client's RFC 8058
// one-click POST ("List-Unsubscribe=One-Click") to the same URL unsubscribes at once. A forged link gets the
// upstream's localized refusal, a replayed one says it was already done.
// docs/decisions/034-part-watches-and-notice-mail.md.
import { data, Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router-dom";
import { unsubscribeWatches } from "../../../shared/contract/watches.ts";
import { routeLanguage } from "../../../shared/languages.ts";
import { userPagePath } from "../../../shared/paths.ts";
import { pageClient } from "../../api/loader-context.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { Link } from "../../components/link.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { useLocalize } from "../../hooks.ts";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import "../../styles/samples.css";
import { tokenOf } from "./mail-link-token.ts";

interface UnsubscribeResult {
  done?: { already: boolean };
  error?: string;
}

export function loader({ request }: LoaderFunctionArgs): { hasToken: boolean } {
  return { hasToken: tokenOf(request) !== "" };
}

export async function action({ request, context, pattern }: ActionFunctionArgs) {
  const language = routeLanguage(pattern);
  const token = tokenOf(request);
  if (!token) return data<UnsubscribeResult>({ error: "" }, { status: 400 });
  try {
    const done = await pageClient(context, language).call(unsubscribeWatches, { token });
    return data<UnsubscribeResult>({ done });
  } catch (error) {
    if (error instanceof ApiCallError && error.status >= 400 && error.status < 500) return data<UnsubscribeResult>({ error: error.message }, { status: error.status });
    throw error;
  }
}

export function Component() {
  const { hasToken } = useLoaderData() as { hasToken: boolean };
  const result = useActionData() as UnsubscribeResult | undefined;
  const { t } = useTranslation("watches");
  const localize = useLocalize();
  return (
    <main id="main" className="main user-page">
      <PageMeta title={t("unsubscribe.title")} noindex />
      <div className="user-page__inner">
        <h1>{t("unsubscribe.title")}</h1>
        {result?.done ? (
          <p role="status">{result.done.already ? t("unsubscribe.already") : t("unsubscribe.done")}</p>
        ) : (
          <>
            {result?.error !== undefined && (
              <p className="form-error" role="alert">
                {result.error || t("unsubscribe.noToken")}
              </p>
            )}
            {hasToken ? (
              <Form method="post" className="unsubscribe-form">
                <p>{t("unsubscribe.intro")}</p>
                <button type="submit" className="button">
                  {t("unsubscribe.confirm")}
                </button>
              </Form>
            ) : (
              <p>{t("unsubscribe.noToken")}</p>
            )}
          </>
        )}
        <p>
          <Link to={localize(userPagePath("watches"))}>{t("unsubscribe.manage")}</Link>
        </p>
      </div>
    </main>
  );
}
