// A contact card's text with its e-mail addresses and phone numbers as links, for the page that shows contact cards
// (client/pages/about/contact-us.tsx passes `contactCardText` to Sections): kept out of Sections itself, which the
// support page and the home page load too, within their JavaScript budget.

/**
 * A contact card's text with its e-mail addresses and phone numbers (at least eight digits: "400-880-6600",
 * "+86 512 6288 6600") as links: on a phone they are one tap away, as in the footer. Split by a capturing pattern,
 * so every odd part is one of them.
 */
function ContactText({ text }: { text: string }) {
  return text.split(/([\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:\+\d{1,3} )?\d[\d -]{6,}\d)/).map((part, index) =>
    index % 2 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one static text, never reordered.
      <a key={index} href={part.includes("@") ? `mailto:${part}` : `tel:${part.replace(/[^\d+]/g, "")}`}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/** Sections' `contact`: a contact card's text with its links; any other card's as it is. */
export const contactCardText = (text: string, kind: string) => (kind === "contact" ? <ContactText text={text} /> : undefined);
