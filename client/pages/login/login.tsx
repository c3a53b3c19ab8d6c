// /{lang}/login (SPEC §2): SMS and e-mail tabs, the code button with its countdown, the
// agreement, SPEC §5/§8 messages announced to screen readers, and a form that also works without JavaScript.
import { useEffect, useId, useState } from "react";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation, useSearchParams, type LoaderFunctionArgs } from "react-router-dom";
import { isLogin } from "../../../shared/contract/index.ts";
import { routeLanguage } from "../../../shared/languages.ts";
import { pageClient } from "../../api/loader-context.ts";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { parseLoginQuery, publicReturnTarget, signInTarget, writeLoginQuery, type LoginTab } from "../../../shared/http/return-path.ts";
import { VERIFY_CODE_LENGTH, fieldLimits } from "../../../shared/forms/validation.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { useLanguage, useLocalize } from "../../hooks.ts";
import { AGREEMENT_REQUIRED, loginAction, type LoginActionData, type LoginField } from "./login-action.ts";
import { LoginLayout } from "./login-layout.tsx";
import { clausePath, loginPath, privacyPath } from "../../../shared/paths.ts";
import "../../styles/samples.css";

/** The upstream's code for a number locked after too many wrong codes (shared/contract errors). */
const LOCKED = "E40021005";

export const action = loginAction;

export async function loader({ request, context, pattern }: LoaderFunctionArgs): Promise<{ year: string }> {
  // Someone already signed in (Back after signing in, an old link) goes straight on to where they were going.
  const url = new URL(request.url);
  const language = routeLanguage(pattern);
  const user = await pageClient(context, language)
    .call(isLogin)
    .catch(() => null);
  if (user) throw redirect(signInTarget(language, url.searchParams.get("path")));
  // The copyright's end year; computed where the page is rendered, carried to the browser in the data.
  return { year: String(new Date().getUTCFullYear()) };
}

/**
 * Seconds left before another code may be asked for on this tab; counts down once a second. The deadline
 * is set by a code sent and kept whatever the form answers next (a wrong code, a tab switch), so the button
 * always comes back: the code it gets is what a wrong-code message asks for.
 */
