// /{lang}/user/watches: the parts the signed-in visitor watches for change and discontinuation notices, the
// mailbox they go to, a box to paste parts or a bill of materials, and a button per part to stop watching.
// Forms only (POST-redirect-GET), so it works without JavaScript. docs/decisions/034-part-watches-and-notice-mail.md.
import { Form, useActionData, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import { queryPartWatches } from "../../../shared/contract/watches.ts";
import { WatchedPartList } from "../../components/watched-part-list.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { useLocalize } from "../../hooks.ts";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { requireUser, whileSignedIn } from "./user-guard.ts";
import { UserNav } from "./user-nav.tsx";
import { watchesAction, type WatchActionData } from "./watches-action.ts";
import "../../styles/samples.css";

interface WatchesData {
  email: string | null;
  limit: number;
  parts: Array<{ partNumber: string; since: string }>;
  added: number | null;
}

export async function loader(route: LoaderFunctionArgs): Promise<WatchesData> {
  const { request } = route;
  const { api } = await requireUser(route);
  const added = Number(new URL(request.url).searchParams.get("added"));
  const list = await whileSignedIn(route, () => api.call(queryPartWatches));
  return { ...list, added: Number.isSafeInteger(added) && added > 0 ? added : null };
}

export const action = watchesAction;

const localCodes: Record<string, string> = { empty: "errors.empty", tooMany: "errors.tooMany", intent: "errors.intent" };

export function Component() {
  const { email, limit, parts, added } = useLoaderData() as WatchesData;
  const result = useActionData() as WatchActionData | undefined;
  const { t } = useTranslation("watches");
  const _localize = useLocalize();
  const error = result?.error;
  const errorText = error ? (error.message ?? t(localCodes[error.code] ?? "errors.intent", { limit, lines: error.lines ?? 0 })) : null;
  return (
    <main id="main" className="main user-page">
      <PageMeta title={t("title")} noindex />
      <div className="user-page__inner">
        <Breadcrumbs items={[{ label: t("title") }]} />
        <div className="user-page__head">
          <h1>{t("title")}</h1>
          <UserNav />
        </div>
        <p>{t("intro")}</p>
        <p>{email ? t("mailbox", { email }) : t("noEmail")}</p>
        {added !== null && (
          <p className="form-notice" role="status">
            {t("added", { count: added })}
          </p>
        )}
        {errorText && (
          <p className="form-error" role="alert">
            {errorText}
          </p>
        )}
        {result?.report && (
          <div className="form-notice" role="status">
            <p>{t("added", { count: result.report.added })}</p>
            {result.report.mapped.length > 0 && (
              <>
                <p>{t("report.mapped")}</p>
                <ul>
                  {result.report.mapped.map((row) => (
                    <li key={row.line}>{t("report.mappedRow", { line: row.line, part: row.partNumber })}</li>
                  ))}
                </ul>
              </>
            )}
            {result.report.notFound.length > 0 && (
              <>
                <p>{t("report.notFound")}</p>
                <ul>
                  {result.report.notFound.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        <section className="account-section" aria-labelledby="watched-title">
          <h2 id="watched-title">{t("listTitle", { count: parts.length, limit })}</h2>
          {parts.length === 0 ? <p>{t("none")}</p> : <WatchedPartList parts={parts} fields={{ intent: "remove" }} />}
        </section>
        <section className="account-section" aria-labelledby="watch-add-title">
          <h2 id="watch-add-title">{t("addTitle")}</h2>
          <Form method="post" className="watch-add">
            <input type="hidden" name="intent" value="add" />
            <label htmlFor="watch-parts">{t("pasteLabel", { limit })}</label>
            <textarea id="watch-parts" name="parts" rows={8} defaultValue={result?.pasted ?? ""} />
            <button type="submit" className="button">
              {t("add")}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="sampleList" />
            <button type="submit" className="link-button">
              {t("addSampleList")}
            </button>
          </Form>
        </section>
      </div>
    </main>
  );
}
