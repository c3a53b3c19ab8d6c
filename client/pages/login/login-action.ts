// The sign-in form's route action, the same code on the server (a form posted without JavaScript, the
// session cookie lands on the redirect) and in the browser: check the fields with the SPEC §5 messages,
// ask for a code or sign in, then go to `/{lang}` + the safe `path`. Also the header's sign-out form
// without JavaScript.
import { data, redirect, type ActionFunctionArgs } from "react-router-dom";
import { authAndRegisterByEmail, authAndRegisterBySms, errorMessage, isErrorCode, loginOut, sendSmsVerifyCode, sendVerifyCode } from "../../../shared/contract/index.ts";
import { routeLanguage, type Language } from "../../../shared/languages.ts";
import { publicReturnTarget, signInTarget, type LoginTab } from "../../../shared/http/return-path.ts";
import { normalizeEmail, normalizeMainlandMobile, verifyCodePattern } from "../../../shared/forms/validation.ts";
import { pageClient } from "../../api/loader-context.ts";
import { ApiCallError } from "../../api/page-client.ts";

/** The error code of an unticked agreement (not an upstream code: the form refuses before any call). */
export const AGREEMENT_REQUIRED = "AGREEMENT_REQUIRED";

export type LoginField = "target" | "code" | "agree" | "form";

export interface LoginActionData {
  intent: "send" | "signIn";
  tab: LoginTab;
  /** What the visitor typed and ticked, to fill the form again after a post without JavaScript. */
  target: string;
  code: string;
  agree: boolean;
  /** Set when a code was sent: seconds before another may be asked for. */
  resendAfterSeconds?: number;
  /** `retryAfterSeconds`: how long a lock (E40021005) still holds, for the message to say so. */
  error?: { field: LoginField; message: string; code: string; retryAfterSeconds?: number };
}

/** Which field an upstream error belongs to, so the message sits next to it. */
function fieldOf(code: string): LoginField {
  if (code === "E40021001" || code === "E40021002") return "target";
  if (["E40021003", "E40021004", "E40021006", "E40021010"].includes(code)) return "code";
  return "form";
}

export async function loginAction({ request, context, pattern }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const language: Language = routeLanguage(pattern);
  const form = await request.formData();
  if (form.get("intent") === "signOut") return signOut(context, language, url.searchParams.get("path"));
  const intent = form.get("intent") === "send" ? "send" : "signIn";
  const tab: LoginTab = form.get("tab") === "email" ? "email" : "sms";
  const raw = String(form.get("target") ?? "").slice(0, 300);
  const code = String(form.get("code") ?? "").trim();
  const agree = form.get("agree") === "on";
  const base: LoginActionData = { intent, tab, target: raw, code: code.slice(0, 20), agree };
  const fail = (field: LoginField, errorCode: string, message: string, status: number, retryAfterSeconds?: number) =>
    data<LoginActionData>({ ...base, error: { field, code: errorCode, message, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) } }, { status });
  const failWith = (errorCode: Parameters<typeof errorMessage>[0]) => fail(fieldOf(errorCode), errorCode, errorMessage(errorCode, language), 400);

  const phone = tab === "sms" ? normalizeMainlandMobile(raw) : null;
  const email = tab === "email" ? normalizeEmail(raw) : null;
  if (tab === "sms" && !phone) return failWith("E40021001");
  if (tab === "email" && !email) return failWith("E40021002");
  // SPEC §5: nothing is sent and no sign-in is tried before the agreement is accepted.
  // Its message is a UI string (locales/*/login.json "agreeRequired"); the page shows it for this code.
  if (!agree) return fail("agree", AGREEMENT_REQUIRED, "", 400);
  if (intent === "signIn" && !verifyCodePattern.test(code)) return failWith("E40021003");

  const api = pageClient(context, language);
  try {
    if (intent === "send") {
      const sent = phone ? await api.call(sendSmsVerifyCode, { phone }) : await api.call(sendVerifyCode, { email: email! });
      return data<LoginActionData>({ ...base, resendAfterSeconds: sent.resendAfterSeconds });
    }
    if (phone) await api.call(authAndRegisterBySms, { phone, code });
    else await api.call(authAndRegisterByEmail, { email: email!, code });
  } catch (error) {
    if (error instanceof ApiCallError && isErrorCode(error.code)) {
      const status = error.status >= 400 && error.status < 600 ? error.status : 400;
      return fail(fieldOf(error.code), error.code, error.message, status, error.retryAfterSeconds);
    }
    const fallback = error instanceof ApiCallError && error.code === "E50400001" ? "E50400001" : "E50200001";
    return fail("form", fallback, errorMessage(fallback, language), 502);
  }
  return redirect(signInTarget(language, url.searchParams.get("path")));
}

/**
 * The header's sign-out form, posted without JavaScript (with it, the header signs out through the API):
 * ends the session (the upstream's cleared cookie lands on the redirect) and goes back to the page, or to
 * the language home from a signed-in page (SPEC §4). E40021009, the session was already gone, is success.
 */
async function signOut(context: unknown, language: Language, path: string | null) {
  await pageClient(context, language)
    .call(loginOut)
    .catch((error: unknown) => {
      // Anything else (the upstream down) leaves the visitor signed in, which the page they return to shows.
      if (!(error instanceof ApiCallError)) throw error;
    });
  return redirect(publicReturnTarget(language, path));
}
