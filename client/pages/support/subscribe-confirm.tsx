// /{lang}/subscribe/confirm?token=…: the confirmation link of a subscription by e-mail. Opening it (GET) only
// shows what it would watch, since mail scanners open links; the button confirms. A forged link answers 400,
// an expired one 410 and a used one 409, each with the upstream's localized words, never a 500. Confirmed,
// it goes on to the mailbox's manage page. docs/decisions/034-part-watches-and-notice-mail.md.
import { data, Form, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router-dom";
import { confirmEmailWatch } from "../../../shared/contract/watches.ts";
import { routeLanguage, localizePath, type Language } from "../../../shared/languages.ts";
import { emailWatchPaths } from "../../../shared/email-watch-paths.ts";
import { pageClient } from "../../api/loader-context.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { tokenOf } from "./mail-link-token.ts";
import "../../styles/samples.css";

interface ConfirmView {
  email?: string;
  parts?: string[];
  manageToken?: string | null;
  /** The refusal's words ("" when the link has no token). */
  error?: string;
}

/** Asks the upstream with the link's token; a refusal becomes the page's words and status. */
async function ask(request: Request, context: unknown, language: Language, check: boolean) {
  const token = tokenOf(request);
  if (!token) return data<ConfirmView>({ error: "" }, { status: 400 });
  try {
    return data<ConfirmView>(await pageClient(context, language).call(confirmEmailWatch, { token, check }));
  } catch (error) {
    if (error instanceof ApiCallError && error.status >= 400 && error.status < 500) return data<ConfirmView>({ error: error.message }, { status: error.status });
    throw error;
  }
}

export const loader = ({ request, context, pattern }: LoaderFunctionArgs) => ask(request, context, routeLanguage(pattern), true);

/** Confirms, then shows the mailbox's manage page (POST-redirect-GET: the link's own page would now say "used"). */
export async function action({ request, context, pattern }: ActionFunctionArgs) {
  const language = routeLanguage(pattern);
  const answer = await ask(request, context, language, false);
  const token = answer.data.manageToken;
  if (!token) return answer;
  return redirect(`${localizePath(emailWatchPaths.manage, language)}?token=${encodeURIComponent(token)}&confirmed=1`);
}

export function Component() {
  const shown = useLoaderData() as ConfirmView;
  const refused = useActionData() as ConfirmView | undefined;
  const { t } = useTranslation("watches");
  const view = refused ?? shown;
  return (
    <main id="main" className="main user-page">
      <PageMeta title={t("confirm.title")} noindex />
      <div className="user-page__inner">
        <h1>{t("confirm.title")}</h1>
        {view.error !== undefined ? (
          <p className="form-error" role="alert">
            {view.error || t("unsubscribe.noToken")}
          </p>
        ) : (
          <Form method="post" className="unsubscribe-form">
            <p>{t("confirm.intro", { email: view.email })}</p>
            <ul className="watch-list">
              {view.parts?.map((part) => (
                <li key={part} className="watch-list__item">
                  {part}
                </li>
              ))}
            </ul>
            <button type="submit" className="button">
              {t("confirm.submit")}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
