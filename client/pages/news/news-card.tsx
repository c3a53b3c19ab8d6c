// One article in a news list: cover, category, date, title, summary and the stored view count.
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { NewsListItem } from "../../../shared/contract/news.ts";
import { Media } from "../../components/media.tsx";
import { useLocalize } from "../../hooks.ts";
import { newsDetailPath } from "../../../shared/paths.ts";

export function NewsCard({ item, headingLevel = 2 }: { item: NewsListItem; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("news");
  const localize = useLocalize();
  const Heading = `h${headingLevel}` as const;
  return (
    <li className="card news-card">
      <Media src={item.image} alt="" className="card__media" />
      <div className="card__body">
        <p className="news-meta">
          <span className="news-meta__category">{t(`categories.${item.category}`)}</span>
          <time dateTime={item.date}>{item.date}</time>
        </p>
        <Heading className="news-card__title">
          <Link to={localize(newsDetailPath(item.id))}>{item.title}</Link>
        </Heading>
        <p>{item.summary}</p>
        <p className="news-meta news-meta--foot">{t("views", { count: item.views })}</p>
      </div>
    </li>
  );
}
