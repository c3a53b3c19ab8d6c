// The FAQ: each question opens its answer (native details/summary: keyboard and screen readers know it),
// all answers are in the HTML for crawlers, and FAQPage structured data repeats them.
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { Section } from "../../../shared/contract/site.ts";
import { JsonLd } from "../../components/json-ld.tsx";
import { SmartLink } from "../../components/smart-link.tsx";

export function FaqList({ section }: { section: Section }) {
  const { t } = useTranslation("support");
  const { t: tc } = useTranslation();
  const items = section.items.filter((item) => item.title && item.text);
  return (
    <section className="faq" aria-labelledby={`section-${section.id}`}>
      <h2 id={`section-${section.id}`}>{section.heading}</h2>
      <div className="faq__list">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
          <details key={index} className="faq__item" open={index === 0}>
            <summary>{item.title}</summary>
            <div className="faq__answer">
              <p>{item.text}</p>
              {item.link ? (
                <SmartLink to={item.link} className="faq__more">
                  {t("faq.more")}
                  <span className="visually-hidden">{tc("nav.moreAbout", { name: item.title })}</span>
                </SmartLink>
              ) : null}
            </div>
          </details>
        ))}
      </div>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "FAQPage",
          mainEntity: items.map((item) => ({
            "@type": "Question",
            name: item.title,
            acceptedAnswer: { "@type": "Answer", text: item.text },
          })),
        }}
      />
    </section>
  );
}
