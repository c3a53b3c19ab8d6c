// /{lang}/user/sampleList: the items grouped by series, each with its lifecycle badge, quantities, removal, the
// empty state that leads to the catalog, the applicant form (prefilled) that submits the list as a sample order,
// and the confirm step a part not recommended for new designs takes before it is added (`?confirm=`).
import { useEffect, useId, useState, type FormEvent } from "react";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation, useSubmit, type LoaderFunctionArgs } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { useSetAtom } from "jotai";
import {
  errorMessage,
  queryOrderList,
  queryShippingAddresses,
  querySiteListDataByPage,
  queryUserInfoById,
  sampleLimits,
  type ShippingAddress,
  type ApplicantPrefill,
  type SampleListItem,
} from "../../../shared/contract/index.ts";
import { fieldLimits } from "../../../shared/forms/validation.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { applySampleListAtom } from "../../state/atoms.ts";
import { useLanguage, useLocalize } from "../../hooks.ts";
import { applicantFormFields, readApplicantForm, type ApplicantFormField } from "../../../shared/forms/applicant-fields.ts";
import { requireUser, whileSignedIn } from "./user-guard.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { UserNav } from "./user-nav.tsx";
import { sampleListAction, type SampleListActionData } from "./sample-list-action.ts";
import { sampleItemsTitle } from "./format.ts";
import { SampleRules } from "./sample-rules.tsx";
import { ShippingChoice } from "./shipping-choice.tsx";
import { productsPath, orderDetailPath, productDetailPath, userPagePath } from "../../../shared/paths.ts";
import { safeReturnPath } from "../../../shared/http/return-path.ts";
import type { ProductLifecycle } from "../../../shared/contract/lifecycle.ts";
import { LifecycleBadge } from "../products/lifecycle-badge.tsx";
import "../../styles/samples.css";

/** A part not recommended for new designs that the visitor asked to add: the confirm step's part. */
interface NrndConfirm {
  id: number;
  partNumber: string;
  lifecycle: ProductLifecycle;
  /** The page to return to after adding (no language prefix). */
  path: string;
}

interface SampleListData {
  items: SampleListItem[];
  prefill: ApplicantPrefill;
  addresses: ShippingAddress[];
  confirm: NrndConfirm | null;
}

/** The part number a confirm step names (shared/samples/sample-add-result.ts writes it), or null. */
function readNrndConfirm(search: URLSearchParams): string | null {
  const value = search.get("confirm") ?? "";
  return /^[A-Za-z0-9-]{1,64}$/.test(value) ? value : null;
}

/** The confirm step's part, when the query names one not recommended for new designs (anything else asks nothing). */
async function confirmOf(api: Awaited<ReturnType<typeof requireUser>>["api"], search: URLSearchParams): Promise<NrndConfirm | null> {
  const partNumber = readNrndConfirm(search);
  if (!partNumber) return null;
  // A name that is no part (a 404 of the lookup) asks nothing, like a part in another state.
  const product = await api.call(querySiteListDataByPage, { partNumber, pageSize: 1 }).then(
    (answer) => answer.product,
    (error: unknown) => {
      if (error instanceof ApiCallError && error.status === 404) return null;
      throw error;
    },
  );
  if (product?.lifecycle.state !== "nrnd") return null;
  const back = safeReturnPath(search.get("path"));
  return { id: product.id, partNumber: product.partNumber, lifecycle: product.lifecycle, path: back === "/" ? userPagePath("sampleList") : back };
}

export async function loader(route: LoaderFunctionArgs): Promise<SampleListData> {
  const { request } = route;
  const { api, user } = await requireUser(route);
  return whileSignedIn(route, async () => {
    const [items, prefill, addresses, confirm] = await Promise.all([
      api.call(queryOrderList),
      api.call(queryUserInfoById, undefined, { userId: user.userId }),
      api.call(queryShippingAddresses),
      confirmOf(api, new URL(request.url).searchParams),
    ]);
    return { items, prefill, addresses, confirm };
  });
}

export const action = sampleListAction;

interface SeriesGroup {
  key: string;
  familyName: string;
  seriesName: string;
  items: SampleListItem[];
}

