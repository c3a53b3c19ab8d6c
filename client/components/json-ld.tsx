// Structured data for crawlers (schema.org as JSON-LD). A data block is not executed, so it needs no
// CSP nonce; its text is escaped so that no value can close the script element.
import { serializeJsonLd } from "../../shared/seo.ts";

export function JsonLd({ data }: { data: Record<string, unknown> | Record<string, unknown>[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
