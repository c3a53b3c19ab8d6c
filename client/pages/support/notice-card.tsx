// One change notice in a list (the notices page, a part's detail): number, type, date, title, summary,
// the affected parts and its key dates.
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { NoticeListItem } from "../../../shared/contract/notices.ts";
import { noticeDetailPath, productDetailPath } from "../../../shared/paths.ts";
import { useLocalize } from "../../hooks.ts";
import "../../styles/notices.css";

export function NoticeCard({ notice, headingLevel = 2 }: { notice: NoticeListItem; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("support");
  const localize = useLocalize();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const dates = [
    notice.effective ? t("notices.effective", { date: notice.effective }) : null,
    notice.lastOrder ? t("notices.lastOrder", { date: notice.lastOrder }) : null,
    notice.lastDelivery ? t("notices.lastDelivery", { date: notice.lastDelivery }) : null,
  ].filter((text): text is string => text !== null);
  return (
    <article className={`notice-card notice-card--${notice.type}`}>
      <p className="notice-card__meta">
        <span className="notice-card__type">{t(`notices.types.${notice.type}`)}</span> <span className="notice-card__number">{notice.number}</span> ·{" "}
        <time dateTime={notice.issued}>{t("notices.issued", { date: notice.issued })}</time>
      </p>
      <Heading className="notice-card__title">
        <Link to={localize(noticeDetailPath(notice.number))}>{notice.title}</Link>
      </Heading>
      <p>{notice.summary}</p>
      {notice.parts.length ? (
        <p className="notice-card__parts">
          {t("notices.affects")}{" "}
          {notice.parts.map((part, index) => (
            <span key={part.id}>
              {index ? ", " : ""}
              <Link to={localize(productDetailPath(part.partNumber))}>{part.partNumber}</Link>
            </span>
          ))}
        </p>
      ) : null}
      {dates.length ? <p className="notice-card__dates">{dates.join(" · ")}</p> : null}
    </article>
  );
}
