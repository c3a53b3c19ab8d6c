// The breadcrumb trail of every page below the home page: visible navigation and its BreadcrumbList
// JSON-LD from one list, so the two can never disagree.
import { useLocation } from "react-router-dom";
import { Link } from "./link.tsx";
import { useTranslation } from "../runtime/i18n-react.tsx";
import { useAtomValue } from "jotai";
import { breadcrumbList, type Crumb } from "../../shared/seo/seo.ts";
import { splitLanguagePrefix } from "../../shared/languages.ts";
import { useLanguage, useLocalize } from "../hooks.ts";
import { publicOriginAtom } from "../state/atoms.ts";
import { JsonLd } from "./json-ld.tsx";

export function Breadcrumbs({ items, className }: { items: Crumb[]; className?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localize = useLocalize();
  const origin = useAtomValue(publicOriginAtom);
  const { rest } = splitLanguagePrefix(useLocation().pathname);
  const crumbs: Crumb[] = [{ label: t("home"), to: "/" }, ...items];
  return (
    <nav aria-label={t("breadcrumb")} className={`breadcrumbs${className ? ` ${className}` : ""}`}>
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
            <li key={`${index}-${crumb.label}`}>
              {last || !crumb.to ? <span aria-current={last ? "page" : undefined}>{crumb.label}</span> : <Link to={localize(crumb.to)}>{crumb.label}</Link>}
            </li>
          );
        })}
      </ol>
      {origin ? <JsonLd data={breadcrumbList(origin, language, crumbs, rest)} /> : null}
    </nav>
  );
}