/** Items grouped by their series (family › series), groups in the order their first item was added. */
export function groupBySeries(items: SampleListItem[]): SeriesGroup[] {
  const groups = new Map<string, SeriesGroup>();
  for (const item of items) {
    const key = `${item.familyId ?? "-"}/${item.seriesId ?? "-"}`;
    const group = groups.get(key) ?? { key, familyName: item.familyName, seriesName: item.seriesName, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * The order number the duplicate-list refusal names (its open order), or null. Here, not in the contract:
 * a function from a contract file would bring that file's schemas, and zod, into this page's first load.
 */
function orderNumberIn(text: string): string | null {
  return /QY\d{8}-\d{4,6}/.exec(text)?.[0] ?? null;
}

export function Component() {
  const { items, prefill, addresses, confirm } = useLoaderData() as SampleListData;
  const { t } = useTranslation("user");
  const localize = useLocalize();
  const setSamples = useSetAtom(applySampleListAtom);
  // The header's count follows the list the page shows.
  useEffect(() => setSamples(items), [items, setSamples]);
  const total = items.reduce((sum, item) => sum + item.quantity, 0);

  return (
    <main id="main" className="main user-page">
      <PageMeta title={t("sampleList.title")} noindex />
      <div className="user-page__inner">
        <Breadcrumbs items={[{ label: t("sampleList.title") }]} />
        <div className="user-page__head">
          <h1>{t("sampleList.title")}</h1>
          <UserNav />
        </div>
        {confirm ? <ConfirmNrnd confirm={confirm} /> : null}
        {items.length === 0 ? (
          <section className="user-empty">
            <h2>{t("sampleList.emptyTitle")}</h2>
            <p>{t("sampleList.emptyText")}</p>
            <Link className="button button--primary" to={localize(productsPath)}>
              {t("sampleList.browse")}
            </Link>
          </section>
        ) : (
          <div className="sample-list">
            <section className="sample-list__items" aria-labelledby="sample-items-title">
              <h2 id="sample-items-title">{sampleItemsTitle(t, items.length, total)}</h2>
              {groupBySeries(items).map((group) => (
                <section key={group.key} className="sample-group" aria-label={[group.familyName, group.seriesName].filter(Boolean).join(" › ")}>
                  <h3 className="sample-group__title">
                    {group.familyName}
                    {group.seriesName ? <span> › {group.seriesName}</span> : null}
                  </h3>
                  <ul className="sample-group__list">
                    {group.items.map((item) => (
                      <SampleRow key={item.ID} item={item} />
                    ))}
                  </ul>
                </section>
              ))}
            </section>
            <ApplicantForm prefill={prefill} total={total} addresses={addresses} />
          </div>
        )}
      </div>
    </main>
  );
}

/** The confirm step: a form (with or without JavaScript) that adds the part confirmed, its replacement, and the way back. */
function ConfirmNrnd({ confirm }: { confirm: NrndConfirm }) {
  const { t } = useTranslation("user");
  const localize = useLocalize();
  const { partNumber, lifecycle } = confirm;
  const replacement = lifecycle.replacement ?? "—";
  return (
    <section className="sample-confirm" aria-labelledby="sample-confirm-title">
      <h2 id="sample-confirm-title">{t("sampleList.confirmTitle", { part: partNumber })}</h2>
      <p>{t("sampleList.confirmText", { part: partNumber, since: lifecycle.since ?? "—", replacement })}</p>
      <div className="sample-confirm__actions">
        <Form method="post">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="siteListId" value={confirm.id} />
          <input type="hidden" name="path" value={confirm.path} />
          <input type="hidden" name="confirmNrnd" value="true" />
          <button type="submit" className="button">
            {t("sampleList.confirmAdd", { part: partNumber })}
          </button>
        </Form>
        {lifecycle.replacement ? (
          <Link className="button button--primary" to={localize(productDetailPath(lifecycle.replacement))}>
            {t("sampleList.confirmReplacement", { replacement })}
          </Link>
        ) : null}
        <Link to={localize(confirm.path)}>{t("sampleList.confirmCancel")}</Link>
      </div>
    </section>
  );
}

function SampleRow({ item }: { item: SampleListItem }) {
  const { t } = useTranslation("user");
  const localize = useLocalize();
  const quantity = useFetcher<SampleListActionData>();
  const remove = useFetcher<SampleListActionData>();
  const id = useId();
  // Without JavaScript the quantity needs its own submit button; once hydrated, a change submits itself.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const error = quantity.data?.error ?? remove.data?.error;
  const pending = quantity.state !== "idle" || remove.state !== "idle";
  return (
    <li className={`sample-row${pending ? " is-pending" : ""}`}>
      <div className="sample-row__product">
        <Link to={localize(productDetailPath(item.siteListName))} className="sample-row__part">
          {item.siteListName}
        </Link>
        {item.productName !== item.siteListName && <span className="sample-row__name">{item.productName}</span>}
        <LifecycleBadge lifecycle={item.lifecycle} />
        {!item.available && <span className="sample-row__unavailable">{t("sampleList.unavailable")}</span>}
      </div>
      <quantity.Form method="post" className="sample-row__quantity">
        <input type="hidden" name="intent" value="quantity" />
        <input type="hidden" name="ID" value={item.ID} />
        <label htmlFor={id}>{t("sampleList.quantity")}</label>
        <select
          id={id}
          name="quantity"
          defaultValue={item.quantity}
          key={item.quantity}
          aria-label={t("sampleList.quantityOf", { part: item.siteListName })}
          onChange={(event) => quantity.submit(event.currentTarget.form)}
        >
          {Array.from({ length: sampleLimits.maxQuantity }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        {!hydrated && (
          <button type="submit" className="button button--small">
            {t("sampleList.update")}
          </button>
        )}
      </quantity.Form>
      <remove.Form method="post" className="sample-row__remove">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="ID" value={item.ID} />
        <button type="submit" className="link-button link-button--danger" aria-label={t("sampleList.removeItem", { part: item.siteListName })}>
          {t("sampleList.remove")}
        </button>
      </remove.Form>
      <p className="sample-row__error form-error" role="status" aria-live="polite">
        {error ? error.message || t("sampleList.changeFailed") : ""}
      </p>
    </li>
  );
}

function ApplicantForm({ prefill, total, addresses }: { prefill: ApplicantPrefill; total: number; addresses: ShippingAddress[] }) {
  const { t } = useTranslation("user");
  const language = useLanguage();
  const localize = useLocalize();
  const actionData = useActionData() as SampleListActionData | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "submit";
  const result = actionData?.intent === "submit" ? actionData : undefined;
  // The browser's own check (the shared schema) before posting; the route action and the upstream check again.
  const [checked, setChecked] = useState<Partial<Record<ApplicantFormField, string>> | null>(null);
  const fieldErrors = checked ?? result?.fieldErrors ?? {};
  const values = result?.values;
  const last = prefill.applicant;
  const defaults = {
    name: values?.name ?? last?.name ?? "",
    phone: values?.phone ?? last?.phone ?? prefill.phone ?? "",
    email: values?.email ?? last?.email ?? prefill.email ?? "",
    companyName: values?.companyName ?? last?.companyName ?? "",
    position: values?.position ?? last?.position ?? "",
    sampleUse: values?.sampleUse ?? "",
  };
  const baseId = useId();
  const idOf = (name: ApplicantFormField) => `${baseId}-${name}`;

  const submit = useSubmit();
  // The schema (and zod with it) is loaded when the form is first used, not with the page.
  const loadSchema = () => import("../../../shared/forms/applicant-form.ts");

  async function check(form: HTMLFormElement) {
    const { validateApplicantForm } = await loadSchema();
    const posted = new FormData(form);
    const errors = validateApplicantForm(readApplicantForm(posted));
    const wrong = applicantFormFields.filter((name) => errors[name]);
    if (wrong.length === 0) {
      setChecked(null);
      // The fields are right; the stated rule still needs its confirmation before anything is posted.
      const confirmed = posted.get("evaluationOnly") === "on";
      setUnconfirmed(!confirmed);
      if (confirmed) void submit(form, { method: "post" });
      else form.querySelector<HTMLInputElement>('input[name="evaluationOnly"]')?.focus();
      return;
    }
    setUnconfirmed(false);
    setChecked(Object.fromEntries(wrong.map((name) => [name, errorMessage(errors[name]!, language)])));
    // The first wrong field takes focus; its message is read with it (aria-describedby).
    document.getElementById(idOf(wrong[0]!))?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void check(event.currentTarget);
  }

  const described = (name: ApplicantFormField) => {
    const error = fieldErrors[name];
    return {
      "aria-required": true,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${idOf(name)}-error` : undefined,
    } as const;
  };
  const message = (name: ApplicantFormField) => {
    const error = fieldErrors[name];
    return error ? (
      <p className="form-error" id={`${idOf(name)}-error`}>
        {error}
      </p>
    ) : null;
  };
  const label = (name: ApplicantFormField) => (
    <label htmlFor={idOf(name)}>
      {t(`applicant.${name}`)} <span aria-hidden="true">*</span>
    </label>
  );
  const field = (name: Exclude<ApplicantFormField, "sampleUse">, type: string, autoComplete: string, max: number) => (
    <div className="form-grid__field">
      {label(name)}
      <input
        id={idOf(name)}
        name={name}
        type={type}
        autoComplete={autoComplete}
        maxLength={max}
        defaultValue={defaults[name]}
        placeholder={t(`applicant.${name}Placeholder`)}
        {...described(name)}
      />
      {message(name)}
    </div>
  );
  const wrongCount = Object.keys(fieldErrors).length;
  const general = result?.error && !checked ? result.error.message : "";
  const [unconfirmed, setUnconfirmed] = useState(false);
  const rulesError = unconfirmed ? errorMessage("E40022018", language) : checked ? undefined : result?.rulesError;
  // The duplicate-list refusal names the open order with the same list: link it.
  const openOrder = general && result?.error?.code === "E40022005" ? orderNumberIn(general) : null;
  return (
    <section className="applicant" aria-labelledby="applicant-title">
      <h2 id="applicant-title">{t("applicant.title")}</h2>
      <p className="applicant__lead">{t("applicant.lead")}</p>
      <Form method="post" className="form-grid" noValidate onSubmit={onSubmit} onFocus={() => void loadSchema()}>
        <input type="hidden" name="intent" value="submit" />
        {field("name", "text", "name", fieldLimits.name)}
        {field("phone", "tel", "tel", fieldLimits.phoneInput)}
        {field("email", "email", "email", fieldLimits.email)}
        {field("companyName", "text", "organization", fieldLimits.companyName)}
        {field("position", "text", "organization-title", fieldLimits.position)}
        <div className="form-grid__field form-grid__field--wide">
          {label("sampleUse")}
          <textarea
            id={idOf("sampleUse")}
            name="sampleUse"
            rows={4}
            maxLength={fieldLimits.sampleUse}
            defaultValue={defaults.sampleUse}
            placeholder={t("applicant.sampleUsePlaceholder")}
            {...described("sampleUse")}
          />
          {message("sampleUse")}
        </div>
        <ShippingChoice addresses={addresses} chosen={values?.addressId} error={result?.addressError} />
        <div className="form-grid__field form-grid__field--wide">
          <SampleRules total={total} confirmed={values?.evaluationOnly ?? false} error={rulesError} />
          <button type="submit" className="button button--primary" disabled={submitting}>
            {submitting ? t("applicant.submitting") : t("applicant.submit")}
          </button>
          {/* Announces the outcome; field messages are also shown next to their field. */}
          <p className={`form-status${general ? " form-error" : " visually-hidden"}`} role="status" aria-live="polite">
            {general || (wrongCount ? t("applicant.fieldsWrong", { count: wrongCount }) : "")}
            {openOrder && (
              <>
                {" "}
                <Link to={localize(orderDetailPath(openOrder))}>{t("progress.openOrder", { orderNumber: openOrder })}</Link>
              </>
            )}
          </p>
        </div>
      </Form>
    </section>
  );
}
