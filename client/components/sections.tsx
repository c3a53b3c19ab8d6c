// Renders the sections of a content page (text, cards, table, figures, timeline, contact).
import type { ReactNode } from "react";
import type { Section } from "../../shared/contract/site.ts";
import { RichText } from "./rich-text.tsx";
import { SmartLink } from "./smart-link.tsx";
import { Media } from "./media.tsx";
import { useTranslation } from "../runtime/i18n-react.tsx";
import { ScrollBox } from "./scroll-box.tsx";

export function Sections({ sections }: { sections: Section[] }) {
  return (
    <>
      {sections.map((section) => (
        <SectionBlock key={section.id} section={section} />
      ))}
    </>
  );
}

function SectionBlock({ section }: { section: Section }) {
  const { t } = useTranslation();
  const headingId = `section-${section.id}`;
  return (
    <section id={section.id} className={`section section--${section.kind}`} aria-labelledby={section.heading ? headingId : undefined}>
      {section.heading ? <h2 id={headingId}>{section.heading}</h2> : null}
      {section.body.length > 0 && (
        <div className="prose">
          <RichText paragraphs={section.body} />
        </div>
      )}
      {section.kind === "table" && section.table ? (
        // The scroll box is a region of its own inside the section: its name must differ from the section's.
        <ScrollBox className="table-scroll" label={section.heading ? t("tableRegion", { name: section.heading }) : undefined}>
          <table className="data-table">
            <thead>
              <tr>
                {section.table.columns.map((column, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
                  <th key={index} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {section.table.rows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
                      <th key={cellIndex} scope="row">
                        {cell}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
                      <td key={cellIndex}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {section.items.length > 0 && section.kind === "timeline" ? (
        <ol className="timeline">
          {section.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
            <li key={index}>
              <span className="timeline__mark">{item.value || index + 1}</span>
              <div>
                <h3>{item.title}</h3>
                {item.text ? <p>{item.text}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      ) : section.items.length > 0 && section.kind === "figures" ? (
        <dl className="figures">
          {section.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
            <div key={index}>
              <dt>{item.title}</dt>
              <dd>
                <strong>{item.value}</strong>
                {item.text ? <span>{item.text}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : section.items.length > 0 ? (
        <ul className={`cards cards--${section.kind}`}>
          {section.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
            <li key={index} className="card">
              {item.image ? <Media src={item.image} alt="" className="card__media" /> : null}
              <div className="card__body">
                {item.title ? <h3>{item.title}</h3> : null}
                {item.value ? <p className="card__value">{item.value}</p> : null}
                {item.text ? (
                  section.kind === "contact" ? (
                    <p className="card__contact">
                      <ContactText text={item.text} />
                    </p>
                  ) : (
                    <p>{item.text}</p>
                  )
                ) : null}
                {item.link ? (
                  <SmartLink to={item.link} className="card__link">
                    {t("nav.learnMore")}
                    {/* Says where the link goes (screen readers' link lists, crawlers), not only "learn more". */}
                    <span className="visually-hidden">{t("nav.moreAbout", { name: item.title || section.heading })}</span>
                  </SmartLink>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** An e-mail address, or a phone number of at least eight digits ("400-880-6600", "+86 512 6288 6600", "0512-6288-6618"). */
const contactPattern = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)|((?:\+\d{1,3} )?\d[\d -]{6,}\d)/g;

/** A contact card's text with its e-mail addresses and phone numbers as links: on a phone they are one tap away, as in the footer. */
function ContactText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(contactPattern)) {
    parts.push(text.slice(last, match.index));
    const [found, email] = match;
    parts.push(
      <a key={match.index} href={email ? `mailto:${email}` : `tel:${found.replace(/[^\d+]/g, "")}`}>
        {found}
      </a>,
    );
    last = match.index + found.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
