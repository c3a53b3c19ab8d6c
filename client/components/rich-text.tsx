// Paragraph lists from content (FORMAT.md): "## " starts a sub-heading, "- " a bullet item; no HTML.
import type { ReactNode } from "react";

export function RichText({ paragraphs, headingLevel = 3 }: { paragraphs: string[]; headingLevel?: 2 | 3 | 4 }) {
  const blocks: ReactNode[] = [];
  let bullets: string[] = [];
  const flush = () => {
    if (!bullets.length) return;
    blocks.push(
      <ul key={`list-${blocks.length}`}>
        {bullets.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
          <li key={index}>{item}</li>
        ))}
      </ul>,
    );
    bullets = [];
  };
  const Heading = `h${headingLevel}` as const;
  paragraphs.forEach((paragraph, index) => {
    if (paragraph.startsWith("- ")) {
      bullets.push(paragraph.slice(2));
      return;
    }
    flush();
    // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
    blocks.push(paragraph.startsWith("## ") ? <Heading key={index}>{paragraph.slice(3)}</Heading> : <p key={index}>{paragraph}</p>);
  });
  flush();
  return <>{blocks}</>;
}