function useCountdown(result: LoginActionData | undefined, tab: LoginTab): number {
  const [deadline, setDeadline] = useState<{ tab: LoginTab; until: number } | null>(null);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    const seconds = result?.resendAfterSeconds;
    if (result && seconds) setDeadline({ tab: result.tab, until: Date.now() + seconds * 1000 });
  }, [result]);
  useEffect(() => {
    if (!deadline) return;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((deadline.until - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) clearInterval(timer);
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline?.tab === tab ? left : 0;
}

export function Component() {
  const { year } = useLoaderData() as { year: string };
  const { t } = useTranslation("login");
  const language = useLanguage();
  const localize = useLocalize();
  const [params] = useSearchParams();
  const { tab, path } = parseLoginQuery(params);
  const actionData = useActionData() as LoginActionData | undefined;
  const result = actionData && actionData.tab === tab ? actionData : undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const left = useCountdown(result, tab);
  const ids = { target: useId(), code: useId(), agree: useId(), status: useId() };
  const error = result?.error;
  // The agreement's and the lock's messages are the page's own strings (the lock says how long it holds).
  const message = !error
    ? ""
    : error.code === AGREEMENT_REQUIRED
      ? t("agreeRequired")
      : error.code === LOCKED && error.retryAfterSeconds
        ? t("locked", { minutes: Math.ceil(error.retryAfterSeconds / 60) })
        : error.message;
  const errorOn = (field: LoginField) => (error?.field === field ? message : "");
  const tabs: LoginTab[] = ["sms", "email"];
  const sent = result?.intent === "send" && !error && result.resendAfterSeconds;

  return (
    <LoginLayout closeTo={publicReturnTarget(language, path)} year={year}>
      <PageMeta title={t("title")} description={t("description")} noindex />
      <main id="main" className="login-main">
        <section className="login-card" aria-labelledby="login-title">
          <h1 id="login-title">{t("title")}</h1>
          <p className="login-card__lead">{t("lead")}</p>
          <nav className="login-tabs" aria-label={t("methods")}>
            {tabs.map((name) => (
              <Link
                key={name}
                to={`${localize(loginPath())}${writeLoginQuery({ tab: name, path })}`}
                replace
                className={`login-tabs__tab${name === tab ? " is-active" : ""}`}
                aria-current={name === tab ? "page" : undefined}
              >
                {t(`tab.${name}`)}
              </Link>
            ))}
          </nav>
          <Form method="post" action={`${localize(loginPath())}${writeLoginQuery({ tab, path })}`} className="login-form" noValidate>
            <input type="hidden" name="tab" value={tab} />
            {/* Enter in a field presses the form's first submit button, also without JavaScript: this one, so
                Enter in the code field signs in instead of sending a new code that voids the one just typed.
                It is for implicit submission only: out of sight, out of the tab order and the accessibility tree. */}
            <button type="submit" name="intent" value="signIn" className="login-form__default" tabIndex={-1} aria-hidden="true" disabled={busy} />
            <div className="login-form__field">
              <label htmlFor={ids.target}>{t(`label.${tab}`)}</label>
              <input
                key={tab}
                id={ids.target}
                name="target"
                type={tab === "sms" ? "tel" : "email"}
                inputMode={tab === "sms" ? "tel" : "email"}
                autoComplete={tab === "sms" ? "tel" : "email"}
                maxLength={tab === "sms" ? fieldLimits.phoneInput : fieldLimits.email}
                placeholder={t(`placeholder.${tab}`)}
                defaultValue={result?.target ?? ""}
                onKeyDown={(event) => {
                  // Enter in the number or address asks for the code (with JavaScript; without, it signs in and says a code is missing).
                  const send = event.currentTarget.form?.querySelector<HTMLButtonElement>('button[value="send"]');
                  if (event.key !== "Enter" || !send || send.disabled) return;
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit(send);
                }}
                aria-invalid={errorOn("target") ? true : undefined}
                aria-describedby={errorOn("target") ? `${ids.target}-error` : undefined}
              />
              {errorOn("target") && (
                <p className="form-error" id={`${ids.target}-error`}>
                  {errorOn("target")}
                </p>
              )}
            </div>
            <div className="login-form__field">
              <label htmlFor={ids.code}>{t("label.code")}</label>
              <div className="login-form__code">
                <input
                  id={ids.code}
                  name="code"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={VERIFY_CODE_LENGTH}
                  placeholder={t("placeholder.code")}
                  defaultValue={result?.code ?? ""}
                  aria-invalid={errorOn("code") ? true : undefined}
                  aria-describedby={errorOn("code") ? `${ids.code}-error` : undefined}
                />
                <button type="submit" name="intent" value="send" className="button login-form__send" disabled={left > 0 || busy}>
                  {left > 0 ? t("resendIn", { time: left }) : sent ? t("resend") : t("getCode")}
                </button>
              </div>
              {errorOn("code") && (
                <p className="form-error" id={`${ids.code}-error`}>
                  {errorOn("code")}
                </p>
              )}
            </div>
            <div className="login-form__agree">
              <input
                id={ids.agree}
                name="agree"
                type="checkbox"
                defaultChecked={result?.agree ?? false}
                aria-invalid={errorOn("agree") ? true : undefined}
                aria-describedby={errorOn("agree") ? `${ids.agree}-error` : undefined}
              />
              <label htmlFor={ids.agree}>
                {t("agreePrefix")}
                <a href={localize(privacyPath)} target="_blank" rel="noopener">
                  {t("privacy")}
                </a>
                {t("agreeAnd")}
                <a href={localize(clausePath)} target="_blank" rel="noopener">
                  {t("clause")}
                </a>
              </label>
            </div>
            {errorOn("agree") && (
              <p className="form-error" id={`${ids.agree}-error`}>
                {errorOn("agree")}
              </p>
            )}
            <button type="submit" name="intent" value="signIn" className="button button--primary login-form__submit" disabled={busy}>
              {t("submit")}
            </button>
            {/* One live region for every outcome, so screen readers hear the code was sent or what went wrong. */}
            <div
              id={ids.status}
              className={`login-form__status${error ? " is-error" : ""}${error && error.field !== "form" ? " visually-hidden" : ""}`}
              role="status"
              aria-live="polite"
            >
              {error ? message : sent ? t(`sent.${tab}`) : ""}
            </div>
          </Form>
          <p className="login-card__note">{t("note")}</p>
        </section>
      </main>
    </LoginLayout>
  );
}
