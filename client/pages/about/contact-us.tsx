// Contact us (SPEC §2): the contact page's content and the leave-word form. The form posts to this
// route's action: without JavaScript as a plain POST (the server answers the page with the messages, or
// redirects to the success state), with JavaScript through a fetcher (no reload). Same checks either way.
import { data, redirect, useActionData, useLoaderData, useLocation, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { addLeaveWord } from "../../../shared/contract/leave-word.ts";
import { errorMessage, isErrorCode } from "../../../shared/contract/errors.ts";
import type { PageData } from "../../../shared/contract/site.ts";
import { routeLanguage, localizePath } from "../../../shared/languages.ts";
import { fieldOfError, readLeaveWordForm, validateLeaveWord, type LeaveWordErrors } from "../../../shared/forms/leave-word-form.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { pageClient, type ServerLoaderContext } from "../../api/loader-context.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { Media } from "../../components/media.tsx";
import { Sections } from "../../components/sections.tsx";
import { contactCardText } from "../../components/contact-text.tsx";
import { contentLoader } from "../content/content-loader.ts";
import { LeaveWordForm } from "./leave-word-form.tsx";
import { FORM_ANCHOR, type LeaveWordResult } from "./contact-result.ts";
import { aboutPath, contactUsPath } from "../../../shared/paths.ts";
import "../../styles/about.css";

export function loader(args: LoaderFunctionArgs): Promise<PageData> {
  return contentLoader(routeLanguage(args.pattern), () => ({ templateCode: "contact-us" }))(args);
}

export async function action({ request, context, pattern }: ActionFunctionArgs) {
  const language = routeLanguage(pattern);
  // On the server this is a form posted without JavaScript; in the browser a fetcher's submission.
  const withoutScript = typeof (context as ServerLoaderContext | undefined)?.api === "function";
  const { values, isBot } = readLeaveWordForm(await request.formData());
  const answer = (result: LeaveWordResult, status: number) => (withoutScript ? data(result, { status }) : result);
  const sent = () => (withoutScript ? redirect(`${localizePath(contactUsPath, language)}?sent=1#${FORM_ANCHOR}`, 303) : ({ status: "sent" } satisfies LeaveWordResult));
  // A filled honeypot gets the same success a person would see, and nothing is stored.
  if (isBot) return sent();
  const { errors, input } = validateLeaveWord(values);
  if (!input) return answer({ status: "invalid", values, errors }, 400);
  try {
    await pageClient(context, language).call(addLeaveWord, input);
    return sent();
  } catch (error) {
    if (!(error instanceof ApiCallError)) throw error;
    const field = fieldOfError(error.code);
    if (field) return answer({ status: "invalid", values, errors: { [field]: error.code } as LeaveWordErrors }, 400);
    // The rate limit (429) and every other refusal come with the upstream's message in the visitor's language.
    const message = isErrorCode(error.code) ? errorMessage(error.code, language) : "";
    return answer({ status: "refused", values, message }, error.status >= 400 && error.status < 600 ? error.status : 502);
  }
}

export function Component() {
  const page = useLoaderData() as PageData;
  const posted = useActionData() as LeaveWordResult | undefined;
  const { t } = useTranslation();
  const { search } = useLocation();
  const sentWithoutScript = new URLSearchParams(search).get("sent") === "1";
  // A link may prefill the request (the cross-reference page names the part number it could not match).
  const prefill = new URLSearchParams(search).get("content") ?? undefined;
  return (
    <main id="main" className="main content-page contact-page">
      <PageMeta title={page.banner?.title || page.title} description={page.description} canonicalPath={contactUsPath} />
      <header className={`page-banner${page.banner ? " page-banner--image" : ""}`}>
        {page.banner ? <Media src={page.banner.image} alt="" className="page-banner__media" /> : null}
        <div className="page-banner__text">
          <h1>{page.banner?.title || page.title}</h1>
          {page.banner?.subtitle ? <p>{page.banner.subtitle}</p> : null}
        </div>
      </header>
      <Breadcrumbs items={[{ label: t("nav.about"), to: aboutPath }, { label: page.banner?.title || page.title }]} />
      <div className="page-body contact-page__body">
        <div className="contact-page__content">
          <Sections sections={page.sections} contact={contactCardText} />
        </div>
        <LeaveWordForm posted={posted} sentWithoutScript={sentWithoutScript} prefill={prefill} />
      </div>
    </main>
  );
}
