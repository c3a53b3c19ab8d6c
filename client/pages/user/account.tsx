// /{lang}/user/account: the signed-in visitor's own account — the sign-in phone or e-mail, the saved
// applicant details, the address book where samples are shipped (several addresses, one default: add,
// change, delete, make default), "download my data" and "delete my account".
import { Form, useActionData, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { queryRegionList, queryShippingAddresses, queryUserInfoById, type Applicant, type ShippingAddress } from "../../../shared/contract/index.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { useLocalize } from "../../hooks.ts";
import { requireUser, whileSignedIn } from "./user-guard.ts";
import { countryOptions } from "../../../shared/forms/countries.ts";
import { UserNav } from "./user-nav.tsx";
import { accountAction, inputOf, regionChoices, type AccountActionData, type RegionOption } from "./account-action.ts";
import { AddressForm, emptyAddress, type AddressFormState } from "./address-form.tsx";
import { AddressLinesView } from "./address-lines.tsx";
import { ApplicantDetails, MyData } from "./account-data.tsx";
import { userPagePath } from "../../../shared/paths.ts";
import "../../styles/samples.css";

interface AccountData {
  phone: string | null;
  email: string | null;
  applicant: Applicant | null;
  book: ShippingAddress[];
  provinces: RegionOption[];
  countries: RegionOption[];
  /** The form: a new address, or the one `?edit=` names. */
  form: AddressFormState;
  /** Came from the sample list (`?back=sampleList`): saving returns there. */
  back: string | null;
}

export async function loader(route: LoaderFunctionArgs): Promise<AccountData> {
  const { request } = route;
  const { api, user, language } = await requireUser(route);
  const search = new URL(request.url).searchParams;
  return whileSignedIn(route, async () => {
    const [book, provinces, prefill] = await Promise.all([
      api.call(queryShippingAddresses),
      api.call(queryRegionList, {}),
      api.call(queryUserInfoById, undefined, { userId: user.userId }),
    ]);
    const editing = book.find((address) => String(address.ID) === search.get("edit"));
    const values = editing ? inputOf(editing) : emptyAddress;
    const choices = editing ? await regionChoices(api, values) : { values, cities: [], districts: [] };
    return {
      phone: user.phone,
      email: user.email,
      applicant: prefill.applicant,
      book,
      provinces,
      countries: countryOptions(language),
      form: { ...choices, ID: editing ? String(editing.ID) : "", isDefault: editing?.isDefault ?? book.length === 0 },
      back: search.get("back") === "sampleList" ? "sampleList" : null,
    };
  });
}

export const action = accountAction;

export function Component() {
  const { phone, email, applicant, book, provinces, countries, form, back } = useLoaderData() as AccountData;
  const result = useActionData() as AccountActionData | undefined;
  const { t } = useTranslation("user");
  const localize = useLocalize();
  const state = result?.address ?? form;
  return (
    <main id="main" className="main user-page">
      <PageMeta title={t("account.title")} noindex />
      <div className="user-page__inner">
        <Breadcrumbs items={[{ label: t("account.title") }]} />
        <div className="user-page__head">
          <h1>{t("account.title")}</h1>
          <UserNav />
        </div>
        <section className="account-section" aria-labelledby="sign-in-title">
          <h2 id="sign-in-title">{t("account.signIn")}</h2>
          <p>{phone ?? email}</p>
        </section>
        <ApplicantDetails saved={applicant} />
        <section className="account-section" id="addresses" aria-labelledby="addresses-title">
          <h2 id="addresses-title">{t("address.title")}</h2>
          {result?.error && !result.address && (
            <p className="form-error" role="alert">
              {result.error.message}
            </p>
          )}
          {book.length === 0 ? (
            <p>{t("address.none")}</p>
          ) : (
            <ul className="address-book">
              {book.map((address) => (
                <li key={address.ID} className="address-card">
                  <AddressLinesView address={address} />
                  {address.isDefault && <span className="status-badge">{t("address.default")}</span>}
                  <div className="address-card__actions">
                    <Link to={`${localize(userPagePath("account"))}?edit=${address.ID}${back ? `&back=${back}` : ""}#address-form-title`}>
                      {t("address.edit")}
                      <span className="visually-hidden"> {address.recipient}</span>
                    </Link>
                    {!address.isDefault && (
                      <Form method="post">
                        <input type="hidden" name="ID" value={address.ID} />
                        {back && <input type="hidden" name="back" value={back} />}
                        <button type="submit" name="intent" value="address-default" className="link-button">
                          {t("address.makeDefaultShort")}
                          <span className="visually-hidden"> {address.recipient}</span>
                        </button>
                      </Form>
                    )}
                    <Form method="post">
                      <input type="hidden" name="ID" value={address.ID} />
                      <button type="submit" name="intent" value="address-remove" className="link-button link-button--danger">
                        {t("address.delete")}
                        <span className="visually-hidden"> {address.recipient}</span>
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <h3 id="address-form-title">{state.ID ? t("address.editTitle") : t("address.addTitle")}</h3>
          <AddressForm
            key={state.ID || "new"}
            state={state}
            provinces={provinces}
            countries={countries}
            fieldErrors={result?.fieldErrors}
            error={result?.address ? result.error?.message : undefined}
            back={back}
          />
          {back && (
            <p>
              <Link to={localize(userPagePath("sampleList"))}>← {t("address.backToList")}</Link>
            </p>
          )}
        </section>
        <MyData />
      </div>
    </main>
  );
}
