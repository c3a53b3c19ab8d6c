// The list of watched parts with a remove button each, shared by the account's watch page and the e-mail
// subscriber's manage page: the two differ only by what the form posts beside the part number (`fields`).
// A plain form per part, so removing works without JavaScript (docs/decisions/034-part-watches-and-notice-mail.md).
import { Form } from "react-router-dom";
import { productDetailPath } from "../../shared/paths.ts";
import { useLocalize } from "../hooks.ts";
import { useTranslation } from "../runtime/i18n-react.tsx";
import { Link } from "./link.tsx";

export interface WatchedPart {
  partNumber: string;
  since: string;
}

export function WatchedPartList({ parts, fields = {} }: { parts: WatchedPart[]; fields?: Record<string, string> }) {
  const { t } = useTranslation("watches");
  const localize = useLocalize();
  return (
    <ul className="watch-list">
      {parts.map((part) => (
        <li key={part.partNumber} className="watch-list__item">
          <Link to={localize(productDetailPath(part.partNumber))}>{part.partNumber}</Link> <span>{t("since", { date: part.since.slice(0, 10) })}</span>
          <Form method="post" className="watch-list__remove">
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name="partNumber" value={part.partNumber} />
            <button type="submit" className="link-button link-button--danger">
              {t("remove")}
              <span className="visually-hidden"> {part.partNumber}</span>
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
