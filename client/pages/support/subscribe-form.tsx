// /{lang}/subscribe: subscribing to change notices by e-mail without an account (double opt-in). The form
// (also folded into the product page and the notices page) posts here; the action asks the upstream to mail a
// confirmation link, and the page says where it went and for how long it is good. Nothing is watched until
// that link is followed. Works without JavaScript. docs/decisions/034-part-watches-and-notice-mail.md.
import { data, Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router-dom";
import { emailWatchConfirmHours, requestEmailWatch, watchPartLimit } from "../../../shared/contract/watches.ts";
import { routeLanguage } from "../../../shared/languages.ts";
import { pageClient } from "../../api/loader-context.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { parseWatchList } from "../user/watch-list.ts";
import "../../styles/samples.css";

interface SubscribeResult {
  sent?: { email: string; hours: number };
  /** The posted values, so a refused form is not lost. */
  email?: string;
  parts?: string;
  error?: { code: string; message?: string; lines?: number };
}

export function loader({ request }: LoaderFunctionArgs): { parts: string } {
  return { parts: (new URL(request.url).searchParams.get("part") ?? "").slice(0, 64) };
}

export async function action({ request, context, pattern }: ActionFunctionArgs) {
  const language = routeLanguage(pattern);
  const form = await request.formData();
  const email = String(form.get("email") ?? "").slice(0, 254);
  const pasted = String(form.get("parts") ?? "");
  const parsed = parseWatchList(pasted, watchPartLimit);
  const kept = { email, parts: pasted.slice(0, 20_000) };
  if (parsed.kind === "empty") return data<SubscribeResult>({ ...kept, error: { code: "empty" } }, { status: 400 });
  if (parsed.kind === "too many") return data<SubscribeResult>({ email, parts: "", error: { code: "tooMany", lines: parsed.lines } }, { status: 413 });
  try {
    const answer = await pageClient(context, language).call(requestEmailWatch, { email, partNumbers: parsed.partNumbers });
    return data<SubscribeResult>({ sent: { email, hours: answer.expiresInHours } });
  } catch (error) {
    if (error instanceof ApiCallError && error.status >= 400 && error.status < 500) {
      return data<SubscribeResult>({ ...kept, error: { code: error.code, message: error.message } }, { status: error.status });
    }
    throw error;
  }
}

const localCodes: Record<string, string> = { empty: "errors.empty", tooMany: "errors.tooMany" };

export function Component() {
  const { parts } = useLoaderData() as { parts: string };
  const result = useActionData() as SubscribeResult | undefined;
  const { t } = useTranslation("watches");
  const error = result?.error;
  const errorText = error ? (error.message ?? t(localCodes[error.code] ?? "errors.intent", { limit: watchPartLimit, lines: error.lines ?? 0 })) : null;
  return (
    <main id="main" className="main user-page">
      <PageMeta title={t("subscribe.title")} noindex />
      <div className="user-page__inner">
        <h1>{t("subscribe.title")}</h1>
        {result?.sent ? (
          <p role="status">{t("subscribe.sent", { email: result.sent.email, hours: result.sent.hours })}</p>
        ) : (
          <>
            <p>{t("subscribe.intro", { hours: emailWatchConfirmHours })}</p>
            {errorText && (
              <p className="form-error" role="alert">
                {errorText}
              </p>
            )}
            <Form method="post" className="watch-add">
              <label>
                <span>{t("pasteLabel", { limit: watchPartLimit })}</span>
                <textarea name="parts" rows={6} defaultValue={result?.parts ?? parts} required />
              </label>
              <label>
                <span>{t("subscribe.email")}</span>
                <input type="email" name="email" required maxLength={254} autoComplete="email" defaultValue={result?.email ?? ""} />
              </label>
              <button type="submit" className="button">
                {t("subscribe.submit")}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
