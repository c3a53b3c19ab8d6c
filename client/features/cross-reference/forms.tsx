// The page's GET forms (they work without JavaScript): the part number, the parameter search of an unknown
// number with the link to sales, and the bill of materials.
import { Form } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { Link } from "../../components/link.tsx";
import { useLocalize } from "../../hooks.ts";
import { CROSS_REFERENCE_BATCH_MAX, CROSS_REFERENCE_PART_MAX, type CrossReferenceData } from "../../../shared/contract/index.ts";
import { crossReferencePath, contactUsPath } from "../../../shared/paths.ts";
import { ProseText } from "../../components/prose-text.tsx";

export function PartForm({ part, op }: { part: string; op: string | null }) {
  const { t } = useTranslation("cross-reference");
  const localize = useLocalize();
  return (
    <Form method="get" action={localize(crossReferencePath)} className="xref-form">
      {op ? <input type="hidden" name="op" value={op} /> : null}
      <label htmlFor="xref-part">{t("page.partLabel")}</label>
      <div className="xref-form__row">
        <input
          id="xref-part"
          name="part"
          type="search"
          required
          maxLength={CROSS_REFERENCE_PART_MAX}
          defaultValue={part}
          autoComplete="off"
          spellCheck={false}
          placeholder="C3M0040120K"
        />
        <button type="submit" className="button button--primary">
          {t("page.find")}
        </button>
      </div>
    </Form>
  );
}

/** The contact form's address with the request prefilled. */
function contactPath(text: string): string {
  return `${contactUsPath}?${new URLSearchParams({ content: text })}`;
}

/** Each package once, with the device types that come in it (our SiC and IGBT modules share four outlines). */
function packagesOf(families: CrossReferenceData["families"]): Array<{ pkg: string; deviceTypes: string[] }> {
  const found = new Map<string, string[]>();
  for (const family of families) for (const pkg of family.packages) found.set(pkg, [...(found.get(pkg) ?? []), family.deviceType]);
  return [...found].map(([pkg, deviceTypes]) => ({ pkg, deviceTypes }));
}

export function UnknownPart({ part, families }: { part: string; families: CrossReferenceData["families"] }) {
  const { t } = useTranslation("cross-reference");
  const localize = useLocalize();
  return (
    <section className="xref-unknown" aria-labelledby="xref-unknown-heading">
      <h2 id="xref-unknown-heading">{t("page.unknownHeading")}</h2>
      <p>
        <ProseText text={t("page.unknownIntro")} />
      </p>
      <Form method="get" action={localize(crossReferencePath)} className="xref-unknown__form">
        <div className="form-field">
          <label htmlFor="xref-type">{t("page.unknownType")}</label>
          <select id="xref-type" name="type" defaultValue={families[0]?.deviceType}>
            {families.map((family) => (
              <option key={family.deviceType} value={family.deviceType}>
                {t(`deviceType.${family.deviceType}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="xref-v">{t("page.unknownV")}</label>
          <input id="xref-v" name="v" type="number" min={1} max={10000} step="any" inputMode="decimal" />
        </div>
        <div className="form-field">
          <label htmlFor="xref-r">
            <ProseText text={t("page.unknownR")} />
          </label>
          <input id="xref-r" name="r" type="number" min={0} max={100000} step="any" inputMode="decimal" />
        </div>
        <div className="form-field">
          <label htmlFor="xref-i">{t("page.unknownI")}</label>
          <input id="xref-i" name="i" type="number" min={0} max={100000} step="any" inputMode="decimal" />
        </div>
        <div className="form-field">
          <label htmlFor="xref-pkg">{t("page.unknownPkg")}</label>
          <select id="xref-pkg" name="pkg" defaultValue="">
            <option value="">{t("page.anyPackage")}</option>
            {packagesOf(families).map(({ pkg, deviceTypes }) => (
              <option key={pkg} value={pkg}>
                {`${pkg} (${deviceTypes.map((type) => t(`deviceType.${type}`)).join(", ")})`}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t("page.unknownSubmit")}
        </button>
      </Form>
      <p>
        <Link to={localize(contactPath(part ? t("page.contactText", { part }) : ""))} className="xref-contact">
          {part ? t("page.contact", { part }) : t("page.contactNoPart")}
        </Link>
      </p>
    </section>
  );
}

export function BomForm({ text }: { text: string }) {
  const { t } = useTranslation("cross-reference");
  const localize = useLocalize();
  return (
    <section className="xref-bom-form" aria-labelledby="xref-bom-heading">
      <h2 id="xref-bom-heading">{t("page.bomHeading")}</h2>
      <Form method="get" action={localize(crossReferencePath)}>
        <label htmlFor="xref-bom">{t("page.bomLabel")}</label>
        <textarea id="xref-bom" name="parts" rows={6} required defaultValue={text} aria-describedby="xref-bom-hint" spellCheck={false} autoComplete="off" />
        <p id="xref-bom-hint" className="xref-hint">
          {t("page.bomHint", { max: CROSS_REFERENCE_BATCH_MAX })}
        </p>
        <button type="submit" className="button">
          {t("page.bomSubmit")}
        </button>
      </Form>
    </section>
  );
}
