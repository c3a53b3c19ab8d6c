// /{lang}/subscribe/manage?token=…: the parts a mailbox subscribed by e-mail watches, managed by the signed link
// of its e-mails without an account: a button per part stops watching it (POST-redirect-GET), and the
// unsubscribe page ends them all. A forged link gets the upstream's localized 400, never a 500.
// docs/decisions/034-part-watches-and-notice-mail.md.
import { data, redirect, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router-dom";
import { queryEmailWatches, removeEmailWatch } from "../../../shared/contract/watches.ts";
import { routeLanguage, localizePath } from "../../../shared/languages.ts";
import { emailWatchPaths } from "../../../shared/email-watch-paths.ts";
import { pageClient } from "../../api/loader-context.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { Link } from "../../components/link.tsx";
import { WatchedPartList } from "../../components/watched-part-list.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { useLocalize } from "../../hooks.ts";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { tokenOf } from "./mail-link-token.ts";
import "../../styles/samples.css";

interface ManageView {
  token: string;
  /** Just confirmed (the confirmation page sent the visitor here). */
  confirmed?: boolean;
  email?: string | null;
  limit?: number;
  parts?: Array<{ partNumber: string; since: string }>;
  error?: string;
}

const refusal = (error: unknown, token: string) => {
  if (error instanceof ApiCallError && error.status >= 400 && error.status < 500) return data<ManageView>({ token, error: error.message }, { status: error.status });
  throw error;
};

export async function loader({ request, context, pattern }: LoaderFunctionArgs) {
  const token = tokenOf(request);
  if (!token) return data<ManageView>({ token, error: "" }, { status: 400 });
  try {
    const url = new URL(request.url);
    const list = await pageClient(context, routeLanguage(pattern)).call(queryEmailWatches, { token });
    return data<ManageView>({ token, confirmed: url.searchParams.get("confirmed") === "1", ...list });
  } catch (error) {
    return refusal(error, token);
  }
}

export async function action({ request, context, pattern }: ActionFunctionArgs) {
  const language = routeLanguage(pattern);
  const token = tokenOf(request);
  const partNumber = String((await request.formData()).get("partNumber") ?? "").slice(0, 64);
  if (!token || !partNumber) return data<ManageView>({ token, error: "" }, { status: 400 });
  try {
    await pageClient(context, language).call(removeEmailWatch, { token, partNumber });
  } catch (error) {
    return refusal(error, token);
  }
  return redirect(`${localizePath(emailWatchPaths.manage, language)}?token=${encodeURIComponent(token)}`);
}

export function Component() {
  const view = useLoaderData() as ManageView;
  const { t } = useTranslation("watches");
  const localize = useLocalize();
  const parts = view.parts ?? [];
  return (
    <main id="main" className="main user-page">
      <PageMeta title={t("manage.title")} noindex />
      <div className="user-page__inner">
        <h1>{t("manage.title")}</h1>
        {view.error !== undefined ? (
          <p className="form-error" role="alert">
            {view.error || t("unsubscribe.noToken")}
          </p>
        ) : (
          <>
            {view.confirmed && (
              <p className="form-notice" role="status">
                {t("confirm.done", { email: view.email })}
              </p>
            )}
            <p>{t("manage.mailbox", { email: view.email })}</p>
            <h2>{t("listTitle", { count: parts.length, limit: view.limit })}</h2>
            {parts.length === 0 ? <p>{t("manage.none")}</p> : <WatchedPartList parts={parts} />}
            <p>
              <Link to={`${localize(emailWatchPaths.subscribe)}`}>{t("manage.add")}</Link>
            </p>
            <p>
              <Link to={`${localize("/unsubscribe")}?token=${encodeURIComponent(view.token)}`}>{t("manage.unsubscribeAll")}</Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
