// Renders the sections of a content page (text, cards, table, figures, timeline, contact).
import type { ReactNode } from "react";
import type { Section } from "../../shared/contract/site.ts";
import { RichText } from "./rich-text.tsx";
import { SmartLink } from "./smart-link.tsx";
import { Media } from "./media.tsx";
import { useTranslation } from "../runtime/i18n-react.tsx";
import { ScrollBox } from "./scroll-box.tsx";

/** `contact`: how a card's text is shown where it is not plain (a contact card's: client/components/contact-text.tsx,
 * passed by the pages that have such cards); undefined for plain text. */
export function Sections({ sections, contact }: { sections: Section[]; contact?: CardText }) {
  return (
    <>
      {sections.map((section) => (
        <SectionBlock key={section.id} section={section} contact={contact} />
      ))}
    </>
  );
}

type CardText = (text: string, kind: Section["kind"]) => ReactNode | undefined;

function SectionBlock({ section, contact }: { section: Section; contact: CardText | undefined }) {
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
                {item.text ? <p>{contact?.(item.text, section.kind) ?? item.text}</p> : null}
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
