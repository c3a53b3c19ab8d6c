// The watch page's route action (browser and server alike, so every control works without JavaScript): add
// parts (one from a product page's, finder row's or compare column's button, or a pasted list or bill of
// materials) and stop watching one.
// docs/decisions/034-part-watches-and-notice-mail.md.
import { data, redirect, type ActionFunctionArgs } from "react-router-dom";
import { addWatchesFrom, removePartWatch, watchPartLimit } from "../../../shared/contract/watches.ts";
import { localizePath, routeLanguage } from "../../../shared/languages.ts";
import { loginHref, signInTarget } from "../../../shared/http/return-path.ts";
import { userPagePath } from "../../../shared/paths.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { requireUser, whileSignedIn } from "./user-guard.ts";
import { parseWatchList } from "./watch-list.ts";

export interface WatchActionData {
  /** The pasted list as posted, so a refused one is not lost. */
  pasted?: string;
  error?: { code: string; message?: string; lines?: number };
  /** A pasted BOM's report: competitors' parts mapped to ours, and the lines found neither way. */
  report?: { added: number; mapped: Array<{ line: string; partNumber: string }>; notFound: string[] };
}

export async function watchesAction(route: ActionFunctionArgs) {
  const { request } = route;
  const form = await request.formData();
  const back = form.get("back");
  // A page's watch control (product page, finder row, compare column) without a session: sign in and come back to
  // that page, not to this one.
  const { api, language } = await requireUser(route).catch((thrown: unknown) => {
    if (thrown instanceof Response && typeof back === "string" && back) throw redirect(loginHref(routeLanguage(route.pattern), back));
    throw thrown;
  });
  // A button on another page (a product, a finder row, a compare column, a family's notices) comes back to it (a
  // same-site path only).
  const backOr = (added: number) =>
    redirect(typeof back === "string" && back ? signInTarget(language, back) : `${localizePath(userPagePath("watches"), language)}?added=${added}`);
  const intent = String(form.get("intent") ?? "");
  const fail = (body: WatchActionData, error: unknown) => {
    if (!(error instanceof ApiCallError) || error.status === 401) throw error;
    return data<WatchActionData>({ ...body, error: { code: error.code, message: error.message } }, { status: error.status || 502 });
  };
  if (intent === "remove") {
    const partNumber = String(form.get("partNumber") ?? "").slice(0, 64);
    try {
      await whileSignedIn(route, () => api.call(removePartWatch, { partNumber }));
    } catch (error) {
      return fail({}, error);
    }
    return redirect(localizePath(userPagePath("watches"), language));
  }
  if (intent === "add") {
    const pasted = String(form.get("parts") ?? "");
    const parsed = parseWatchList(pasted, watchPartLimit);
    if (parsed.kind === "empty") return data<WatchActionData>({ pasted, error: { code: "empty" } }, { status: 400 });
    if (parsed.kind === "too many") return data<WatchActionData>({ pasted: "", error: { code: "tooMany", lines: parsed.lines } }, { status: 413 });
    let answer: Awaited<ReturnType<typeof api.call<typeof addWatchesFrom>>>;
    try {
      answer = await whileSignedIn(route, () => api.call(addWatchesFrom, { lines: parsed.partNumbers }));
    } catch (error) {
      return fail({ pasted: pasted.slice(0, 20_000) }, error);
    }
    // A BOM with competitors' parts or lines not found: the page says which, the list shows what was added.
    if (answer.mapped.length || answer.notFound.length) {
      return data<WatchActionData>({ report: { added: answer.added, mapped: answer.mapped, notFound: answer.notFound } });
    }
    return backOr(parsed.partNumbers.length);
  }
  if (intent === "sampleList" || intent === "family") {
    const family = Number(form.get("familyId"));
    if (intent === "family" && !(Number.isSafeInteger(family) && family > 0)) return data<WatchActionData>({ error: { code: "intent" } }, { status: 400 });
    try {
      const answer = await whileSignedIn(route, () => api.call(addWatchesFrom, intent === "family" ? { family } : { sampleList: true }));
      return backOr(answer.added);
    } catch (error) {
      return fail({}, error);
    }
  }
  return data<WatchActionData>({ error: { code: "intent" } }, { status: 400 });
}
