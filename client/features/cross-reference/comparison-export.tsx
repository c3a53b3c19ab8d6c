// One part's comparison taken elsewhere: as CSV (a citation in each cell), as a print-ready page (every table
// open, to print or save as PDF), and to an application engineer through the contact form, the comparison in the
// message (its candidates, tiers and reasons, and the link to the print-ready page).
import { useAtomValue } from "jotai";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { Link } from "../../components/link.tsx";
import { publicOriginAtom } from "../../state/atoms.ts";
import { useLanguage, useLocalize } from "../../hooks.ts";
import { absoluteUrl } from "../../../shared/seo/seo.ts";
import { localizePath } from "../../../shared/languages.ts";
import { formLimits } from "../../../shared/contract/forms.ts";
import type { CrossReferenceData } from "../../../shared/contract/index.ts";
import { writeCrossReferenceQuery } from "../../../shared/query/cross-reference.ts";
import { contactUsPath, crossReferencePath } from "../../../shared/paths.ts";

/** Candidates the message names (the rest are on the linked page). */
const IN_MESSAGE = 6;

export function ComparisonExport({ result }: { result: CrossReferenceData }) {
  const { t } = useTranslation("cross-reference");
  const localize = useLocalize();
  const language = useLanguage();
  const origin = useAtomValue(publicOriginAtom) || "http://localhost";
  const part = result.part!.partNumber;
  const printPath = `${crossReferencePath}${writeCrossReferenceQuery({ part, view: "print" })}`;
  const lines = [
    t("export.askText", { part, url: absoluteUrl(origin, localizePath(printPath, language)) }),
    ...result.candidates
      .slice(0, IN_MESSAGE)
      .map(
        (c) => `${c.product.partNumber} — ${t(`tier.${c.tier}`)}${c.reasons.length ? `: ${c.reasons.map((r) => t(`reason.${r.key}`, r.values ?? {})).join(" ")}` : ""}`,
      ),
  ];
  const message = lines.join("\n").slice(0, formLimits.content);
  return (
    <nav className="xref-export" aria-label={t("export.label")}>
      <ul>
        <li>
          <a href={localize(`${crossReferencePath}.csv${writeCrossReferenceQuery({ part })}`)} download>
            {t("export.csv")}
          </a>
        </li>
        <li>
          <Link to={localize(printPath)}>{t("export.print")}</Link>
        </li>
        <li>
          <Link to={localize(`${contactUsPath}?${new URLSearchParams({ content: message })}`)}>{t("export.ask")}</Link>
        </li>
      </ul>
    </nav>
  );
}
